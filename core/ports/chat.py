"""Ports of answering a chat: history, the message journal, replying, limits, observers,
and the service adapters call."""
from __future__ import annotations

from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Protocol

from core.messages import IncomingMessage, Reply


@dataclass(frozen=True, slots=True)
class Turn:
    """One question/answer exchange kept in a user's history."""

    platform: str
    user_id: str
    question: str
    answer: str
    intent: str
    citations: tuple[dict[str, Any], ...] = ()
    created_at: datetime | None = None


class HistoryStore(Protocol):
    """Per-user conversation history, erasable on request."""

    async def recent(self, platform: str, user_id: str, limit: int) -> list[Turn]:
        """The user's last turns, oldest first."""
        ...

    async def append(self, turn: Turn) -> None:
        """Durably record a turn."""
        ...

    async def forget(self, platform: str, user_id: str) -> int:
        """Erase everything about the user; returns rows removed."""
        ...

    async def purge_older_than(self, days: int) -> int:
        """Delete turns older than the retention window; returns rows removed."""
        ...


class MessageJournal(Protocol):
    """Remembers which platform messages were taken on and answered, across restarts."""

    async def begin(self, platform: str, chat_id: str, message_id: str, user_id: str,
                    payload: dict[str, Any]) -> bool:
        """Claim a message; False when it was answered already or is in flight in this run."""
        ...

    async def finish(self, platform: str, chat_id: str, message_id: str) -> None:
        """Mark a claimed message as answered."""
        ...

    async def renew(self, platform: str) -> int:
        """Extend the claims this process is still answering, so a slow answer is not taken
        over as if its process had died; returns how many."""
        ...

    async def pending(self, platform: str) -> list[dict[str, Any]]:
        """Payloads claimed by an earlier run that never got their answer (crash recovery)."""
        ...

    async def forget(self, platform: str, user_id: str) -> int:
        """Erase every entry of the user; returns rows removed."""
        ...

    async def purge_older_than(self, days: int) -> int:
        """Drop answered entries older than the retention window; returns rows removed."""
        ...


class Replier(Protocol):
    """How an adapter shows a reply to the user who asked (Rasa's output channel, as a port)."""

    def typing(self) -> AbstractAsyncContextManager[None]:
        """Keep a typing indicator on while the block runs."""
        ...

    async def send(self, reply: Reply) -> None:
        """Render and deliver a reply (splitting and escaping are the adapter's job)."""
        ...


class ChatService(Protocol):
    """What adapters call: the core service seen from the platform edge."""

    async def respond(self, message: IncomingMessage, replier: Replier) -> Reply:
        """Answer a message through the replier (typing only on the study path)."""
        ...

    async def handle(self, message: IncomingMessage) -> Reply:
        """Answer a message and return the reply (CLI, HTTP)."""
        ...

    async def forget(self, platform: str, user_id: str) -> Reply:
        """Erase the user's history (and votes) and return a confirmation."""
        ...

    async def sources(self, answer_id: str, language: str) -> Reply:
        """The passages an answer cited, quoted (the Sources button)."""
        ...

    async def vote(self, answer_id: str, platform: str, user_id: str, value: int,
                   reason: str = "", *, language: str = "en") -> Reply:
        """👍 (+1) / 👎 (-1) on an answer; a 👎 without a reason asks for one."""
        ...


class Observer(Protocol):
    """Receives the service's events; must be cheap and never raise."""

    def replied(self, reply: Reply, seconds: float) -> None:
        """A reply went out `seconds` after its message arrived."""
        ...

    def voted(self, value: int, reason: str) -> None:
        """A 👍 (+1) or 👎 (-1), with its reason when given."""
        ...


WINDOW_S = 60.0


class RateLimiter(Protocol):
    """Sliding-window limiter keyed by user."""

    async def acquire(self, key: str, limit: int) -> int:
        """0 and count it when `key` is under `limit` per window, else seconds to wait."""
        ...

    async def reset(self, key: str) -> None:
        """Forget a key's window (the user asked /forget)."""
        ...
