"""Bot commands in odd places, through the real PTB routing into a real StudyBuddy.

Telegram marks any "/word" as a bot_command entity; PTB routes only a leading one to a
CommandHandler, and ignores "/cmd@otherbot" (addressed to another bot). These tests pin what the
user then sees — and that another bot's /forget never erases our history.
"""
from __future__ import annotations

import asyncio
import html
from collections.abc import AsyncIterator

import pytest

from adapters.telegram.adapter import TelegramAdapter
from core.chat.limits import Limits
from core.chat.service import StudyBuddy
from core.stores.sqlite_history import SqliteHistoryStore
from tests.support import fake_telegram as tg

pytestmark = pytest.mark.integration

TOKEN = "123456789:AAE-fake_Token_for_bad_input_0123456789"


@pytest.fixture
async def setup(tmp_path, graph, make_context
                ) -> AsyncIterator[tuple[tg.FakeTelegram, SqliteHistoryStore]]:
    server = tg.FakeTelegram(TOKEN)
    await server.start()
    history = SqliteHistoryStore(tmp_path / "history.db")
    await history.open()
    buddy = StudyBuddy(graph, make_context(), history, Limits())
    adapter = TelegramAdapter(buddy, TOKEN, base_url=server.base_url)
    await adapter.start()
    yield server, history
    await adapter.stop()
    await history.close()
    await server.close()


def texts(server: tg.FakeTelegram) -> list[str]:
    return [html.unescape(c.params["text"]) for c in server.calls_to("sendMessage")]


async def test_command_mid_sentence_is_answered_as_a_question(setup):
    server, _ = setup
    data = tg.message("please /ask what is merge sort")
    data["entities"] = [{"type": "bot_command", "offset": 7, "length": 4}]  # as Telegram does
    server.push_update(data)
    [reply] = await server.wait_for("sendMessage")
    assert "O(n log n)" in reply.params["text"]


@pytest.mark.parametrize("text", ["/ask", "/ask@study_buddy_bot", "/ask \u200b  "])
async def test_ask_without_a_question_gets_usage(setup, text):
    server, _ = setup
    server.push_update(tg.message(text))
    await server.wait_for("sendMessage")
    assert texts(server)[0].startswith(("Usage: /ask", "Please type a question"))


async def test_another_bots_forget_is_not_ours(setup):
    server, history = setup
    server.push_update(tg.message("What is merge sort?"))
    await server.wait_for("sendMessage")
    server.push_update(tg.message("/forget@otherbot"))
    server.push_update(tg.message("hello"))  # barrier: updates before it were routed
    await server.wait_for("sendMessage", count=2)
    await asyncio.sleep(0.2)  # updates run concurrently: give a wrong route time to show
    assert "Hi" in texts(server)[1] and len(texts(server)) == 2  # no reply to /forget@otherbot
    assert len(await history.recent("telegram", "42", 5)) == 1  # nothing erased
