"""TelegramReplier: the core's Replier port for one Telegram message (typing + HTML replies).

"typing…" is shown until the reply goes out, through the adapter's TypingLoops (one refresh loop
per chat, shared by the questions pending there; Telegram shows it for 5 s, so every 4 s). The
first part replies to the user's message; the rest follow in order. Link previews are off: a
previewer fetching a model-written URL is an exfiltration channel (it sends the URL, and whatever
it carries, to a third party).
"""
from __future__ import annotations

import contextlib
import html
import logging
import re
from collections.abc import AsyncIterator, Callable
from typing import Any, TypedDict

from telegram import Bot, InlineKeyboardMarkup, LinkPreviewOptions, ReplyParameters, Update
from telegram.constants import ChatAction, ParseMode
from telegram.error import BadRequest, TelegramError
from telegram.ext import Application, ContextTypes

from adapters.telegram.render import render_reply
from adapters.typing_loops import TypingLoops
from core.messages import Reply

logger = logging.getLogger(__name__)
Buttons = Callable[[Reply], InlineKeyboardMarkup | None]  # the keyboard a reply gets, if any
PtbApp = Application[Any, Any, Any, Any, Any, Any]  # default context types: nothing customised

TYPING_REFRESH_S = 4.0
_TAG = re.compile(r"<[^>]+>")


def as_plain_text(part: str) -> str:
    """An HTML part as plain text: the fallback when Telegram rejects the markup."""
    return html.unescape(_TAG.sub("", part))


class _SendArgs(TypedDict):
    """What both send_message calls below share."""

    chat_id: int
    message_thread_id: int | None
    reply_parameters: ReplyParameters | None
    link_preview_options: LinkPreviewOptions
    reply_markup: InlineKeyboardMarkup | None


class TelegramReplier:
    """Replies in one chat, threaded under one user message."""

    def __init__(self, bot: Bot, chat_id: int, reply_to_message_id: int | None = None, *,
                 message_thread_id: int | None = None,
                 typing_loops: TypingLoops | None = None, buttons: Buttons | None = None
                 ) -> None:
        self.bot = bot
        self.chat_id = chat_id
        self.reply_to_message_id = reply_to_message_id
        self.message_thread_id = message_thread_id
        self._typing_loops = typing_loops or TypingLoops(TYPING_REFRESH_S)
        self._holding = False
        self._buttons = buttons  # Sources / 👍 / 👎 under study answers (answer_buttons.py)

    async def _send_typing(self) -> None:
        try:
            await self.bot.send_chat_action(self.chat_id, ChatAction.TYPING,
                                            message_thread_id=self.message_thread_id)
        except TelegramError as err:
            logger.warning("sendChatAction failed: %s", err)

    async def _stop_typing(self) -> None:
        if self._holding:
            self._holding = False
            await self._typing_loops.release((self.chat_id, self.message_thread_id))

    @contextlib.asynccontextmanager
    async def typing(self) -> AsyncIterator[None]:
        """"typing…" in this chat until the block exits or the reply is sent."""
        await self._typing_loops.hold((self.chat_id, self.message_thread_id), self._send_typing)
        self._holding = True
        try:
            yield
        finally:
            await self._stop_typing()

    async def send(self, reply: Reply, *, reply_markup: InlineKeyboardMarkup | None = None
                   ) -> None:
        """Send every rendered part in order; the first one quotes the user's message and the
        last one carries `reply_markup` (Confirm / Cancel under a preview) or, by default,
        the buttons this replier gives the reply (the answer buttons under a study answer)."""
        # Release the indicator first: a refresh landing after the answer would show "typing…"
        # again under a finished reply (unless another question in this chat is still pending).
        await self._stop_typing()
        parts = render_reply(reply)
        if reply_markup is None and self._buttons is not None:
            reply_markup = self._buttons(reply)
        for index, part in enumerate(parts):
            quote = self.reply_to_message_id if index == 0 else None
            markup = reply_markup if index == len(parts) - 1 else None
            await self.send_text(part, reply_to_message_id=quote, reply_markup=markup)

    async def send_text(self, text: str, *, reply_to_message_id: int | None = None,
                        reply_markup: InlineKeyboardMarkup | None = None) -> None:
        """Send one HTML part; if Telegram cannot parse it, send it once more as plain text."""
        reply_parameters = (ReplyParameters(reply_to_message_id, allow_sending_without_reply=True)
                            if reply_to_message_id is not None else None)
        kwargs: _SendArgs = {
            "chat_id": self.chat_id,
            "message_thread_id": self.message_thread_id,
            "reply_parameters": reply_parameters,
            "link_preview_options": LinkPreviewOptions(is_disabled=True),
            "reply_markup": reply_markup,
        }
        try:
            await self.bot.send_message(text=text, parse_mode=ParseMode.HTML, **kwargs)
        except BadRequest as err:
            if "parse" not in str(err).lower():
                raise
            logger.warning("Telegram rejected HTML (%s); resending as plain text", err)
            await self.bot.send_message(text=as_plain_text(text), **kwargs)


# The replier an adapter gives a handler for an update (its chat, thread and typing loops).
ReplierFor = Callable[[Update, ContextTypes.DEFAULT_TYPE], TelegramReplier]
