"""DiscordAdapter end to end: the real discord.py against FakeDiscord on 127.0.0.1.

Asserts on the HTTP calls the library actually makes (order, bodies), never on fixed sleeps.
After every test, every message the bot sent is checked for disabled mentions and size.
"""
from __future__ import annotations

import logging
from collections.abc import AsyncIterator

import pytest

from adapters.discord.adapter import DiscordAdapter, DiscordStartError
from adapters.discord.render import MAX_CHARS, render_reply
from core.messages import IncomingMessage, Reply
from core.ports import Replier
from core.texts.platforms import DISCORD
from tests.support.discord_desk import serving
from tests.support.fake_discord import (
    APP_ID,
    BOT_ID,
    CHANNEL_ID,
    DM_CHANNEL_ID,
    GUILD_ID,
    USER_ID,
    FakeDiscord,
)
from tests.support.fake_handler import FakeHandler

pytestmark = pytest.mark.integration

TOKEN = "MTAwMC5mYWtl.test-token-SECRET-0123456789"
MESSAGES = rf"/channels/{CHANNEL_ID}/messages"
DM_MESSAGES = rf"/channels/{DM_CHANNEL_ID}/messages"
TYPING = rf"/channels/{CHANNEL_ID}/typing"
CALLBACK = r"/interactions/\d+/[^/]+/callback"
FOLLOWUP = rf"/webhooks/{APP_ID}/[^/]+"
SUPPRESS_EMBEDS, EPHEMERAL = 1 << 2, 1 << 6
FAST = {"guild_ready_timeout": 0.05}


@pytest.fixture
async def fake(monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[FakeDiscord]:
    async with serving(monkeypatch, TOKEN) as server:  # checks every text the bot showed
        yield server


@pytest.fixture
def handler() -> FakeHandler:
    return FakeHandler()


async def running(handler: object, **kwargs: object) -> DiscordAdapter:
    adapter = DiscordAdapter(handler, TOKEN, client_options=FAST,  # type: ignore[arg-type]
                             **kwargs)
    await adapter.start()
    return adapter


@pytest.fixture
async def bot(fake: FakeDiscord, handler: FakeHandler) -> AsyncIterator[DiscordAdapter]:
    adapter = await running(handler)
    yield adapter
    await adapter.stop()


class FailingHandler(FakeHandler):
    """A core that blows up mid-answer (with a secret-looking message)."""

    async def respond(self, message: IncomingMessage, replier: Replier) -> Reply:
        raise RuntimeError("database password=hunter2 exploded")


class TestMessages:
    async def test_guild_mention_types_then_replies_to_the_user(self, fake, bot, handler):
        event = fake.message(f"<@{BOT_ID}> what is merge sort?", mention_bot=True)
        await fake.dispatch("MESSAGE_CREATE", event)

        reply = await fake.wait_for_call("POST", MESSAGES)
        typing = fake.find("POST", TYPING)
        assert typing and typing[0].index < reply.index
        assert reply.json["message_reference"]["message_id"] == int(event["id"])
        assert reply.json["message_reference"]["guild_id"] == GUILD_ID
        assert reply.json["allowed_mentions"] == {"parse": []}
        assert "**Sources:**" in reply.json["content"]
        assert "<https://en.wikipedia.org/wiki/Merge_sort>" in reply.json["content"]
        seen = handler.seen[-1]
        assert (seen.text, seen.is_direct, seen.mentions_bot) == \
            ("what is merge sort?", False, True)
        assert seen.user_id == str(USER_ID) and seen.chat_id == str(CHANNEL_ID)

    async def test_greeting_mention_replies_without_typing(self, fake, bot):
        await fake.dispatch("MESSAGE_CREATE", fake.message(f"<@{BOT_ID}> hi", mention_bot=True))
        reply = await fake.wait_for_call("POST", MESSAGES)
        assert fake.find("POST", TYPING) == []
        assert "Ask me anything" in reply.json["content"]

    async def test_dm_is_answered(self, fake, bot, handler):
        event = fake.message("explain recursion", dm=True)
        await fake.dispatch("MESSAGE_CREATE", event)
        reply = await fake.wait_for_call("POST", DM_MESSAGES)
        assert reply.json["message_reference"]["message_id"] == int(event["id"])
        assert "guild_id" not in reply.json["message_reference"]
        assert handler.seen[-1].is_direct

    async def test_unaddressed_everyone_and_bot_messages_are_ignored(self, fake, bot, handler):
        await fake.dispatch("MESSAGE_CREATE", fake.message("what is merge sort?"))
        await fake.dispatch("MESSAGE_CREATE",
                            fake.message("@everyone what is merge sort?", mention_everyone=True))
        await fake.dispatch("MESSAGE_CREATE", fake.message(
            f"<@{BOT_ID}> what is merge sort?", mention_bot=True, author_bot=True))
        # Barrier: events are handled in order, so once this DM is answered the others were seen.
        await fake.dispatch("MESSAGE_CREATE", fake.message("hi", dm=True))
        await fake.wait_for_call("POST", DM_MESSAGES)
        assert fake.find("POST", MESSAGES) == []
        assert fake.find("POST", TYPING) == []
        assert [m.text for m in handler.seen] == ["hi"]

    async def test_own_reply_echoed_by_gateway_is_ignored(self, fake, bot, handler):
        own = fake.message(f"<@{BOT_ID}> hi", mention_bot=True)
        own["author"] = {"id": str(BOT_ID), "username": "studybuddy", "discriminator": "0",
                         "avatar": None, "bot": True}
        await fake.dispatch("MESSAGE_CREATE", own)
        await fake.dispatch("MESSAGE_CREATE", fake.message("hi", dm=True))
        await fake.wait_for_call("POST", DM_MESSAGES)
        assert len(handler.seen) == 1

    async def test_long_answer_is_split_into_several_messages(self, fake):
        long_text = "\n\n".join(f"Paragraph {i}. " + "Sorting detail. " * 40 for i in range(8))
        handler = FakeHandler(answer_text=long_text)
        expected = render_reply(await FakeHandler(answer_text=long_text).handle(
            IncomingMessage("discord", "u", "c", "explain sorting")))
        assert len(expected) >= 3
        adapter = await running(handler)
        try:
            await fake.dispatch("MESSAGE_CREATE", fake.message("explain sorting", dm=True))
            last = await fake.wait_for_call("POST", DM_MESSAGES, count=len(expected))
        finally:
            await adapter.stop()
        sent = fake.find("POST", DM_MESSAGES)
        assert last is sent[-1] and [c.json["content"] for c in sent] == expected
        assert all(len(c.json["content"]) <= MAX_CHARS for c in sent)
        assert "message_reference" in sent[0].json
        assert all("message_reference" not in c.json for c in sent[1:])

    async def test_handler_error_becomes_a_short_apology(self, fake, caplog):
        caplog.set_level(logging.DEBUG)
        adapter = await running(FailingHandler())
        try:
            event = fake.message(f"<@{BOT_ID}> what is merge sort?", mention_bot=True)
            await fake.dispatch("MESSAGE_CREATE", event)
            reply = await fake.wait_for_call("POST", MESSAGES)
        finally:
            await adapter.stop()
        assert reply.json["content"] == DISCORD("apology")
        assert reply.json["message_reference"]["message_id"] == int(event["id"])
        assert "RuntimeError at " in caplog.text
        assert "hunter2" not in caplog.text and TOKEN not in caplog.text


class TestSlashCommands:
    async def test_ask_defers_before_the_followup(self, fake, bot, handler):
        await fake.dispatch("INTERACTION_CREATE",
                            fake.interaction("ask", {"question": "what is a heap?"}))
        followup = await fake.wait_for_call("POST", FOLLOWUP)
        callback = fake.find("POST", CALLBACK)
        assert callback and callback[0].index < followup.index
        assert callback[0].json["type"] == 5
        assert followup.json["allowed_mentions"] == {"parse": []}
        assert "**Sources:**" in followup.json["content"]
        seen = handler.seen[-1]
        assert (seen.text, seen.is_direct, seen.mentions_bot) == ("what is a heap?", False, True)

    async def test_ask_works_in_dms(self, fake, bot, handler):
        await fake.dispatch("INTERACTION_CREATE", fake.interaction("ask", {"question": "hi"},
                                                                   dm=True))
        followup = await fake.wait_for_call("POST", FOLLOWUP)
        assert "Ask me anything" in followup.json["content"]
        assert handler.seen[-1].is_direct and handler.seen[-1].chat_id == str(DM_CHANNEL_ID)

    async def test_forget_erases_and_confirms_privately(self, fake, bot, handler):
        await fake.dispatch("INTERACTION_CREATE", fake.interaction("forget"))
        followup = await fake.wait_for_call("POST", FOLLOWUP)
        callback = fake.find("POST", CALLBACK)[0]
        assert callback.index < followup.index
        assert callback.json["data"]["flags"] & EPHEMERAL
        assert followup.json["flags"] & EPHEMERAL
        assert "erased" in followup.json["content"]
        assert handler.forgotten == [("discord", str(USER_ID))]

    async def test_ask_failure_sends_an_apology_followup(self, fake):
        adapter = await running(FailingHandler())
        try:
            await fake.dispatch("INTERACTION_CREATE", fake.interaction("ask", {"question": "x"}))
            followup = await fake.wait_for_call("POST", FOLLOWUP)
        finally:
            await adapter.stop()
        assert followup.json["content"] == DISCORD("apology")


class TestLifecycle:
    async def test_no_command_sync_unless_enabled(self, fake, bot):
        await fake.dispatch("MESSAGE_CREATE", fake.message("hi", dm=True))
        await fake.wait_for_call("POST", DM_MESSAGES)
        assert [c for c in fake.calls if c.method == "PUT"] == []

    async def test_sync_runs_once_before_identify_and_not_on_resume(self, fake, handler):
        adapter = await running(handler, sync_commands=True)
        try:
            identify = fake.find("GATEWAY", "IDENTIFY")[0]
            put = fake.find("PUT", rf"/applications/{APP_ID}/commands")
            assert len(put) == 1 and put[0].index < identify.index
            commands = {c["name"]: c for c in put[0].json}
            assert set(commands) == {"ask", "forget"}
            assert {0, 1} <= set(commands["ask"]["contexts"])  # guilds and DMs
            assert commands["ask"]["options"][0]["name"] == "question"
            await fake.drop_connection(4000)
            await fake.wait_for_call("GATEWAY", "RESUME")
            await fake.dispatch("MESSAGE_CREATE", fake.message("hi", dm=True))
            await fake.wait_for_call("POST", DM_MESSAGES)
        finally:
            await adapter.stop()
        assert len([c for c in fake.calls if c.method == "PUT"]) == 1

    async def test_guild_sync_when_guild_id_given(self, fake, handler):
        adapter = await running(handler, sync_commands=True, guild_id=GUILD_ID)
        await adapter.stop()
        puts = [c.path for c in fake.calls if c.method == "PUT"]
        assert puts == [f"/applications/{APP_ID}/guilds/{GUILD_ID}/commands"]

    async def test_bad_token_raises_a_clear_error_without_the_token(self, fake, handler, caplog):
        caplog.set_level(logging.DEBUG)
        wrong = "WRONG-token-SECRET-9876543210"
        adapter = DiscordAdapter(handler, wrong, client_options=FAST)
        with pytest.raises(DiscordStartError, match="login failed") as info:
            await adapter.start()
        assert wrong not in str(info.value) and wrong not in repr(adapter)
        assert wrong not in caplog.text
        await adapter.stop()  # safe after a failed start

    async def test_token_never_logged_at_debug(self, fake, handler, caplog):
        caplog.set_level(logging.DEBUG)
        adapter = await running(handler, sync_commands=True)
        try:
            await fake.dispatch("MESSAGE_CREATE",
                                fake.message(f"<@{BOT_ID}> what is a trie?", mention_bot=True))
            await fake.dispatch("INTERACTION_CREATE",
                                fake.interaction("ask", {"question": "what is a trie?"}))
            await fake.wait_for_call("POST", MESSAGES)
            await fake.wait_for_call("POST", FOLLOWUP)
            await fake.drop_connection(4000)
            await fake.wait_for_call("GATEWAY", "RESUME")
        finally:
            await adapter.stop()
        assert fake.find("GATEWAY", "IDENTIFY")[0].json["token"] == TOKEN  # it was really used
        assert any(r.name.startswith("discord") and r.levelno == logging.DEBUG
                   for r in caplog.records)
        assert TOKEN not in caplog.text
