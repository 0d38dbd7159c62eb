"""Ingestion pipeline: files -> chunks -> (only new ones) embedded -> stored, with progress.

Idempotent by content id: unchanged text is recognised before any embedding work is done, so
re-ingesting the same files adds nothing and is fast. One bad file never stops the others.
"""
from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

from core.ingest.chunking import chunk_document
from core.ingest.loaders import LoadError, discover, load
from core.ports import CourseStore, Embedder, StoredChunk
from core.text import detect_language

EMBED_BATCH = 32
Progress = Callable[[int], None]  # called with the number of chunks just processed


@dataclass(slots=True)
class IngestReport:
    """What an ingestion run did, for the CLI summary and benchmarks."""

    files_ok: int = 0
    chunks_total: int = 0
    chunks_new: int = 0
    chunks_skipped: int = 0
    errors: list[str] = field(default_factory=list)
    seconds: float = 0.0


def prepare(path: Path, default_course: str = "", display: str | None = None) -> list[StoredChunk]:
    """Load and chunk one file into StoredChunks without embeddings (raises LoadError)."""
    doc = load(path, default_course, display)
    chunks = []
    for draft in chunk_document(doc.text):
        title = f"{doc.title} › {draft.section}" if draft.section and draft.section != doc.title else doc.title
        chunks.append(StoredChunk(id=draft.id, text=draft.text, parent_id=draft.parent_id,
                                  parent_text=draft.parent_text, title=title, url_or_path=doc.path,
                                  course=doc.course, doc_type=doc.doc_type,
                                  lang=detect_language(draft.text)))
    return chunks


def embedding_text(chunk: StoredChunk) -> str:
    """What the embedder sees: the section title gives short chunks their topic."""
    return f"{chunk.title}. {chunk.text}"


async def store_chunks(store: CourseStore, embedder: Embedder, chunks: Sequence[StoredChunk],
                       progress: Progress | None = None) -> tuple[int, int]:
    """Embed and upsert the chunks the store lacks; returns (new, skipped)."""
    existing = await store.existing_ids([c.id for c in chunks])
    todo = [c for c in chunks if c.id not in existing]
    if progress and existing:
        progress(len(chunks) - len(todo))
    added = 0
    for start in range(0, len(todo), EMBED_BATCH):
        batch = todo[start: start + EMBED_BATCH]
        vectors = await embedder.embed_passages([embedding_text(c) for c in batch])
        added += await store.upsert([replace(c, embedding=v) for c, v in zip(batch, vectors, strict=True)])
        if progress:
            progress(len(batch))
    return added, len(chunks) - len(todo)


async def ingest_paths(paths: Sequence[Path], store: CourseStore, embedder: Embedder, *,
                       default_course: str = "",
                       progress_factory: Callable[[int], Progress] | None = None) -> IngestReport:
    """Ingest files and folders; per-file errors are collected, not raised."""
    started = time.perf_counter()
    report = IngestReport()
    files, problems = discover([Path(p) for p in paths])
    report.errors.extend(problems)
    prepared: list[StoredChunk] = []
    for path, display in files:
        try:
            prepared.extend(prepare(path, default_course, display))
            report.files_ok += 1
        except LoadError as exc:
            report.errors.append(str(exc))
    progress = progress_factory(len(prepared)) if progress_factory else None
    report.chunks_total = len(prepared)
    report.chunks_new, report.chunks_skipped = await store_chunks(store, embedder, prepared, progress)
    report.seconds = time.perf_counter() - started
    return report
