"""How much of a question's wording a sentence repeats: the lexical half of choosing answer
sentences, and what the verifier reads as an answer's cover of the question."""
from __future__ import annotations

import math

from core.text import keyword_forms


def matched(forms: dict[str, frozenset[str]], text_forms: dict[str, frozenset[str]]
            ) -> set[str]:
    """The question's words (keys of `forms`) that a text (its `keyword_forms`) has in some
    spelling."""
    present: set[str] = set().union(*text_forms.values())
    return {word for word, spellings in forms.items() if not spellings.isdisjoint(present)}


def rarity(q_words: set[str], sentences: list[set[str]]) -> dict[str, float]:
    """Inverse sentence frequency of each question word among the candidates: in a passage
    about UDP and TCP every sentence says "UDP", so the word that singles out the answer
    ("الميزة", the advantage) must count for more."""
    n = len(sentences)
    return {w: math.log(1 + n / (0.5 + sum(w in s for s in sentences))) for w in q_words}


def share(q_words: set[str], words: set[str], weight: dict[str, float] | None = None) -> float:
    """Share of the question's words (rarity-weighted when `weight` is given) the text has."""
    if not q_words:
        return 0.0
    if weight is None:
        return len(q_words & words) / len(q_words)
    return sum(weight[w] for w in q_words & words) / sum(weight.values())


def matched_share(question: str, text: str) -> float:
    """Share of the question's keywords that `text` has in some spelling."""
    forms = keyword_forms(question)
    return len(matched(forms, keyword_forms(text))) / len(forms) if forms else 0.0
