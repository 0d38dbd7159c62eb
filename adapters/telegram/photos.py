"""Photos sent to the bot on Telegram: which are questions, which size to fetch, and fetching it
only when it is within the limit.

Telegram sends a photo in several sizes (PhotoSize, smallest first) and says each one's size in
bytes; the largest within PHOTO_MAX_BYTES and PHOTO_MAX_PIXELS is read. A picture sent as a file
(an image document) comes as it is. Sizes are checked against what Telegram reports, in the
message and again in getFile, before anything is downloaded.
"""
from __future__ import annotations

import dataclasses
import logging
import re
from dataclasses import dataclass

from telegram import Bot, Message
from telegram.error import TelegramError
from telegram.ext import filters

from adapters.telegram.convert import is_direct, mentions_bot
from core.chat.photo import PhotoLimits, PhotoRefused, photo_notice
from core.i18n import pick_language
from core.messages import IncomingMessage
from core.ports import Replier

logger = logging.getLogger(__name__)

_ASK = re.compile(r"/ask(?:@(?P<bot>\w+))?(?:\s|$)", re.IGNORECASE)


def photo_filter(upload_caption: str) -> filters.BaseFilter:
    """New photos and image documents, except files captioned /upload (the desk's)."""
    return (filters.UpdateType.MESSAGE & (filters.PHOTO | filters.Document.IMAGE)
            & ~filters.CaptionRegex(upload_caption))


def asks_with_caption(message: Message, bot_username: str | None) -> bool:
    """The caption starts with /ask (or /ask@this_bot, never /ask@another_bot)."""
    match = _ASK.match(message.caption or "")
    if match is None:
        return False
    named = match.group("bot")
    return not named or (bool(bot_username) and named.lower() == (bot_username or "").lower())


def replies_to_bot(message: Message, bot_id: int | None) -> bool:
    replied = message.reply_to_message
    author = replied.from_user if replied is not None else None
    return author is not None and bot_id is not None and author.id == bot_id


def photo_for_us(message: Message, bot_username: str | None, bot_id: int | None) -> bool:
    """Private chats: every photo. Groups: a photo that mentions the bot, replies to it, or is
    captioned /ask."""
    if message.from_user is not None and message.from_user.is_bot:
        return False
    return (is_direct(message) or asks_with_caption(message, bot_username)
            or mentions_bot(message, bot_username, bot_id) or replies_to_bot(message, bot_id))


@dataclass(frozen=True, slots=True)
class Picked:
    """The file to fetch, and its size as Telegram reported it (None when it did not)."""

    file_id: str
    size: int | None


def pick(message: Message, limits: PhotoLimits) -> Picked | None:
    """The largest size within the limits; None when every size is over them."""
    document = message.document
    if document is not None:
        return None if limits.too_large(document.file_size) \
            else Picked(document.file_id, document.file_size)
    fitting = [p for p in message.photo if not limits.too_large(p.file_size)
               and p.width * p.height <= limits.max_pixels]
    if not fitting:
        return None
    best = max(fitting, key=lambda p: (p.width * p.height, p.file_size or 0))
    return Picked(best.file_id, best.file_size)



async def download(bot: Bot, message: Message, limits: PhotoLimits) -> bytes:
    """The photo's bytes; PhotoRefused when it is over the limits (nothing is downloaded) or
    Telegram would not hand it over."""
    picked = pick(message, limits)
    if picked is None:
        raise PhotoRefused("too_large")
    try:
        file = await bot.get_file(picked.file_id)
        if limits.too_large(file.file_size):
            raise PhotoRefused("too_large")
        data = bytes(await file.download_as_bytearray())
    except TelegramError as err:
        logger.warning("downloading a photo failed: %s", type(err).__name__)
        raise PhotoRefused("download_failed") from err
    if limits.too_large(len(data)):  # Telegram said less than it sent
        raise PhotoRefused("too_large")
    return data


async def with_photo(incoming: IncomingMessage, bot: Bot, message: Message,
                     limits: PhotoLimits, replier: Replier) -> IncomingMessage | None:
    """The question with its photo; None when the photo was refused (the student was told
    why, in the language of their words; nothing over the limits is downloaded)."""
    try:
        async with replier.typing():
            image = await download(bot, message, limits)
    except PhotoRefused as refused:
        language = pick_language(incoming.text, incoming.language_hint)
        await replier.send(photo_notice(refused.key, language, limits))
        return None
    return dataclasses.replace(incoming, image=image)
