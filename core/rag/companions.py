"""What a picked sentence brings with it into an offline answer: the sentence it refers back
to, the next one when it is related, the example it leads into or the one it explains, and
the command or example beside it that the question's words point at. A sentence alone is
often not the answer: in a manual the answer to "how do I" is the command next to the sentence
that matches the question. (The default a question asks for: defaults.py; the sentences
under an example that say what it means: explanations.py.)
"""
from __future__ import annotations

import re
from collections.abc import Sequence
from itertools import pairwise

import numpy as np

from core.rag.cohesion import ORDINAL_BACK, continues, parallel, refers_back
from core.rag.coverage import found_in, identifiers
from core.rag.entries import ENTRY_MARK
from core.rag.enumerations import items_announced
from core.rag.strips import Candidate, Strip, indexed, paragraph_of, same_paragraph
from core.sentences import asks, introduces

EXAMPLE_MIN = 0.5  # see add_examples()
FOLLOWED = 2  # the best sentences whose next sentence comes with them when related
CHAINED = 2  # a sentence brought because it refers back brings the one referring back to it
CAPTION_WORDS = 12  # a longer line is a sentence, not an example's title

_CODE_MARKS = re.compile(r"[(){}\[\]=$#<>|/\\]")
# a sentence announcing the table or example its paragraph ends on: "Here is a table which…",
# "The following example shows…", "Below is a listing of…"
_HERE_IS = re.compile(r"\b(?:here\s+(?:is|are)|the\s+following|below\s+(?:is|are))\s+"
                      r"(?:(?:an?|the|some)\s+)?(?:\w+\s+)?(?:tables?|examples?|listings?)\b",
                      re.IGNORECASE)
_BARE_TITLE = re.compile(r"[A-Z][a-z]*(?: [A-Za-z][a-z]*){0,2}:?")  # "Examples", "For example:"


def add_follow_ups(picked: dict[tuple[int, int], Strip], candidates: list[Candidate],
                   total: np.ndarray, related: np.ndarray) -> None:
    """The sentence or example a picked sentence refers back to ("This...", "The second is..."),
    the example above a paragraph that opens by explaining it (from any of its sentences),
    the sentence after the best strip when it shares a word with the question or is close
    to it in meaning (else it is the next topic), the example a picked sentence leads into
    (directly, or through a short introduction such as "Three useful forms are"; from the next
    passage when the chunker put it there), the first item a sentence ending in ':'
    announces (unless a later item is picked: that one answers), and the answer after a
    sentence that asks a question."""
    index = indexed(candidates)

    def add(i: int) -> None:
        c = candidates[i]
        picked.setdefault((c.chunk, c.position),
                          Strip(c.text, c.chunk, c.position, float(total[i]), block=c.block))

    for strip in [s for s in picked.values() if not s.block]:
        explained = _explained_block(candidates, index[(strip.chunk, strip.position)])
        if explained is not None:  # "set ttimeoutlen=100" / "This makes typing Esc take..."
            add(explained)
            add(explained + 1)
    for _ in range(CHAINED):  # "However, … This can also be … To do that, use Acquire::PDiffs"
        for strip in list(picked.values()):
            before = index.get((strip.chunk, strip.position - 1))
            if before is not None and ((refers_back(strip.text) and not candidates[before].block)
                                       or ORDINAL_BACK.match(strip.text)):
                add(before)  # "This is the only way to end repeat loops" needs what it means
            after = index.get((strip.chunk, strip.position + 1))
            if (after is not None and refers_back(candidates[after].text)
                    and same_paragraph(candidates, index[(strip.chunk, strip.position)], after)):
                add(after)  # "...configured through Debconf. These packages can be reconfigured"
    for top in sorted(picked.values(), key=lambda s: s.score, reverse=True)[:FOLLOWED]:
        after = index.get((top.chunk, top.position + 1))
        if after is not None:
            c = candidates[after]
            if (same_paragraph(candidates, index[(top.chunk, top.position)], after)
                    and not parallel(top.text, c.text) and related[after]):
                add(after)
    for strip in [s for s in picked.values() if not s.block and asks(s.text)]:
        after = index.get((strip.chunk, strip.position + 1))
        if after is not None:
            add(after)  # "→ What is the maximal class number?" / "2^31 - 1 = 2 147 483 647."
    carried = _carried_examples(candidates)
    for strip in [s for s in picked.values() if not s.block]:
        before = index.get((strip.chunk, strip.position - 1))
        if before is not None and candidates[before].block and continues(strip.text):
            add(before)  # 'exportPattern("^[^\\.]")' / "exports all variables that do not..."
        nxt = index.get((strip.chunk, strip.position + 1))
        if nxt is None:
            shown = carried.get(strip.text.strip())
            if shown is not None and introduces(strip.text):  # in the next passage
                picked.setdefault((strip.chunk, strip.position + 1),
                                  Strip(shown.text, strip.chunk, strip.position + 1,
                                        strip.score, block=True))
            continue
        if candidates[nxt].block and _shows(strip.text, candidates[nxt].text):
            add(nxt)  # "...the APT configuration parameter Acquire::PDiffs and set it to false."
            continue  # / "$ sudo apt -o "Acquire::PDiffs=false" update"
        # the example it introduces, or the first item it announces ("This is done by a
        # three-pass process:" / "1. Exact matching on tags.")
        then = index.get((strip.chunk, strip.position + 2))
        # an example one line further on, under that line: its caption ("The following example
        # shows the modifications made by the administrators:" / "The /etc/squid/squid.conf
        # file (excerpts)" / the example) or an introduction ("Three useful forms are")
        example = (then if then is not None and candidates[then].block
                   and not candidates[nxt].block else None)
        captioned = example is not None and _caption(candidates[nxt].text)
        if ((introduces(strip.text) and candidates[nxt].block)
                or strip.text.rstrip().endswith(":")):
            if not candidates[nxt].block and any(
                    (candidates[j].chunk, candidates[j].position) in picked
                    for j in items_announced(candidates, index, strip)[1:]):
                continue  # "-w, --warn" is the answer: not "-h, --help" above it
            add(nxt)
            if example is not None and captioned:
                add(example)
            continue
        if example is not None and (introduces(candidates[nxt].text)
                                    or (captioned and introduces(strip.text))):
            add(nxt)
            add(example)


def add_examples(picked: dict[tuple[int, int], Strip], candidates: list[Candidate],
                 total: np.ndarray, own: np.ndarray,
                 named: Sequence[frozenset[str]] | None) -> None:
    """The example block right before or after the best sentence when the block itself has a
    question word (a manual's "how do I" is answered by the command next to the sentence that
    matches: "...add “-” to the names of the packages you wish to remove." then
    "apt install package1 package2-"), the block right after any picked sentence when it has a
    code-like name of the question that the sentence lacks (`named`: "...set up a directory
    with the files required for the CA" then "$ make-cadir pki-falcot"), and the block that
    repeats the question's words best when it repeats as many of them as any picked sentence
    does, counting its title's ("Example 8.2. Static configuration")."""
    index = indexed(candidates)
    top = max(picked.values(), key=lambda s: s.score)
    beside = [(top, -1), (top, 1)]
    if named is not None:
        beside += [(s, 1) for s in picked.values() if not s.block and s is not top]
    for strip, step in beside:
        i = index.get((strip.chunk, strip.position + step))
        if (i is None or not candidates[i].block
                or ENTRY_MARK.search(candidates[i].text)  # the next entry's head
                or (step == 1 and _heading(candidates[i].text))):  # the next section's title
            continue
        if (own[i] > 0 if strip is top
                else named and named[i] - named[index[(strip.chunk, strip.position)]]):
            add_example(picked, candidates, total, i)
    chunks = {s.chunk for s in picked.values()}
    said = max((own[index[(s.chunk, s.position)]] for s in picked.values() if not s.block),
               default=0.0)
    blocks = [i for i, c in enumerate(candidates) if c.block and c.chunk in chunks]
    if not blocks or any(s.block for s in picked.values()):
        return
    best = max(blocks, key=lambda i: (own[i], total[i]))
    if own[best] >= EXAMPLE_MIN and own[best] >= said:
        add_example(picked, candidates, total, best)


def add_announced_blocks(picked: dict[tuple[int, int], Strip], candidates: list[Candidate],
                         total: np.ndarray) -> None:
    """The table or example under a paragraph one of whose sentences announces it, for any
    picked sentence of that paragraph: bzip2's manual says "Here is a table which summarises
    the maximum memory usage…", then three more sentences, then the table; "What compressed
    size did the Calgary corpus get with -1?" got the third sentence without the table (✅)."""
    index = indexed(candidates)
    for strip in [s for s in picked.values() if not s.block]:
        after = paragraph_of(candidates, index[(strip.chunk, strip.position)]).stop
        if after < len(candidates) and candidates[after].block and announcing(candidates, after):
            add_example(picked, candidates, total, after)


def announcing(candidates: list[Candidate], i: int) -> list[int]:
    """The sentences of the paragraph right above block `i` (in its passage) announcing it."""
    above = candidates[i - 1] if i else None
    if above is None or above.block or above.chunk != candidates[i].chunk:
        return []
    return [k for k in paragraph_of(candidates, i - 1) if _HERE_IS.search(candidates[k].text)]


def add_example(picked: dict[tuple[int, int], Strip], candidates: list[Candidate],
                total: np.ndarray, i: int) -> None:
    """Example block `i`, under its title when it has one."""
    for k in (i - 1, i) if _titles(candidates, i - 1) else (i,):
        c = candidates[k]
        picked.setdefault((c.chunk, c.position),
                          Strip(c.text, c.chunk, c.position, float(total[k]), block=True))


def with_titles(candidates: list[Candidate], words: list[set[str]]) -> list[set[str]]:
    """Each candidate's question words, an example block's with its title's: "Example 8.2.
    Static configuration" names what the lines under it ("iface enp0s31f6 inet static",
    "address 192.168.0.3/24") only show."""
    return [w | words[i - 1] if _titles(candidates, i - 1) else w for i, w in enumerate(words)]


def _titles(candidates: list[Candidate], i: int) -> bool:
    """Whether candidate `i` is the title of the example block right after it ("A .dsc file",
    "Excerpt of /etc/dhcp/dhcpd.conf"): a few words, no sentence, not a command."""
    if i < 0 or i + 1 >= len(candidates):
        return False
    title, block = candidates[i], candidates[i + 1]
    text = title.text.strip()
    return (block.block and (block.chunk, block.paragraph) == (title.chunk, title.paragraph + 1)
            and "\n" not in text and _caption(text) and not text[:1].islower())


def drop_bare_titles(picked: dict[tuple[int, int], Strip]) -> None:
    """A title line of plain words ("Examples") without what it titles: the GMPL manual's
    "Only the following statements can be used within the for statement: …" brought the
    "Examples" under it while the examples stayed out, and the reply showed a heading over
    the next topic."""
    for key, strip in list(picked.items()):
        if (strip.block and _BARE_TITLE.fullmatch(strip.text.strip())
                and (strip.chunk, strip.position + 1) not in picked):
            del picked[key]


def fill_gaps(picked: dict[tuple[int, int], Strip], candidates: list[Candidate],
              total: np.ndarray) -> None:
    """The one sentence between two picked sentences of a paragraph, so the reply reads as the
    passage does: "...grub.cfg is generated from others. [Be careful not to modify it by hand,
    since such local modifications will be lost the next time update-grub is run.] The most
    common modifications of grub.cfg are made through /etc/default/grub." """
    index = indexed(candidates)
    for chunk, position in sorted(picked):
        middle, far = index.get((chunk, position + 1)), index.get((chunk, position + 2))
        if (middle is not None and far is not None and (chunk, position + 1) not in picked
                and (chunk, position + 2) in picked
                and same_paragraph(candidates, index[(chunk, position)], middle)
                and same_paragraph(candidates, middle, far)):
            c = candidates[middle]
            picked[(chunk, position + 1)] = Strip(c.text, chunk, c.position, float(total[middle]))


def _explained_block(candidates: list[Candidate], i: int) -> int | None:
    """The example block right above the paragraph of sentence `i` when that paragraph opens
    by referring back to it: manuals show a setting, then explain it ("set ttimeoutlen=100" /
    "This makes typing Esc take effect more quickly. Normally Vim waits...")."""
    first = paragraph_of(candidates, i).start
    above = first - 1
    if (above >= 0 and candidates[above].block and not candidates[above].listing
            and candidates[above].chunk == candidates[i].chunk
            and not candidates[first].block and refers_back(candidates[first].text)):
        return above
    return None


def _carried_examples(candidates: list[Candidate]) -> dict[str, Candidate]:
    """The example that follows a passage's first sentence, by that sentence: a passage that
    ends on "...so they make use of it:" has its example in the next one, which starts by
    repeating that sentence (core/ingest/chunking.py carries it over)."""
    out: dict[str, Candidate] = {}
    for c, nxt in pairwise(candidates):
        if c.position == 0 and not c.block and nxt.block and nxt.chunk == c.chunk:
            out.setdefault(c.text.strip(), nxt)
    return out


def _shows(sentence: str, block: str) -> bool:
    """Whether an example block shows a code-like name the sentence before it talks about
    (Acquire::PDiffs, read.csv, setRefClass): the block is how to do what the sentence says."""
    names = [n for n in identifiers(sentence) if not n.isupper()]  # not an acronym ("APT")
    return bool(names) and bool(found_in(names, block))


def _heading(text: str) -> bool:
    """A title read as a one-line example ("RAID-1" opening the next section at a passage's
    end): one short capitalised line without code marks; commands start in lower case."""
    line = text.strip()
    return ("\n" not in line and _caption(line) and not line[:1].islower()
            and not _CODE_MARKS.search(line))


def _caption(text: str) -> bool:
    """A title over an example ("Example 11.23 The squid.conf file (excerpts)"): a few words,
    not a sentence."""
    return len(text.split()) <= CAPTION_WORDS and text.rstrip()[-1:] not in ".!?؟;"

