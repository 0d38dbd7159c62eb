"""Telegram conversion on real PTB Message objects parsed from Bot API JSON."""
from __future__ import annotations

from typing import Any

from telegram import Message

from adapters.telegram.buttons import confirm_buttons
from adapters.telegram.convert import (
    clean_text,
    language_hint,
    language_of,
    mentions_bot,
    should_answer,
    spaces_of,
    to_incoming,
)
from adapters.telegram.desk import upload_course
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


def test_a_group_is_one_course_space_and_a_private_chat_is_the_users_own():
    group = parse(tg.message("@study_buddy_bot hi", chat_id=-100555, group=True,
                             sender=tg.user(user_id=7)))
    private = parse(tg.message("hi", chat_id=7, sender=tg.user(user_id=7)))
    assert to_incoming(group, BOT_NAME, BOT_ID).spaces == ("telegram:chat:-100555",)
    assert to_incoming(private, BOT_NAME, BOT_ID).spaces == ("telegram:user:7",)
    assert spaces_of(group) == ("telegram:chat:-100555",)


def test_upload_caption_names_the_course_or_the_chats_own():
    assert upload_course("/upload", BOT_NAME) == ""
    assert upload_course("/upload  CS 101\n", BOT_NAME) == "CS 101"
    assert upload_course("/upload@Study_Buddy_Bot ALG", BOT_NAME) == "ALG"
    assert upload_course("/upload@other_bot ALG", BOT_NAME) is None
    assert upload_course("/uploads", BOT_NAME) is None


def test_button_data_fits_telegram_and_carries_the_owner():
    markup = confirm_buttons("A" * 12, "9" * 20, "ar")
    [[confirm, cancel]] = markup.inline_keyboard
    assert confirm.callback_data == "desk:ok:" + "A" * 12 + ":" + "9" * 20
    assert cancel.callback_data.startswith("desk:no:")
    assert all(len(b.callback_data.encode()) <= 64 for b in (confirm, cancel))
    assert confirm.text == "✅ تأكيد"


def test_desk_language_is_arabic_only_for_arabic_uis():
    assert language_of("ar-EG") == "ar" and language_of("AR") == "ar"
    assert language_of("en") == language_of(None) == language_of("fr") == "en"
