"""What a reply must not say twice: manuals repeat themselves across sections (Node's
child_process page says "By default, the parent will wait for the detached child process to
exit." under two options, and shows one `spawn('ls', …)` example in several sections), and
one listing the picker read as windows is one block again."""
from __future__ import annotations

import re

from core.rag.strips import Candidate, Strip, indexed
from core.text import normalize

SAME_WORDS = 0.85  # share of two sentences' words in common (Jaccard) that says one thing twice
SAME_WORDS_MIN = 6  # shorter sentences differ by the word that matters ("-k keeps", "-f forces")
SAME_LINES = 0.85  # of the shorter block's lines, the other has (CommonJS / ES module: 8 of 9)


def _words(text: str) -> frozenset[str]:
    return frozenset(re.findall(r"\w+", normalize(text)))


def _lines(block: str) -> set[str]:
    return {" ".join(line.split()) for line in block.splitlines() if line.strip()}


def repeats(a: Strip, b: Strip) -> bool:
    """Whether `b` says again what `a` says: a sentence with (nearly) the same words, a block
    with (nearly) the same lines (an example's CommonJS and ES-module spellings)."""
    if a.block != b.block:
        return False
    if a.block:
        lines, others = _lines(a.text), _lines(b.text)
        return bool(lines and others) and (
            len(lines & others) >= SAME_LINES * min(len(lines), len(others)))
    x, y = _words(a.text), _words(b.text)
    if x == y:
        return True
    return min(len(x), len(y)) >= SAME_WORDS_MIN and len(x & y) >= SAME_WORDS * len(x | y)


def distinct(strips: list[Strip]) -> list[Strip]:
    """The strips without those repeating a better-scored one, in their order."""
    kept: list[Strip] = []
    for strip in sorted(strips, key=lambda s: -s.score):
        if not any(repeats(k, strip) for k in kept):
            kept.append(strip)
    return [s for s in strips if s in kept]


def joined_windows(picked: dict[tuple[int, int], Strip], candidates: list[Candidate]) -> None:
    """Windows of one listing picked one after another as one block: they are its lines in a
    row, shown apart they read as two examples, the first cut off ("ls.on('close', (code) =>
    {" / "  console.log(…)")."""
    index = indexed(candidates)
    for key in sorted(picked, reverse=True):
        nxt = (key[0], key[1] + 1)
        if nxt not in picked or key not in index or nxt not in index:
            continue  # an example the next passage lent (companions.add_follow_ups)
        a, b = candidates[index[key]], candidates[index[nxt]]
        if a.listing and b.listing and a.block and b.block and a.paragraph == b.paragraph:
            first, second = picked[key], picked.pop(nxt)
            picked[key] = Strip(f"{first.text}\n{second.text}", first.chunk, first.position,
                                max(first.score, second.score), block=True,
                                lexical=max(first.lexical, second.lexical),
                                semantic=max(first.semantic, second.semantic))
