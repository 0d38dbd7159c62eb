"""PostgresHistoryStore on a real Postgres with the migrated `history_turns` table."""
from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from itertools import count

import psycopg
import pytest

from core.ports import Turn
from core.stores.errors import StoreError
from core.stores.pg_migrate import apply_migrations
from core.stores.postgres_history import PostgresHistoryStore
from core.stores.user_hash import user_hash
from tests.support.postgres import LocalPostgres

pytestmark = pytest.mark.integration

_users = count()


@pytest.fixture(scope="module")
def history_dsn(local_postgres: LocalPostgres) -> str:
    dsn = local_postgres.create_database("history")
    apply_migrations(dsn)
    return dsn


@pytest.fixture
async def history(history_dsn: str) -> AsyncIterator[PostgresHistoryStore]:
    store = PostgresHistoryStore(history_dsn)
    yield store
    await store.aclose()


def new_user() -> str:
    """A user id no other test touches (tests share one table)."""
    return f"user-{next(_users)}"


def turn(user: str, n: int, *, platform: str = "discord", at: datetime | None = None) -> Turn:
    return Turn(platform=platform, user_id=user, question=f"question {n}", answer=f"answer {n}",
                intent="study", citations=({"n": 1, "title": f"source {n}",
                                            "url_or_path": "notes.md", "source_type": "course"},),
                created_at=at)


async def test_the_table_holds_keyed_hashes_not_user_ids(history_dsn: str) -> None:
    key, user = b"k" * 32, "telegram-user-7391846250"
    store = PostgresHistoryStore(history_dsn, user_key=key)
    try:
        await store.append(turn(user, 1, platform="telegram"))
        assert [t.user_id for t in await store.recent("telegram", user, 5)] == [user]
        rows = await store._fetch("select * from public.history_turns", ())
        assert user not in repr(rows)
        assert await store._fetch("select count(*) from public.history_turns where user_hash = %s",
                                  (user_hash(key, "telegram", user),)) == [(1,)]
        assert await store.forget("telegram", user) == 1
    finally:
        await store.aclose()


async def test_recent_returns_the_last_turns_oldest_first(history: PostgresHistoryStore) -> None:
    user = new_user()
    start = datetime(2026, 11, 1, 12, 0, tzinfo=UTC)
    for n in range(5):
        await history.append(turn(user, n, at=start + timedelta(minutes=n)))
    recent = await history.recent("discord", user, 3)
    assert [t.question for t in recent] == ["question 2", "question 3", "question 4"]
    assert recent[-1].citations[0]["title"] == "source 4"
    assert recent[-1].created_at == start + timedelta(minutes=4)
    assert await history.recent("discord", user, 0) == []


async def test_turns_with_the_same_timestamp_keep_insertion_order(
        history: PostgresHistoryStore) -> None:
    user = new_user()
    same = datetime(2026, 11, 2, tzinfo=UTC)
    for n in range(3):
        await history.append(turn(user, n, at=same))
    assert [t.question for t in await history.recent("discord", user, 10)] == [
        "question 0", "question 1", "question 2"]


async def test_append_without_timestamp_uses_now_and_naive_means_utc(
        history: PostgresHistoryStore) -> None:
    user = new_user()
    await history.append(turn(user, 0))
    await history.append(turn(user, 1, at=datetime(2030, 1, 1, 9, 30)))  # naive
    first, second = await history.recent("discord", user, 10)
    assert first.created_at is not None and second.created_at is not None
    assert abs(first.created_at - datetime.now(UTC)) < timedelta(minutes=5)
    assert second.created_at == datetime(2030, 1, 1, 9, 30, tzinfo=UTC)


async def test_forget_erases_one_user_only(history: PostgresHistoryStore) -> None:
    alice, bob = new_user(), new_user()
    for n in range(3):
        await history.append(turn(alice, n))
        await history.append(turn(bob, n))
    await history.append(turn(alice, 9, platform="telegram"))  # same id, other platform
    assert await history.forget("discord", alice) == 3
    assert await history.recent("discord", alice, 10) == []
    assert len(await history.recent("discord", bob, 10)) == 3
    assert len(await history.recent("telegram", alice, 10)) == 1
    assert await history.forget("discord", alice) == 0


async def test_purge_older_than_removes_only_expired_turns(history: PostgresHistoryStore) -> None:
    user = new_user()
    now = datetime.now(UTC)
    await history.append(turn(user, 0, at=now - timedelta(days=40)))
    await history.append(turn(user, 1, at=now - timedelta(days=31)))
    await history.append(turn(user, 2, at=now - timedelta(days=1)))
    assert await history.purge_older_than(30) >= 2  # other tests' old rows may go too
    assert [t.question for t in await history.recent("discord", user, 10)] == ["question 2"]


async def test_store_reconnects_after_the_connection_is_killed(history: PostgresHistoryStore,
                                                               history_dsn: str) -> None:
    user = new_user()
    await history.append(turn(user, 0))
    with psycopg.connect(history_dsn, autocommit=True) as admin:
        admin.execute("select pg_terminate_backend(pid) from pg_stat_activity"
                      " where datname = current_database() and pid <> pg_backend_pid()")
    with pytest.raises(StoreError):
        await history.recent("discord", user, 5)  # the failing call is reported, not retried
    assert len(await history.recent("discord", user, 5)) == 1  # the next one reconnects


async def test_missing_table_is_a_store_error_without_the_password(
        local_postgres: LocalPostgres) -> None:
    dsn = local_postgres.create_database("history_unmigrated")
    store = PostgresHistoryStore(dsn.replace("postgres:@", "postgres:s3cret-canary@"))
    with pytest.raises(StoreError, match="42P01") as caught:
        await store.recent("discord", "u", 5)
    await store.aclose()
    assert "s3cret-canary" not in str(caught.value)


async def test_a_history_outage_never_blocks_an_answer(graph, make_context, history_dsn: str,
                                                       caplog) -> None:
    """The real store against a database that went away: the question is still answered (no
    follow-up context), a failed /forget says so, and the store recovers when the database does."""
    from core.chat.limits import Limits
    from core.chat.service import StudyBuddy
    from core.messages import IncomingMessage, Intent

    user = new_user()
    dead = PostgresHistoryStore("postgresql://postgres:s3cret-canary@127.0.0.1:9/history",
                                connect_timeout_s=1)
    service = StudyBuddy(graph, make_context(), dead, Limits())
    reply = await service.handle(IncomingMessage("discord", user, "c", "What is merge sort?"))
    assert reply.intent is Intent.SIMPLE and reply.citations and not reply.low_confidence
    erased = await service.forget("discord", user)
    assert "nothing was deleted" in erased.text
    assert "history read failed" in caplog.text and "history write failed" in caplog.text
    assert "s3cret-canary" not in caplog.text
    await dead.aclose()

    live = PostgresHistoryStore(history_dsn)  # the same service code, database back
    service = StudyBuddy(graph, make_context(), live, Limits())
    await service.handle(IncomingMessage("discord", user, "c", "What is merge sort?"))
    assert len(await live.recent("discord", user, 5)) == 1
    await live.aclose()
