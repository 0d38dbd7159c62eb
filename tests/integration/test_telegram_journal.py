"""Restarts never answer a Telegram message twice and never drop one already taken on
(the real python-telegram-bot against the fake Bot API, the SQLite message journal)."""
from __future__ import annotations

import sqlite3

import pytest

from adapters.telegram.adapter import TelegramAdapter
from core.stores.sqlite_journal import SqliteMessageJournal
from tests.support.fake_handler import FakeHandler
from tests.support.fake_telegram import FakeTelegram, message

pytestmark = pytest.mark.integration
TOKEN = "777:JOURNAL-TEST-TOKEN"


@pytest.fixture
def telegram_token() -> str:
    return TOKEN


async def run_bot(server: FakeTelegram, db, handler: FakeHandler) -> tuple[TelegramAdapter, SqliteMessageJournal]:
    journal = SqliteMessageJournal(db)
    await journal.open()
    adapter = TelegramAdapter(handler, TOKEN, base_url=server.base_url, journal=journal)
    await adapter.start()
    return adapter, journal


async def stop_bot(adapter: TelegramAdapter, journal: SqliteMessageJournal) -> None:
    await adapter.stop()
    await journal.close()


def replies_to(server: FakeTelegram, message_id: int) -> list:
    return [c for c in server.calls_to("sendMessage")
            if str(message_id) in c.params.get("reply_parameters", "")]


async def test_redelivered_message_after_restart_is_answered_once(server, tmp_path):
    db = tmp_path / "sb.db"
    question = message("What is merge sort?", chat_id=5)
    adapter, journal = await run_bot(server, db, FakeHandler())
    server.push_update(question)
    await server.wait_for("sendMessage", 1)
    await stop_bot(adapter, journal)

    adapter, journal = await run_bot(server, db, handler := FakeHandler())
    server.push_update(question)  # Telegram redelivers: same chat, same message id
    marker = message("What is a hash table?", chat_id=5)
    server.push_update(marker)  # processed after the redelivery: its reply proves we got there
    await server.wait_for("sendMessage", 2)
    await stop_bot(adapter, journal)
    assert len(replies_to(server, question["message_id"])) == 1
    assert len(replies_to(server, marker["message_id"])) == 1
    assert [m.text for m in handler.seen] == ["What is a hash table?"]


async def test_message_taken_on_before_a_crash_is_answered_after_restart(server, tmp_path):
    db = tmp_path / "sb.db"
    lost = message("Where does glycolysis happen?", chat_id=9)
    crashed = SqliteMessageJournal(db)  # a run that claimed the message, then died
    await crashed.open()
    assert await crashed.begin("telegram", "9", str(lost["message_id"]), "42",
                               {"update_id": 1, "message": lost})
    await crashed.close()

    adapter, journal = await run_bot(server, db, handler := FakeHandler())
    await server.wait_for("sendMessage", 1)  # Telegram never redelivers it: the journal does
    await stop_bot(adapter, journal)
    assert [m.text for m in handler.seen] == ["Where does glycolysis happen?"]
    assert len(replies_to(server, lost["message_id"])) == 1
    with sqlite3.connect(db) as conn:
        assert conn.execute("SELECT status, payload FROM message_journal").fetchall() == [("done", "{}")]


async def test_forget_erases_the_users_journal_entries(server, tmp_path):
    db = tmp_path / "sb.db"
    adapter, journal = await run_bot(server, db, FakeHandler())
    server.push_update(message("What is BFS?", chat_id=42))
    await server.wait_for("sendMessage", 1)
    server.push_update(message("/forget", chat_id=42))
    await server.wait_for("sendMessage", 2)
    await stop_bot(adapter, journal)
    with sqlite3.connect(db) as conn:
        assert conn.execute("SELECT count(*) FROM message_journal").fetchone()[0] == 0
