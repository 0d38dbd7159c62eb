"""A table's rows are content the picker chooses as it chooses sentences (core/rag/blocks.py)."""
from __future__ import annotations

from core.rag.blocks import is_table
from core.rag.extractive import compose, relevant_strips, supported
from tests.support.chunks import course_chunks

SYLLABUS = ("Grading\n\nComponent · Weight\nHomework assignments (5) · 25%\nLab reports · 15%\n"
            "Midterm exam · 25%\nFinal exam · 35%\n\n"
            "Late homework loses 10% of its grade per day, up to three days.")


def test_rows_with_cells_joined_are_a_table_and_code_is_not():
    assert is_table("Component · Weight\nFinal exam · 35%")
    assert not is_table("Component · Weight")  # one row: a line
    assert not is_table("$ apt install bc\n$ bc -l")


async def test_a_table_answering_the_question_is_picked_and_checked_by_its_words():
    """A new user's "What are the grading weights?" got the syllabus table marked ⚠: a block
    held no question words, so the reply read as chosen by meaning alone."""
    strips = await relevant_strips("What are the grading weights?", course_chunks(SYLLABUS),
                                   None, 2)
    assert "Final exam · 35%" in compose(strips)
    assert supported([s for s in strips if s.block])
