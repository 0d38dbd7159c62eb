"""The state a bot keeps about its users and chats: history, the message journal, course
spaces, outcomes and votes, rate limits.

In the embedded database file by default (one bot process per file); all on Postgres with
HISTORY_STORE=postgres, so several processes behind one bot behave as one.
"""
from __future__ import annotations

import secrets
from contextlib import AsyncExitStack
from pathlib import Path

from bot.settings import Settings
from core.answer_actions import AnswerActions
from core.outcomes import OutcomeStore
from core.ports import HistoryStore, MessageJournal, SpaceStore
from core.rate_limit import RateLimiter


def database_path(settings: Settings) -> Path:
    return settings.data_dir / "studybuddy.db"


async def build_history(settings: Settings, stack: AsyncExitStack) -> HistoryStore:
    if settings.history_store == "postgres":
        from core.stores.postgres_history import PostgresHistoryStore

        assert settings.history_postgres_dsn is not None
        pg = PostgresHistoryStore(settings.history_postgres_dsn.get_secret_value())
        stack.push_async_callback(pg.aclose)
        return pg
    from core.stores.sqlite_history import SqliteHistoryStore

    history = SqliteHistoryStore(database_path(settings))
    await history.open()
    stack.push_async_callback(history.close)
    return history


async def build_space_store(settings: Settings, stack: AsyncExitStack) -> SpaceStore:
    """Course spaces live beside the history: Postgres when processes share it, else SQLite."""
    if settings.history_store == "postgres":
        from core.stores.postgres_spaces import PostgresSpaceStore

        assert settings.history_postgres_dsn is not None
        pg = PostgresSpaceStore(settings.history_postgres_dsn.get_secret_value())
        stack.push_async_callback(pg.aclose)
        return pg
    from core.stores.sqlite_spaces import SqliteSpaceStore

    spaces = SqliteSpaceStore(database_path(settings))
    await spaces.open()
    stack.push_async_callback(spaces.close)
    return spaces


async def build_outcomes(settings: Settings, stack: AsyncExitStack) -> AnswerActions:
    """Outcomes live beside the history; user ids are hashed with USER_HASH_KEY (or a random key
    created once in DATA_DIR)."""
    store: OutcomeStore
    if settings.history_store == "postgres":
        from core.stores.postgres_outcomes import PostgresOutcomeStore

        assert settings.history_postgres_dsn is not None
        pg = PostgresOutcomeStore(settings.history_postgres_dsn.get_secret_value())
        stack.push_async_callback(pg.aclose)
        store = pg
    else:
        from core.stores.sqlite_outcomes import SqliteOutcomeStore

        lite = SqliteOutcomeStore(database_path(settings))
        await lite.open()
        stack.push_async_callback(lite.close)
        store = lite
    return AnswerActions(store, user_hash_key(settings), settings.retention_days)


def build_limiter(settings: Settings, stack: AsyncExitStack) -> RateLimiter | None:
    """Several processes share one Postgres: their per-user limits must be counted there."""
    if settings.history_store != "postgres":
        return None  # the service's in-memory limiter
    from core.stores.postgres_rate_limit import PostgresRateLimiter

    assert settings.history_postgres_dsn is not None
    limiter = PostgresRateLimiter(settings.history_postgres_dsn.get_secret_value())
    stack.push_async_callback(limiter.aclose)
    return limiter


def user_hash_key(settings: Settings) -> bytes:
    if settings.user_hash_key and settings.user_hash_key.get_secret_value():
        return settings.user_hash_key.get_secret_value().encode()
    path = settings.data_dir / "user-hash.key"
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(secrets.token_bytes(32))
        path.chmod(0o600)
    return path.read_bytes()


async def build_journal(settings: Settings, stack: AsyncExitStack) -> MessageJournal:
    """The inbox journal lives beside the history: Postgres when several processes share the
    bot (each message claimed by one of them), else the embedded database file."""
    if settings.history_store == "postgres":
        from core.stores.postgres_journal import PostgresMessageJournal

        assert settings.history_postgres_dsn is not None
        pg = PostgresMessageJournal(settings.history_postgres_dsn.get_secret_value(),
                                    lease_s=settings.journal_lease_s)
        stack.push_async_callback(pg.aclose)
        return pg
    from core.stores.sqlite_journal import SqliteMessageJournal

    journal = SqliteMessageJournal(database_path(settings))
    await journal.open()
    stack.push_async_callback(journal.close)
    return journal
