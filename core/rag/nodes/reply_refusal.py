"""reply_refusal: the standard polite refusal for off-limits or unreadable messages."""
from __future__ import annotations

from core.messages import Confidence
from core.rag.state import RagState
from core.texts import canned


async def reply_refusal(state: RagState) -> RagState:
    """Refuse in the user's language; never echoes the message back."""
    text = state.get("reply") or canned.refusal("default", state.get("language", "en"))
    return {"route": ["reply_refusal"], "answer": text, "citations": [],
            "confidence": Confidence.NONE, "low_confidence": False}
