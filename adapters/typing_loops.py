"""TypingLoops: one "typing…" refresh loop per chat, however many of its questions are pending.

Both platforms show the indicator for a few seconds only (Telegram 5 s, Discord about 10 s), so it
is re-sent while an answer is being worked on. The indicator belongs to the chat, not to a
question: a busy channel with five pending questions needs one refresh loop, not five. Every
refresh spends the request budget the answers need (Telegram 30 requests/s; Discord per-route
buckets), and per-question typing loops are a known source of 429 storms.
"""
from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable, Hashable

log = logging.getLogger(__name__)

SendTyping = Callable[[], Awaitable[None]]


class TypingLoops:
    """Reference-counted typing indicators: the first pending question in a chat shows it and
    starts the refresh loop, the last one to finish stops it."""

    def __init__(self, interval_s: float) -> None:
        self.interval_s = interval_s
        self._pending: dict[Hashable, int] = {}
        self._loops: dict[Hashable, asyncio.Task[None]] = {}

    async def hold(self, key: Hashable, send: SendTyping) -> None:
        """Show "typing…" in chat `key` until every hold on it is released."""
        self._pending[key] = self._pending.get(key, 0) + 1
        if self._pending[key] > 1:
            return  # already shown and refreshed for an earlier question in this chat
        await _send(send)
        if key in self._pending and key not in self._loops:  # not released while sending
            self._loops[key] = asyncio.create_task(self._refresh(send), name="typing-refresh")

    async def release(self, key: Hashable) -> None:
        """One question in chat `key` is done; the last one stops the refresh loop."""
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

    async def _refresh(self, send: SendTyping) -> None:
        while True:
            await asyncio.sleep(self.interval_s)
            await _send(send)


async def _send(send: SendTyping) -> None:
    """A missing indicator must never cost the answer (platform errors are logged by `send`)."""
    try:
        await send()
    except Exception as err:  # best effort by design
        log.warning("typing indicator failed (%s)", type(err).__name__)
