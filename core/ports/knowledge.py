"""Ports for what answers are made of: sources, the course store, embedders, rerankers."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Protocol, runtime_checkable

import numpy as np


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
    ocr_confidence: float | None = None  # mean OCR word confidence 0-100: text read from pixels


@dataclass(frozen=True, slots=True)
class DocumentRecord:
    """One ingested file as users see and manage it (`studybuddy docs list`)."""

    id: str  # stable for (course, display name): an edited file keeps its id and is replaced
    course: str
    display_name: str  # file name relative to the folder that was ingested
    title: str
    format: str  # pdf | html | docx | pptx | md | txt
    doc_type: str
    content_hash: str  # bytes' SHA-256 + readers' version: an unchanged file is skipped at once
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

    async def passages(self, k: int, filters: dict[str, str] | None = None) -> list[Document]:
        """Up to k child chunks passing `filters` (as search filters), in stored order, shaped
        as search hits (score 0): every child, not one per parent, so a warm-up can embed what
        the reranker will read before the first question comes."""
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


@runtime_checkable
class PassageLister(Protocol):
    """A source that can list its stored passages, every child chunk (the course store): what
    a warm-up embeds before the first question."""

    async def passages(self, k: int, course: str | None = None) -> list[Document]:
        """Up to k passages of the material `search(..., course)` would search."""
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


class Reranker(Protocol):
    """The reranker cascade as the graph sees it: calibrated scores plus the tier that ran."""

    async def score(self, query: str, passages: Sequence[str],
                    retrieval_scores: Sequence[float] | None = None) -> Ranked: ...


class RerankTier(Protocol):
    """Scores (query, passage) pairs on a calibrated [0, 1] scale shared by every tier."""

    name: str

    async def score(self, query: str, passages: Sequence[str]) -> list[float]:
        """One calibrated score per passage, in input order; raise on failure."""
        ...
