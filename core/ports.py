"""Ports: the Protocols the core depends on; adapters, stores and clients implement them.

Tests implement them with fakes (cosmicpython style); nothing here knows any vendor.
"""
from __future__ import annotations

from collections.abc import Sequence
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Protocol, runtime_checkable

import numpy as np

from core.messages import IncomingMessage, Reply


@dataclass(frozen=True, slots=True)
class Document:
    """One hit from any source, before normalisation into a Chunk."""

    text: str  # the passage that matched (child chunk for the course store)
    title: str
    url_or_path: str
    source_type: str  # course | wikipedia | arxiv | web
    score: float = 0.0  # the source's own score, only meaningful within one source
    context: str | None = None  # larger text handed to generation (parent chunk)
    metadata: dict[str, Any] = field(default_factory=dict)


@runtime_checkable
class Source(Protocol):
    """Anything that can be searched for a question: course store, Wikipedia, arXiv, web."""

    name: str

    async def search(self, query: str, k: int) -> list[Document]:
        """Return up to k documents; raise on failure (retrieve turns it into an empty result)."""
        ...


@dataclass(frozen=True, slots=True)
class StoredChunk:
    """A child chunk ready to be written into a course store."""

    id: str
    text: str
    parent_id: str
    parent_text: str
    title: str
    url_or_path: str
    course: str
    doc_type: str
    lang: str
    embedding: np.ndarray | None = None


class CourseStore(Protocol):
    """The course's own materials: hybrid search plus idempotent writes."""

    async def search(self, query: str, k: int, filters: dict[str, str] | None = None
                     ) -> list[Document]:
        """Hybrid (BM25 + vector, RRF) search over child chunks; returns parent text as context."""
        ...

    async def existing_ids(self, ids: Sequence[str]) -> set[str]:
        """Which of these chunk ids are already stored (lets ingestion skip unchanged text)."""
        ...

    async def upsert(self, chunks: Sequence[StoredChunk]) -> int:
        """Write chunks (with embeddings); returns how many were new."""
        ...

    async def count(self) -> int:
        """Number of stored child chunks."""
        ...


class Embedder(Protocol):
    """Turns text into unit vectors; queries and passages may be encoded differently (e5)."""

    name: str
    dim: int

    async def embed_queries(self, texts: Sequence[str]) -> np.ndarray:
        """One L2-normalised row per text."""
        ...

    async def embed_passages(self, texts: Sequence[str]) -> np.ndarray:
        """One L2-normalised row per text."""
        ...


class Reranker(Protocol):
    """Scores (query, passage) pairs on a calibrated [0, 1] scale shared by every tier."""

    name: str

    async def score(self, query: str, passages: Sequence[str]) -> list[float]:
        """One calibrated score per passage, in input order; raise on failure."""
        ...


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


class MessageHandler(Protocol):
    """What adapters call: the core service seen from the platform edge."""

    async def respond(self, message: IncomingMessage, replier: Replier) -> Reply:
        """Answer a message through the replier (typing only on the study path)."""
        ...

    async def handle(self, message: IncomingMessage) -> Reply:
        """Answer a message and return the reply (CLI, HTTP)."""
        ...

    async def forget(self, platform: str, user_id: str) -> Reply:
        """Erase the user's history and return a confirmation."""
        ...
