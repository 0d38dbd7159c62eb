"""Questions sent as photos on Telegram, end to end: the real app (build_app, Tesseract) behind
the real python-telegram-bot Application, against the fake Bot API.

A photo of a printed exercise is read and answered like a typed question, led by what was read;
sizes over the limit are refused from what Telegram reports, before anything is downloaded."""
from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from tests.support import fake_telegram as tg
from tests.support.ocr_fixtures import FONT, needs_tesseract, png, text_image
from tests.support.telegram_desk import (
    GROUP_A,
    HEAPS,
    STUDENT,
    Bot,
    add_course,
    make_app,
    text_of,
)

pytestmark = [pytest.mark.integration, needs_tesseract,
              pytest.mark.skipif(not Path(FONT).exists(), reason=f"no font at {FONT}")]

QUESTION = ["Exercise 3.", "What is a binary heap?"]
USER = 61


@pytest.fixture
async def bot(server: tg.FakeTelegram, tmp_path: Path) -> AsyncIterator[Bot]:
    running = Bot(server, await make_app(tmp_path))
    await add_course(running.app, tmp_path, "DS", "heaps.md", HEAPS)
    await running.app.desk.sharing.set_flags("DS", public=True)  # private chats read it
    await running.adapter.start()
    yield running
    await running.close()


def picture(lines: list[str]) -> bytes:
    return png(text_image(lines))


def phone_photo(lines: list[str]) -> bytes:
    """`lines` as a so-so phone photo: tilted, soft, low contrast, speckled, JPEG. Tesseract 5
    reads "What is a binary heap?" from it at a mean confidence of about 63: under a scanned
    page's OCR_MIN_CONFIDENCE (70), over the photo floor (45)."""
    import io
    import random

    from PIL import ImageEnhance, ImageFilter

    image = text_image(lines).rotate(3, expand=True, fillcolor=255)
    image = ImageEnhance.Contrast(image.filter(ImageFilter.GaussianBlur(1.4))).enhance(0.5)
    pixels, rng = image.load(), random.Random(1)
    for _ in range(image.width * image.height // 50):
        pixels[rng.randrange(image.width), rng.randrange(image.height)] = rng.randrange(100, 256)
    out = io.BytesIO()
    image.convert("RGB").save(out, "JPEG", quality=60)
    return out.getvalue()


def sent_photo(server: tg.FakeTelegram, content: bytes, *, reported: int | None = None,
               **kwargs: Any) -> dict[str, Any]:
    """A photo message whose largest size is `content` (Telegram also sends a thumbnail)."""
    file_id = f"p{len(server.files) + 1}"
    server.add_file(file_id, content, f"photos/{file_id}.jpg")
    server.add_file(f"{file_id}s", b"thumbnail", f"photos/{file_id}s.jpg")
    size = len(content) if reported is None else reported
    kwargs.setdefault("chat_id", USER)
    kwargs.setdefault("sender", tg.user(USER))
    return tg.photo([(f"{file_id}s", 90, 30, 9), (file_id, 1500, 400, size)], **kwargs)


class TestPrivateChat:
    async def test_a_photo_question_is_answered_from_the_course_after_what_was_read(
            self, bot, server):
        sent, reply = await bot.ask(sent_photo(server, picture(QUESTION)))
        text = text_of(sent)
        assert text.startswith("I read: “Exercise 3.\nWhat is a binary heap?”\n\n")
        assert "complete binary tree" in text
        assert {c.display_name for c in reply.citations} == {"heaps.md"}
        assert server.downloads == ["photos/p1.jpg"]  # the largest size, not the thumbnail
        typing = server.calls_to("sendChatAction")
        assert typing and typing[0].params["action"] == "typing"
        [turn] = await bot.app.history.recent("telegram", str(USER), 5)
        assert turn.question == "Exercise 3.\n\nWhat is a binary heap?"  # the text, no image

    async def test_a_so_so_phone_photo_is_still_answered(self, bot, server):
        sent = await bot.say(sent_photo(server, phone_photo(["What is a binary heap?"])))
        assert text_of(sent).startswith("I read: “") and "binary heap" in text_of(sent)
        assert "complete binary tree" in text_of(sent)

    async def test_the_caption_is_part_of_the_question(self, bot, server):
        sent = await bot.say(sent_photo(server, picture(["Exercise 7"]),
                                        caption="What is a binary heap?"))
        assert text_of(sent).startswith("I read: “Exercise 7”")
        assert "complete binary tree" in text_of(sent)
        [turn] = await bot.app.history.recent("telegram", str(USER), 5)
        assert turn.question == "What is a binary heap?\nExercise 7"

    async def test_an_image_sent_as_a_file_is_read_too(self, bot, server):
        server.add_file("doc1", picture(QUESTION), "documents/exercise.png")
        sent = await bot.say(tg.document("doc1", "exercise.png", 5000, mime_type="image/png",
                                         chat_id=USER, sender=tg.user(USER)))
        assert text_of(sent).startswith("I read: “Exercise 3.")
        assert server.downloads == ["documents/exercise.png"]

    async def test_a_photo_too_large_is_refused_before_it_is_downloaded(self, bot, server):
        big = sent_photo(server, picture(QUESTION), reported=11 * 2**20)
        big["photo"][0]["file_size"] = 11 * 2**20  # every size over the limit
        sent = await bot.say(big)
        assert "too large" in text_of(sent) and "10 MB" in text_of(sent)
        assert server.downloads == [] and server.calls_to("getFile") == []

    async def test_the_largest_size_within_the_limit_is_the_one_fetched(self, bot, server):
        message = sent_photo(server, b"huge", reported=11 * 2**20)
        server.add_file("mid", picture(QUESTION), "photos/mid.jpg")
        message["photo"].insert(1, {"file_id": "mid", "file_unique_id": "umid", "width": 1500,
                                    "height": 400, "file_size": 5000})
        sent = await bot.say(message)
        assert text_of(sent).startswith("I read: “Exercise 3.")
        assert server.downloads == ["photos/mid.jpg"]

    async def test_a_photo_without_text_gets_the_clear_reply(self, bot, server):
        sent = await bot.say(sent_photo(server, png(text_image([], noise=True))))
        assert text_of(sent).startswith("I couldn't read any text in that photo")

    async def test_a_one_line_arabic_screenshot_is_read(self, bot, server):
        # Tesseract finds no text in it read as a page; it is read again as sparse text
        shot = png(text_image(["ما هو نظام الملفات؟"], rtl=True))
        sent = await bot.say(sent_photo(server, shot, sender=tg.user(USER, language_code="ar")))
        assert text_of(sent).startswith("قرأتُ: «ما هو نظام الملفات؟»")

    async def test_an_arabic_student_is_answered_in_arabic(self, bot, server):
        blank = png(text_image([]))
        sent = await bot.say(sent_photo(server, blank, sender=tg.user(USER, language_code="ar")))
        assert text_of(sent).startswith("لم أستطع قراءة أي نص في هذه الصورة")

    async def test_without_the_engine_photos_cannot_be_read_here(self, server, tmp_path,
                                                                  caplog):
        running = Bot(server, await make_app(tmp_path, ocr_command="/nonexistent/tesseract"))
        await running.adapter.start()
        try:
            first = await running.say(sent_photo(server, picture(QUESTION)))
            again = await running.say(sent_photo(server, picture(QUESTION)))
        finally:
            await running.close()
        for sent in (first, again):
            assert text_of(sent).startswith("Sorry, I can't read photos on this bot")
            assert "apt" not in text_of(sent) and "install" not in text_of(sent)
        assert caplog.text.count("install Tesseract") == 1  # the operator is told how, once


class TestGroups:
    async def test_a_photo_captioned_ask_is_answered_and_others_are_not(self, bot, server):
        ignored = sent_photo(server, picture(QUESTION), chat_id=GROUP_A, group=True,
                             sender=tg.user(STUDENT))
        server.push_update(ignored)
        asked = sent_photo(server, picture(QUESTION), chat_id=GROUP_A, group=True,
                           sender=tg.user(STUDENT), caption="/ask")
        sent = await bot.say(asked)
        assert text_of(sent).startswith("I read: “Exercise 3.")
        assert server.replies_to(ignored["message_id"]) == []
        assert server.downloads == [f"photos/{asked['photo'][-1]['file_id']}.jpg"]

    async def test_a_photo_mentioning_the_bot_is_answered(self, bot, server):
        sent = await bot.say(sent_photo(server, picture(QUESTION), chat_id=GROUP_A, group=True,
                                        sender=tg.user(STUDENT), caption="@study_buddy_bot"))
        assert "complete binary tree" in text_of(sent)


    async def test_a_photo_replying_to_the_bot_is_answered(self, bot, server):
        earlier = {"message_id": 7, "date": 0, "from": tg.BOT_USER, "text": "Ask me anything",
                   "chat": {"id": GROUP_A, "type": "supergroup", "title": "Study group"}}
        sent = await bot.say(sent_photo(server, picture(QUESTION), chat_id=GROUP_A, group=True,
                                        sender=tg.user(STUDENT), reply_to=earlier))
        assert text_of(sent).startswith("I read: “Exercise 3.")


@pytest.mark.parametrize(("language", "needle"), [("en", "send a photo of a printed question"),
                                                  ("ar", "أرسل صورة لسؤال مطبوع")])
async def test_help_mentions_photos(bot, server, language, needle):
    helped = await bot.say(tg.message("/help", chat_id=USER,
                                      sender=tg.user(USER, language_code=language)))
    assert needle in text_of(helped)
