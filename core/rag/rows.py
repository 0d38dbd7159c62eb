"""Rows of a table a question names: "How much memory does decompression with -s use for a file
compressed with -5?" is answered by the row "-5 4400k 2100k 1350k 845160" of bzip2's memory
table, a block never picked alone (its sentences around it say only "about 2300 kbytes")."""
from __future__ import annotations

import re

import numpy as np

from core.rag.companions import add_example, announcing
from core.rag.strips import Candidate, Strip

# what labels a table's row and a question can name as written: "-5", "CRC-32", "v2.1", "--fast"
_LABEL = re.compile(r"(?<!\S)(?:[-+%]?[\w.%+-]*\d[\w.%+-]*|--?[A-Za-z][\w-]*)")
ROW_CELLS_MIN = 3  # a label and at least two cells


def labels(question: str) -> set[str]:
    """The row labels a question may name: tokens holding a digit, and options."""
    found = (m.group().rstrip(".,;:?!").casefold() for m in _LABEL.finditer(question))
    return {label for label in found if len(label) > 1}


def asked_row(block: str, named: set[str]) -> bool:
    """Whether exactly one row of the block opens with a label the question names."""
    rows = [line.split() for line in block.splitlines()]
    heads = [cells[0].casefold() for cells in rows if len(cells) >= ROW_CELLS_MIN]
    return any(heads.count(label) == 1 for label in named)


def add_asked_rows(picked: dict[tuple[int, int], Strip], candidates: list[Candidate],
                   total: np.ndarray, question: str, words: list[set[str]]) -> None:
    """The table block with the row the question names, when the block also shares another of
    the question's words (a header's "-s usage"): one figure of a row, not a sentence, answers.
    The sentence of the paragraph above that announces it comes too ("Here is a table which
    summarises the maximum memory usage for different block sizes.")."""
    named = labels(question)
    if not named:
        return
    said = named | {label.strip("-+%") for label in named}  # keyword_forms reads "-5" as "5"
    for i, c in enumerate(candidates):
        if c.block and not c.listing and asked_row(c.text, named) and words[i] - said:
            add_example(picked, candidates, total, i)
            for k in announcing(candidates, i):
                a = candidates[k]
                picked.setdefault((a.chunk, a.position),
                                  Strip(a.text, a.chunk, a.position, float(total[k])))

