"""A question asking for a list ("What functions does the bc math library define?") is answered
with the list: the sentence announcing it ("The math library defines the following
functions:") brings every item after it, where any other question gets only the first
(companions.add_follow_ups): a new user got "s (x) — The sine of x" of six functions, ✅."""
from __future__ import annotations

import re
from collections import Counter

import numpy as np

from core.rag.strips import Candidate, Strip, indexed

MAX_ITEMS = 12  # a longer list is a reference table: its first items and the citation do
ITEM_WORDS = 40  # a longer paragraph is prose after the list, not one of its items
ITEM_SENTENCES = 3  # a counted item ("2. Modern CPUs have… However… Furthermore…") at most
# "What functions does…", "Which options are…", "What are the two stages…", "List the…",
# "Name three…"; Arabic "ما هي أنواع…", "اذكر…"
_ASKS_LIST = re.compile(
    r"^\s*(?:(?:what|which)\s+(?:\w+\s+){0,2}?\w+s\s+(?:do|does|did|are|were|can|will|is)\b"
    r"|what\s+are\s+the\b|(?:list|name|enumerate)\b|(?:ما\s+هي|ما)\s+(?:أنواع|أقسام|مراحل)"
    r"|اذكر|عدد)", re.IGNORECASE)
_NUMBERS = {w: n for n, words in enumerate(["", "", "two 2 اثنان اثنين", "three 3 ثلاث ثلاثة",
                                            "four 4 أربع أربعة", "five 5 خمس خمسة"])
            for w in words.split()}
# a count, a plural noun (an adjective before it perhaps) and the ':' ending the sentence
_COUNT = re.compile(rf"(?<!\w)({'|'.join(_NUMBERS)})\s+(?:\w+\s+)?(?:[a-z]+s|[\u0600-\u06ff]+)\b"
                    r"[^:.;!?]*:\s*$", re.IGNORECASE)
# the shapes an item takes: a bullet or number, or a term and the " — " its description is
# joined with ("s (x) — The sine of x", "-w, --warn — Give warnings")
_SHAPES = (re.compile(r"^\s*[-•*▪◦‣]\s"), re.compile(r"^\s*(?:\d{1,2}|[a-z])[.)]\s"),
           re.compile(r"^.{1,60}?\s—\s"))


def asks_for_list(question: str) -> bool:
    """Whether the question asks for the items of a list rather than one fact."""
    return _ASKS_LIST.match(question) is not None


def add_list_items(picked: dict[tuple[int, int], Strip], candidates: list[Candidate],
                   total: np.ndarray, question: str) -> None:
    """Every item of a list a picked sentence announces (it ends with ':'), for a question
    asking for a list: the items after it in its passage, each its own paragraph and of the
    first item's shape, up to MAX_ITEMS. A sentence counting its items ("There are two
    reasons for it:") brings that many for any question: "Why is byte-by-byte CRC slow?" got
    the first reason of two."""
    asks = asks_for_list(question)
    index = indexed(candidates)
    for strip in [s for s in picked.values() if not s.block and s.text.rstrip().endswith(":")]:
        counted = _counted(strip.text)
        if not asks and counted is None:
            continue
        # a count: its items as it says, whatever their shape (else the shaped ones, as many)
        items = (items_counted(candidates, index, strip, counted) if counted is not None else [])
        for j in items or items_announced(candidates, index, strip)[:counted or MAX_ITEMS]:
            c = candidates[j]
            picked.setdefault((c.chunk, c.position),
                              Strip(c.text, c.chunk, c.position, float(total[j])))


def items_announced(candidates: list[Candidate], index: dict[tuple[int, int], int],
                    strip: Strip) -> list[int]:
    """The items (candidate indices, up to MAX_ITEMS) of the list `strip` announces: the
    passage's next paragraphs while they are short and of the first one's shape."""
    first = index.get((strip.chunk, strip.position + 1))
    shape = _shape(candidates[first].text) if first is not None else None
    if first is None or shape is None:
        return []
    items: list[int] = []
    last = candidates[first].paragraph - 1
    for j in range(first, min(first + MAX_ITEMS, len(candidates))):
        c = candidates[j]
        if (c.chunk != strip.chunk or c.block or c.paragraph != last + 1
                or len(c.text.split()) > ITEM_WORDS or not shape.match(c.text)):
            break
        last = c.paragraph
        items.append(j)
    return items


def items_counted(candidates: list[Candidate], index: dict[tuple[int, int], int],
                  strip: Strip, count: int) -> list[int]:
    """The `count` paragraphs after a sentence counting them ("There are two reasons for
    it:"), each of at most ITEM_SENTENCES sentences (a PDF's "1." is gone from them by now);
    [] when the passage has no such run."""
    first = index.get((strip.chunk, strip.position + 1))
    if first is None:
        return []
    start = candidates[first].paragraph
    if start == candidates[index[(strip.chunk, strip.position)]].paragraph:
        return []  # the sentence after it goes on: no list follows
    run = [j for j in range(first, len(candidates))
           if candidates[j].chunk == strip.chunk and candidates[j].paragraph < start + count]
    sizes = Counter(candidates[j].paragraph for j in run)
    if len(sizes) < count or max(sizes.values()) > ITEM_SENTENCES or any(
            candidates[j].block for j in run):
        return []
    return run


def _counted(sentence: str) -> int | None:
    """How many items a sentence says it announces ("There are two reasons for it:",
    "in three steps:", "ثلاث طرق:"), from 2 to 5; None when it says no number."""
    found = _COUNT.search(sentence)
    return _NUMBERS[found.group(1).lower()] if found else None


def list_item(text: str) -> bool:
    """Whether a sentence reads as a list item (a line of its own in a reply)."""
    return _shape(text) is not None


def _shape(item: str) -> re.Pattern[str] | None:
    return next((shape for shape in _SHAPES if shape.match(item)), None)
