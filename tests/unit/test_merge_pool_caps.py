"""merge_pool's two caps: the pool never grows past POOL_MAX, and at most CARRY_MAX of the
previous pass's kept chunks (score >= KEEP_THRESHOLD) are carried into a retry."""
from __future__ import annotations

from typing import Any

from langgraph.runtime import Runtime

from core.config import RagConfig
from core.rag.nodes.merge_pool import merge_pool
from core.rag.state import Chunk, RagContext, RagState
from tests.support.fakes import ScriptedReranker


def chunk(name: str, *, rank: int = 0, score: float | None = None) -> Chunk:
    return Chunk(id=name, text=f"passage {name}", context=f"passage {name}", title=name,
                 url_or_path=f"{name}.md", source_type="course", source_rank=rank,
                 retrieval_score=1.0, score=score)


async def merge(state: RagState, **config: Any) -> list[Chunk]:
    runtime = Runtime(context=RagContext(config=RagConfig(**config), sources={},
                                         reranker=ScriptedReranker()))
    update = await merge_pool(state, runtime)
    assert update["route"] == ["merge_pool"]
    return update["pool"]


def fresh(n: int, prefix: str = "new") -> list[Chunk]:
    return [chunk(f"{prefix}{i}", rank=i) for i in range(n)]


def kept(n: int) -> list[Chunk]:
    """n chunks of the previous pass, all above the default KEEP_THRESHOLD (0.5), best first."""
    return [chunk(f"old{i}", score=0.99 - i * 0.01) for i in range(n)]


async def test_the_default_pool_stops_at_fifty_candidates():
    pool = await merge({"chunks": fresh(80)})
    assert len(pool) == RagConfig().pool_max == 50
    assert [c.id for c in pool] == [f"new{i}" for i in range(50)]  # the best-ranked fifty


async def test_a_smaller_pool_max_cuts_the_fresh_candidates_by_source_rank():
    pool = await merge({"chunks": list(reversed(fresh(10)))}, pool_max=3, carry_max=3)
    assert [c.id for c in pool] == ["new0", "new1", "new2"]


async def test_carried_chunks_count_towards_pool_max():
    pool = await merge({"context": kept(4), "chunks": fresh(10)}, pool_max=6, carry_max=4)
    assert [c.id for c in pool] == ["old0", "old1", "old2", "old3", "new0", "new1"]


async def test_the_default_retry_carries_at_most_four_kept_chunks():
    pool = await merge({"context": kept(8), "chunks": []})
    assert len(pool) == RagConfig().carry_max == 4
    assert [c.id for c in pool] == ["old0", "old1", "old2", "old3"]  # the four best scores


async def test_carry_max_keeps_the_best_scored_and_leaves_room_for_fresh_chunks():
    previous = list(reversed(kept(6)))  # worst first: the node must sort, not slice the head
    pool = await merge({"context": previous, "chunks": fresh(3)}, carry_max=2)
    assert [c.id for c in pool] == ["old0", "old1", "new0", "new1", "new2"]


async def test_carry_max_zero_carries_nothing():
    pool = await merge({"context": kept(3), "chunks": fresh(2)}, carry_max=0)
    assert [c.id for c in pool] == ["new0", "new1"]


async def test_chunks_below_keep_threshold_are_never_carried():
    low = [chunk("low", score=0.3), chunk("unscored")]
    pool = await merge({"context": [*low, *kept(1)], "chunks": []})
    assert [c.id for c in pool] == ["old0"]
