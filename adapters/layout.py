"""Shared reply layout for every platform: blocks, source labels, confidence marks, splitting.

Adapters escape each block for their markup, then `pack` them under the platform's limit, so a
citation line is never cut in two and paragraphs stay whole whenever they fit.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Iterable

from core.messages import Citation, Confidence, Reply

SOURCE_LABELS = {"course": "Course", "wikipedia": "Wikipedia", "arxiv": "arXiv", "web": "Web"}
SOURCE_LABELS_AR = {"course": "المقرر", "wikipedia": "ويكيبيديا", "arxiv": "arXiv", "web": "الويب"}
CONFIDENCE_MARKS = {
    Confidence.COURSE: "✅ Answered from your course materials",
    Confidence.SUPPLEMENTED: "🌐 Supplemented from outside sources (Wikipedia / arXiv / web)",
    Confidence.LOW: ("⚠️ Low confidence: the sources did not fully answer this — "
                     "check with your course"),
}
CONFIDENCE_MARKS_AR = {
    Confidence.COURSE: "✅ الإجابة من مواد المقرر",
    Confidence.SUPPLEMENTED: "🌐 مدعومة بمصادر خارجية (ويكيبيديا / arXiv / الويب)",
    Confidence.LOW: "⚠️ ثقة منخفضة: لم تُجب المصادر عن السؤال تمامًا — راجع مقررك",
}
MAX_TITLE_CHARS = 150
MAX_LOCATION_CHARS = 300
_SENTENCE_END = re.compile(r"(?<=[.!?؟。])\s+")


def source_label(source_type: str, language: str = "en") -> str:
    labels = SOURCE_LABELS_AR if language == "ar" else SOURCE_LABELS
    return labels.get(source_type, source_type.capitalize() or "Source")


def confidence_mark(reply: Reply) -> str | None:
    """The line shown under an answer saying how sure it is; None for non-answers."""
    marks = CONFIDENCE_MARKS_AR if reply.language == "ar" else CONFIDENCE_MARKS
    return marks.get(reply.confidence)


def _clip(text: str, limit: int) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


PAGE_LABELS = {("en", "page"): "p.", ("en", "slide"): "slide", ("ar", "page"): "ص",
               ("ar", "slide"): "شريحة"}


def location_of(citation: Citation, language: str = "en") -> str:
    """Where to look: "R-data.pdf, p. 12 › Lists", "deck.pptx, slide 3", "notes.md › Heaps",
    or an outside source's URL."""
    location = citation.url_or_path
    if citation.page is not None:
        label = PAGE_LABELS.get((language if language == "ar" else "en", citation.unit), "p.")
        location += f", {label} {citation.page}"
    if citation.section:
        location += f" › {citation.section}"
    return location


def citation_parts(citation: Citation, language: str = "en") -> tuple[str, str, str]:
    """(number + label, title, location) of one citation, each plain and clipped; the location
    of course material says where in the file to look, so a student can open the page."""
    head = f"[{citation.n}] {source_label(citation.source_type, language)}"
    return (head, _clip(citation.title, MAX_TITLE_CHARS),
            _clip(location_of(citation, language), MAX_LOCATION_CHARS))


def sources_heading(language: str) -> str:
    return "المصادر:" if language == "ar" else "Sources:"


def split_block(block: str, limit: int) -> list[str]:
    """Split one over-long block on line, then sentence, then word boundaries; hard-cut last."""
    if len(block) <= limit:
        return [block]
    # splitlines: "\r" and other line breaks are boundaries too, not text to hard-cut through.
    for pieces, joiner in ((block.splitlines(), "\n"), (_SENTENCE_END.split(block), " "),
                           (block.split(" "), " ")):
        if len(pieces) > 1:
            return _greedy(pieces, joiner, limit, lambda p: split_block(p, limit))
    return [block[i: i + limit] for i in range(0, len(block), limit)]


def _greedy(pieces: Iterable[str], joiner: str, limit: int,
            oversize: Callable[[str], list[str]]) -> list[str]:
    out: list[str] = []
    current = ""
    for piece in pieces:
        if not piece:
            continue
        candidate = f"{current}{joiner}{piece}" if current else piece
        if len(candidate) <= limit:
            current = candidate
            continue
        if current:
            out.append(current)
        if len(piece) <= limit:
            current = piece
        else:
            parts = oversize(piece)
            out.extend(parts[:-1])
            current = parts[-1]
    if current:
        out.append(current)
    return out


def pack(blocks: Iterable[str], limit: int, joiner: str = "\n\n") -> list[str]:
    """Join rendered blocks into as few messages as fit under `limit` characters each."""
    return _greedy((b for b in blocks if b.strip()), joiner, limit, lambda b: split_block(b, limit))
