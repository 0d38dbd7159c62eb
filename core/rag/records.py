"""Records written as fields in one paragraph ("Instructor: Dr. Leila Haddad. Office: Room B214.
Office hours: Tuesdays and Thursdays, 14:00–15:30."): a field says whose it is only through the
record's first field."""
from __future__ import annotations

import re

from core.rag.strips import Candidate, Strip, indexed, paragraph_of

# "Office hours: Tuesdays…", "Teaching assistant: Omar Khalil (…)": a label of one to three
# words, then its value; a short sentence
_FIELD = re.compile(r"^[^\W\d_][\w'’-]*(?: [\w'’-]+){0,2}:\s+\S")
FIELD_WORDS_MAX = 20


def is_field(text: str) -> bool:
    """A short labelled sentence, as a syllabus's course information is written."""
    return bool(_FIELD.match(text)) and len(text.split()) <= FIELD_WORDS_MAX


def add_record_heads(picked: dict[tuple[int, int], Strip], candidates: list[Candidate]) -> None:
    """The record's first field above a later one picked without it, when every sentence of
    the paragraph up to it is a field: "When are the teaching assistant's office hours?" was
    answered ✅ "Office hours: Tuesdays and Thursdays, 14:00–15:30. Teaching assistant: Omar
    Khalil", the instructor's hours put beside the assistant's name."""
    index = indexed(candidates)
    for strip in [s for s in picked.values() if not s.block and is_field(s.text)]:
        at = index[(strip.chunk, strip.position)]
        first = paragraph_of(candidates, at).start
        if all(is_field(candidates[k].text) for k in range(first, at)):
            head = candidates[first]
            picked.setdefault((head.chunk, head.position),
                              Strip(head.text, head.chunk, head.position, strip.score))
