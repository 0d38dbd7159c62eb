"""ChatTyping: one "typing…" refresh loop per chat (and forum topic), however many questions wait.

Telegram shows the indicator for at most 5 s, so it is re-sent every few seconds while an answer
is being worked on. The indicator belongs to the chat, not to a question: a busy group with five
pending questions needs one refresh, not five. Every sendChatAction spends the same Bot API budget
the answers need (30 requests/s overall, 20 messages/min per group), and typing loops are a known
source of 429 storms (reference/reliability.md).
"""
from __future__ import annotations

import asyncio
import contextlib
import logging

from telegram import Bot
from telegram.constants import ChatAction
from telegram.error import TelegramError

logger = logging.getLogger(__name__)

TYPING_REFRESH_S = 4.0
ChatKey = tuple[int, int | None]  # (chat id, forum topic id)


class ChatTyping:
    """Reference-counted typing indicators: the first pending question in a chat starts the
    refresh loop, the last one to finish stops it."""

    def __init__(self, interval_s: float = TYPING_REFRESH_S) -> None:
        self.interval_s = interval_s
        self._pending: dict[ChatKey, int] = {}
        self._loops: dict[ChatKey, asyncio.Task[None]] = {}

    async def hold(self, bot: Bot, key: ChatKey) -> None:
        """Show "typing…" in this chat until every hold on it is released."""
        self._pending[key] = self._pending.get(key, 0) + 1
        if self._pending[key] > 1:
            return  # already shown and refreshed for an earlier question in this chat
        await _send_typing(bot, key)
        if key in self._pending and key not in self._loops:  # not released while sending
            self._loops[key] = asyncio.create_task(self._refresh(bot, key), name="telegram-typing")

    async def release(self, key: ChatKey) -> None:
        """One question in this chat is done; the last one stops the refresh loop."""
        remaining = self._pending.get(key, 0) - 1
        if remaining > 0:
            self._pending[key] = remaining
            return
        self._pending.pop(key, None)
        task = self._loops.pop(key, None)
        if task is not None:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task

    @property
    def active_chats(self) -> int:
        return len(self._pending)

    async def _refresh(self, bot: Bot, key: ChatKey) -> None:
        while True:
            await asyncio.sleep(self.interval_s)
            await _send_typing(bot, key)


async def _send_typing(bot: Bot, key: ChatKey) -> None:
    chat_id, thread = key
    try:
        await bot.send_chat_action(chat_id, ChatAction.TYPING, message_thread_id=thread)
    except TelegramError as err:  # a missing indicator must never cost the answer
        logger.warning("sendChatAction failed: %s", err)
