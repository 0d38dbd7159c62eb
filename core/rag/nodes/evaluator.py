"""evaluator: judges whether the context answers the question (VERDICT / CAUSE / MISSING).

Reached only for complex questions with a middling top score. Offline it judges from the scores
alone; an LLM failure counts as 'ambiguous' so the loop re-queries instead of erroring.
"""
from __future__ import annotations

import logging

from langchain_core.messages import HumanMessage, SystemMessage
from langgraph.runtime import Runtime

from core.errors import log_failure
from core.rag.llm_output import first_word, message_text, parse_lines
from core.rag.prompts import EVALUATOR_SYSTEM, evaluator_user
from core.rag.state import RagContext, RagState, Verdict
from core.text import keywords

log = logging.getLogger(__name__)
VERDICTS: tuple[Verdict, ...] = ("correct", "ambiguous", "incorrect")


async def evaluator(state: RagState, runtime: Runtime[RagContext]) -> RagState:
    """Grade the context once (not per document) and say what is missing."""
    ctx = runtime.context
    context = state.get("context") or []
    if ctx.llm is None:
        return {"route": ["evaluator"]} | score_verdict(state, ctx)
    try:
        answer = await ctx.llm.ainvoke([SystemMessage(EVALUATOR_SYSTEM),
                                        HumanMessage(evaluator_user(state["question"], context))])
    except Exception as exc:
        log_failure(log, "evaluator", exc, "treating the context as ambiguous")
        return {"route": ["evaluator"], "llm_calls": 1, "verdict": "ambiguous",
                "missing": ""}
    fields = parse_lines(message_text(answer))
    verdict = first_word((fields.get("VERDICT") or [""])[0], VERDICTS, "ambiguous")
    return {"route": ["evaluator"], "llm_calls": 1, "verdict": verdict,
            "missing": (fields.get("MISSING") or [""])[0]}


def score_verdict(state: RagState, ctx: RagContext) -> RagState:
    """Offline judgement: correct when the top score clears the band's midpoint."""
    config = ctx.config
    midpoint = (config.high_threshold + config.low_threshold) / 2
    context = state.get("context") or []
    covered = set(keywords(" ".join(c.text for c in context[:3])))
    missing = [w for w in keywords(state["question"]) if w not in covered]
    if state.get("top_score", 0.0) >= midpoint:
        return {"verdict": "correct", "missing": ""}
    return {"verdict": "ambiguous",
            "missing": " ".join(missing)}
