"""The real python-telegram-bot library, driven through TelegramAdapter against FakeTelegram."""
from __future__ import annotations

import json
import logging
import re
from dataclasses import replace

import pytest

from adapters.telegram.adapter import TelegramAdapter
from adapters.telegram.render import MAX_CHARS, render_reply
from core.messages import IncomingMessage, Intent, Reply
from core.ports import Replier
from tests.support.fake_handler import FakeHandler
from tests.support.fake_telegram import BOT_USER, FakeTelegram, message

pytestmark = pytest.mark.integration

TOKEN = "123456789:AAE-fake_Token_for_tests_0123456789abc"
GROUP = -100123


class FailingHandler(FakeHandler):
    """Blows up mid-answer, with the token in the error text (as an HTTP error URL would)."""

    async def respond(self, message: IncomingMessage, replier: Replier):
        async with replier.typing():
            raise RuntimeError(f"upstream failed: https://api.telegram.org/bot{TOKEN}/sendMessage")


@pytest.fixture
def telegram_token() -> str:
    return TOKEN


@pytest.fixture
def handler() -> FakeHandler:
    return FakeHandler(study_delay_s=0.05)


@pytest.fixture
async def bot(server: FakeTelegram, handler: FakeHandler):
    adapter = TelegramAdapter(handler, TOKEN, base_url=server.base_url)
    await adapter.start()
    yield adapter
    await adapter.stop()


def sent_texts(server: FakeTelegram) -> list[str]:
    return [c.params["text"] for c in server.calls_to("sendMessage")]


class TestLifecycle:
    async def test_start_uses_manual_lifecycle_and_registers_commands(self, bot, server):
        await server.wait_for("getUpdates")
        methods = [c.method for c in server.calls]
        assert methods[0] == "getMe"
        assert methods.index("deleteWebhook") < methods.index("getUpdates")
        assert server.calls_to("getUpdates")[0].params["offset"] == "0"
        commands = json.loads(server.calls_to("setMyCommands")[0].params["commands"])
        assert {c["command"] for c in commands} == {"ask", "forget", "help"}
        assert bot.app.bot.username == BOT_USER["username"]

    async def test_wrong_token_fails_start_cleanly(self, server, handler, caplog):
        from telegram.error import InvalidToken
        caplog.set_level(logging.DEBUG)
        adapter = TelegramAdapter(handler, "111:wrong-token", base_url=server.base_url)
        with pytest.raises(InvalidToken):
            await adapter.start()
        await adapter.stop()  # still safe
        assert "111:wrong-token" not in caplog.text

    async def test_unknown_method_gets_404_json(self, server):
        import httpx
        async with httpx.AsyncClient() as client:
            response = await client.post(f"{server.base_url}{TOKEN}/sendSticker", data={"a": "1"})
        assert response.status_code == 404
        assert response.json()["ok"] is False


class TestPrivateChat:
    async def test_study_question_shows_typing_before_the_html_reply(self, bot, server, handler):
        server.push_update(message("What is merge sort?"))
        [sent] = await server.wait_for("sendMessage")
        typing = server.calls_to("sendChatAction")
        assert typing and typing[0].params["action"] == "typing"
        assert typing[0].at <= sent.at
        assert server.calls.index(typing[0]) < server.calls.index(sent)
        assert sent.params["parse_mode"] == "HTML"
        assert sent.params["chat_id"] == "42"
        assert "[1] Course" in sent.params["text"] and "[2] Wikipedia" in sent.params["text"]
        assert '<a href="https://en.wikipedia.org/wiki/Merge_sort">' in sent.params["text"]
        assert json.loads(sent.params["reply_parameters"])["message_id"] > 0
        assert handler.seen[0].is_direct and handler.seen[0].text == "What is merge sort?"

    async def test_greeting_is_answered_without_typing(self, bot, server):
        server.push_update(message("hello"))
        [sent] = await server.wait_for("sendMessage")
        assert "Ask me anything" in sent.params["text"]
        assert server.calls_to("sendChatAction") == []

    async def test_html_in_the_answer_is_escaped(self, bot, server):
        server.push_update(message("is 1 < 2 & 3 > 2?"))
        [sent] = await server.wait_for("sendMessage")
        text = sent.params["text"]
        assert "is 1 &lt; 2 &amp; 3 &gt; 2?" in text
        assert "&lt;b&gt;markup&lt;/b&gt;" in text and "<b>markup</b>" not in text

    async def test_long_answer_is_split_into_several_messages(self, server):
        paragraph = " ".join(f"Sentence {i} about sorting algorithms and their costs." for i in
                             range(60))
        handler = FakeHandler(answer_text="\n\n".join([paragraph] * 6))  # ~20k characters
        expected = render_reply(await FakeHandler(answer_text=handler.answer_text).handle(
            _question("Explain sorting at length")))
        adapter = TelegramAdapter(handler, TOKEN, base_url=server.base_url)
        await adapter.start()
        try:
            server.push_update(message("Explain sorting at length"))
            await server.wait_for("sendMessage", count=len(expected))
        finally:
            await adapter.stop()  # waits for in-flight updates, so nothing more can arrive
        texts = sent_texts(server)
        assert len(texts) == len(expected) >= 5
        assert all(len(t) <= MAX_CHARS for t in texts)
        assert "[1] Course" in texts[-1]
        first_reply = json.loads(server.calls_to("sendMessage")[0].params["reply_parameters"])
        assert first_reply["message_id"] > 0
        assert all("reply_parameters" not in c.params for c in server.calls_to("sendMessage")[1:])

    # AIORateLimiter itself reads RetryAfter.retry_after, which PTB 22 flags as deprecated.
    @pytest.mark.filterwarnings("ignore::telegram.warnings.PTBDeprecationWarning")
    async def test_flood_limit_429_is_retried_and_delivered_once(self, bot, server):
        server.fail_next("sendMessage", status=429, retry_after=1)  # PTB ignores 0
        server.push_update(message("hello"))
        calls = await server.wait_for("sendMessage", count=2)
        await bot.stop()  # waits for in-flight updates: no third attempt can be pending
        assert len(server.calls_to("sendMessage")) == 2
        assert calls[0].params["text"] == calls[1].params["text"]

    async def test_typing_is_refreshed_while_a_slow_answer_runs(self, server):
        handler = FakeHandler(study_delay_s=0.4)
        adapter = TelegramAdapter(handler, TOKEN, base_url=server.base_url,
                                  typing_interval_s=0.05)
        await adapter.start()
        try:
            server.push_update(message("Why is the sky blue?"))
            [sent] = await server.wait_for("sendMessage")
        finally:
            await adapter.stop()  # waits for in-flight updates, so nothing more can arrive
        typing = server.calls_to("sendChatAction")
        assert len(typing) >= 3
        assert all(t.at <= sent.at for t in typing)

    async def test_one_typing_indicator_per_chat_however_many_questions_wait(self, server):
        # No refresh within the test (long interval): each sendChatAction is a chat starting to wait.
        adapter = TelegramAdapter(FakeHandler(study_delay_s=1.0), TOKEN, base_url=server.base_url,
                                  typing_interval_s=60)
        await adapter.start()
        try:
            for n in range(3):
                server.push_update(message(f"@study_buddy_bot question {n}?", chat_id=GROUP,
                                           group=True))
            server.push_update(message("a question in a DM?"))
            await server.wait_for("sendMessage", count=4)
        finally:
            await adapter.stop()
        chats = sorted(c.params["chat_id"] for c in server.calls_to("sendChatAction"))
        assert chats == sorted([str(GROUP), "42"])  # 42: the DM chat of message()
        assert adapter.typing_loops.active_chats == 0  # every hold released


class RecordedHandler(FakeHandler):
    """Study answers carry an answer id, as the real service's recorded answers do."""

    async def handle(self, message: IncomingMessage) -> Reply:
        reply = await super().handle(message)
        return replace(reply, answer_id="Ab3_x-9Z") if reply.intent is Intent.SIMPLE else reply


class TestAnswerButtons:
    async def test_a_split_answer_carries_the_buttons_on_its_last_part_only(self, server):
        paragraph = " ".join(f"Sentence {i} about heaps." for i in range(200))
        handler = RecordedHandler(answer_text="\n\n".join([paragraph] * 3))
        adapter = TelegramAdapter(handler, TOKEN, base_url=server.base_url)
        await adapter.start()
        try:
            server.push_update(message("hello"))
            server.push_update(question := message("Explain heaps at length"))
            await server.wait_until(lambda: any("reply_markup" in m for m in server.sent.values())
                                    or None, "the buttons")
            [last] = [m for m in server.sent.values() if "reply_markup" in m]
            server.push_callback(last, "ans:dn:Ab3_x-9Z")
            await server.wait_for("editMessageReplyMarkup")
        finally:
            await adapter.stop()
        calls = server.calls_to("sendMessage")
        [marked] = [c for c in calls if "reply_markup" in c.params]  # greeting, first parts: none
        parts = [m for m in server.sent.values() if "heaps" in m["text"]]
        assert len(parts) >= 3 and last["message_id"] == max(m["message_id"] for m in parts)
        assert "reply_parameters" not in marked.params
        assert server.replies_to(question["message_id"])[0]["message_id"] < last["message_id"]
        [row] = json.loads(marked.params["reply_markup"])["inline_keyboard"]
        assert [b["callback_data"] for b in row] == ["ans:src:Ab3_x-9Z", "ans:up:Ab3_x-9Z",
                                                     "ans:dn:Ab3_x-9Z"]
        assert handler.votes == [("Ab3_x-9Z", "telegram", "42", -1, "")]
        assert server.calls_to("answerCallbackQuery")[0].params["text"] == "vote -1"
        assert len(server.sent[last["message_id"]]["reply_markup"]["inline_keyboard"]) == 5


class TestGroupChat:
    async def test_message_without_mention_is_ignored(self, bot, server, handler):
        server.push_update(message("what is a heap?", chat_id=GROUP, group=True))
        server.push_update(message("@study_buddy_bot what is a stack?", chat_id=GROUP, group=True))
        [sent] = await server.wait_for("sendMessage")
        assert [m.text for m in handler.seen] == ["what is a stack?"]
        assert "what is a stack?" in sent.params["text"]

    async def test_mention_is_answered_with_the_mention_stripped(self, bot, server, handler):
        server.push_update(message("hey @Study_Buddy_Bot, explain quicksort", chat_id=GROUP,
                                   group=True))
        [sent] = await server.wait_for("sendMessage")
        assert sent.params["chat_id"] == str(GROUP)
        seen = handler.seen[0]
        assert seen.mentions_bot and not seen.is_direct
        assert seen.text == "hey , explain quicksort"

    async def test_ask_command_is_answered_in_a_group(self, bot, server, handler):
        server.push_update(message("/ask@study_buddy_bot what is recursion?", chat_id=GROUP,
                                   group=True))
        [sent] = await server.wait_for("sendMessage")
        assert handler.seen[0].text == "what is recursion?"
        assert "[1] Course" in sent.params["text"]


class TestCommands:
    async def test_ask_without_a_question_gets_usage(self, bot, server, handler):
        server.push_update(message("/ask"))
        [sent] = await server.wait_for("sendMessage")
        assert "Usage: /ask &lt;your question&gt;" in sent.params["text"]
        assert handler.seen == []

    async def test_forget_erases_and_confirms(self, bot, server, handler):
        server.push_update(message("/forget"))
        [sent] = await server.wait_for("sendMessage")
        assert handler.forgotten == [("telegram", "42")]
        assert "erased" in sent.params["text"]

    async def test_help_lists_the_commands(self, bot, server):
        server.push_update(message("/help"))
        [sent] = await server.wait_for("sendMessage")
        assert "/ask" in sent.params["text"] and "/forget" in sent.params["text"]


class TestSecretsAndErrors:
    async def test_token_never_reaches_the_logs(self, server, handler, caplog):
        caplog.set_level(logging.DEBUG)
        adapter = TelegramAdapter(handler, TOKEN, base_url=server.base_url)
        await adapter.start()
        try:
            # Even if someone turns httpx back up to DEBUG, URL lines are redacted.
            caplog.set_level(logging.DEBUG, logger="httpx")
            server.push_update(message("What is a linked list?"))
            await server.wait_for("sendMessage")
        finally:
            await adapter.stop()
        assert any(r.name.startswith("telegram") for r in caplog.records)
        assert any(r.name == "httpx" for r in caplog.records)
        assert TOKEN not in caplog.text
        assert "/bot***/" in caplog.text

    async def test_failure_is_logged_redacted_and_the_user_is_told(self, server, caplog):
        caplog.set_level(logging.DEBUG)
        adapter = TelegramAdapter(FailingHandler(), TOKEN, base_url=server.base_url)
        await adapter.start()
        try:
            server.push_update(message("Why does this fail?"))
            [sent] = await server.wait_for("sendMessage")
        finally:
            await adapter.stop()
        assert "something went wrong" in sent.params["text"]
        assert "upstream failed" in caplog.text and "RuntimeError" in caplog.text
        assert TOKEN not in caplog.text
        assert not re.search(r"\d{6,}:[\w-]{20,}", caplog.text)



def _question(text: str) -> IncomingMessage:
    return IncomingMessage(platform="telegram", user_id="42", chat_id="42", text=text)
