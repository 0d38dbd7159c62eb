"""The journal sweep: while the bot runs, a message another process claimed and never answered
is answered here once its claim is due, exactly once (real PTB, fake Bot API, SQLite journal
files shared the way two processes would share them)."""
from __future__ import annotations

import asyncio
import time

import pytest

from adapters.telegram.adapter import TelegramAdapter
from adapters.telegram.journal_sweep import SWEEP_S, sweep_interval
from core.stores.sqlite_journal import SqliteMessageJournal
from tests.support.fake_handler import FakeHandler
from tests.support.fake_telegram import FakeTelegram, message

pytestmark = pytest.mark.integration
TOKEN = "778:SWEEP-TEST-TOKEN"


def test_the_sweep_runs_a_quarter_of_the_lease_at_most_every_30_s() -> None:
    assert sweep_interval(120) == SWEEP_S and sweep_interval(10) == 2.5


async def test_a_claim_left_by_another_process_is_answered_while_running(tmp_path) -> None:
    server = FakeTelegram(TOKEN)
    await server.start()
    mine, dead = SqliteMessageJournal(tmp_path / "sb.db"), SqliteMessageJournal(tmp_path / "sb.db")
    await mine.open()
    await dead.open()
    handler = FakeHandler()
    adapter = TelegramAdapter(handler, TOKEN, base_url=server.base_url, journal=mine,
                              journal_sweep_s=0.1)
    try:
        await adapter.start()
        question = message("What is merge sort?", chat_id=9)
        payload = {"update_id": 1, "message": question}
        assert await dead.begin("telegram", "9", str(question["message_id"]), "42", payload)
        await dead.close()  # the other process dies with the message claimed, unanswered
        reply = await server.wait_reply(question["message_id"])
        assert "Answer about: What is merge sort?" in reply["text"]
        # Marked done just after the reply is sent: later sweeps find nothing due.
        deadline = time.monotonic() + 10
        while await mine.pending("telegram"):
            assert time.monotonic() < deadline, "the replayed message was never marked done"
            await asyncio.sleep(0.02)
        assert len(server.replies_to(question["message_id"])) == 1
        assert [m.text for m in handler.seen] == ["What is merge sort?"]
    finally:
        await adapter.stop()
        await mine.close()
        await server.close()



async def test_a_slow_answer_keeps_its_claim_past_the_lease(local_postgres) -> None:
    """On a shared Postgres journal with a 1 s lease, an answer that takes 3 s stays claimed
    by its live process (its sweep renews it): neither another process nor its own sweep sees
    it due, so it is answered once."""
    from core.stores.pg_migrate import apply_migrations
    from core.stores.postgres_journal import PostgresMessageJournal

    dsn = local_postgres.create_database("journal_renew")
    apply_migrations(dsn)
    server = FakeTelegram(TOKEN)
    await server.start()
    busy, other = (PostgresMessageJournal(dsn, owner=o, lease_s=1.0) for o in ("busy", "other"))
    adapter = TelegramAdapter(FakeHandler(study_delay_s=3.0), TOKEN, base_url=server.base_url,
                              journal=busy, journal_sweep_s=sweep_interval(1.0))
    try:
        await adapter.start()
        question = message("What is merge sort?", chat_id=11)
        server.push_update(question)
        asked = question["message_id"]
        started = time.monotonic()
        while not server.replies_to(asked):
            assert await other.pending("telegram") == [], time.monotonic() - started
            assert time.monotonic() - started < 20, "never answered"
            await asyncio.sleep(0.1)
        assert time.monotonic() - started > 2.5  # the lease ran out twice over meanwhile
        await asyncio.sleep(4)  # a replay of it, had there been one, would have answered by now
        assert len(server.replies_to(asked)) == 1
    finally:
        await adapter.stop()
        await busy.aclose()
        await other.aclose()
        await server.close()
