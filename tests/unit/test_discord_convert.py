"""Discord conversion on small duck-typed stubs: who is addressed, what text reaches the core."""
from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime
from types import SimpleNamespace
from typing import Any

import discord

from adapters.discord.convert import (
    interaction_language,
    interaction_spaces,
    interaction_to_incoming,
    mentions_bot,
    replied_text,
    should_answer,
    strip_bot_mentions,
    to_incoming,
)

BOT, ALICE, GUILD, CHANNEL = 111111111111111111, 222222222222222222, 333, 444
SENT = datetime(2026, 11, 1, 12, 0, tzinfo=UTC)


@dataclass
class Author:
    id: int = ALICE
    bot: bool = False


@dataclass
class Msg:
    """Only the Message attributes convert.py reads."""

    content: str
    author: Author = field(default_factory=Author)
    guild: Any = field(default_factory=lambda: SimpleNamespace(id=GUILD))
    channel: Any = field(default_factory=lambda: SimpleNamespace(id=CHANNEL))
    mentions: list[Any] = field(default_factory=list)
    role_mentions: list[Any] = field(default_factory=list)
    mention_everyone: bool = False
    reference: Any = None
    webhook_id: int | None = None
    type: discord.MessageType = discord.MessageType.default
    id: int = 555
    created_at: datetime = SENT


def mentioning_bot(content: str, **kw: Any) -> Msg:
    return Msg(content, mentions=[Author(BOT, bot=True)], **kw)


class TestStripMentions:
    def test_removes_both_mention_forms(self):
        assert strip_bot_mentions(f"<@{BOT}> what is <@!{BOT}> a heap?", BOT) == "what is a heap?"

    def test_keeps_other_users_and_line_breaks(self):
        text = f"<@{BOT}> ask <@{ALICE}>\n  second   line"
        assert strip_bot_mentions(text, BOT) == f"ask <@{ALICE}>\nsecond line"

    def test_strips_the_bots_managed_role_mention(self):
        assert strip_bot_mentions("<@&77> hi", BOT, {77}) == "hi"


class TestAddressing:
    def test_dm_from_a_human_is_answered(self):
        assert should_answer(Msg("hello", guild=None), BOT)

    def test_guild_mention_is_answered(self):
        assert should_answer(mentioning_bot(f"<@{BOT}> hi"), BOT)

    def test_guild_message_without_mention_is_ignored(self):
        assert not should_answer(Msg("what is a heap?"), BOT)

    def test_everyone_is_not_a_mention_of_the_bot(self):
        msg = Msg("@everyone exam tomorrow", mention_everyone=True)
        assert not mentions_bot(msg, BOT) and not should_answer(msg, BOT)

    def test_mention_text_without_mention_data_is_not_a_mention(self):
        assert not mentions_bot(Msg(f"<@{BOT}> hi"), BOT)

    def test_bots_own_role_counts_as_a_mention(self):
        role = SimpleNamespace(id=77, tags=SimpleNamespace(bot_id=BOT))
        msg = Msg("<@&77> what is a heap?", role_mentions=[role])
        assert should_answer(msg, BOT)
        assert to_incoming(msg, BOT).text == "what is a heap?"

    def test_other_roles_do_not_count(self):
        role = SimpleNamespace(id=78, tags=None)
        assert not mentions_bot(Msg("<@&78> hi", role_mentions=[role]), BOT)

    def test_self_other_bots_webhooks_and_system_messages_are_ignored(self):
        assert not should_answer(Msg("hi", guild=None, author=Author(BOT, bot=True)), BOT)
        assert not should_answer(mentioning_bot("hi", author=Author(9, bot=True)), BOT)
        assert not should_answer(Msg("hi", guild=None, webhook_id=5), BOT)
        assert not should_answer(
            Msg("", guild=None, type=discord.MessageType.pins_add), BOT)

    def test_replies_are_user_messages(self):
        assert should_answer(Msg("and this?", guild=None, type=discord.MessageType.reply),
                                   BOT)


class TestReplyTo:
    def test_resolved_reference_gives_its_text(self):
        ref = SimpleNamespace(resolved=SimpleNamespace(content=" Merge sort is stable. "))
        assert replied_text(Msg("why?", reference=ref)) == "Merge sort is stable."

    def test_unresolved_or_deleted_reference_gives_none(self):
        assert replied_text(Msg("why?", reference=SimpleNamespace(resolved=None))) is None
        deleted = SimpleNamespace(resolved=SimpleNamespace(id=1, channel_id=2))
        assert replied_text(Msg("why?", reference=deleted)) is None
        assert replied_text(Msg("why?")) is None


class TestIncoming:
    def test_guild_mention(self):
        ref = SimpleNamespace(resolved=SimpleNamespace(content="Heaps are trees."))
        incoming = to_incoming(mentioning_bot(f"<@{BOT}>  why?", reference=ref), BOT)
        assert incoming.platform == "discord"
        assert (incoming.user_id, incoming.chat_id, incoming.message_id) == \
            (str(ALICE), str(CHANNEL), "555")
        assert incoming.text == "why?" and incoming.reply_to_text == "Heaps are trees."
        assert not incoming.is_direct and incoming.mentions_bot and incoming.sent_at == SENT

    def test_dm(self):
        incoming = to_incoming(Msg("what is a heap?", guild=None), BOT)
        assert incoming.is_direct and not incoming.mentions_bot
        assert incoming.text == "what is a heap?"

    def test_ask_interaction_in_a_guild_and_in_a_dm(self):
        guild = SimpleNamespace(id=9, user=Author(), channel_id=CHANNEL, guild_id=GUILD,
                                created_at=SENT)
        incoming = interaction_to_incoming(guild, "  what is\n a heap? ")
        assert (incoming.text, incoming.is_direct, incoming.mentions_bot) == \
            ("what is a heap?", False, True)
        assert (incoming.user_id, incoming.chat_id, incoming.message_id) == \
            (str(ALICE), str(CHANNEL), "9")
        dm = SimpleNamespace(id=9, user=Author(), channel_id=None, guild_id=None, created_at=SENT)
        assert interaction_to_incoming(dm, "hi").is_direct
        assert interaction_to_incoming(dm, "hi").chat_id == str(ALICE)


class TestSpaces:
    """Course-space keys, most specific first (core/course/spaces.py answers from the first set one)."""

    def test_guild_channel_message(self):
        assert to_incoming(mentioning_bot(f"<@{BOT}> hi"), BOT).spaces == \
            (f"discord:channel:{CHANNEL}", f"discord:guild:{GUILD}")

    def test_thread_message_lists_thread_then_parent_then_guild(self):
        thread = SimpleNamespace(id=777, parent_id=CHANNEL)
        msg = mentioning_bot(f"<@{BOT}> hi", channel=thread)
        assert to_incoming(msg, BOT).spaces == \
            ("discord:channel:777", f"discord:channel:{CHANNEL}", f"discord:guild:{GUILD}")

    def test_dm_message_is_the_users_own_space(self):
        assert to_incoming(Msg("hi", guild=None), BOT).spaces == \
            (f"discord:user:{ALICE}",)

    def test_interactions_in_a_channel_a_thread_and_a_dm(self):
        channel = SimpleNamespace(id=9, user=Author(), channel_id=CHANNEL, guild_id=GUILD,
                                  channel=SimpleNamespace(id=CHANNEL), created_at=SENT)
        assert interaction_to_incoming(channel, "q").spaces == \
            (f"discord:channel:{CHANNEL}", f"discord:guild:{GUILD}")
        thread = SimpleNamespace(id=9, user=Author(), channel_id=888, guild_id=GUILD,
                                 channel=SimpleNamespace(id=888, parent_id=CHANNEL),
                                 created_at=SENT)
        assert interaction_spaces(thread) == \
            ("discord:channel:888", f"discord:channel:{CHANNEL}", f"discord:guild:{GUILD}")
        dm = SimpleNamespace(id=9, user=Author(), channel_id=5, guild_id=None, created_at=SENT)
        assert interaction_to_incoming(dm, "q").spaces == (f"discord:user:{ALICE}",)

    def test_partial_interaction_channel_falls_back_to_channel_id(self):
        partial = SimpleNamespace(user=Author(), channel_id=CHANNEL, guild_id=GUILD, channel=None)
        assert interaction_spaces(partial)[0] == f"discord:channel:{CHANNEL}"


class TestLanguage:
    def test_arabic_locale_gives_arabic_else_english(self):
        # Discord's client has no Arabic locale yet; discord.py keeps unknown ones as values.
        arabic = discord.enums.try_enum(discord.Locale, "ar")
        assert interaction_language(SimpleNamespace(locale=arabic)) == "ar"
        assert interaction_language(SimpleNamespace(locale="ar-EG")) == "ar"
        assert interaction_language(SimpleNamespace(locale=discord.Locale.american_english)) \
            == "en"
        assert interaction_language(SimpleNamespace(locale=None)) == "en"
