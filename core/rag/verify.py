"""Whether an offline answer may carry ✅: the reply must contain the answer, not only sit near it.

The extractive answer is built from the sentences closest to the question, so "the course has
something close" is always true of it; ✅ must say more. `evidence` reads what the answer was
built from (how well the best passage scored, how many of the question's words the chosen
sentences repeat, how close they are in meaning, whether they are in the question's language),
and `vouches` weighs it with a logistic model fitted on the fit half of bench/realdocs_suite
(bench/fit_verifier.py prints WEIGHTS and THRESHOLD). Answers it does not vouch for are shown
with the neutral mark: "here is what your course says", not "this is the answer".
"""
from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

from core.rag.companions import Strip
from core.rag.extractive import matched_share
from core.rag.state import Chunk
from core.text import detect_language, keywords

# Also tried, and left out because they separated nothing on the fit half (five-fold): whether
# a "how do I" question's reply holds any code, a "how many" question's any digit, retries; the
# second encoder's (USE) cosine of the best sentence (both fit halves, 0.95 target: 94.1% ✅
# right at 81% coverage with it, 94.6% at 83% without).
FEATURES = ("top", "second", "lexical", "lead_lexical", "lead_semantic", "lead_total",
            "cross", "qwords", "answer_cover", "strips", "lead_rank", "other_language")


def evidence(question: str, answer: str, strips: Sequence[Strip], context: Sequence[Chunk],
             *, top_score: float) -> dict[str, float]:
    """The verifier's inputs for one extractive answer (also shown by `eval docs --json`)."""
    sentences = [s for s in strips if not s.block] or list(strips)
    lead = max(sentences, key=lambda s: s.score)
    language = detect_language(question)
    return {
        "top": top_score,
        "second": (context[1].score or 0.0) if len(context) > 1 else 0.0,
        "lexical": max(s.lexical for s in sentences),
        "lead_lexical": lead.lexical,
        "lead_semantic": lead.semantic,
        "lead_total": lead.score,
        "cross": float(detect_language(lead.text) != language),
        "qwords": float(len(keywords(question))),
        "answer_cover": matched_share(question, answer),
        "strips": float(len(strips)),
        "lead_rank": float(lead.chunk),
        "other_language": sum(detect_language(s.text) != language for s in sentences)
        / len(sentences),
    }


# Fitted by bench/fit_verifier.py --precision 0.95 on the fit half of bench/realdocs_suite (266
# would-be ✅ replies over 22 documents; five-fold there, five shuffles: 93.2% of ✅ right, 70% of
# answerable questions ✅).
WEIGHTS: dict[str, float] = {
    "top": 1.6735, "second": -0.1727, "lexical": 0.5187, "lead_lexical": 1.3515,
    "lead_semantic": 2.6399, "lead_total": 3.2586, "cross": -0.2201, "qwords": 0.1279,
    "answer_cover": 1.5300, "strips": -0.0588, "lead_rank": -0.2470, "other_language": 0.6641}
BIAS = -6.1051
THRESHOLD = 0.7880


def probability(signals: Mapping[str, float]) -> float:
    """The model's P(the reply contains the answer)."""
    z = BIAS + sum(w * signals.get(name, 0.0) for name, w in WEIGHTS.items())
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))


def vouches(signals: Mapping[str, float]) -> bool:
    """Whether the answer may be marked ✅ (else the neutral mark)."""
    return probability(signals) >= THRESHOLD


# A reply whose sentences are in the other language shares no word with the question, so it is
# chosen by meaning alone and never ✅ (extractive.supported). Shown as what the course says (📖)
# rather than ⚠ from this probability: on the fit half 7 of the 8 such replies above it held the
# answer (📖 replies there: 35 of 66), 3 of the 10 below it.
ACROSS_LANGUAGES_THRESHOLD = 0.65


def reads_across_languages(signals: Mapping[str, float]) -> bool:
    """Whether an answer in the other language, chosen by meaning alone, may be shown as what
    the course says (📖) rather than as a low-confidence reply (⚠)."""
    return bool(signals.get("cross")) and probability(signals) >= ACROSS_LANGUAGES_THRESHOLD
