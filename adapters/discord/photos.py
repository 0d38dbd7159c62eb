"""Photos sent to the bot on Discord: the image attached to a DM, a mention or /ask, fetched
only when it is within the limits.

Discord describes every attachment (content type, size in bytes, width and height for images),
so a photo over PHOTO_MAX_BYTES or PHOTO_MAX_PIXELS is refused before it is downloaded from
the CDN. Only the first image of a message is read.
"""
from __future__ import annotations

import dataclasses
import logging
from typing import Any

import discord

from core.chat.photo import PhotoLimits, PhotoRefused, photo_notice
from core.i18n import pick_language
from core.messages import IncomingMessage
from core.ports import Replier

log = logging.getLogger(__name__)



def image_of(message: Any) -> Any | None:
    """The message's first attachment Discord says is an image, if any."""
    for attachment in getattr(message, "attachments", None) or ():
        if (getattr(attachment, "content_type", None) or "").startswith("image/"):
            return attachment
    return None


async def download(attachment: discord.Attachment, limits: PhotoLimits) -> bytes:
    """The image's bytes; PhotoRefused when Discord says it is over the limits (nothing is
    downloaded) or the CDN would not hand it over."""
    if limits.too_large(attachment.size):
        raise PhotoRefused("too_large")
    width, height = attachment.width or 0, attachment.height or 0
    if width * height > limits.max_pixels:
        raise PhotoRefused("too_many_pixels")
    try:
        data = await attachment.read()
    except discord.HTTPException as err:
        log.warning("downloading a photo failed: %s", err.status)
        raise PhotoRefused("download_failed") from err
    if limits.too_large(len(data)):  # Discord said less than it sent
        raise PhotoRefused("too_large")
    return data


async def with_photo(incoming: IncomingMessage, attachment: discord.Attachment,
                     limits: PhotoLimits, replier: Replier) -> IncomingMessage | None:
    """The question with its image; None when the image was refused (the student was told
    why, in the language of their words; nothing over the limits is downloaded)."""
    try:
        async with replier.typing():
            image = await download(attachment, limits)
    except PhotoRefused as refused:
        language = pick_language(incoming.text, incoming.language_hint)
        await replier.send(photo_notice(refused.key, language, limits))
        return None
    return dataclasses.replace(incoming, image=image)
