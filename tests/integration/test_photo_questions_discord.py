"""Questions sent as photos on Discord, end to end: the real app (build_app, Tesseract) and the
real discord.py client against FakeDiscord.

An image attached to a DM or a mention is read and answered like a typed question, led by what
was read; one over the limits Discord reports is refused before the CDN is asked for it."""
from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from adapters.discord.adapter import DiscordAdapter
from bot.container import App, build_app
from tests.support.discord_desk import command, serving, shown, until
from tests.support.discord_spaces import FAST, HEAPS, SERVER, TOKEN, settings_for
from tests.support.fake_discord import BOT_ID, CHANNEL_ID, DM_CHANNEL_ID, FakeDiscord
from tests.support.ocr_fixtures import FONT, needs_tesseract, png, text_image
from tests.support.telegram_desk import add_course

pytestmark = [pytest.mark.integration, needs_tesseract,
              pytest.mark.skipif(not Path(FONT).exists(), reason=f"no font at {FONT}")]

QUESTION = ["Exercise 3.", "What is a binary heap?"]
MESSAGES = rf"/channels/{CHANNEL_ID}/messages"
DM_MESSAGES = rf"/channels/{DM_CHANNEL_ID}/messages"


@pytest.fixture
async def fake(monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[FakeDiscord]:
    async with serving(monkeypatch, TOKEN) as server:  # checks every text the bot showed
        yield server


@pytest.fixture
async def app(tmp_path: Path) -> AsyncIterator[App]:
    application = await build_app(settings_for(tmp_path / "data"))
    await add_course(application, tmp_path, "DS", "heaps.md", HEAPS.decode())
    assert application.desk.sharing is not None
    await application.desk.sharing.transfer("DS", SERVER)  # the test server's course
    await application.desk.sharing.set_flags("DS", public=True)  # and DMs may read it
    yield application
    await application.close()


@pytest.fixture
async def bot(fake: FakeDiscord, app: App) -> AsyncIterator[DiscordAdapter]:
    adapter = DiscordAdapter(app.service, TOKEN, client_options=FAST, desk=app.desk)
    await adapter.start()
    yield adapter
    await adapter.stop()


def with_image(fake: FakeDiscord, message: dict[str, Any], content: bytes, *,
               size: int | None = None, width: int = 1500, height: int = 400
               ) -> dict[str, Any]:
    attachment = fake.attachment("exercise.png", content, size=size)
    attachment |= {"content_type": "image/png", "width": width, "height": height}
    message["attachments"] = [attachment]
    return message


async def reply_in(fake: FakeDiscord, path: str, event: dict[str, Any]) -> str:
    after = len(fake.calls) - 1
    await fake.dispatch("MESSAGE_CREATE", event)
    sent = await fake.wait_for_call("POST", path, after=after, timeout=60)
    return str(sent.json["content"])


async def test_a_photo_in_a_dm_is_answered_from_the_course_after_what_was_read(fake, bot, app):
    event = with_image(fake, fake.message("", dm=True), png(text_image(QUESTION)))
    text = await reply_in(fake, DM_MESSAGES, event)
    assert text.startswith("I read: “Exercise 3.\nWhat is a binary heap?”\n\n")
    assert "complete binary tree" in text and "heaps.md" in text
    assert len(fake.downloads()) == 1
    assert fake.find("POST", rf"/channels/{DM_CHANNEL_ID}/typing")


async def test_a_mention_with_a_photo_joins_its_words_to_the_question(fake, bot, app):
    event = with_image(fake, fake.message(f"<@{BOT_ID}> What is a binary heap?",
                                          mention_bot=True), png(text_image(["Exercise 7"])))
    text = await reply_in(fake, MESSAGES, event)
    assert text.startswith("I read: “Exercise 7”") and "complete binary tree" in text
    [turn] = await app.history.recent("discord", event["author"]["id"], 5)
    assert turn.question == "What is a binary heap?\nExercise 7"


async def test_a_photo_too_large_is_refused_before_it_is_downloaded(fake, bot):
    event = with_image(fake, fake.message(f"<@{BOT_ID}>", mention_bot=True),
                       png(text_image(QUESTION)), size=11 * 2**20)
    text = await reply_in(fake, MESSAGES, event)
    assert "too large" in text and "10 MB" in text
    assert fake.downloads() == []


async def test_a_photo_with_too_many_pixels_is_refused_before_it_is_downloaded(fake, bot):
    event = with_image(fake, fake.message("", dm=True), png(text_image(QUESTION)),
                       width=10_000, height=8_000)
    text = await reply_in(fake, DM_MESSAGES, event)
    assert "too many pixels" in text and "40 megapixels" in text
    assert fake.downloads() == []


async def test_a_photo_without_text_gets_the_clear_reply(fake, bot):
    event = with_image(fake, fake.message("", dm=True), png(text_image([], noise=True)))
    text = await reply_in(fake, DM_MESSAGES, event)
    assert text.startswith("I couldn't read any text in that photo")


async def test_a_photo_in_a_channel_without_a_mention_is_not_fetched(fake, bot):
    event = with_image(fake, fake.message("look at this"), png(text_image(QUESTION)))
    await fake.dispatch("MESSAGE_CREATE", event)
    asked = with_image(fake, fake.message(f"<@{BOT_ID}>", mention_bot=True),
                       png(text_image(QUESTION)))
    await reply_in(fake, MESSAGES, asked)  # answered after the first was passed over
    assert len(fake.downloads()) == 1 and fake.downloads()[0].path.endswith("exercise.png")
    assert len(fake.find("POST", MESSAGES)) == 1


async def test_ask_with_an_image_option_is_read_and_answered(fake, bot):
    picture = with_image(fake, {}, png(text_image(["Exercise 7"])))["attachments"][0]
    payload = fake.interaction("ask", {"question": "What is a binary heap?", "image": picture})
    await fake.dispatch("INTERACTION_CREATE", payload)
    [body] = await until(lambda: shown(fake, payload["token"]), "the /ask answer", timeout=60)
    assert body["content"].startswith("I read: “Exercise 7”")
    assert "complete binary tree" in body["content"]


async def test_ask_with_a_large_image_is_refused_before_it_is_downloaded(fake, bot):
    picture = with_image(fake, {}, b"big", size=11 * 2**20)["attachments"][0]
    payload = fake.interaction("ask", {"question": "this one", "image": picture})
    await fake.dispatch("INTERACTION_CREATE", payload)
    [body] = await until(lambda: shown(fake, payload["token"]), "the refusal")
    assert "too large" in body["content"] and fake.downloads() == []


async def test_help_mentions_photos(fake, bot):
    text = (await command(fake, "help"))["content"]
    assert "attach a photo of a printed question" in text
