"""TelegramReplier: the core's Replier port for one Telegram message (typing + HTML replies).

Telegram shows "typing…" for at most 5 s, so the indicator is re-sent every few seconds from a
background task until the reply goes out. The first part replies to the user's message; the
rest follow in order. Link previews are off: a previewer fetching a model-written URL is an
exfiltration channel (reference/reliability.md, A5/B4).
"""
from __future__ import annotations

import asyncio
import contextlib
import html
import logging
import re
from collections.abc import AsyncIterator

from telegram import Bot, LinkPreviewOptions, ReplyParameters
from telegram.constants import ChatAction, ParseMode
from telegram.error import BadRequest, TelegramError

from adapters.telegram.render import render_reply
from core.messages import Reply

logger = logging.getLogger(__name__)

TYPING_REFRESH_S = 4.0
_TAG = re.compile(r"<[^>]+>")


def as_plain_text(part: str) -> str:
    """An HTML part as plain text: the fallback when Telegram rejects the markup."""
    return html.unescape(_TAG.sub("", part))


class TelegramReplier:
    """Replies in one chat, threaded under one user message."""

    def __init__(self, bot: Bot, chat_id: int, reply_to_message_id: int | None = None, *,
                 message_thread_id: int | None = None,
                 typing_interval_s: float = TYPING_REFRESH_S) -> None:
        self.bot = bot
        self.chat_id = chat_id
        self.reply_to_message_id = reply_to_message_id
        self.message_thread_id = message_thread_id
        self.typing_interval_s = typing_interval_s
        self._typing_task: asyncio.Task[None] | None = None

    async def _send_typing(self) -> None:
        try:
            await self.bot.send_chat_action(self.chat_id, ChatAction.TYPING,
                                            message_thread_id=self.message_thread_id)
        except TelegramError as err:  # a missing indicator must never cost the answer
            logger.warning("sendChatAction failed: %s", err)

    async def _keep_typing(self) -> None:
        while True:
            await asyncio.sleep(self.typing_interval_s)
            await self._send_typing()

    async def _stop_typing(self) -> None:
        task, self._typing_task = self._typing_task, None
        if task is not None:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task

    @contextlib.asynccontextmanager
    async def typing(self) -> AsyncIterator[None]:
        """Send "typing" now and every few seconds until the block exits or a reply is sent."""
        await self._send_typing()
        self._typing_task = asyncio.create_task(self._keep_typing(), name="telegram-typing")
        try:
            yield
        finally:
            await self._stop_typing()

    async def send(self, reply: Reply) -> None:
        """Send every rendered part in order; the first one quotes the user's message."""
        # Stop the indicator first: a refresh landing after the answer would show "typing…"
        # again under a finished reply.
        await self._stop_typing()
        for index, part in enumerate(render_reply(reply)):
            quote = self.reply_to_message_id if index == 0 else None
            await self.send_text(part, reply_to_message_id=quote)

    async def send_text(self, text: str, *, reply_to_message_id: int | None = None) -> None:
        """Send one HTML part; if Telegram cannot parse it, send it once more as plain text."""
        reply_parameters = (ReplyParameters(reply_to_message_id, allow_sending_without_reply=True)
                            if reply_to_message_id is not None else None)
        kwargs = {
            "chat_id": self.chat_id,
            "message_thread_id": self.message_thread_id,
            "reply_parameters": reply_parameters,
            "link_preview_options": LinkPreviewOptions(is_disabled=True),
        }
        try:
            await self.bot.send_message(text=text, parse_mode=ParseMode.HTML, **kwargs)
        except BadRequest as err:
            if "parse" not in str(err).lower():
                raise
            logger.warning("Telegram rejected HTML (%s); resending as plain text", err)
            await self.bot.send_message(text=as_plain_text(text), **kwargs)
