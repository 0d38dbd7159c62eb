"""How a store looks a word up in its course's vocabulary (CourseStore.known_terms).

A term is found when its words occur as a phrase in the lexical index (stemmed as search stems:
"rotations" finds "rotation"), or, for a single long word, when some indexed word starts with
all but its last two letters (at least PREFIX_MIN): "Californian" finds "California",
"characteristic" finds "characteristics". Stemmers miss those, and a student's word that the
course writes slightly differently is not evidence that the course lacks it.
"""
from __future__ import annotations

import re

PREFIX_MIN = 5
LONG_WORD = 6  # shorter words are looked up whole: a 4-letter prefix matches too much
_LETTERS = re.compile(r"[^\W\d_]+")


def term_prefix(term: str) -> str | None:
    """The prefix a single long word may also be found by; None for other terms."""
    if not _LETTERS.fullmatch(term) or len(term) < LONG_WORD:
        return None
    return term[: max(PREFIX_MIN, len(term) - 2)]
