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

    async def search(self, query: str, k: int, course: str | None = None) -> list[Document]:
        """Return up to k documents; raise on failure (retrieve turns it into an empty result).

        `course` is the asking chat's course: the course store searches only it; outside
        sources have no courses and ignore it."""
        ...


@dataclass(frozen=True, slots=True)
class StoredChunk:
    """A child chunk ready to be written into a course store."""

    id: str  # content_id of "<document id> <text>": same text in two documents -> two chunks
    text: str
    parent_id: str
    parent_text: str
    title: str  # document title, with " › section" when the chunk sits under one
    url_or_path: str  # the document's display name (never an absolute path) or its URL
    course: str
    doc_type: str
    lang: str
    embedding: np.ndarray | None = None
    document_id: str = ""
    page: int | None = None  # 1-based physical page or slide number
    section: str = ""


@dataclass(frozen=True, slots=True)
class DocumentRecord:
    """One ingested file as users see and manage it (`studybuddy docs list`)."""

    id: str  # stable for (course, display name): an edited file keeps its id and is replaced
    course: str
    display_name: str  # file name relative to the folder that was ingested
    title: str
    format: str  # pdf | html | docx | pptx | md | txt
    doc_type: str
    content_hash: str  # SHA-256 of the file's bytes: an unchanged file is skipped at once
    pages: int | None = None  # pages or slides; None for formats without pages
    chunks: int = 0
    ingested_at: datetime | None = None


class CourseStore(Protocol):
    """The course's own materials: hybrid search plus documents replaced and removed whole.

    Search filters: `course`, `doc_type`, `lang` (equality; empty means any) and
    `exclude_course` (rows of that course are left out).
    """

    async def search(self, query: str, k: int, filters: dict[str, str] | None = None
                     ) -> list[Document]:
        """Hybrid (BM25 + vector, RRF) search over child chunks; returns parent text as context.

        Each Document's metadata carries chunk_id, course, doc_type, lang, document_id, page
        and section."""
        ...

    async def documents(self, course: str | None = None) -> list[DocumentRecord]:
        """Every stored document (of one course when given), by course then display name."""
        ...

    async def courses(self) -> list[str]:
        """The distinct courses that hold at least one document."""
        ...

    async def embeddings_for(self, ids: Sequence[str]) -> dict[str, np.ndarray]:
        """Stored vectors of these chunk ids (an edited file re-embeds only changed chunks)."""
        ...

    async def replace_document(self, record: DocumentRecord, chunks: Sequence[StoredChunk]
                               ) -> None:
        """Store a document and its chunks (with embeddings) in one transaction, replacing
        every chunk of an earlier version with the same id: no stale chunk survives."""
        ...

    async def remove_document(self, document_id: str) -> int:
        """Remove a document and all its chunks; returns the chunks removed (0: no such id)."""
        ...

    async def count(self) -> int:
        """Number of stored child chunks."""
        ...

    async def known_terms(self, terms: Sequence[str], filters: dict[str, str] | None = None
                          ) -> set[str]:
        """Which of these terms occur in some stored chunk passing `filters` (same filters as
        search), matched the way lexical search matches (stemmed, case and diacritics folded;
        a term of several words as a phrase). The course's vocabulary, one term at a time."""
        ...


@runtime_checkable
class Vocabulary(Protocol):
    """A source that can say which words its material uses at all (the course store's
    vocabulary): a question whose content words occur nowhere is not covered by it."""

    async def known_terms(self, terms: Sequence[str], course: str | None = None) -> set[str]:
        """The terms found in the material `search(..., course)` would search."""
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


@dataclass(frozen=True, slots=True)
class Ranked:
    """Calibrated score per passage (input order) and the reranker tier that produced them."""

    scores: list[float]
    tier: str


class RerankPort(Protocol):
    """The reranker cascade as the graph sees it: calibrated scores plus the tier that ran."""

    async def score(self, query: str, passages: Sequence[str],
                    retrieval_scores: Sequence[float] | None = None) -> Ranked: ...


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


@dataclass(frozen=True, slots=True)
class SpaceAssignment:
    """A course space (channel, server, group, DM) and the course its questions are answered
    from."""

    space: str  # "discord:channel:123", "discord:guild:9", "telegram:chat:-100…", "…:user:42"
    course: str
    set_by: str  # platform user id of whoever set it
    set_at: datetime | None = None
    scope: str = ""  # the server or group the space belongs to ("" for a DM)


class SpaceStore(Protocol):
    """Durable space -> course mapping, shared by every process of one bot."""

    async def lookup(self, spaces: Sequence[str]) -> SpaceAssignment | None:
        """The assignment of the first of `spaces` (most specific first) that has one."""
        ...

    async def assign(self, assignment: SpaceAssignment) -> None:
        """Set (or change) a space's course."""
        ...

    async def unassign(self, space: str) -> bool:
        """Remove a space's course; False when it had none."""
        ...

    async def assignments(self) -> list[SpaceAssignment]:
        """Every assignment, by space."""
        ...

    async def mode(self, spaces: Sequence[str]) -> str | None:
        """The study-integrity mode (explain | guide) of the first of `spaces` (most specific
        first) that has one: a server's mode applies to its channels unless a channel sets its
        own. None when none has one (the caller's default, explain, applies)."""
        ...

    async def set_mode(self, space: str, mode: str, set_by: str) -> None:
        """Set (or change) a space's study-integrity mode."""
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
        """Erase the user's history (and votes) and return a confirmation."""
        ...

    async def sources(self, answer_id: str, language: str) -> Reply:
        """The passages an answer cited, quoted (the Sources button)."""
        ...

    async def vote(self, answer_id: str, platform: str, user_id: str, value: int,
                   reason: str = "", *, language: str = "en") -> Reply:
        """👍 (+1) / 👎 (-1) on an answer; a 👎 without a reason asks for one."""
        ...
