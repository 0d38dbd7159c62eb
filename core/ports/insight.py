"""Ports of what staff learn from: answered questions (outcomes) and votes."""
from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Protocol

PHOTO = "photo"  # the route's last step when the question was read from a photo


@dataclass(frozen=True, slots=True)
class Outcome:
    """One answered study question."""

    answer_id: str
    platform: str
    user_hash: str
    space: str  # the chat's most specific space key ("" outside chats)
    course: str | None
    language: str
    question: str
    answer: str
    route: tuple[str, ...]  # the graph's nodes; PHOTO last when the question was read from a photo
    confidence: str
    top_score: float | None = None
    verdict: str = ""  # evaluator verdict when an LLM judged the context
    missing: str = ""  # what the evaluator said the context lacks
    citations: tuple[dict[str, Any], ...] = ()  # Citation.to_dict() plus "quote"
    latency_ms: int = 0
    created_at: datetime | None = None
    votes: tuple[Vote, ...] = field(default=())
    scope: str = ""  # the server or group it was asked in ("" in DMs and outside chats)


@dataclass(frozen=True, slots=True)
class Vote:
    """One user's 👍 (+1) or 👎 (-1) on an answer, with a reason for 👎."""

    answer_id: str
    voter_hash: str
    value: int
    reason: str = ""
    voted_at: datetime | None = None


class OutcomeStore(Protocol):
    """Outcomes and votes, on SQLite or Postgres (shared by every process of one bot)."""

    async def record(self, outcome: Outcome) -> None:
        """Store a new outcome."""
        ...

    async def get(self, answer_id: str) -> Outcome | None:
        """One outcome with its votes, or None (unknown or expired)."""
        ...

    async def vote(self, vote: Vote) -> bool:
        """Set (or change) a user's vote on an answer; False when the answer is unknown."""
        ...

    async def outcomes(self, *, course: str | None = None, since: datetime | None = None,
                       scope: str | None = None) -> list[Outcome]:
        """Outcomes (with votes), oldest first, of one course, since a time and/or asked in one
        scope (a server or group)."""
        ...

    async def courses(self) -> list[str]:
        """The courses questions were recorded under, sorted (one query, not every outcome)."""
        ...

    async def forget(self, user_hash: str) -> int:
        """Erase the user's outcomes and votes; returns the rows removed."""
        ...

    async def purge_older_than(self, days: int) -> int:
        """Apply RETENTION_DAYS; returns the rows removed."""
        ...
