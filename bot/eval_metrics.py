"""Retrieval and answer metrics for `studybuddy eval` (and the benchmarks): nDCG@k, Recall@k,
containment.

Definitions follow BEIR/pytrec_eval (graded gain, log2 discount, ideal from the qrels) so figures
compare with published ones; answer matching ignores case, punctuation, Arabic diacritics and
tatweel, because an extractive reply reformats nothing but may differ in such marks.
"""
from __future__ import annotations

import math
import re
import unicodedata
from collections.abc import Mapping, Sequence

_ARABIC_MARKS = re.compile(r"[\u0610-\u061A\u064B-\u065F\u0670\u06D6-\u06ED]")
_TATWEEL = "\u0640"


def ndcg_at_k(ranked: Sequence[str], relevant: Mapping[str, int], k: int = 10) -> float:
    """nDCG@k, graded gains (gain = grade, discount 1/log2(rank + 1)); 0 if nothing is relevant."""
    if not relevant:
        return 0.0
    dcg = sum(relevant.get(doc, 0) / math.log2(i + 2) for i, doc in enumerate(_unique(ranked)[:k]))
    ideal = sorted(relevant.values(), reverse=True)[:k]
    idcg = sum(g / math.log2(i + 2) for i, g in enumerate(ideal))
    return dcg / idcg if idcg else 0.0


def recall_at_k(ranked: Sequence[str], relevant: Mapping[str, int], k: int) -> float:
    """Share of the relevant documents found in the top k; 0 when nothing is relevant."""
    if not relevant:
        return 0.0
    found = sum(1 for doc in _unique(ranked)[:k] if relevant.get(doc, 0) > 0)
    return found / sum(1 for g in relevant.values() if g > 0)


def mean(values: Sequence[float]) -> float:
    return sum(values) / len(values) if values else 0.0


def _unique(ranked: Sequence[str]) -> list[str]:
    """Doc ids in first-seen order: several chunks of one document count once."""
    return list(dict.fromkeys(ranked))


def normalize_answer(text: str) -> str:
    """Casefolded, punctuation-free, diacritic- and tatweel-free text with single spaces."""
    text = unicodedata.normalize("NFKC", text).casefold()
    text = _ARABIC_MARKS.sub("", text).replace(_TATWEEL, "")
    text = "".join(" " if unicodedata.category(ch)[0] in "PS" else ch for ch in text)
    return " ".join(text.split())


def contains_answer(reply: str, answers: Sequence[str]) -> bool:
    """True when any gold answer occurs in the reply as whole words after normalisation."""
    haystack = f" {normalize_answer(reply)} "
    return any(f" {needle} " in haystack for needle in map(normalize_answer, answers) if needle)
