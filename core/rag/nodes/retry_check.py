"""retry_check: counts a re-query; the gate after it sends the question back or to fallback."""
from __future__ import annotations

from core.rag.state import RagState


async def retry_check(state: RagState) -> RagState:
    """Increment the retry counter — the only thing bounding the loop (not recursion_limit)."""
    return {"route": ["retry_check"], "retries": state.get("retries", 0) + 1}
