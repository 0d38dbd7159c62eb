"""Answer buttons on Discord with a scripted core (FakeHandler): where the buttons go on a split
answer, Sources split under 2000 characters and private, the 👎 reasons and their codes, and an
apology when a press blows up. The real app's side is in test_discord_answer_buttons.py.
"""
from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import replace

import pytest

from adapters.discord.adapter import DiscordAdapter
from adapters.discord.render import render_reply
from core.messages import IncomingMessage, Intent, Reply
from core.texts.platforms import DISCORD
from tests.support.discord_desk import serving
from tests.support.fake_discord import APP_ID, DM_CHANNEL_ID, USER_ID, Call, FakeDiscord
from tests.support.fake_handler import FakeHandler

pytestmark = pytest.mark.integration

TOKEN = "MTAwMC5mYWtl.test-token-SECRET-0123456789"
DM_MESSAGES = rf"/channels/{DM_CHANNEL_ID}/messages"
SUPPRESS_EMBEDS, EPHEMERAL = 1 << 2, 1 << 6
FAST = {"guild_ready_timeout": 0.05}


@pytest.fixture
async def fake(monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[FakeDiscord]:
    async with serving(monkeypatch, TOKEN) as server:  # checks every text the bot showed
        yield server


async def running(handler: FakeHandler) -> DiscordAdapter:
    adapter = DiscordAdapter(handler, TOKEN, client_options=FAST)
    await adapter.start()
    return adapter


class ButtonsHandler(FakeHandler):
    """Study answers carry an answer id; Sources is long enough to need several messages."""

    def __init__(self, answer_text: str | None = None, boom: bool = False,
                 language: str = "en") -> None:
        super().__init__(answer_text=answer_text)
        self.boom = boom
        self.language = language

    async def handle(self, message: IncomingMessage) -> Reply:
        reply = await super().handle(message)
        if reply.is_fast_path:
            return reply
        return replace(reply, answer_id="abcDEF12", language=self.language)

    async def sources(self, answer_id: str, language: str) -> Reply:
        if self.boom:
            raise RuntimeError("database password=hunter2 exploded")
        await super().sources(answer_id, language)
        quotes = "\n\n".join(f"[{n}] notes.md, p. {n} › Heaps\n> " + "Heap detail @everyone. " * 20
                             for n in range(1, 9))
        return Reply(text="Sources of this answer:\n\n" + quotes, intent=Intent.NOTICE,
                     notice="sources", language=language)


async def press(fake: FakeDiscord, custom_id: str, count: int = 1) -> list[Call]:
    """Press a button on the message carrying it; the first `count` private followups."""
    message = next(m for m in fake.messages.values()
                   if custom_id in [c["custom_id"] for row in m.get("components", [])
                                    for c in row["components"]])
    payload = fake.component(custom_id, message)
    await fake.dispatch("INTERACTION_CREATE", payload)
    path = rf"/webhooks/{APP_ID}/{payload['token']}"
    await fake.wait_for_call("POST", path, count=count)
    return fake.find("POST", path)


class TestAnswerButtons:
    async def test_buttons_go_under_the_last_part_of_a_split_answer(self, fake):
        long_text = "\n\n".join(f"Paragraph {i}. " + "Sorting detail. " * 40 for i in range(8))
        adapter = await running(ButtonsHandler(answer_text=long_text))
        try:
            expected = render_reply(await ButtonsHandler(answer_text=long_text).handle(
                IncomingMessage("discord", "u", "c", "explain sorting")))
            await fake.dispatch("MESSAGE_CREATE", fake.message("explain sorting", dm=True))
            await fake.wait_for_call("POST", DM_MESSAGES, count=len(expected))
            await fake.dispatch("MESSAGE_CREATE", fake.message("hi", dm=True))
            await fake.wait_for_call("POST", DM_MESSAGES, count=len(expected) + 1)
        finally:
            await adapter.stop()
        *parts, greeting = fake.find("POST", DM_MESSAGES)
        assert [bool(c.json.get("components")) for c in parts] == \
            [False] * (len(expected) - 1) + [True]
        ids = [b["custom_id"] for b in parts[-1].json["components"][0]["components"]]
        assert ids == ["sb:ans:src:abcDEF12:en", "sb:ans:up:abcDEF12:en",
                       "sb:ans:dn:abcDEF12:en"]
        assert not greeting.json.get("components")

    async def test_sources_are_split_private_and_defused(self, fake):
        handler = ButtonsHandler()
        adapter = await running(handler)
        try:
            await fake.dispatch("MESSAGE_CREATE", fake.message("explain heaps", dm=True))
            await fake.wait_for_call("POST", DM_MESSAGES)
            expected = render_reply(await handler.sources("abcDEF12", "en"))
            assert len(expected) >= 2
            sent = await press(fake, "sb:ans:src:abcDEF12:en", count=len(expected))
        finally:
            await adapter.stop()
        assert [c.json["content"] for c in sent] == expected
        assert all(c.json["flags"] & EPHEMERAL for c in sent)
        assert "@everyone" not in "".join(expected) and "> Heap detail" in expected[0]
        assert handler.sources_asked == ["abcDEF12", "abcDEF12"]

    async def test_a_bare_down_asks_for_a_reason_and_the_reason_is_passed_on(self, fake):
        handler = ButtonsHandler(language="ar")
        adapter = await running(handler)
        try:
            await fake.dispatch("MESSAGE_CREATE", fake.message("explain heaps", dm=True))
            await fake.wait_for_call("POST", DM_MESSAGES)
            [asked] = await press(fake, "sb:ans:dn:abcDEF12:ar")
            labels = [c["label"] for c in asked.json["components"][0]["components"]]
            assert labels == ["خاطئة", "ليست في المواد", "أعطت الحل جاهزًا", "بلغة خاطئة"]
            [noted] = await press(fake, "sb:ans:r2:abcDEF12:ar")
        finally:
            await adapter.stop()
        assert noted.json["content"] == "vote -1 gave_solution" and noted.json["flags"] & EPHEMERAL
        assert not noted.json.get("components")
        assert handler.votes == [("abcDEF12", "discord", str(USER_ID), -1, ""),
                                 ("abcDEF12", "discord", str(USER_ID), -1, "gave_solution")]

    async def test_a_press_that_blows_up_gets_an_apology(self, fake, caplog):
        adapter = await running(ButtonsHandler(boom=True))
        try:
            await fake.dispatch("MESSAGE_CREATE", fake.message("explain heaps", dm=True))
            await fake.wait_for_call("POST", DM_MESSAGES)
            [apology] = await press(fake, "sb:ans:src:abcDEF12:en")
        finally:
            await adapter.stop()
        assert apology.json["content"] == DISCORD("apology") and apology.json["flags"] & EPHEMERAL
        assert "hunter2" not in caplog.text
