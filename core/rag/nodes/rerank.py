"""rerank: scores the pool on the calibrated [0, 1] scale the gates expect and keeps the best.

The top course chunks are pinned into the final context so the course stays the primary source
even when a long web page outscores it. When nothing in the pool mentions a name the question
asks about (see core.rag.coverage), every score is lowered: the gates then re-query and, if the
name is still nowhere, fall back honestly instead of answering from look-alike passages.
"""
from __future__ import annotations

from typing import Any

from langgraph.runtime import Runtime

from core.rag.coverage import UNCOVERED_LOGIT, uncovered_terms
from core.rag.state import Chunk, RagContext, RagState
from core.rerank.calibration import logit, sigmoid


async def rerank(state: RagState, runtime: Runtime[RagContext]) -> dict[str, Any]:
    """Score every pooled chunk, pin the best course chunks, cut to FINAL_CONTEXT_N."""
    ctx = runtime.context
    pool = state.get("pool") or []
    if not pool:
        return {"route": ["rerank"], "context": [], "top_score": 0.0, "rerank_tier": "none"}
    ranked = await ctx.reranker.score(state["question"], [passage_text(c) for c in pool],
                                      [c.retrieval_score for c in pool])
    shift = UNCOVERED_LOGIT * len(uncovered_terms(state["question"],
                                                  (f"{c.title}\n{c.context}" for c in pool)))
    scores = [min(1.0, max(0.0, float(s))) for s in ranked.scores]
    if shift:
        scores = [sigmoid(logit(s) - shift) for s in scores]
    scored = sorted((c.scored(s) for c, s in zip(pool, scores, strict=True)),
                    key=lambda c: c.score or 0.0, reverse=True)
    context = select_context(scored, ctx.config.final_context_n, ctx.config.pin_course_n)
    return {"route": ["rerank"], "context": context, "top_score": scored[0].score or 0.0,
            "rerank_tier": ranked.tier}


def passage_text(chunk: Chunk) -> str:
    """What the reranker reads: the title carries the topic a short chunk may only imply
    (a section headed "Breadth-first search (BFS)" whose sentences say "the algorithm")."""
    return f"{chunk.title}\n{chunk.text}" if chunk.title else chunk.text


def select_context(scored: list[Chunk], final_n: int, pin_course_n: int) -> list[Chunk]:
    """Best `final_n` by score, with the best `pin_course_n` course chunks guaranteed a place."""
    pinned = [c for c in scored if c.source_type == "course"][:pin_course_n]
    rest = [c for c in scored if c not in pinned]
    chosen = (pinned + rest)[:final_n]
    return sorted(chosen, key=lambda c: c.score or 0.0, reverse=True)
