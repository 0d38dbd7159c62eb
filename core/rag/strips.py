"""What the offline picker works on: candidates (each sentence or example block of the
context, in reading order) and the strips it picks from them, keyed by (passage, position).
"""
from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from core.rag.definitions import OPTION_HEAD
from core.rag.state import Chunk
from core.text import detect_language, options

LEAD_SHARE = 0.7  # a sentence in the question's language scored this share of the best leads


@dataclass(frozen=True, slots=True)
class Strip:
    """One sentence (or example block) of one context chunk with its relevance to the question."""

    text: str
    chunk: int  # index into the chunks given
    position: int  # sentence index inside the chunk
    score: float
    block: bool = False  # an example / code block, shown with its own line breaks
    lexical: float = 0.0  # share of the question's keywords the sentence itself contains
    semantic: float = 0.0  # closeness in meaning to the question on its band, 0-1


@dataclass(frozen=True, slots=True)
class Candidate:
    """A sentence or example block of a context chunk, before it is scored."""

    chunk: int
    position: int
    text: str
    block: bool
    paragraph: int
    listing: bool = False  # a window of a long listing: picked as a sentence is, shown as a block


def indexed(candidates: list[Candidate]) -> dict[tuple[int, int], int]:
    """Where each (passage, position) sits in the candidate list: picked strips are keyed by
    the former, the scores by the latter."""
    return {(c.chunk, c.position): i for i, c in enumerate(candidates)}


def same_paragraph(candidates: list[Candidate], i: int, j: int) -> bool:
    """Two sentences of one paragraph (an example block is never one)."""
    a, b = candidates[i], candidates[j]
    return not (a.block or b.block) and (a.chunk, a.paragraph) == (b.chunk, b.paragraph)


def paragraph_of(candidates: list[Candidate], i: int) -> range:
    """Where the sentences of candidate `i`'s paragraph sit (a block is a paragraph alone)."""
    first = last = i
    while first > 0 and same_paragraph(candidates, first - 1, first):
        first -= 1
    while last + 1 < len(candidates) and same_paragraph(candidates, last, last + 1):
        last += 1
    return range(first, last + 1)


def language_first(strips: Sequence[Strip], chunks: Sequence[Chunk], language: str
                   ) -> list[Strip]:
    """The strips of passages in the question's language first, each group in its own order,
    when one of them scored at least LEAD_SHARE of the best strip: "ما هو LXC وهل يستخدم نواة
    ثانية؟" over an Arabic page quoting its English source was answered English first.
    Otherwise unchanged: the other language stands in for what the question's lacks."""
    same = [s for s in strips if detect_language(chunks[s.chunk].text) == language]
    if not same or len(same) == len(strips) or \
            max(s.score for s in same) < LEAD_SHARE * max(s.score for s in strips):
        return list(strips)
    return same + [s for s in strips if s not in same]


def on_asked_options(question: str, strips: Sequence[Strip]) -> list[Strip]:
    """For a question naming command-line options ("What does the -w option of bc do?"), the
    strips of the passages that name one of them, when some do: another passage matching only
    "bc" and "option" is another topic (bc's readline section, "GNU bc can be compiled (via a
    configure option)…", under -w's line in a new user's reply)."""
    asked = set(options(question))
    naming = {s.chunk for s in strips if asked & set(options(s.text))}
    return [s for s in strips if s.chunk in naming] if naming else list(strips)


# an option entry's head as ingestion joins it to its description: "-d --decompress — Force…",
# "-o file, --output=file — Write…"
_ENTRY_HEAD = re.compile(rf"^[\W_]{{0,3}}(?:{OPTION_HEAD},?\s+)+—\s")


def off_other_entries(picked: dict[tuple[int, int], Strip], candidates: list[Candidate],
                      question: str) -> None:
    """For a question naming options, no sentence of another option's entry without that
    entry's head: "This flag overrides that mechanism, and forces bzip2 to decompress." (-d's)
    opened a new user's answer on -k, read as if -k did it. An entry is the paragraph its head
    opens and the paragraph after it, unless that opens an entry of its own. A sentence
    naming any option says which it is about, so it stays: a head (another option may be the
    answer; "--demangle=<yes|no> [default: yes] — …" is one the head pattern does not read),
    "If forced (-f), …"."""
    asked = set(options(question))
    if not asked:
        return
    heads = {(c.chunk, c.paragraph): (c.position, set(options(found.group())))
             for c in candidates if not c.block and (found := _ENTRY_HEAD.match(c.text))}
    for (chunk, paragraph), entry in list(heads.items()):  # "-f --force — Force overwrite…"
        heads.setdefault((chunk, paragraph + 1), entry)  # / "bzip2 normally declines to…"
    index = indexed(candidates)
    for key in list(picked):
        c = candidates[index[key]]
        head, named = heads.get((c.chunk, c.paragraph), (c.position, set()))
        if (head != c.position and (c.chunk, head) not in picked and not named & asked
                and not options(c.text)):
            del picked[key]


ENTRY_SENTENCES_MAX = 6  # a longer head paragraph is an essay, not an option's entry


def add_asked_entries(picked: dict[tuple[int, int], Strip], candidates: list[Candidate],
                      question: str) -> None:
    """The whole head paragraph of a picked entry for an option asked about: bzip2's "-s
    --small — Reduce memory usage… only requires 2.5 bytes per block byte. This means any file
    can be decompressed in 2300k of memory…" lost its last sentence, the one with the figure
    ("how much memory does -s need?" was answered without it, twice in a row)."""
    asked = set(options(question))
    if not asked:
        return
    index = indexed(candidates)
    for strip in [s for s in picked.values() if not s.block]:
        found = _ENTRY_HEAD.match(strip.text)
        if found is None or not asked & set(options(found.group())):
            continue
        paragraph = paragraph_of(candidates, index[(strip.chunk, strip.position)])
        if len(paragraph) <= ENTRY_SENTENCES_MAX:
            for k in (candidates[j] for j in paragraph):
                picked.setdefault((k.chunk, k.position),
                                  Strip(k.text, k.chunk, k.position, strip.score))
