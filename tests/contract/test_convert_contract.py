"""Every platform's convert turns its events into the same IncomingMessage, decided the same way.

Each platform is a small kit that builds realistic events and calls that platform's real convert:
Telegram from Bot API JSON through PTB's own `Message.de_json`, Discord from duck-typed stubs
carrying only the attributes discord.py exposes (as adapters/discord/convert.py reads them).
A platform whose convert is not written yet is skipped.
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from datetime import datetime
from types import SimpleNamespace
from typing import Any, Protocol

import pytest

from core.messages import IncomingMessage
from tests.support import fake_telegram as tg


class Kit(Protocol):
    platform: str
    bot_handle: str  # how the bot's mention appears in raw text

    def dm(self, text: str) -> Any: ...
    def group(self, text: str, *, mention: bool) -> Any: ...
    def from_bot(self, text: str) -> Any: ...
    def replying(self, text: str, to_text: str) -> Any: ...
    def addressed(self, event: Any) -> bool: ...
    def convert(self, event: Any) -> IncomingMessage: ...


class TelegramKit:
    platform = "telegram"
    bot_handle = "@" + tg.BOT_USER["username"]

    def __init__(self) -> None:
        self.module = importlib.import_module("adapters.telegram.convert")
        from telegram import Message
        self._message = Message

    def _parse(self, data: dict[str, Any]) -> Any:
        return self._message.de_json(data, None)

    def dm(self, text: str) -> Any:
        return self._parse(tg.message(text))

    def group(self, text: str, *, mention: bool) -> Any:
        text = f"{self.bot_handle} {text}" if mention else text
        return self._parse(tg.message(text, chat_id=-100, group=True))

    def from_bot(self, text: str) -> Any:
        sender = {"id": 5, "is_bot": True, "first_name": "OtherBot"}
        return self._parse(tg.message(text, sender=sender))

    def replying(self, text: str, to_text: str) -> Any:
        return self._parse(tg.message(text, reply_to=tg.message(to_text)))

    def addressed(self, event: Any) -> bool:
        return self.module.should_answer(event, tg.BOT_USER["username"], tg.BOT_USER["id"])

    def convert(self, event: Any) -> IncomingMessage:
        return self.module.to_incoming(event, tg.BOT_USER["username"], tg.BOT_USER["id"])


DISCORD_BOT = 111111111111111111


@dataclass
class _DiscordMessage:
    content: str
    author: Any = field(default_factory=lambda: SimpleNamespace(id=222, bot=False))
    guild: Any = None
    channel: Any = field(default_factory=lambda: SimpleNamespace(id=444))
    mentions: list[Any] = field(default_factory=list)
    role_mentions: list[Any] = field(default_factory=list)
    mention_everyone: bool = False
    reference: Any = None
    webhook_id: int | None = None
    type: Any = field(default_factory=lambda: SimpleNamespace(name="default"))
    id: int = 555
    created_at: datetime = field(default_factory=lambda: datetime.fromisoformat(
        "2026-11-01T12:00:00+00:00"))


class DiscordKit:
    platform = "discord"
    bot_handle = f"<@{DISCORD_BOT}>"

    def __init__(self) -> None:
        self.module = importlib.import_module("adapters.discord.convert")

    def dm(self, text: str) -> Any:
        return _DiscordMessage(text)

    def group(self, text: str, *, mention: bool) -> Any:
        guild = SimpleNamespace(id=333)
        if not mention:
            return _DiscordMessage(text, guild=guild)
        return _DiscordMessage(f"{self.bot_handle} {text}", guild=guild,
                               mentions=[SimpleNamespace(id=DISCORD_BOT, bot=True)])

    def from_bot(self, text: str) -> Any:
        return _DiscordMessage(text, author=SimpleNamespace(id=5, bot=True))

    def replying(self, text: str, to_text: str) -> Any:
        resolved = SimpleNamespace(content=to_text)
        return _DiscordMessage(text, reference=SimpleNamespace(resolved=resolved))

    def addressed(self, event: Any) -> bool:
        return self.module.should_answer(event, DISCORD_BOT)

    def convert(self, event: Any) -> IncomingMessage:
        return self.module.to_incoming(event, DISCORD_BOT)


@pytest.fixture(params=[TelegramKit, DiscordKit], ids=["telegram", "discord"])
def kit(request: pytest.FixtureRequest) -> Kit:
    return request.param()


class TestAddressing:
    def test_direct_message_is_answered(self, kit: Kit):
        assert kit.addressed(kit.dm("What is a heap?"))

    def test_group_message_without_mention_is_ignored(self, kit: Kit):
        assert not kit.addressed(kit.group("What is a heap?", mention=False))

    def test_group_mention_is_answered(self, kit: Kit):
        assert kit.addressed(kit.group("What is a heap?", mention=True))

    def test_other_bots_are_ignored(self, kit: Kit):
        assert not kit.addressed(kit.from_bot("What is a heap?"))


class TestConversion:
    def test_direct_message_fields(self, kit: Kit):
        message = kit.convert(kit.dm("What is a heap?"))
        assert message.platform == kit.platform
        assert message.text == "What is a heap?"
        assert message.is_direct and not message.mentions_bot
        assert message.user_id and message.chat_id and message.message_id
        assert all(isinstance(v, str) for v in (message.user_id, message.chat_id,
                                                  message.message_id))
        assert message.sent_at.tzinfo is not None

    def test_group_mention_is_stripped_from_the_text(self, kit: Kit):
        message = kit.convert(kit.group("what is   a heap?", mention=True))
        assert not message.is_direct and message.mentions_bot
        assert kit.bot_handle not in message.text
        assert message.text == "what is a heap?"

    def test_lines_and_non_latin_text_survive(self, kit: Kit):
        text = "ما هو الفرز بالدمج؟ 🤔\nsecond line"
        assert kit.convert(kit.dm(text)).text == text

    def test_reply_carries_the_replied_text(self, kit: Kit):
        message = kit.convert(kit.replying("and in the worst case?", "Quicksort is O(n log n)."))
        assert message.reply_to_text == "Quicksort is O(n log n)."
        assert kit.convert(kit.dm("plain")).reply_to_text is None
