"""The message journal on a real Postgres, as several bot processes share it: each message is
claimed by exactly one process, an answered one is never answered again, and a claim left by a
process that died is taken over once its lease has run out."""
from __future__ import annotations

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
