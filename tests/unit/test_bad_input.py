"""Bad input (issue 6, item 2): hostile or odd user text always gets a sensible reply.

Driven through the real compiled graph and StudyBuddy.handle, the HTTP adapter on a real socket,
and the Telegram/Discord convert + render functions. Asserts on what the user would read.
"""
from __future__ import annotations

import re
from collections.abc import AsyncIterator
from types import SimpleNamespace

import httpx
import pytest
from telegram import Message

from adapters.discord.convert import to_incoming as discord_incoming
from adapters.discord.render import render_reply as discord_render
from adapters.http import HttpAdapter
from adapters.telegram.convert import should_answer, to_incoming
from adapters.telegram.render import render_reply as telegram_render
from core.chat.limits import Limits
from core.chat.service import StudyBuddy
from core.messages import IncomingMessage, Intent, Reply
from tests.conftest import HASH, MERGE
from tests.support import fake_telegram as tg
from tests.support.fakes import FakeSource, ScriptedChatModel, ScriptedReranker, doc
from tests.support.telegram_html import parse_telegram_html

BFS = "Breadth-first search (BFS) explores a graph level by level using a queue of frontier nodes."
BOT_NAME, BOT_ID = tg.BOT_USER["username"], tg.BOT_USER["id"]
DISCORD_BOT = 111111111111111111
LIVE_PING = re.compile(r"@(everyone|here)\b|<@[!&]?\d+>")
HOSTILE = "What is <b>merge sort</b>? <script>alert(1)</script> **bold** `code` ```rm -rf```"
MENTIONS = "@everyone @here <@&1> <@2> what is merge sort?"


def msg(text: str, user: str = "alice") -> IncomingMessage:
    return IncomingMessage("telegram", user, "chat-1", text)


@pytest.fixture
def sources() -> dict[str, FakeSource]:
    return {"course": FakeSource("course", [doc(MERGE, "Sorting › Merge sort", url="02-sorting.md"),
                                            doc(HASH, "Hashing", url="03-hashing.md"),
                                            doc(BFS, "Graphs › BFS", url="04-graphs.md")])}


@pytest.fixture
def buddy(graph, make_context, history, sources) -> StudyBuddy:
    reranker = ScriptedReranker([{"Merge sort": 0.9, "BFS": 0.9}])
    context = make_context(sources=sources, reranker=reranker)
    return StudyBuddy(graph, context, history, Limits(rate_limit_per_minute=1000))


def echoing_buddy(graph, make_context, history, sources, question: str) -> StudyBuddy:
    """An LLM that quotes the question back: the worst case for markup and mentions."""
    llm = ScriptedChatModel(script=["INTENT: simple",
                                    f"You asked: {question}\n\nMerge sort is O(n log n) [1]."])
    context = make_context(llm=llm, sources=sources, reranker=ScriptedReranker([{"Merge": 0.9}]))
    return StudyBuddy(graph, context, history, Limits(rate_limit_per_minute=1000))


class TestThroughTheService:
    @pytest.mark.parametrize("text", ["", "   ", "\n\t \u200b\u200b \ufeff", "\x00\x07"])
    async def test_empty_and_invisible_only_get_the_type_a_question_notice(self, buddy, text):
        reply = await buddy.handle(msg(text))
        assert reply.intent is Intent.NOTICE and "Please type a question" in reply.text

    async def test_100_kb_message_names_the_limit(self, buddy, history):
        reply = await buddy.handle(msg("What is merge sort? " * 5_000))  # 100,000 characters
        assert reply.intent is Intent.NOTICE
        assert "too long" in reply.text and "the limit is 2000" in reply.text
        assert await history.recent("telegram", "alice", 5) == []  # nothing stored

    async def test_control_and_zero_width_characters_are_cleaned_and_answered(self, buddy):
        text = "What\x00 is\x07 mer\u200bge\u200d sort\u202e?\x1b[0m\ufeff"
        reply = await buddy.handle(msg(text))
        assert reply.intent in (Intent.SIMPLE, Intent.COMPLEX) and "O(n log n)" in reply.text
        assert reply.citations and reply.citations[0].url_or_path == "02-sorting.md"

    async def test_mixed_right_to_left_question_is_answered_in_arabic(self, buddy):
        reply = await buddy.handle(msg("ما هو merge sort؟ اشرح الفرز بالدمج من فضلك"))
        assert "O(n log n)" in reply.text and reply.language == "ar"
        assert "المصادر" in "".join(telegram_render(reply))  # Arabic sources heading

    async def test_markup_in_the_question_is_answered(self, buddy):
        reply = await buddy.handle(msg(HOSTILE))
        assert "O(n log n)" in reply.text and reply.citations

    async def test_mentions_in_the_question_are_answered(self, buddy):
        reply = await buddy.handle(msg(MENTIONS))
        assert "O(n log n)" in reply.text and reply.citations

    async def test_command_in_mid_sentence_is_answered_as_a_question(self, buddy):
        reply = await buddy.handle(msg("please /ask what is BFS"))
        assert "level by level" in reply.text
        assert reply.citations[0].url_or_path == "04-graphs.md"

    @pytest.mark.parametrize("text", ["/forget@otherbot", "/ask", "/"])
    async def test_bare_commands_reaching_the_core_get_a_clear_reply(self, buddy, text):
        reply = await buddy.handle(msg(text))
        assert reply.text.strip(), "never an empty reply"
        assert reply.intent in (Intent.UNSAFE, Intent.NOTICE) or "couldn't find" in reply.text


class TestRenderedForThePlatforms:
    async def test_telegram_never_sends_user_markup_live(self, graph, make_context, history,
                                                         sources):
        reply = await echoing_buddy(graph, make_context, history, sources, HOSTILE).handle(
            msg(HOSTILE))
        assert "You asked" in reply.text  # the echo really happened
        for part in telegram_render(reply):
            parse_telegram_html(part)  # Telegram would accept it
            assert "<script>" not in part and "<b>merge sort</b>" not in part
            assert "&lt;script&gt;" in part or "You asked" not in part
        assert "**bold**" in "".join(telegram_render(reply))  # literal text in HTML mode

    async def test_discord_never_pings_for_mentions_in_the_question(
            self, graph, make_context, history, sources):
        reply = await echoing_buddy(graph, make_context, history, sources, MENTIONS).handle(
            msg(MENTIONS))
        assert "@everyone" in reply.text  # the model echoed it
        parts = discord_render(reply)
        assert all(not LIVE_PING.search(p) for p in parts), parts
        assert "what is merge sort?" in parts[0]

    async def test_telegram_render_of_mentions_is_plain_text(self, graph, make_context, history,
                                                              sources):
        reply = await echoing_buddy(graph, make_context, history, sources, MENTIONS).handle(
            msg(MENTIONS))
        text = "".join(telegram_render(reply))
        assert "&lt;@&amp;1&gt;" in text and "&lt;@2&gt;" in text

    def test_notices_render_within_limits(self):
        reply = Reply(text="Your question is too long (100000 characters; the limit is 2000).",
                      intent=Intent.NOTICE)
        assert telegram_render(reply) == [reply.text] and discord_render(reply) == [reply.text]


class TestTelegramConvert:
    def test_command_mid_sentence_reaches_the_core_whole(self, buddy):
        data = tg.message("please /ask what is BFS")
        data["entities"] = [{"type": "bot_command", "offset": 7, "length": 4}]  # as Telegram
        message = Message.de_json(data, None)
        assert should_answer(message, BOT_NAME, BOT_ID)
        incoming = to_incoming(message, BOT_NAME, BOT_ID)
        assert incoming.text == "please /ask what is BFS"

    def test_ask_alone_leaves_no_question(self):
        message = Message.de_json(tg.message("/ask"), None)
        assert to_incoming(message, BOT_NAME, BOT_ID, drop_command=True).text == ""

    def test_whitespace_only_is_not_answered(self):
        assert not should_answer(Message.de_json(tg.message("   \n  "), None), BOT_NAME, BOT_ID)

    async def test_group_mention_with_rtl_and_zero_width_is_answered(self, buddy):
        data = tg.message("@study_buddy_bot ما هو merge\u200b sort؟", chat_id=-5, group=True)
        message = Message.de_json(data, None)
        incoming = to_incoming(message, BOT_NAME, BOT_ID)
        assert incoming.text == "ما هو merge\u200b sort؟"
        assert "O(n log n)" in (await buddy.handle(incoming)).text


class TestDiscordConvert:
    @staticmethod
    def event(content: str) -> SimpleNamespace:
        return SimpleNamespace(
            content=content, author=SimpleNamespace(id=5, bot=False), guild=SimpleNamespace(id=1),
            channel=SimpleNamespace(id=2), mentions=[SimpleNamespace(id=DISCORD_BOT)],
            role_mentions=[SimpleNamespace(id=1, tags=None)], reference=None, id=77,
            created_at=None)

    async def test_other_mentions_stay_in_the_question_and_are_answered(self, buddy):
        incoming = discord_incoming(self.event(f"<@{DISCORD_BOT}> {MENTIONS}"), DISCORD_BOT)
        assert incoming.text == MENTIONS and incoming.mentions_bot
        reply = await buddy.handle(incoming)
        assert "O(n log n)" in reply.text
        assert not any(LIVE_PING.search(p) for p in discord_render(reply))

    async def test_mention_only_gets_the_type_a_question_notice(self, buddy):
        incoming = discord_incoming(self.event(f"<@{DISCORD_BOT}>   "), DISCORD_BOT)
        assert "Please type a question" in (await buddy.handle(incoming)).text


class TestThroughHttp:
    @pytest.fixture
    async def client(self, buddy) -> AsyncIterator[httpx.AsyncClient]:
        adapter = HttpAdapter(buddy, port=0)
        await adapter.start()
        async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{adapter.port}") as client:
            yield client
        await adapter.stop()

    @pytest.mark.parametrize("question", ["", "   \n\t "])
    async def test_blank_is_a_clear_400(self, client, question):
        response = await client.post("/ask", json={"question": question})
        assert response.status_code == 400 and "must not be blank" in response.json()["error"]

    async def test_100_kb_is_413_naming_the_limit(self, client):
        response = await client.post("/ask", json={"question": "x" * 100_000})
        assert response.status_code == 413 and "2000 characters" in response.json()["error"]

    async def test_over_the_body_cap_is_json_413(self, client):
        response = await client.post("/ask", content=b'{"question": "' + b"x" * (2 << 20) + b'"}',
                                     headers={"Content-Type": "application/json"})
        assert response.status_code == 413 and "error" in response.json()

    async def test_zero_width_only_is_the_empty_notice(self, client):
        response = await client.post("/ask", json={"question": "\u200b\u200b\ufeff"})
        assert response.status_code == 200
        body = response.json()
        assert body["intent"] == "notice" and "Please type a question" in body["answer"]

    @pytest.mark.parametrize("question", [
        "What\x00 is mer\u200bge sort?", "ما هو merge sort؟", HOSTILE, MENTIONS])
    async def test_odd_questions_are_answered(self, client, question):
        response = await client.post("/ask", json={"question": question, "user_id": "u1"})
        assert response.status_code == 200
        body = response.json()
        assert "O(n log n)" in body["answer"] and body["citations"]
        assert "<script>" not in body["answer"]

    async def test_non_json_is_a_clear_400(self, client):
        response = await client.post("/ask", content=b"\xff\xfe<b>", headers={
            "Content-Type": "application/json"})
        assert response.status_code == 400 and "valid JSON" in response.json()["error"]
