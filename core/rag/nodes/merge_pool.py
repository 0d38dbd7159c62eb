"""merge_pool: the candidate pool of this pass — new chunks plus the best ones carried over."""
from __future__ import annotations

from langgraph.runtime import Runtime

from core.rag.state import Chunk, RagContext, RagState


async def merge_pool(state: RagState, runtime: Runtime[RagContext]) -> RagState:
    """Dedupe by id, carry >= KEEP_THRESHOLD chunks (at most CARRY_MAX) across retries, cap
    POOL_MAX."""
    config = runtime.context.config
    previous = [c for c in state.get("context") or [] if (c.score or 0.0) >= config.keep_threshold]
    carried = sorted(previous, key=lambda c: c.score or 0.0, reverse=True)[: config.carry_max]
    pool: dict[str, Chunk] = {c.id: c for c in carried}
    fresh = sorted(state.get("chunks") or [], key=lambda c: (c.source_rank, -c.retrieval_score))
    for chunk in fresh:
        if len(pool) >= config.pool_max:
            break
        pool.setdefault(chunk.id, chunk)
    return {"route": ["merge_pool"], "pool": list(pool.values())}
