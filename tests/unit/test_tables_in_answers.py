"""A table's rows are content the picker chooses as it chooses sentences, a bibliography entry
is not (core/rag/blocks.py)."""
from __future__ import annotations

from core.rag.blocks import is_reference, is_table
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


PAPER = ("The results are summarised below.\n\n"
         "Table 2: CRC performance, X86 platform Method Slicing Multiword Improvement\n\n"
         "CRC-32 2.52 1.29 1.96 CRC-64 3.28 1.29 2.55 CRC-128 4.17 2.10 1.98\n\n"
         "Average number of CPU cycles per byte processing 1KB inputs.")


async def test_a_pdf_table_s_rows_come_with_its_caption():
    """A new user's "In Table 2, what is the improvement of Multiword over Slicing for CRC-64?"
    got the caption alone under ✅: the rows, run together by the PDF's text layer, were read
    as a sentence of their own and never shown with it."""
    strips = await relevant_strips("In Table 2, what is the improvement of Multiword over "
                                   "Slicing for CRC-64 on the X86 platform?",
                                   course_chunks(PAPER, title="Results"), None, 2)
    assert "CRC-64 3.28 1.29 2.55" in compose(strips)


async def test_a_sentence_with_a_few_numbers_is_still_a_sentence():
    text = "Lab reports are due on 3 May 2027 at 17 00 in room 204 with 2 copies"
    strips = await relevant_strips("When are lab reports due?", course_chunks(text), None, 1)
    assert [s.block for s in strips] == [False]


async def test_a_bibliography_entry_is_not_quoted_as_an_answer():
    """A new user's "What is a cyclic redundancy check?" was answered with a reference's title
    ("A table driven approach to cyclic redundancy check calculations.") before the paper's
    definition."""
    text = ("[Hil79] John R. Hill. A table driven approach to cyclic redundancy check "
            "calculations. SIGCOMM Comput. Commun. Rev., 9(2):40–60, 1979.\n\n"
            "A cyclic redundancy check is a technique that lets the recipient of a message "
            "detect whether it was corrupted.")
    strips = await relevant_strips("What is a cyclic redundancy check?",
                                   course_chunks(text, title="References"), None, 3)
    assert "table driven approach" not in compose(strips)
    assert "detect whether it was corrupted" in compose(strips)
    assert not is_reference("[1] 3 5 7 1999")  # R's output


async def test_a_table_announced_earlier_in_its_paragraph_comes_with_any_of_its_sentences():
    """A new user's "What compressed size did the Calgary corpus get with the -1 flag?" got
    the third sentence of bzip2's paragraph over its memory table, ✅, without the table."""
    text = ("Here is a table which summarises the maximum memory usage for different block "
            "sizes. Also recorded is the total compressed size for 14 files of the Calgary "
            "Text Compression Corpus. This column gives some feel for how compression varies "
            "with block size.\n\n"
            "Flag  Compress  Corpus size\n -1  1200k  914704\n -2  2000k  877703")
    strips = await relevant_strips("What compressed size did the Calgary corpus get?",
                                   course_chunks(text, title="Memory management"), None, 1)
    assert " -1  1200k  914704" in compose(strips)
