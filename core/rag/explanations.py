"""The sentences under an example that say what it means: a manual shows a configuration, then
explains it name by name ("Pin: release a=stable" ... / "a=stable defines the name of the
selected distribution. o=Debian limits the scope to packages whose origin is “Debian”."), and
an option list describes each entry under its line ("--track-fds=<yes|no|all> [default: no]" /
"When enabled, Valgrind will print out a list of open file descriptors on exit...")."""
from __future__ import annotations

import re

import numpy as np

from core.rag.strips import Candidate, Strip, indexed, same_paragraph

ENTRY_WORDS = 12  # a longer one-line example is a command, not an entry's name
EXPLAINING = 2  # sentences of the paragraph under an example that may come with it
_CODE_MARK = re.compile(r"[=_./:<>@$-]|[a-z][A-Z]")  # "a=stable", "R_orderVector", "<protocol>"
_WRAPPING = "()[]`'\"“”‘’,;"


def add_explanations(picked: dict[tuple[int, int], Strip], candidates: list[Candidate],
                     total: np.ndarray) -> None:
    """For each example block in the reply, the sentences opening the paragraph right under it
    that start with a code-like name the block shows, while they do."""
    index = indexed(candidates)
    for strip in [s for s in picked.values() if s.block]:
        block = index.get((strip.chunk, strip.position))
        if block is None or not candidates[block].block or candidates[block].listing:
            continue
        for i in range(block + 1, block + 1 + EXPLAINING):
            if (i >= len(candidates) or candidates[i].chunk != strip.chunk
                    or not same_paragraph(candidates, block + 1, i)
                    or not _explains(candidates[i].text, strip.text)):
                break
            c = candidates[i]
            picked.setdefault((c.chunk, c.position),
                              Strip(c.text, c.chunk, c.position, float(total[i])))


def _explains(sentence: str, block: str) -> bool:
    """A whole sentence that opens with a name the example shows: "a=stable defines...",
    "R_orderVector() corresponds to..."; a caption ("isolinux/txt.cfg file and preseeding
    parameters") is no sentence."""
    words = sentence.split()
    if len(words) < 4 or sentence.rstrip()[-1:] not in ".!?":
        return False
    name = words[0].strip(_WRAPPING).removesuffix(".").removesuffix("()")
    return len(name) > 2 and bool(_CODE_MARK.search(name)) and name in block


def add_description(picked: dict[tuple[int, int], Strip], candidates: list[Candidate],
                    total: np.ndarray, i: int) -> None:
    """When one-line example `i` (the question's best match) heads an entry, a paragraph of
    its own with prose right under it, that prose's first sentence: "what does --track-fds
    do" matches the option's line, and its description shares no word with the question."""
    entry, nxt = candidates[i], i + 1
    if (nxt >= len(candidates) or "\n" in entry.text.strip() or entry.listing
            or len(entry.text.split()) > ENTRY_WORDS):
        return
    c = candidates[nxt]
    if (not c.block and c.chunk == entry.chunk and c.paragraph == entry.paragraph + 1
            and c.text[:1].isupper()):
        picked.setdefault((c.chunk, c.position),
                          Strip(c.text, c.chunk, c.position, float(total[nxt])))
