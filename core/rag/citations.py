"""Turning drafted [n] markers into numbered citations and a clean answer text."""
from __future__ import annotations

import re
from collections.abc import Sequence

from core.messages import Citation, Confidence
from core.rag.state import Chunk

_MARKER = re.compile(r"\s*\[(\d{1,2})\](?:\s*\[(\d{1,2})\])*")
_ANY_MARKER = re.compile(r"\[(\d{1,2})\]")


def cite(draft: str, context: Sequence[Chunk]) -> tuple[str, list[Citation]]:
    """Keep only sources whose markers were used, renumbered by first use; strip the markers."""
    order: list[int] = []
    for match in _ANY_MARKER.finditer(draft):
        n = int(match.group(1))
        if 1 <= n <= len(context) and n not in order:
            order.append(n)
    text = _MARKER.sub("", draft)
    text = re.sub(r"[ \t]+([.,;:!?؟])", r"\1", text)
    text = re.sub(r"[ \t]{2,}", " ", text).strip()
    return text, citations_for([context[n - 1] for n in order])


def citations_for(chunks: Sequence[Chunk]) -> list[Citation]:
    """Numbered citations for chunks, de-duplicated by where they come from."""
    out: list[Citation] = []
    seen: set[tuple[str, str, int | None]] = set()
    for chunk in chunks:
        key = (chunk.url_or_path, chunk.title, chunk.page)
        if key in seen:
            continue
        seen.add(key)
        title = chunk.title
        if chunk.section and title.endswith(f" › {chunk.section}"):
            title = title[: -len(f" › {chunk.section}")]  # the section is shown after the page
        out.append(Citation(len(out) + 1, title, chunk.url_or_path, chunk.source_type, chunk.id,
                            page=chunk.page, section=chunk.section,
                            unit="slide" if chunk.doc_type == "slides" else "page"))
    return out


def confidence_of(citations: Sequence[Citation]) -> Confidence:
    """From the course when every cited source is course material; supplemented otherwise."""
    if not citations:
        return Confidence.LOW
    if all(c.source_type == "course" for c in citations):
        return Confidence.COURSE
    return Confidence.SUPPLEMENTED
