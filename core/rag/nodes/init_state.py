"""init_state: resets per-question working state before the first retrieval pass."""
from __future__ import annotations

from core.rag.state import RagState


async def init_state(state: RagState) -> RagState:
    """Start the retry loop from zero with an empty pool (the loop is bounded by `retries`)."""
    return {"route": ["init_state"], "retries": 0, "pool": [], "context": [], "chunks": [],
            "documents": [], "queries": [], "selected_sources": [],
            "top_score": 0.0, "verdict": None, "missing": "", "uncovered": [],
            "not_in_course": []}
