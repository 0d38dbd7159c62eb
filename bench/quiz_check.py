"""The quiz validity checker (bench 14): judges one item against the passage it cites.

What it checks, lexically (case, Arabic marks and the article family ignored):
  * shape: 3-4 options, distinct, exactly one marked right (a valid index);
  * quote: the quoted sentence is in the cited passage;
  * right supported: the question with the right option put back (a blank filled, or "What is
    X?" + the option) is a sentence of the passage: every content word of it in one sentence
    that also names the right option;
  * no distractor supported: no sentence of the passage names a wrong option together with
    SUPPORT_SHARE of the question's content words (or of a wrong definition's words);
  * no leak: the question does not name the right option;
  * language: the question's, the quote's and the item's language agree.
What it cannot judge: facts stated in other words (a paraphrase that makes a distractor true),
truth outside the cited passage (a distractor right by world knowledge), whether the question
is worth asking, and whether an option is a synonym the course never spells out.
"""
from __future__ import annotations

import re
from typing import Any

from core.practice.distractors import mentions
from core.practice.items import QuizItem
from core.practice.questions import BLANK
from core.sentences import split_sentences
from core.text import detect_language, keywords, normalize

SUPPORT_SHARE = 0.6
_PROMPTS = re.compile(r"^(?:Fill in the blank:|أكمل الفراغ:)\s*")


def _words(text: str) -> set[str]:
    return set(keywords(text))


def _stem_of_question(item: QuizItem) -> str:
    return _PROMPTS.sub("", item.question)


def check(item: QuizItem) -> dict[str, Any]:
    """{"valid": bool, "reasons": [...]} for one item."""
    reasons: list[str] = []
    options = list(item.options)
    if not 3 <= len(options) <= 4:
        reasons.append("option count")
    if not 0 <= item.answer < len(options):
        return {"valid": False, "reasons": [*reasons, "answer index"]}
    if len({" ".join(normalize(o).split()) for o in options}) != len(options):
        reasons.append("options not distinct")
    sentences = split_sentences(item.passage)
    flat = " ".join(normalize(item.passage).split())
    if " ".join(normalize(item.quote).split()) not in flat:
        reasons.append("quote not in passage")
    right = options[item.answer]
    wrong = [o for i, o in enumerate(options) if i != item.answer]
    stem = _stem_of_question(item)
    if item.kind == "cloze":
        claim = _words(stem.replace(BLANK, " "))
        if mentions(stem.replace(BLANK, " "), right):
            reasons.append("question names the answer")
        if not _supported(right, claim, sentences, share=1.0):
            reasons.append("right option not supported")
        reasons += [f"distractor supported: {o}" for o in wrong
                    if _supported(o, claim, sentences, share=SUPPORT_SHARE)]
    else:
        if not any(mentions(s, item.term) and _words(right) <= _words(s) for s in sentences):
            reasons.append("right option not supported")
        reasons += [f"distractor supported: {o}" for o in wrong
                    if any(mentions(s, item.term) and _share(_words(o), _words(s))
                           >= SUPPORT_SHARE for s in sentences)]
    language = detect_language(stem.replace(BLANK, " "))
    if not language == detect_language(item.quote) == item.language:
        reasons.append("language mismatch")
    return {"valid": not reasons, "reasons": reasons}


def _share(claim: set[str], words: set[str]) -> float:
    return len(claim & words) / len(claim) if claim else 1.0


def _supported(option: str, claim: set[str], sentences: list[str], *, share: float) -> bool:
    """Some passage sentence names `option` and holds `share` of the claim's words."""
    return any(mentions(s, option) and _share(claim, _words(s)) >= share for s in sentences)
