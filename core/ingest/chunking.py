"""Parent-child chunking: parents (~1200 chars) are what generation reads, children (~512 chars,
overlapping) are what search matches. Cuts fall on section, paragraph and sentence boundaries.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from core.text import content_id

PARENT_CHARS = 1200
CHILD_CHARS = 512
CHILD_OVERLAP = 100
_HEADING = re.compile(r"^(#{1,6})\s+(.+?)\s*#*\s*$", re.MULTILINE)
_SENTENCE = re.compile(r"(?<=[.!?؟])\s+")


@dataclass(frozen=True, slots=True)
class ChunkDraft:
    """A child chunk before embedding: its text, its parent's text and its section title."""

    id: str
    text: str
    parent_id: str
    parent_text: str
    section: str


def sections(text: str) -> list[tuple[str, str]]:
    """(heading, body) pairs; text before the first heading gets an empty heading."""
    out: list[tuple[str, str]] = []
    last_end, heading = 0, ""
    for match in _HEADING.finditer(text):
        out.append((heading, text[last_end: match.start()]))
        heading, last_end = match.group(2).strip(), match.end()
    out.append((heading, text[last_end:]))
    return [(h, b.strip()) for h, b in out if b.strip()]


def _units(body: str, limit: int) -> list[str]:
    """Paragraphs, with over-long ones cut into sentences (and over-long sentences into words)."""
    units: list[str] = []
    for para in re.split(r"\n\s*\n", body):
        para = para.strip()
        if not para:
            continue
        if len(para) <= limit:
            units.append(para)
            continue
        for sentence in _SENTENCE.split(para):
            while len(sentence) > limit:
                cut = sentence.rfind(" ", 0, limit)
                cut = cut if cut > limit // 2 else limit
                units.append(sentence[:cut].strip())
                sentence = sentence[cut:].strip()
            if sentence:
                units.append(sentence)
    return units


def _pack(units: list[str], limit: int, joiner: str) -> list[str]:
    packs: list[str] = []
    current = ""
    for unit in units:
        candidate = f"{current}{joiner}{unit}" if current else unit
        if len(candidate) <= limit or not current:
            current = candidate
        else:
            packs.append(current)
            current = unit
    if current:
        packs.append(current)
    return packs


def _children(parent: str) -> list[str]:
    sentences = [s for u in _units(parent, CHILD_CHARS) for s in _SENTENCE.split(u) if s.strip()]
    children: list[str] = []
    current: list[str] = []
    for sentence in sentences:
        if current and len(" ".join([*current, sentence])) > CHILD_CHARS:
            children.append(" ".join(current))
            overlap: list[str] = []
            for prev in reversed(current):  # carry the tail sentences forward as overlap
                if len(" ".join([prev, *overlap])) > CHILD_OVERLAP:
                    break
                overlap.insert(0, prev)
            current = overlap
        current.append(sentence)
    if current:
        children.append(" ".join(current))
    return children or [parent]


def chunk_document(text: str) -> list[ChunkDraft]:
    """All child chunks of a document, each knowing its parent and section."""
    drafts: list[ChunkDraft] = []
    seen: set[str] = set()
    for heading, body in sections(text):
        for parent in _pack(_units(body, PARENT_CHARS), PARENT_CHARS, "\n\n"):
            parent_id = content_id(parent)
            for child in _children(parent):
                child_id = content_id(child)
                if child_id in seen:
                    continue
                seen.add(child_id)
                drafts.append(ChunkDraft(child_id, child, parent_id, parent, heading))
    return drafts
