"""The sentence stating the default a question asks for ("what is the default RandomSeed?"):
the sentence that matches the question names the option, and the one stating its default
value often comes a few sentences later in the same passage, or in the section's next one."""
from __future__ import annotations

import re
from collections.abc import Sequence

import numpy as np

from core.rag.state import Chunk
from core.rag.strips import Candidate, Strip, indexed, same_paragraph

DEFAULT_AFTER = 4  # sentences on from the picked one that may state its default
_DEFAULT = re.compile(r"\bdefault|افتراضي", re.IGNORECASE)  # also "defaulting to 3306"
_VALUE = re.compile(r"[\d=]")  # a number or a setting


def add_default(picked: dict[tuple[int, int], Strip], candidates: list[Candidate],
                total: np.ndarray, question: str, words: list[set[str]],
                chunks: Sequence[Chunk]) -> None:
    """For a question asking for a default, the sentence stating one with its value nearest
    to the best picked sentence that has one in its paragraph or in the next DEFAULT_AFTER of
    its passage: "RandomSeed: One can modify the seed..." matches the question, "The default
    value is equal to 1527384." four sentences on answers it. `words`: the question's words
    each candidate holds; `chunks`: the passages the candidates come from."""
    if not _DEFAULT.search(question):
        return
    index = indexed(candidates)
    stating = [i for i, c in enumerate(candidates)
               if not c.block and _DEFAULT.search(c.text) and _VALUE.search(c.text)]
    for strip in sorted((s for s in picked.values() if not s.block), key=lambda s: -s.score):
        t = index[(strip.chunk, strip.position)]
        near = [i for i in stating if i != t and (same_paragraph(candidates, t, i) or (
            candidates[i].chunk == strip.chunk and i > t  # sentences on, blocks not counted
            and sum(not c.block for c in candidates[t + 1:i + 1]) <= DEFAULT_AFTER))]
        if near:
            i = min(near, key=lambda k: abs(k - t))
            c = candidates[i]
            picked.setdefault((c.chunk, c.position),
                              Strip(c.text, c.chunk, c.position, float(total[i])))
            return
    _from_next_passage(picked, candidates, total, index, stating, words, chunks)


def _from_next_passage(picked: dict[tuple[int, int], Strip], candidates: list[Candidate],
                       total: np.ndarray, index: dict[tuple[int, int], int], stating: list[int],
                       words: list[set[str]], chunks: Sequence[Chunk]) -> None:
    """The default stated in another passage of the best sentence's section (in its document),
    naming what the picked sentences do not: they name "the MySQL table driver", the section's
    next passage says "Port port used by the server (defaulting to 3306)"."""
    prose = [s for s in picked.values() if not s.block]
    if not prose:
        return
    best = max(prose, key=lambda s: s.score)
    held = set().union(*(words[index[key]] for key in picked))
    lacking = {w for w in set().union(*words) - held if not _DEFAULT.search(w)}
    section = _place(chunks[best.chunk])
    others = [i for i in stating if candidates[i].chunk != best.chunk and words[i] & lacking
              and _place(chunks[candidates[i].chunk]) == section]
    if others:
        i = max(others, key=lambda k: total[k])
        c = candidates[i]
        picked[(c.chunk, c.position)] = Strip(c.text, c.chunk, c.position, float(total[i]))


def _place(chunk: Chunk) -> tuple[str, str]:
    """A passage's document and section: a section title repeated in another file is another
    section."""
    return chunk.url_or_path, chunk.section
