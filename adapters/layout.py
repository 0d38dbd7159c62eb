"""Shared reply layout for every platform: blocks, source labels, confidence marks, splitting.

Adapters escape each block for their markup, then `pack` them under the platform's limit, so a
citation line is never cut in two and paragraphs stay whole whenever they fit.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Iterable

from core.messages import Citation, Confidence, Reply
from core.texts.layout import LAYOUT, MARKED

MAX_TITLE_CHARS = 150
# a staff answer's stored title (core/escalation/notes.TITLE), said in the reply's language
STAFF_TITLE = re.compile(r"^Staff answer · (?P<date>\d{4}-\d{2}-\d{2})$")
MAX_LOCATION_CHARS = 300
_SENTENCE_END = re.compile(r"(?<=[.!?؟。])\s+")


def source_label(source_type: str, language: str = "en") -> str:
    key = f"source_{source_type}"
    return LAYOUT(key, language) if key in LAYOUT else source_type.capitalize() or "Source"


def confidence_mark(reply: Reply) -> str | None:
    """The line shown under an answer saying how sure it is; None for non-answers. A ✅ answer
    quoted from material in the other language says so, so the student knows what to open."""
    if reply.confidence.value not in MARKED:
        return None
    if reply.confidence is Confidence.COURSE and reply.quoted_language:
        return LAYOUT("mark_course_cross", reply.language,
                      source=LAYOUT(f"language_{reply.quoted_language}", reply.language))
    return LAYOUT(f"mark_{reply.confidence.value}", reply.language)


def _clip(text: str, limit: int) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def location_of(citation: Citation, language: str = "en") -> str:
    """Where to look: "R-data.pdf, p. 12 › Lists", "deck.pptx, slide 3", "notes.md › Heaps",
    or an outside source's URL."""
    location = citation.url_or_path
    if citation.page is not None:
        label = LAYOUT(f"unit_{citation.unit}" if citation.unit == "slide" else "unit_page",
                       language)
        location += f", {label} {citation.page}"
    if citation.section:
        location += f" › {citation.section}"
    return location


def citation_parts(citation: Citation, language: str = "en") -> tuple[str, str, str]:
    """(number + label, title, location) of one citation, each plain and clipped; the location
    of course material says where in the file to look, so a student can open the page."""
    head = f"[{citation.n}] {source_label(citation.source_type, language)}"
    title = citation.title
    if citation.source_type == "course" and (staff := STAFF_TITLE.match(title)):
        title = LAYOUT("staff_answer", language, date=staff.group("date"))
    return (head, _clip(title, MAX_TITLE_CHARS),
            _clip(location_of(citation, language), MAX_LOCATION_CHARS))


def sources_heading(language: str) -> str:
    return LAYOUT("sources", language)


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
