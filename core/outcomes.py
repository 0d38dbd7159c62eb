"""Every study turn as a record (what was asked, how it went, what was cited, how it was voted),
the port that keeps them, and what is derived from them for students and instructors.

User ids never reach the store: they are keyed hashes (HMAC-SHA256 with the deployment's key),
so votes can be changed and erased per user (`/forget`) without the store naming anyone.
"""
from __future__ import annotations

import hashlib
import hmac
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Protocol

from core.text import keywords, split_sentences

VOTE_REASONS = ("wrong", "not_in_materials", "gave_solution", "wrong_language")
QUOTE_CHARS = 600  # the passage shown under "Sources": the matching sentences and their neighbours


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
    route: tuple[str, ...]
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

    async def forget(self, user_hash: str) -> int:
        """Erase the user's outcomes and votes; returns the rows removed."""
        ...

    async def purge_older_than(self, days: int) -> int:
        """Apply RETENTION_DAYS; returns the rows removed."""
        ...


def user_hash(key: bytes, platform: str, user_id: str) -> str:
    """The stored stand-in for a user: stable per deployment key, not reversible without it."""
    return hmac.new(key, f"{platform}:{user_id}".encode(), hashlib.sha256).hexdigest()[:32]


def quote(passage: str, answer: str, limit: int = QUOTE_CHARS) -> str:
    """The part of a cited passage the answer used: its best-matching sentences in order, with
    "…" where text was left out, within `limit` characters."""
    sentences = split_sentences(passage)
    if len(passage) <= limit or not sentences:
        return passage.strip()[:limit]
    wanted = set(keywords(answer))
    scores = [len(wanted & set(keywords(s))) for s in sentences]
    best = max(range(len(sentences)), key=lambda i: (scores[i], -i))
    keep = {best}
    for i in sorted(range(len(sentences)), key=lambda i: (-scores[i], abs(i - best))):
        if sum(len(sentences[j]) + 1 for j in keep | {i}) > limit:
            continue
        if scores[i] or abs(i - best) == 1:
            keep.add(i)
    out, last = [], -1
    for i in sorted(keep):
        if last >= 0 and i != last + 1:
            out.append("…")
        out.append(sentences[i].strip())
        last = i
    prefix = "… " if min(keep) > 0 else ""
    suffix = " …" if max(keep) < len(sentences) - 1 else ""
    return prefix + " ".join(out) + suffix


def cited_quotes(citations: Sequence[dict[str, Any]], passages: dict[str, str],
                 answer: str) -> tuple[dict[str, Any], ...]:
    """Citation dicts with the quoted passage (`passages` by chunk id) added as "quote"."""
    return tuple(c | {"quote": quote(passages.get(str(c.get("chunk_id")), ""), answer)}
                 for c in citations)
