"""reply_chitchat: the instant canned answer to greetings, thanks and goodbyes."""
from __future__ import annotations

from core.messages import Confidence
from core.rag.state import RagState
from core.texts import canned


async def reply_chitchat(state: RagState) -> RagState:
    """Answer with triage's canned reply in the user's language; no retrieval, no sources."""
    text = state.get("reply") or canned.chitchat("greeting", state.get("language", "en"))
    return {"route": ["reply_chitchat"], "answer": text, "citations": [],
            "confidence": Confidence.NONE, "low_confidence": False}
