"""The reranker cascade the graph calls: Jina -> local e5 -> retrieval order.

Each tier is tried in order; any exception (or a malformed answer) is logged as a warning and the
next tier runs. When every tier fails, or none is configured, the "retrieval" tier scores by
position: the caller passes passages best-first (merge_pool interleaves sources by their own
rank), and rank r maps to RETRIEVAL_RANK(-ln(1 + r)), P(relevant | rank) fitted on BM25 lists.
`retrieval_scores` do not set the value: their scales differ by source (RRF ~0.03, Tavily 0..1,
rank-based for Wikipedia), so they only need to match the passages in length.
All tiers report calibrated [0, 1] scores, so the gates mean the same whichever tier ran.
"""
from __future__ import annotations

import asyncio
import logging
import math
from collections.abc import Sequence

from core.errors import log_failure
from core.ports import Ranked, RerankTier
from core.rerank.calibration import RETRIEVAL_RANK, Calibration, rank_raw

log = logging.getLogger(__name__)


def retrieval_scores_by_rank(n: int, calibration: Calibration = RETRIEVAL_RANK) -> list[float]:
    """Scores for n passages given best-first: strictly decreasing, each in (0, 1)."""
    return [calibration(rank_raw(rank)) for rank in range(n)]


class RerankCascade:
    """Tries each RerankTier tier in order; falls back to the calibrated retrieval order."""

    def __init__(self, tiers: Sequence[RerankTier], *, timeout_s: float | None = None) -> None:
        self._tiers = list(tiers)
        self._timeout_s = timeout_s  # per tier; None leaves timing to the tiers' own clients

    @property
    def tier_names(self) -> list[str]:
        return [t.name for t in self._tiers] + ["retrieval"]

    async def score(self, query: str, passages: Sequence[str],
                    retrieval_scores: Sequence[float] | None = None) -> Ranked:
        """Calibrated scores from the first tier that succeeds."""
        if retrieval_scores is not None and len(retrieval_scores) != len(passages):
            raise ValueError(f"{len(retrieval_scores)} retrieval scores for "
                             f"{len(passages)} passages")
        if not passages:
            return Ranked([], "retrieval")
        for tier in self._tiers:
            try:
                scores = await asyncio.wait_for(tier.score(query, passages), self._timeout_s)
                return Ranked(_checked(scores, len(passages)), tier.name)
            except Exception as exc:  # a tier failing is expected; the next one takes over
                log_failure(log, f"reranker tier {tier.name}", exc, "trying the next tier")
        return Ranked(retrieval_scores_by_rank(len(passages)), "retrieval")


def _checked(scores: Sequence[float], n: int) -> list[float]:
    """A tier's answer, validated: one finite score in [0, 1] per passage."""
    out = [float(s) for s in scores]
    if len(out) != n:
        raise ValueError(f"tier returned {len(out)} scores for {n} passages")
    if not all(math.isfinite(s) and 0.0 <= s <= 1.0 for s in out):
        raise ValueError("tier returned a score outside [0, 1]")
    return out
