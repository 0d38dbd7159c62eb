"""Where an answerable question whose reply lacks its gold answer lost it: no passage of the
retrieved pool holds a gold string (not retrieved), one does but the reranker's cut to the
context left it out (cut by the reranker), or one in the context holds it and the reply does
not quote it (passed by: the sentence picker, or a gold spelled otherwise than the page). Tells
which part of the pipeline a change should work on; before this, each session patched the
rerank node to see.

A passage holds a gold string when its text or its parent context contains it, compared as
`eval docs` compares replies (bot/eval_docs.contains_gold).
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bot.eval_docs import contains_gold, eval_settings
from core.rag.state import Chunk

NOT_RETRIEVED, CUT, PASSED_BY = "not retrieved", "cut by the reranker", "in the context, passed by"
STAGES = (PASSED_BY, CUT, NOT_RETRIEVED)


@dataclass(frozen=True, slots=True)
class Miss:
    """One missed question: where its gold was lost, and the first gold-holding passage's place
    in the pool by retrieval score and in the context (None where there is none)."""

    id: str
    question: str
    stage: str
    pool_rank: int | None
    context_rank: int | None


def holding(chunks: Sequence[Chunk], answers: Sequence[str]) -> int | None:
    """The place of the first passage holding one of `answers`, or None."""
    return next((i for i, chunk in enumerate(chunks)
                 if contains_gold(f"{chunk.text}\n{chunk.context}", list(answers))), None)


def stage_of(pool: Sequence[Chunk], context: Sequence[Chunk], answers: Sequence[str]
             ) -> tuple[str, int | None, int | None]:
    """(stage, pool rank, context rank) for one missed question. The graph's final state
    holds the pool as retrieval merged it, so its rank is by retrieval score."""
    ranked = sorted(pool, key=lambda c: c.retrieval_score, reverse=True)
    pool_rank, context_rank = holding(ranked, answers), holding(context, answers)
    if context_rank is not None:
        return PASSED_BY, pool_rank, context_rank
    return (NOT_RETRIEVED if pool_rank is None else CUT), pool_rank, None


def misses(records: dict[str, Any]) -> list[dict[str, Any]]:
    """The answerable questions of an `eval docs --json` record whose reply lacks the gold."""
    return [q for q in records["questions"] if q["answerable"] and not q["gold_in_reply"]]


async def locate(records: dict[str, Any], store: Path) -> list[Miss]:
    """Ask each missed question of `records` again over the set's kept store (as `run --stores`
    left it) and read where its gold was lost from the graph's final pool and context."""
    from bot.composition import compose
    from core.chat.service import RECURSION_LIMIT
    from core.course.spaces import DEFAULT_MODE

    if not (store / "studybuddy.db").exists():
        raise FileNotFoundError(f"no store in {store}: run `fit_halves run --stores` first")
    missed = misses(records)
    if not missed:
        return []
    app = (await compose(eval_settings(store))).app
    out = []
    try:
        service = app.service
        for q in missed:
            state = await service.graph.ainvoke(
                {"question": q["question"], "course": None, "mode": DEFAULT_MODE},
                context=service.context, config={"recursion_limit": RECURSION_LIMIT})
            stage, pool_rank, context_rank = stage_of(state.get("pool") or [],
                                                      state.get("context") or [], q["gold"])
            out.append(Miss(q["id"], q["question"], stage, pool_rank, context_rank))
    finally:
        await app.close()
    return out
