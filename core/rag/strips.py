"""What the offline picker works on: candidates (each sentence or example block of the
context, in reading order) and the strips it picks from them, keyed by (passage, position).
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Strip:
    """One sentence (or example block) of one context chunk with its relevance to the question."""

    text: str
    chunk: int  # index into the chunks given
    position: int  # sentence index inside the chunk
    score: float
    block: bool = False  # an example / code block, shown with its own line breaks
    lexical: float = 0.0  # share of the question's keywords the sentence itself contains
    semantic: float = 0.0  # closeness in meaning to the question on its band, 0-1


@dataclass(frozen=True, slots=True)
class Candidate:
    """A sentence or example block of a context chunk, before it is scored."""

    chunk: int
    position: int
    text: str
    block: bool
    paragraph: int
    listing: bool = False  # a window of a long listing: picked as a sentence is, shown as a block


def indexed(candidates: list[Candidate]) -> dict[tuple[int, int], int]:
    """Where each (passage, position) sits in the candidate list: picked strips are keyed by
    the former, the scores by the latter."""
    return {(c.chunk, c.position): i for i, c in enumerate(candidates)}


def same_paragraph(candidates: list[Candidate], i: int, j: int) -> bool:
    """Two sentences of one paragraph (an example block is never one)."""
    a, b = candidates[i], candidates[j]
    return not (a.block or b.block) and (a.chunk, a.paragraph) == (b.chunk, b.paragraph)
