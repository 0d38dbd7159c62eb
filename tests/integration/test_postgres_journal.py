"""The message journal on a real Postgres, as several bot processes share it: each message is
claimed by exactly one process, an answered one is never answered again, and a claim left by a
process that died is taken over once its lease has run out."""
from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import pytest

from core.stores.pg_migrate import apply_migrations
from core.stores.postgres_journal import PostgresMessageJournal
from tests.support.postgres import LocalPostgres

pytestmark = pytest.mark.integration
UPDATE = {"update_id": 1, "message": {"text": "What is a heap?"}}


@pytest.fixture(scope="module")
def journal_dsn(local_postgres: LocalPostgres) -> str:
    dsn = local_postgres.create_database("journal")
    apply_migrations(dsn)
    return dsn


@pytest.fixture
async def journals(journal_dsn) -> AsyncIterator[list[PostgresMessageJournal]]:
    made = [PostgresMessageJournal(journal_dsn, owner="a"),
            PostgresMessageJournal(journal_dsn, owner="b"),
            PostgresMessageJournal(journal_dsn, owner="c", lease_s=0)]  # sees every lease as over
    await made[0]._execute("delete from public.message_journal", ())
    yield made
    for journal in made:
        await journal.aclose()


async def test_one_process_claims_a_message_and_an_answer_is_final(journals) -> None:
    a, b, _ = journals
    assert await a.begin("telegram", "1", "10", "u1", UPDATE) is True
    assert await b.begin("telegram", "1", "10", "u1", UPDATE) is False  # a holds it
    assert await a.begin("telegram", "1", "10", "u1", UPDATE) is False  # nor twice in a
    await a.finish("telegram", "1", "10")
    assert await b.begin("telegram", "1", "10", "u1", UPDATE) is False  # answered: never again
    assert await b.begin("telegram", "1", "11", "u1", UPDATE) is True  # another message


async def test_a_dead_processs_claim_is_taken_over_after_its_lease(journals) -> None:
    a, b, late = journals
    assert await a.begin("telegram", "2", "20", "u2", UPDATE) is True  # then a dies
    assert await b.pending("telegram") == []  # lease still running: nothing to replay
    assert await late.pending("telegram") == [UPDATE]  # once it has run out
    assert await late.begin("telegram", "2", "20", "u2", UPDATE) is True
    await late.finish("telegram", "2", "20")
    assert await late.pending("telegram") == []
    [(payload,)] = await a._fetch("select payload from public.message_journal"
                                  " where message_id = '20'", ())
    assert payload == {}  # the question's text is not kept once answered


async def test_forget_and_retention(journals) -> None:
    a, _, _ = journals
    await a.begin("telegram", "3", "30", "u3", UPDATE)
    await a.begin("telegram", "3", "31", "u4", UPDATE)
    await a.finish("telegram", "3", "31")
    assert await a.forget("telegram", "u3") == 1
    assert await a.purge_older_than(0) == 1  # the answered one


async def test_a_live_process_renews_its_claims_and_only_its_own(journal_dsn) -> None:
    """A slow answer in a live process is not taken over (it would be answered twice); the
    claim of a process that stopped renewing runs out as before."""
    slow, other = (PostgresMessageJournal(journal_dsn, owner=o, lease_s=1.0) for o in "sb")
    try:
        assert await slow.begin("telegram", "4", "40", "u5", UPDATE) is True
        for _ in range(3):  # 1.8 s in all, past the 1 s lease, renewed every 0.6 s
            await asyncio.sleep(0.6)
            assert await slow.renew("telegram") == 1
            assert await other.pending("telegram") == []
        assert await other.begin("telegram", "4", "40", "u5", UPDATE) is False
        await asyncio.sleep(1.2)  # `slow` stalls: no renewal, the lease runs out
        assert await other.pending("telegram") == [UPDATE]
        assert await other.begin("telegram", "4", "40", "u5", UPDATE) is True
        assert await slow.renew("telegram") == 0  # taken over: never taken back
        await other.finish("telegram", "4", "40")
        assert await other.renew("telegram") == 0  # answered: nothing left to renew
    finally:
        await slow.aclose()
        await other.aclose()
