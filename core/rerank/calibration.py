"""Per-tier logistic calibration: every reranker tier reports P(relevant) on the same [0, 1] scale.

The CRAG gates (HIGH 0.8 / LOW 0.2 / SIMPLE 0.35) compare one number whichever tier produced it,
so each tier's raw score goes through `Calibration(a, b)`: p = sigmoid(a * raw + b), a > 0, hence
monotone. The constants below are fitted offline; no fitting happens at run time.

Three curves: LOCAL_E5 (same-language e5 cosine), LOCAL_E5_CROSSLINGUAL (Arabic vs English:
cosines sit lower for equally relevant text), RETRIEVAL_RANK (the no-reranker tier, raw =
-ln(1 + rank)), and JINA_V2 (identity on the logit of Jina's score: not fitted, no network here).
How each was fitted and how well it holds up: bench/results/calibration.md.
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
