"""Parent-child chunking over page-aware spans: parents (~1200 chars) are what generation reads,
children (~512 chars, overlapping) are what search matches. Cuts fall on section, paragraph and
sentence boundaries; parents never cross a section, and every child keeps the page (or slide)
its own text starts on, so a citation can name the page.
"""
from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from core.ingest.document import LoadError, Span, document_id
from core.ingest.limits import DEFAULT_LIMITS, IngestLimits, too_big
from core.ingest.loaders import LoadedDocument
from core.ports import DocumentRecord, StoredChunk
from core.rag.cohesion import refers_back
from core.sentences import introduces, sentence_pieces
from core.text import content_id, detect_language

PARENT_CHARS = 1200
CHILD_CHARS = 512
CHILD_OVERLAP = 100
CARRIED_CHARS = 300  # see _parents()
_SENTENCE_END = re.compile(r"[.!?؟](?:\s|$)")
_FOOTNOTE = re.compile(r"\d{1,3} \S[^\n]*$")
TERM_CHARS = 60  # a term line ("-k --keep", "BZ_MEM_ERROR") is at most this long
# a command-line option ("-k", "--keep", "-1 (or --fast)") or a constant ("BZ_MEM_ERROR")
_TERM = re.compile(r"(?:--?[A-Za-z0-9?]|[A-Z][A-Z0-9]*_[A-Z0-9_]+(?:\s|$))")
_NUMBERED = re.compile(r"\d+(?:\.\d+)*[.)]?\s+[^a-z\s]")  # "2.4 OPTIONS", "3) Run it"


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


@dataclass(frozen=True, slots=True)
class _Unit:
    text: str
    page: int | None
    ocr: float | None = None  # the span's OCR confidence: text recognised from pixels


def _is_block(paragraph: str) -> bool:
    """A paragraph that keeps its own line breaks (code, an example, table rows)."""
    return "\n" in paragraph


def _cut(text: str, limit: int) -> list[str]:
    """Over-long text into pieces: lines for blocks, sentences for prose, words last."""
    pieces = text.split("\n") if _is_block(text) else sentence_pieces(text)
    joiner = "\n" if _is_block(text) else " "
    out: list[str] = []
    for piece in pieces:
        out.extend(_split_long(piece, limit))
    return _pack(out, limit, joiner)


def _split_long(piece: str, limit: int) -> list[str]:
    """`piece` in parts of at most `limit` characters, cut at the last space past half-way.

    It walks an index instead of slicing the rest off after every cut (`piece = piece[cut:]`
    copied the whole remainder each time: one 16 MB line took 24 s, now it is linear)."""
    if len(piece) <= limit:
        return [piece] if piece.strip() else []
    out: list[str] = []
    start, end = 0, len(piece)
    while end - start > limit:
        cut = piece.rfind(" ", start, start + limit)
        cut = cut if cut - start > limit // 2 else start + limit
        out.append(piece[start:cut].strip())
        if start == 0:  # what is left after the first cut is stripped at both ends
            end = len(piece.rstrip())
        start = cut
        while start < end and piece[start].isspace():
            start += 1
    if start < end:
        out.append(piece[start:end])
    return out


def _units(spans: Sequence[Span], limit: int) -> list[_Unit]:
    """Paragraphs with their page; over-long ones cut (code by lines, prose by sentences). A
    sentence a page break cut in two is one paragraph again, on the page it starts on."""
    units: list[_Unit] = []
    for span in spans:
        first = True
        for para in re.split(r"\n[ \t]*\n", span.text):
            para = para.strip("\n").rstrip()
            if not para.strip():
                continue
            page, ocr, at = span.page, span.ocr_confidence, len(units)
            if first and units:
                last = _before_footnotes(units)
                if _runs_on(units[last], para, page):  # footnotes stay after the paragraph
                    before = units.pop(last)
                    para, page, ocr, at = f"{before.text} {para}", before.page, before.ocr, last
            first = False
            if units and at == len(units) and _is_term(units[-1].text) and _describes(para):
                term = units.pop()  # "-k --keep" / "Keep (don't delete) input files…"
                para, page, ocr, at = f"{term.text} — {para}", term.page, term.ocr, at - 1
            pieces = [para] if len(para) <= limit else _cut(para, limit)
            units[at:at] = [_Unit(p, page, ocr) for p in pieces]
    return units


def _is_term(text: str) -> bool:
    """An option or a constant on a line of its own ("-k --keep", "BZ_MEM_ERROR"), as manuals
    print definition lists: it names what the paragraph after it explains."""
    return (len(text) <= TERM_CHARS and not _is_block(text) and text[-1:] not in ".:;,!?؟"
            and _TERM.match(text) is not None)


def _describes(para: str) -> bool:
    """Prose that starts a sentence: what a term line before it means."""
    return para[:1].isupper() and not _is_block(para) and _SENTENCE_END.search(para) is not None


def _before_footnotes(units: list[_Unit]) -> int:
    """The index of the last paragraph of the page the units end on that is not one of its
    footnotes ("16 More precisely, they can contain..."), which a PDF puts under the text."""
    last = len(units) - 1
    while (last > 0 and _FOOTNOTE.match(units[last].text)
           and units[last - 1].page == units[-1].page):
        last -= 1
    return last


def _runs_on(before: _Unit, para: str, page: int | None) -> bool:
    """Whether `para`, the first paragraph of a new page, finishes the sentence the last page
    ended on ("...and not end in a period. Do" / "not repeat the package name: ..."): prose
    both, the one ending without a closing mark, the other going on in lower case."""
    end = before.text.rstrip()[-1:]
    if not (page is not None and before.page is not None and page != before.page
            and not _is_block(before.text) and end.isalnum()):
        return False
    # "…has a constant overhead in the region of" / "50 bytes. Random data…": a number goes
    # on a phrase cut after a lower-case word, unless it numbers a heading or an item
    return _goes_on(para) or (end.islower() and para[:1].isdigit() and not _is_block(para)
                              and not _NUMBERED.match(para)
                              and _SENTENCE_END.search(para) is not None)


def _goes_on(text: str) -> bool:
    """Prose that starts in lower case: it finishes a sentence begun before it."""
    return (text[:1].islower() and not _is_block(text)
            and _SENTENCE_END.search(text) is not None)


def _pack(pieces: list[str], limit: int, joiner: str) -> list[str]:
    packs: list[str] = []
    current = ""
    for piece in pieces:
        candidate = f"{current}{joiner}{piece}" if current else piece
        if len(candidate) <= limit or not current:
            current = candidate
        else:
            packs.append(current)
            current = piece
    if current:
        packs.append(current)
    return packs


def _parents(units: list[_Unit]) -> Iterator[list[_Unit]]:
    """Runs of units of about PARENT_CHARS. A parent never starts in the middle of a thought:
    before a sentence that goes on from the unit before it ("which reports unused local
    assignments." after the setting it describes) or an example that the last sentence
    introduces ("A typical application is seen at the start of the lm function:"), the next
    parent repeats that short unit or sentence, so an answer quoting one can show the other."""
    current: list[_Unit] = []
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


def _carried(before: _Unit, unit: _Unit) -> list[_Unit]:
    """What of `before` (a parent's last unit) the parent starting with `unit` repeats."""
    goes_on = unit.text[:1].isascii() and _goes_on(unit.text)
    if _is_block(before.text):
        # "This makes typing Esc take effect…" explains the example just above it
        explains = refers_back(unit.text) and not _is_block(unit.text)
        return [before] if (goes_on or explains) and len(before.text) <= CARRIED_CHARS else []
    tail = sentence_pieces(before.text.rstrip())[-1]
    if len(tail) <= CARRIED_CHARS and (goes_on or (_is_block(unit.text) and introduces(tail))):
        return [_Unit(tail, before.page, before.ocr)]
    return []


def _sentences(parent: list[_Unit]) -> list[_Unit]:
    out: list[_Unit] = []
    for unit in parent:
        if _is_block(unit.text):
            out.append(unit)  # a code block is matched whole, never cut into "sentences"
        else:
            out.extend(_Unit(s, unit.page, unit.ocr) for s in sentence_pieces(unit.text)
                       if s.strip())
    return out


def _children(parent: list[_Unit]) -> list[_Unit]:
    """Sentence windows of about CHILD_CHARS, each starting with a short overlap of the last."""
    children: list[_Unit] = []
    current: list[_Unit] = []
    overlap_n = 0
    for sentence in _sentences(parent):
        if len(current) > overlap_n and len(_join([*current, sentence])) > CHILD_CHARS:
            children.append(_child(current, overlap_n))
            overlap: list[_Unit] = []
            for prev in reversed(current):  # carry the tail sentences forward as overlap
                if len(_join([prev, *overlap])) > CHILD_OVERLAP:
                    break
                overlap.insert(0, prev)
            current, overlap_n = overlap, len(overlap)
        current.append(sentence)
    if len(current) > overlap_n:
        children.append(_child(current, overlap_n))
    return children


def _join(units: list[_Unit]) -> str:
    return " ".join(u.text for u in units)


def _child(sentences: list[_Unit], overlap_n: int) -> _Unit:
    """The window's text; its page (and OCR mark) is where its own (non-overlap) text starts."""
    start = sentences[overlap_n]
    return _Unit(_join(sentences), start.page, start.ocr)


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
        for parent in _parents(_units(run, PARENT_CHARS)):
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
