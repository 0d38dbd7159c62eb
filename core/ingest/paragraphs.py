"""A document's paragraphs with their page, the units passages are built from: which lines
belong together before any passage is cut (a sentence a page break split, an option's line and
its description, a quoted term and what follows it), and over-long paragraphs cut (code by
lines, prose by sentences).
"""
from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from core.ingest.document import Span
from core.sentences import sentence_pieces

_SENTENCE_END = re.compile(r"[.!?؟](?:\s|$)")
_FOOTNOTE = re.compile(r"\d{1,3} \S[^\n]*$")
TERM_CHARS = 60  # a term line ("-k --keep", "BZ_MEM_ERROR") is at most this long
# a command-line option ("-k", "--keep", "-1 (or --fast)") or a constant ("BZ_MEM_ERROR")
_TERM = re.compile(r"(?:--?[A-Za-z0-9?]|[A-Z][A-Z0-9]*_[A-Z0-9_]+(?:\s|$))")
_NUMBERED = re.compile(r"\d+(?:\.\d+)*[.)]?\s+[^a-z\s]")  # "2.4 OPTIONS", "3) Run it"
# a list item led by its quoted term as a sentence of its own: '- "Definitely lost". This
# covers case 3… This means that no pointer to the block can be found.' (Valgrind's manual)
_QUOTED_TERM = re.compile(r'^([-•*][ \t]+)(["“«][^"”»\n]{1,40}["”»])\.[ \t]+(?=\S)', re.M)


@dataclass(frozen=True, slots=True)
class Unit:
    text: str
    page: int | None
    ocr: float | None = None  # the span's OCR confidence: text recognised from pixels


def is_block(paragraph: str) -> bool:
    """A paragraph that keeps its own line breaks (code, an example, table rows)."""
    return "\n" in paragraph


def _cut(text: str, limit: int) -> list[str]:
    """Over-long text into pieces: lines for blocks, sentences for prose, words last."""
    pieces = text.split("\n") if is_block(text) else sentence_pieces(text)
    joiner = "\n" if is_block(text) else " "
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


def paragraphs(spans: Sequence[Span], limit: int) -> list[Unit]:
    """Paragraphs with their page; over-long ones cut (code by lines, prose by sentences). A
    sentence a page break cut in two is one paragraph again, on the page it starts on."""
    units: list[Unit] = []
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
            para = _QUOTED_TERM.sub(r"\1\2 — ", para)
            if units and at == len(units) and _is_term(units[-1].text) and _describes(para):
                term = units.pop()  # "-k --keep" / "Keep (don't delete) input files…"
                para, page, ocr, at = f"{term.text} — {para}", term.page, term.ocr, at - 1
            pieces = [para] if len(para) <= limit else _cut(para, limit)
            units[at:at] = [Unit(p, page, ocr) for p in pieces]
    return units


def _is_term(text: str) -> bool:
    """An option or a constant on a line of its own ("-k --keep", "BZ_MEM_ERROR"), as manuals
    print definition lists: it names what the paragraph after it explains."""
    return (len(text) <= TERM_CHARS and not is_block(text) and text[-1:] not in ".:;,!?؟"
            and _TERM.match(text) is not None)


def _describes(para: str) -> bool:
    """Prose that starts a sentence: what a term line before it means."""
    return para[:1].isupper() and not is_block(para) and _SENTENCE_END.search(para) is not None


def _before_footnotes(units: list[Unit]) -> int:
    """The index of the last paragraph of the page the units end on that is not one of its
    footnotes ("16 More precisely, they can contain..."), which a PDF puts under the text."""
    last = len(units) - 1
    while (last > 0 and _FOOTNOTE.match(units[last].text)
           and units[last - 1].page == units[-1].page):
        last -= 1
    return last


def _runs_on(before: Unit, para: str, page: int | None) -> bool:
    """Whether `para`, the first paragraph of a new page, finishes the sentence the last page
    ended on ("...and not end in a period. Do" / "not repeat the package name: ..."): prose
    both, the one ending without a closing mark, the other going on in lower case."""
    end = before.text.rstrip()[-1:]
    if not (page is not None and before.page is not None and page != before.page
            and not is_block(before.text) and end.isalnum()):
        return False
    # "…has a constant overhead in the region of" / "50 bytes. Random data…": a number goes
    # on a phrase cut after a lower-case word, unless it numbers a heading or an item
    return goes_on(para) or (end.islower() and para[:1].isdigit() and not is_block(para)
                              and not _NUMBERED.match(para)
                              and _SENTENCE_END.search(para) is not None)


def goes_on(text: str) -> bool:
    """Prose that starts in lower case: it finishes a sentence begun before it."""
    return (text[:1].islower() and not is_block(text)
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
