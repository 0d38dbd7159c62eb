"""Which photos the chat adapters take as questions and which size they fetch: pure decisions on
real PTB Messages parsed from Bot API JSON, and on Discord attachments as discord.py reads them."""
from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest
from telegram import Message

from adapters.discord.photos import image_of
from adapters.telegram.photos import asks_with_caption, photo_for_us, pick
from core.chat.photo import PhotoLimits
from core.ingest.limits import OcrOptions
from tests.support import fake_telegram as tg

BOT_NAME, BOT_ID = tg.BOT_USER["username"], tg.BOT_USER["id"]
GROUP = -100555
SIZES = [("s", 90, 60, 1_000), ("m", 800, 600, 60_000), ("l", 2560, 1920, 900_000)]


def parse(data: dict[str, Any]) -> Message:
    return Message.de_json(data, None)


def in_group(caption: str | None = None, **kwargs: Any) -> Message:
    return parse(tg.photo(SIZES, caption=caption, chat_id=GROUP, group=True, **kwargs))


class TestTelegram:
    def test_the_largest_size_within_the_limits_is_picked(self):
        message = parse(tg.photo(SIZES))
        assert pick(message, PhotoLimits()).file_id == "l"
        assert pick(message, PhotoLimits(max_bytes=100_000)).file_id == "m"
        assert pick(message, PhotoLimits(ocr=OcrOptions(max_pixels=100_000))).file_id == "s"
        assert pick(message, PhotoLimits(max_bytes=999)) is None

    def test_a_size_telegram_does_not_report_is_checked_later(self):
        picked = pick(parse(tg.photo([("a", 90, 60, None)])), PhotoLimits(max_bytes=10))
        assert picked is not None and picked.size is None

    def test_an_image_file_is_taken_as_it_is(self):
        message = parse(tg.document("d", "scan.png", 5_000, mime_type="image/png"))
        assert pick(message, PhotoLimits()).file_id == "d"
        assert pick(message, PhotoLimits(max_bytes=4_999)) is None

    @pytest.mark.parametrize(("caption", "answered"), [
        (None, False), ("look at this", False), ("/ask", True), ("/ask what is it?", True),
        ("/ask@study_buddy_bot", True), ("/ask@other_bot", False), ("/asking", False),
        ("@study_buddy_bot", True), ("question for @study_buddy_bot", True),
    ])
    def test_in_a_group_only_photos_addressed_to_the_bot(self, caption, answered):
        assert photo_for_us(in_group(caption), BOT_NAME, BOT_ID) is answered

    def test_a_reply_to_the_bot_addresses_it_and_a_reply_to_someone_else_does_not(self):
        def replying_to(author: dict[str, Any]) -> Message:
            earlier = {"message_id": 3, "date": 0, "from": author, "text": "hi",
                       "chat": {"id": GROUP, "type": "supergroup", "title": "g"}}
            return in_group(reply_to=earlier)
        assert photo_for_us(replying_to(tg.BOT_USER), BOT_NAME, BOT_ID)
        assert not photo_for_us(replying_to(tg.user(5)), BOT_NAME, BOT_ID)

    def test_every_private_photo_is_a_question_but_not_from_a_bot(self):
        assert photo_for_us(parse(tg.photo(SIZES)), BOT_NAME, BOT_ID)
        robot = tg.user(77) | {"is_bot": True}
        assert not photo_for_us(parse(tg.photo(SIZES, sender=robot)), BOT_NAME, BOT_ID)

    def test_an_ask_caption_for_another_bot_is_not_ours(self):
        assert not asks_with_caption(in_group("/ask@someone_else_bot what?"), BOT_NAME)


def test_discord_reads_the_first_image_attachment_only():
    pdf = SimpleNamespace(content_type="application/pdf", filename="notes.pdf")
    jpeg = SimpleNamespace(content_type="image/jpeg", filename="page.jpg")
    png = SimpleNamespace(content_type="image/png", filename="page2.png")
    unknown = SimpleNamespace(content_type=None, filename="mystery")
    assert image_of(SimpleNamespace(attachments=[pdf, unknown, jpeg, png])) is jpeg
    assert image_of(SimpleNamespace(attachments=[pdf])) is None
    assert image_of(SimpleNamespace(attachments=[])) is None
