"""The state a bot keeps about its users and chats: history, the message journal, course
spaces, outcomes and votes, rate limits, quiz cards and answers, TA desks and escalations.

In the embedded database file by default (one bot process per file); all on Postgres with
HISTORY_STORE=postgres, so several processes behind one bot behave as one.
"""
from __future__ import annotations

import secrets
from collections.abc import Callable
from contextlib import AsyncExitStack
from pathlib import Path
from typing import Any

from bot.settings import Settings
from core.course.tenancy import CourseAccess
from core.insight.answer_actions import AnswerActions
from core.ports import (
    CourseRegistry,
    HistoryStore,
    MessageJournal,
    OutcomeStore,
    PracticeStore,
    RateLimiter,
    SpaceStore,
)
from core.ports.escalations import EscalationStore
from core.stores.postgres_conn import PostgresConnection
from core.stores.postgres_courses import PostgresCourseRegistry
from core.stores.postgres_escalations import PostgresEscalationStore
from core.stores.postgres_history import PostgresHistoryStore
from core.stores.postgres_journal import PostgresMessageJournal
from core.stores.postgres_outcomes import PostgresOutcomeStore
from core.stores.postgres_practice import PostgresPracticeStore
from core.stores.postgres_rate_limit import PostgresRateLimiter
from core.stores.postgres_spaces import PostgresSpaceStore
from core.stores.private_files import private_dir, private_file
from core.stores.sqlite_async import AsyncSqliteFile
from core.stores.sqlite_courses import SqliteCourseRegistry
from core.stores.sqlite_escalations import SqliteEscalationStore
from core.stores.sqlite_history import SqliteHistoryStore
from core.stores.sqlite_journal import SqliteMessageJournal
from core.stores.sqlite_outcomes import SqliteOutcomeStore
from core.stores.sqlite_practice import SqlitePracticeStore
from core.stores.sqlite_spaces import SqliteSpaceStore


def database_path(settings: Settings) -> Path:
    return settings.data_dir / "studybuddy.db"


async def _open(settings: Settings, stack: AsyncExitStack,
                postgres: Callable[[str], PostgresConnection],
                sqlite: Callable[[Path], AsyncSqliteFile]) -> Any:
    """One store, on Postgres when processes share the bot, else in the database file; closed
    with the app."""
    if settings.history_store == "postgres":
        assert settings.history_postgres_dsn is not None
        shared = postgres(settings.history_postgres_dsn.get_secret_value())
        stack.push_async_callback(shared.aclose)
        return shared
    private_dir(settings.data_dir)  # 0700, also when an earlier run left it open to all
    local = sqlite(database_path(settings))
    await local.open()
    stack.push_async_callback(local.close)
    return local


async def build_history(settings: Settings, stack: AsyncExitStack) -> HistoryStore:
    """Conversation history; users stored as hashes keyed like the outcomes' (user_hash_key)."""
    key = user_hash_key(settings)
    history: HistoryStore = await _open(
        settings, stack, lambda dsn: PostgresHistoryStore(dsn, user_key=key),
        lambda path: SqliteHistoryStore(path, user_key=key))
    return history


async def build_space_store(settings: Settings, stack: AsyncExitStack) -> SpaceStore:
    spaces: SpaceStore = await _open(settings, stack, PostgresSpaceStore, SqliteSpaceStore)
    return spaces


async def build_access(settings: Settings, stack: AsyncExitStack, sample_course: str
                       ) -> CourseAccess:
    """Course owners, grants and share codes, beside the course spaces."""
    registry: CourseRegistry = await _open(settings, stack, PostgresCourseRegistry,
                                           SqliteCourseRegistry)
    return CourseAccess(registry, sample_course=sample_course,
                        default_course=settings.default_course,
                        private_by_default=settings.courses_private_by_default)


async def build_outcomes(settings: Settings, stack: AsyncExitStack) -> AnswerActions:
    """Outcomes and votes; user ids are hashed with USER_HASH_KEY (or a random key created once
    in DATA_DIR)."""
    store: OutcomeStore = await _open(settings, stack, PostgresOutcomeStore, SqliteOutcomeStore)
    return AnswerActions(store, user_hash_key(settings), settings.retention_days)


async def build_practice_store(settings: Settings, stack: AsyncExitStack) -> PracticeStore:
    """Quiz items, review cards and answers (students hashed with the outcomes' key)."""
    store: PracticeStore = await _open(settings, stack, PostgresPracticeStore,
                                       SqlitePracticeStore)
    return store


async def build_escalation_store(settings: Settings, stack: AsyncExitStack) -> EscalationStore:
    """TA desks, escalation cards and their waiting students (hashed with the outcomes' key)."""
    store: EscalationStore = await _open(settings, stack, PostgresEscalationStore,
                                         SqliteEscalationStore)
    return store


async def build_journal(settings: Settings, stack: AsyncExitStack) -> MessageJournal:
    """The inbox journal: on Postgres each message is claimed by one process, with a lease."""
    journal: MessageJournal = await _open(
        settings, stack,
        lambda dsn: PostgresMessageJournal(dsn, lease_s=settings.journal_lease_s),
        SqliteMessageJournal)
    return journal


def build_limiter(settings: Settings, stack: AsyncExitStack) -> RateLimiter | None:
    """Several processes share one Postgres: their per-user limits must be counted there."""
    if settings.history_store != "postgres":
        return None  # the service's in-memory limiter
    assert settings.history_postgres_dsn is not None
    limiter = PostgresRateLimiter(settings.history_postgres_dsn.get_secret_value())
    stack.push_async_callback(limiter.aclose)
    return limiter


def user_hash_key(settings: Settings) -> bytes:
    if settings.user_hash_key and settings.user_hash_key.get_secret_value():
        return settings.user_hash_key.get_secret_value().encode()
    path = settings.data_dir / "user-hash.key"
    private_dir(settings.data_dir)
    private_file(path)  # 0600 before a key is in it (and if an earlier run left it readable)
    if not path.stat().st_size:
        path.write_bytes(secrets.token_bytes(32))
    return path.read_bytes()
