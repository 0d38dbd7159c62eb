"""Ingestion: files -> documents -> chunks -> (only changed ones) embedded -> stored, with progress.

A document is identified by its course and display name. An unchanged file (same bytes) is
recognised before it is even parsed; an edited one replaces its previous version in one store
transaction, re-embedding only the chunks whose text changed. One bad file never stops the
others, and every problem is reported as one line naming the file.
"""
from __future__ import annotations

import asyncio
import functools
import logging
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING

from core.ingest import html
from core.ingest.document import LoadError
from core.ingest.limits import DEFAULT_LIMITS, IngestLimits
from core.ingest.loaders import FORMATS, Found, LoadedDocument, content_hash, discover, read_bytes
from core.ingest.sandbox import prepare, prepare_isolated
from core.ports import CourseStore, DocumentRecord, Embedder, StoredChunk

if TYPE_CHECKING:
    from core.ingest.sandbox import Prepared

log = logging.getLogger(__name__)
EMBED_BATCH = 32
Progress = Callable[[int], None]  # called with the number of chunks just processed
ReadStep = Callable[[str, str], None]  # (file, slow step starting): OCR pages while reading


@dataclass(slots=True)
class IngestReport:
    """What an ingestion run did, for the CLI summary and benchmarks."""

    files_ok: int = 0  # documents added or replaced
    files_unchanged: int = 0
    chunks_total: int = 0
    chunks_new: int = 0  # chunks embedded in this run
    chunks_reused: int = 0  # chunks of an edited file whose text (and vector) was kept
    added: list[str] = field(default_factory=list)  # display names of new documents
    replaced: list[str] = field(default_factory=list)  # display names of replaced documents
    replaced_unlike: list[str] = field(default_factory=list)  # of them, sharing no passage
    skipped: list[str] = field(default_factory=list)  # files in folders that are not course files
    warnings: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    # the course's documents not in the folders of this run: deleted or moved files stay
    # searchable and cited until removed (`docs remove`), so the run names them
    not_found: list[str] = field(default_factory=list)
    seconds: float = 0.0

    @property
    def chunks_skipped(self) -> int:
        return self.chunks_total - self.chunks_new


def embedding_text(chunk: StoredChunk) -> str:
    """What the embedder sees: the section title gives short chunks their topic."""
    return f"{chunk.title}. {chunk.text}"


async def embed_chunks(store: CourseStore, embedder: Embedder, chunks: Sequence[StoredChunk],
                       progress: Progress | None = None) -> tuple[list[StoredChunk], int]:
    """Chunks with vectors: kept from the store where the text is unchanged, else embedded.

    Returns (chunks, how many were embedded now)."""
    known = await store.embeddings_for([c.id for c in chunks])
    out = [replace(c, embedding=known[c.id]) if c.id in known else c for c in chunks]
    todo = [i for i, c in enumerate(out) if c.embedding is None]
    if progress and len(todo) < len(out):
        progress(len(out) - len(todo))
    for start in range(0, len(todo), EMBED_BATCH):
        batch = todo[start: start + EMBED_BATCH]
        vectors = await embedder.embed_passages([embedding_text(out[i]) for i in batch])
        for i, vector in zip(batch, vectors, strict=True):
            out[i] = replace(out[i], embedding=vector)
        if progress:
            progress(len(batch))
    return out, len(todo)


async def store_document(store: CourseStore, embedder: Embedder, doc: LoadedDocument,
                         prepared: tuple[DocumentRecord, list[StoredChunk]], *, replaces: bool,
                         report: IngestReport, progress: Progress | None = None) -> None:
    """Embed and store one chunked document (`to_chunks`), replacing an earlier version."""
    record, chunks = prepared
    embedded, fresh = await embed_chunks(store, embedder, chunks, progress)
    await store.replace_document(record, embedded)
    report.files_ok += 1
    report.chunks_total += len(chunks)
    report.chunks_new += fresh
    report.chunks_reused += len(chunks) - fresh
    (report.replaced if replaces else report.added).append(doc.display_name)
    if replaces and fresh == len(chunks):  # not one passage kept: an edit, or another file
        report.replaced_unlike.append(doc.display_name)  # of that name
    report.warnings.extend(f"{doc.display_name}: {w}" for w in doc.warnings)


async def ingest_paths(paths: Sequence[Path], store: CourseStore, embedder: Embedder, *,
                       course: str | None = None,
                       progress_factory: Callable[[int], Progress] | None = None,
                       limits: IngestLimits = DEFAULT_LIMITS,
                       isolate: bool = True, on_step: ReadStep | None = None) -> IngestReport:
    """Ingest files and folders into `course` (None: each notes file's Course: line, else "").

    Each file is read and chunked in a child process under `limits` (`isolate=False`: in this
    process, for callers that trust their files). Per-file problems are collected in the
    report, never raised. `on_step` hears of slow steps while a file is read (each OCR page),
    before there are chunks for `progress_factory` to count."""
    started = time.perf_counter()
    report = IngestReport()
    files, report.skipped, problems = discover([Path(p) for p in paths], _no_ocr(limits))
    report.errors.extend(problems)
    documents = await store.documents()
    stored = {(d.course, d.display_name): d.content_hash for d in documents}
    report.not_found = _not_found(paths, files, course, documents)
    ready: list[Prepared] = []
    for found in files:
        try:
            done = await _prepare_if_changed(found, course, stored, limits, isolate, on_step)
        except LoadError as exc:
            if str(exc) == html.NO_TEXT:  # a manual's index page: nothing to read, no failure
                report.skipped.append(f"{found.display_name} (a page with links only, no text)")
            else:
                report.errors.append(f"{found.display_name}: {exc}")
            continue
        except Exception as exc:  # a parser bug on one odd file must not stop the folder
            log.debug("loading %s failed", found.display_name, exc_info=True)
            report.errors.append(f"{found.display_name}: could not be read "
                                 f"({type(exc).__name__}: {str(exc)[:120]})")
            continue
        if done is None:
            report.files_unchanged += 1
        else:
            ready.append(done)
    progress = progress_factory(sum(len(c) for _, (_, c) in ready)) if progress_factory else None
    for doc, prepared in ready:
        await store_document(store, embedder, doc, prepared, report=report, progress=progress,
                             replaces=(doc.course, doc.display_name) in stored)
    report.seconds = time.perf_counter() - started
    return report


def _not_found(paths: Sequence[Path], files: Sequence[Found], course: str | None,
               documents: Sequence[DocumentRecord]) -> list[str]:
    """The course's files that a run over folders did not find (staff answers are no files),
    when the run found some of the course's files: a folder ingested again, where a file gone
    was deleted or moved. [] for a run over single files, without a course, or over other
    folders (new material beside files ingested from elsewhere, which are not missing)."""
    if course is None or not any(Path(p).is_dir() for p in paths):
        return []
    seen = {f.display_name for f in files}
    files_of_course = {d.display_name for d in documents
                       if d.course == course and d.format in FORMATS.values()}
    if seen.isdisjoint(files_of_course):
        return []
    return sorted(files_of_course - seen)


def _no_ocr(limits: IngestLimits) -> str | None:
    """Why images cannot be read (no OCR engine), None when they can."""
    from core.ingest import ocr

    if ocr.available(limits.ocr.languages, command=limits.ocr.command):
        return None
    return f"OCR needs {ocr.install_hint()}"


async def _prepare_if_changed(found: Found, course: str | None,
                              stored: dict[tuple[str, str], str], limits: IngestLimits,
                              isolate: bool, on_step: ReadStep | None) -> Prepared | None:
    """The read and chunked file, or None when the store already holds exactly these bytes."""
    data = read_bytes(found.path)
    digest = content_hash(data)
    course_line = course is None and FORMATS.get(found.path.suffix.lower()) in ("md", "txt")
    if not course_line and stored.get((course or "", found.display_name)) == digest:
        return None  # known before parsing: an unchanged folder re-ingests in moments
    reader = prepare_isolated if isolate else prepare
    step = functools.partial(on_step, found.display_name) if on_step else None
    doc, prepared = await asyncio.to_thread(reader, data, found.display_name, course, limits,
                                            step)
    if course_line and stored.get((doc.course, doc.display_name)) == digest:
        return None  # the Course: line decided which document this is: it had to be read first
    return doc, prepared
