"""Telegram conversion on real PTB Message objects parsed from Bot API JSON."""
from __future__ import annotations

from typing import Any

from telegram import Message

from adapters.telegram.convert import (
    clean_text,
    language_hint,
    mentions_bot,
    should_answer,
    to_incoming,
)
from tests.support import fake_telegram as tg

BOT_NAME, BOT_ID = tg.BOT_USER["username"], tg.BOT_USER["id"]


def parse(data: dict[str, Any]) -> Message:
    return Message.de_json(data, None)


def test_mention_after_emoji_is_cut_on_utf16_offsets():
    message = parse(tg.message("🤔🤔 @study_buddy_bot ما هو الفرز؟", chat_id=-1, group=True))
    assert mentions_bot(message, BOT_NAME, BOT_ID)
    assert clean_text(message, BOT_NAME, BOT_ID) == "🤔🤔 ما هو الفرز؟"


def test_other_mentions_are_kept_and_do_not_address_the_bot():
    message = parse(tg.message("@someone_else what is a heap?", chat_id=-1, group=True))
    assert not mentions_bot(message, BOT_NAME, BOT_ID)
    assert not should_answer(message, BOT_NAME, BOT_ID)
    assert clean_text(message, BOT_NAME, BOT_ID) == "@someone_else what is a heap?"


def test_text_mention_of_the_bot_counts():
    data = tg.message("Buddy what is a heap?", chat_id=-1, group=True)
    data["entities"] = [{"type": "text_mention", "offset": 0, "length": 5, "user": tg.BOT_USER}]
    message = parse(data)
    assert should_answer(message, BOT_NAME, BOT_ID)
    assert clean_text(message, BOT_NAME, BOT_ID) == "what is a heap?"


def test_ask_command_is_dropped_with_its_bot_suffix():
    message = parse(tg.message("/ask@study_buddy_bot  what\nis a heap?"))
    assert to_incoming(message, BOT_NAME, BOT_ID, drop_command=True).text == "what\nis a heap?"
    assert to_incoming(parse(tg.message("/ask")), BOT_NAME, BOT_ID, drop_command=True).text == ""


def test_language_hint_is_the_primary_subtag():
    assert language_hint(parse(tg.message("hi", sender=tg.user(language_code="ar-EG")))) == "ar"
    assert language_hint(parse(tg.message("hi", sender=tg.user(language_code=None)))) is None


def test_incoming_fields():
    message = parse(tg.message("What is a heap?", chat_id=77, sender=tg.user(user_id=5)))
    incoming = to_incoming(message, BOT_NAME, BOT_ID)
    assert (incoming.platform, incoming.user_id, incoming.chat_id) == ("telegram", "5", "77")
    assert incoming.message_id == str(message.message_id)
    assert incoming.language_hint == "en"


def test_blank_and_non_text_messages_are_not_answered():
    assert not should_answer(parse(tg.message("   ")), BOT_NAME, BOT_ID)
