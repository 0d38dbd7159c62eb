"""A table's row the question names is shown with its table, however low the table scored."""
from __future__ import annotations

from core.rag.extractive import compose, relevant_strips
from core.rag.rows import asked_row, labels
from tests.support.chunks import course_chunks

SMALL = ("-s --small — Reduce memory usage, for compression, decompression and testing. Files "
         "are decompressed using a modified algorithm, so any file can be decompressed in 2300k "
         "of memory, albeit at about half the normal speed.")
MEMORY = ("Here is a table which summarises the maximum memory usage for different block "
          "sizes. Also recorded is the total compressed size for 14 files of a corpus. These "
          "figures tend to understate the advantage of larger block sizes.\n\n"
          "     Compress Decompress Decompress\n"
          "Flag usage usage -s usage\n"
          " -1 1200k 500k 350k\n"
          " -5 4400k 2100k 1350k\n"
          " -9 7600k 3700k 2350k")


async def test_the_row_a_question_names_comes_with_its_table():
    reply = compose(await relevant_strips(
        "How much memory does decompression with -s use for a file compressed with -5?",
        course_chunks(SMALL, MEMORY, step=0.5), None, 2))
    assert " -5 4400k 2100k 1350k" in reply
    assert "Here is a table which summarises" in reply  # what the table is about


async def test_a_table_whose_row_is_not_asked_is_not_added():
    reply = compose(await relevant_strips("How much memory does decompression with -s use?",
                                          course_chunks(SMALL, MEMORY, step=0.5), None, 2))
    assert "1350k" not in reply


def test_a_row_is_named_by_its_first_cell_once():
    table = "Flag usage size\n -1 1200k 500k\n -5 4400k 2100k"
    assert asked_row(table, labels("with -5?"))
    assert not asked_row(table, labels("with -7?"))
    assert not asked_row("a 2 b\n2 c d\n2 e f", labels("row 2"))  # two rows open with "2"
    assert labels("What does CRC-32 cost in v2.1 with --fast?") == {"crc-32", "v2.1", "--fast"}
