"""Calibration: every tier's raw score becomes a monotone P(relevant) in [0, 1]."""
from __future__ import annotations

import itertools
import math
from collections.abc import Sequence

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from core.rerank.calibration import (
    JINA_V2,
    LOCAL_E5,
    LOCAL_E5_CROSSLINGUAL,
    RETRIEVAL_RANK,
    Calibration,
    logit,
    rank_raw,
)
from core.rerank.local import LocalReranker

SHIPPED = [LOCAL_E5, LOCAL_E5_CROSSLINGUAL, RETRIEVAL_RANK, JINA_V2]
finite = st.floats(min_value=-1e6, max_value=1e6, allow_nan=False)


@given(st.floats(min_value=1e-3, max_value=1e3), st.floats(min_value=-1e3, max_value=1e3),
       finite, finite)
def test_any_calibration_is_monotone_and_bounded(a, b, x, y):
    cal = Calibration(a, b)
    lo, hi = sorted((x, y))
    assert 0.0 <= cal(lo) <= cal(hi) <= 1.0


@pytest.mark.parametrize("cal", SHIPPED, ids=["local", "local-cross", "retrieval", "jina"])
def test_shipped_calibrations_are_increasing_and_never_overflow(cal):
    grid = np.linspace(-5, 5, 201)
    values = cal.many(grid)
    assert all(0.0 <= v <= 1.0 for v in values)
    assert all(a <= b for a, b in itertools.pairwise(values))
    assert cal(-1e9) == 0.0 and cal(1e9) == 1.0


@pytest.mark.parametrize(("a", "b"), [(0.0, 1.0), (-2.0, 0.0), (math.inf, 0.0), (1.0, math.nan)])
def test_decreasing_or_degenerate_calibrations_are_rejected(a, b):
    with pytest.raises(ValueError):
        Calibration(a, b)


def test_nan_raw_score_is_an_error_not_a_score():
    with pytest.raises(ValueError):
        LOCAL_E5(float("nan"))


@pytest.mark.parametrize("p", [0.001, 0.02, 0.35, 0.5, 0.8, 0.99])
def test_jina_calibration_is_the_identity_on_relevance_score(p):
    assert JINA_V2(logit(p)) == pytest.approx(p, abs=1e-9)


def test_logit_is_clipped_at_the_ends():
    assert math.isfinite(logit(0.0)) and math.isfinite(logit(1.0))


def test_local_curve_spreads_the_compressed_e5_band():
    # e5 cosines live around 0.7-0.95: the fitted curve must use that band, not [0, 1]
    assert LOCAL_E5(0.70) < 0.01 and LOCAL_E5(0.95) > 0.99
    assert 0.82 < -LOCAL_E5.b / LOCAL_E5.a < 0.88  # cosine where p = 0.5
    assert LOCAL_E5(0.80) < 0.2 < LOCAL_E5(0.83) and LOCAL_E5(0.87) < 0.8 < LOCAL_E5(0.89)


def test_cross_lingual_curve_sits_lower_on_the_cosine_axis():
    for cos in (0.74, 0.76, 0.78, 0.80):
        assert LOCAL_E5_CROSSLINGUAL(cos) > LOCAL_E5(cos)


def test_retrieval_rank_curve_is_strictly_decreasing_and_below_high():
    scores = [RETRIEVAL_RANK(rank_raw(r)) for r in range(50)]
    assert all(a > b for a, b in itertools.pairwise(scores))
    assert 0.35 < scores[0] < 0.8  # simple questions may generate; complex ones go to the evaluator
    assert scores[9] < 0.05


class FixedCosineEmbedder:
    """Every passage sits at the same cosine to the query, whatever its language."""

    name = "fixed-e5"
    dim = 2

    def __init__(self, cos: float) -> None:
        self.cos = cos

    async def embed_queries(self, texts: Sequence[str]) -> np.ndarray:
        return np.array([[1.0, 0.0]] * len(texts), dtype=np.float32)

    async def embed_passages(self, texts: Sequence[str]) -> np.ndarray:
        row = [self.cos, math.sqrt(1 - self.cos ** 2)]
        return np.array([row] * len(texts), dtype=np.float32)


async def test_local_tier_applies_the_cross_lingual_curve_per_pair():
    reranker = LocalReranker(FixedCosineEmbedder(0.78), rank_evidence=False)
    same, cross = await reranker.score("ما هي الميتوكوندريا؟",
                                       ["الميتوكوندريا تنتج الطاقة في الخلية.",
                                        "Mitochondria produce the cell's energy."])
    assert same == pytest.approx(LOCAL_E5(0.78), rel=1e-4)
    assert cross == pytest.approx(LOCAL_E5_CROSSLINGUAL(0.78), rel=1e-4)
    assert cross > same


def test_fitting_routine_recovers_known_constants():
    from bench import fit_calibration as fit

    rng = np.random.default_rng(7)
    x = rng.uniform(0.6, 1.0, 20_000)
    y = (rng.uniform(size=x.size) < 1 / (1 + np.exp(-(40 * x - 34)))).astype(float)
    a, b = fit.fit_logistic(x, y)
    assert a == pytest.approx(40, rel=0.1) and b / a == pytest.approx(-34 / 40, rel=0.01)
    assert fit.auc(np.array([0.9, 0.8, 0.1]), np.array([1.0, 1.0, 0.0])) == 1.0


async def test_rank_evidence_lifts_the_top_ranked_passage_and_stays_calibrated():
    from core.rerank.local import with_rank_evidence

    plain = LocalReranker(FixedCosineEmbedder(0.85), rank_evidence=False)
    fused = LocalReranker(FixedCosineEmbedder(0.85))
    passages = ["Mitochondria make ATP.", "Mitochondria have two membranes.", "Cells divide."]
    p_plain, p_fused = await plain.score("What do mitochondria do?", passages), \
        await fused.score("What do mitochondria do?", passages)
    assert p_fused[0] > p_plain[0] > p_fused[2]  # same cosine: position decides
    assert p_fused == sorted(p_fused, reverse=True) and all(0 < p < 1 for p in p_fused)
    assert with_rank_evidence(0.3, 0) > with_rank_evidence(0.2, 0)  # monotone in the cosine
    assert with_rank_evidence(1 / 3, 0) == pytest.approx(RETRIEVAL_RANK(0.0), rel=1e-6)
