"""Parent-child chunking over page-aware spans: parents (~1200 chars) are what generation reads,
children (~512 chars, overlapping) are what search matches. Cuts fall on section, paragraph and
sentence boundaries; parents never cross a section, and every child keeps the page (or slide)
its own text starts on, so a citation can name the page.
"""
from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from core.ingest.document import LoadError, Span, document_id
from core.ingest.limits import DEFAULT_LIMITS, IngestLimits, too_big
from core.ingest.loaders import LoadedDocument
from core.ingest.paragraphs import Unit, goes_on, is_block, paragraphs
from core.ports import DocumentRecord, StoredChunk
from core.rag.cohesion import refers_back
from core.sentences import introduces, sentence_pieces
from core.text import content_id, detect_language

PARENT_CHARS = 1200
CHILD_CHARS = 512
CHILD_OVERLAP = 100
CARRIED_CHARS = 300  # see _parents()


@dataclass(frozen=True, slots=True)
class ChunkDraft:
    """A child chunk before embedding: its text, its parent's text, its page and section."""

    id: str
    text: str
    parent_id: str
    parent_text: str
    section: str
    page: int | None
    ocr_confidence: float | None = None


def _parents(units: list[Unit]) -> Iterator[list[Unit]]:
    """Runs of units of about PARENT_CHARS. A parent never starts in the middle of a thought:
    before a sentence that goes on from the unit before it ("which reports unused local
    assignments." after the setting it describes) or an example that the last sentence
    introduces ("A typical application is seen at the start of the lm function:"), the next
    parent repeats that short unit or sentence, so an answer quoting one can show the other."""
    current: list[Unit] = []
    size = 0
    for unit in units:
        if current and size + 2 + len(unit.text) > PARENT_CHARS:
            yield current
            current = _carried(current[-1], unit)
            size = sum(len(u.text) + 2 for u in current)
        current.append(unit)
        size += len(unit.text) + (2 if size else 0)
    if current:
        yield current


def _carried(before: Unit, unit: Unit) -> list[Unit]:
    """What of `before` (a parent's last unit) the parent starting with `unit` repeats."""
    finishes = unit.text[:1].isascii() and goes_on(unit.text)
    if is_block(before.text):
        # "This makes typing Esc take effect…" explains the example just above it
        explains = refers_back(unit.text) and not is_block(unit.text)
        return [before] if (finishes or explains) and len(before.text) <= CARRIED_CHARS else []
    tail = sentence_pieces(before.text.rstrip())[-1]
    if len(tail) <= CARRIED_CHARS and (finishes or (is_block(unit.text) and introduces(tail))):
        return [Unit(tail, before.page, before.ocr)]
    return []


def _sentences(parent: list[Unit]) -> list[Unit]:
    out: list[Unit] = []
    for unit in parent:
        if is_block(unit.text):
            out.append(unit)  # a code block is matched whole, never cut into "sentences"
        else:
            out.extend(Unit(s, unit.page, unit.ocr) for s in sentence_pieces(unit.text)
                       if s.strip())
    return out


def _children(parent: list[Unit]) -> list[Unit]:
    """Sentence windows of about CHILD_CHARS, each starting with a short overlap of the last."""
    children: list[Unit] = []
    current: list[Unit] = []
    overlap_n = 0
    for sentence in _sentences(parent):
        if len(current) > overlap_n and len(_join([*current, sentence])) > CHILD_CHARS:
            children.append(_child(current, overlap_n))
            overlap: list[Unit] = []
            for prev in reversed(current):  # carry the tail sentences forward as overlap
                if len(_join([prev, *overlap])) > CHILD_OVERLAP:
                    break
                overlap.insert(0, prev)
            current, overlap_n = overlap, len(overlap)
        current.append(sentence)
    if len(current) > overlap_n:
        children.append(_child(current, overlap_n))
    return children


def _join(units: list[Unit]) -> str:
    return " ".join(u.text for u in units)


def _child(sentences: list[Unit], overlap_n: int) -> Unit:
    """The window's text; its page (and OCR mark) is where its own (non-overlap) text starts."""
    start = sentences[overlap_n]
    return Unit(_join(sentences), start.page, start.ocr)


def _sections(spans: Sequence[Span]) -> Iterator[tuple[str, list[Span]]]:
    """Runs of consecutive spans under the same section."""
    run: list[Span] = []
    for span in spans:
        if run and span.section != run[-1].section:
            yield run[-1].section, run
            run = []
        run.append(span)
    if run:
        yield run[-1].section, run


def chunk_spans(spans: Sequence[Span], scope: str = "",
                max_chunks: int | None = None) -> list[ChunkDraft]:
    """All child chunks of a document, each knowing its parent, page and section.

    `scope` (the document id) goes into every id: the same text in two documents or two
    courses is two chunks, and removing one document never touches the other's. More than
    `max_chunks` raises LoadError as soon as the next one is made (a huge file stops early).
    """
    drafts: list[ChunkDraft] = []
    seen: set[str] = set()
    for section, run in _sections(spans):
        for parent in _parents(paragraphs(run, PARENT_CHARS)):
            parent_text = "\n\n".join(u.text for u in parent)
            parent_id = content_id(f"{scope}\n{parent_text}")
            for child in _children(parent):
                child_id = content_id(f"{scope}\n{child.text}")
                if child_id in seen:
                    continue
                seen.add(child_id)
                if max_chunks is not None and len(drafts) >= max_chunks:
                    raise LoadError(too_big(f"the file makes more than {max_chunks:,} passages",
                                            f"{max_chunks:,}", "INGEST_MAX_CHUNKS"))
                drafts.append(ChunkDraft(child_id, child.text, parent_id, parent_text, section,
                                         child.page, child.ocr))
    return drafts


def to_chunks(doc: LoadedDocument, limits: IngestLimits = DEFAULT_LIMITS
              ) -> tuple[DocumentRecord, list[StoredChunk]]:
    """A loaded document as its store record and its (not yet embedded) chunks; LoadError when
    it would make more than `limits.max_chunks`."""
    doc_id = document_id(doc.course, doc.display_name)
    chunks = []
    for draft in chunk_spans(doc.spans, scope=doc_id, max_chunks=limits.max_chunks):
        title = (f"{doc.title} › {draft.section}" if draft.section and draft.section != doc.title
                 else doc.title)
        chunks.append(StoredChunk(
            id=draft.id, text=draft.text, parent_id=draft.parent_id, parent_text=draft.parent_text,
            title=title, url_or_path=doc.display_name, course=doc.course, doc_type=doc.doc_type,
            lang=detect_language(draft.text), document_id=doc_id, page=draft.page,
            section=draft.section, ocr_confidence=draft.ocr_confidence))
    record = DocumentRecord(id=doc_id, course=doc.course, display_name=doc.display_name,
                            title=doc.title, format=doc.format, doc_type=doc.doc_type,
                            content_hash=doc.content_hash, pages=doc.pages, chunks=len(chunks))
    return record, chunks
