"""The graph's gates: pure functions of state and config; core/rag/graph.py wires them in."""
from __future__ import annotations

from typing import Literal

from core.config import RagConfig
from core.rag.state import RagState


def triage_gate(state: RagState) -> Literal["reply_chitchat", "reply_refusal", "init_state"]:
    """chitchat -> canned reply; unsafe -> refusal; anything else is a study question."""
    intent = state.get("intent")
    if intent == "chitchat":
        return "reply_chitchat"
    if intent == "unsafe":
        return "reply_refusal"
    return "init_state"


def score_gate(state: RagState, config: RagConfig
               ) -> Literal["generate", "evaluator", "retry_check"]:
    """Simple: top > SIMPLE -> generate. Complex: >= HIGH generate, <= LOW retry, else evaluator."""
    top = state.get("top_score", 0.0)
    if state.get("intent") == "simple":
        return "generate" if top > config.simple_threshold else "retry_check"
    if top >= config.high_threshold:
        return "generate"
    if top <= config.low_threshold:
        return "retry_check"
    return "evaluator"


def evaluator_gate(state: RagState) -> Literal["generate", "retry_check"]:
    """Only a 'correct' verdict generates; ambiguous and incorrect re-query."""
    return "generate" if state.get("verdict") == "correct" else "retry_check"


def retry_check_gate(state: RagState, config: RagConfig) -> Literal["router", "fallback"]:
    """retries (already incremented) <= MAX_RETRIES -> another pass; else fallback."""
    return "router" if state.get("retries", 0) <= config.max_retries else "fallback"
