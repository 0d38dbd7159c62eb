"""Answers course staff wrote (Ask a TA, core/escalation): a passage of doc type
"staff_answer" holds the question a student asked and the staff answer, one per line.

When one of the best passages is a staff answer to the same question, the reply is that answer,
whole, cited as the staff answer and marked ✅: staff vouched for it, and what is left to check is
that the student asks the same thing. That is checked strictly, since questions that differ in
one word ("chapter 5" / "chapter 6", "midterm" / "final") are close in meaning: close in meaning
(SAME_QUESTION, e5 query vectors), the same numbers, and the question's content words found in
the staff passage (one may be missing from a question of five or more).
"""
from __future__ import annotations

import re
from collections.abc import Sequence

import numpy as np

from core.ports import Embedder
from core.rag.state import Chunk
from core.text import STOPWORDS, normalize

STAFF_ANSWER = "staff_answer"  # the doc type of staff answers in a course store
SAME_QUESTION = 0.90  # e5 cosine of the two questions (paraphrases 0.87-0.97 in our checks)
LOOK_AT = 3  # only a staff answer among the best passages counts
_WORD = re.compile(r"\w+")
_NUMBER = re.compile(r"\d+")
_SUFFIXES = ("ing", "es", "ed", "s")


def passage(question: str, answer: str) -> str:
    """A staff answer's passage: the question as asked, then the answer."""
    return f"{' '.join(question.split())}\n{answer.strip()}"


def split_passage(text: str) -> tuple[str, str]:
    question, _, answer = text.partition("\n")
    return question, answer.strip()


def _stem(word: str) -> str:
    for suffix in _SUFFIXES:
        if len(word) > len(suffix) + 3 and word.endswith(suffix):
            return word[: -len(suffix)]
    return word


def _content(text: str) -> set[str]:
    return {_stem(w) for w in _WORD.findall(normalize(text))
            if w not in STOPWORDS and (len(w) >= 3 or w.isdigit())}


def _numbers(text: str) -> set[str]:
    return set(_NUMBER.findall(text))


def words_agree(question: str, asked: str, staff_passage: str) -> bool:
    """Same numbers as the staff-answered question, and the question's content words in the
    staff passage (one may be missing from five or more)."""
    if _numbers(question) != _numbers(asked):
        return False
    words = _content(question)
    missing = words - _content(staff_passage)
    return len(missing) <= (1 if len(words) >= 5 else 0)


async def matching_staff_answer(question: str, context: Sequence[Chunk],
                                embedder: Embedder | None) -> Chunk | None:
    """The staff-answer passage among the best ones that answers this very question."""
    if embedder is None:
        return None
    for chunk in context[:LOOK_AT]:
        if chunk.doc_type != STAFF_ANSWER:
            continue
        asked, answer = split_passage(chunk.context or chunk.text)
        if not answer or not words_agree(question, asked, chunk.context or chunk.text):
            continue
        vectors = np.asarray(await embedder.embed_queries([question, asked]))
        if float(vectors[0] @ vectors[1]) >= SAME_QUESTION:
            return chunk
    return None
