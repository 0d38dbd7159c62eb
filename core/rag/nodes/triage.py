"""triage: decides chitchat / unsafe / simple / complex — rules first, then one fast LLM call.

Tier 1 failing or timing out means 'complex' (the thorough path), never an error.
"""
from __future__ import annotations

import asyncio
import logging
from typing import Any

from langchain_core.messages import HumanMessage, SystemMessage
from langgraph.runtime import Runtime

from core.rag import canned, rules
from core.rag.llm_output import first_word, message_text, parse_lines
from core.rag.prompts import TRIAGE_SYSTEM
from core.rag.state import RagContext, RagState

log = logging.getLogger(__name__)
INTENTS = ("simple", "complex", "chitchat", "unsafe")


async def triage(state: RagState, runtime: Runtime[RagContext]) -> dict[str, Any]:
    """Route the message: fast paths get a canned reply, study questions an intent +
    sub-questions."""
    ctx = runtime.context
    question = state["question"]
    tier0 = rules.classify(question)
    decided = rules.decision(tier0)
    if decided is not None:
        return {"route": ["triage"]} | decided
    update: dict[str, Any] = {"route": ["triage"], "language": tier0.language}
    if ctx.llm is None:
        intent, subs = rules.split_question(question, ctx.config.max_subqueries)
        return update | {"intent": intent, "sub_questions": subs, "reply": ""}
    return update | await _tier1(question, tier0.language, ctx)


async def _tier1(question: str, language: str, ctx: RagContext) -> dict[str, Any]:
    assert ctx.llm is not None
    messages = [SystemMessage(TRIAGE_SYSTEM.format(max_sub=ctx.config.max_subqueries)),
                HumanMessage(question)]
    try:
        answer = await asyncio.wait_for(ctx.llm.ainvoke(messages), ctx.config.triage_timeout_s)
    except Exception as exc:  # timeout, rate limit, network: take the thorough path
        log.warning("triage tier 1 failed (%s); treating as complex", type(exc).__name__)
        return {"intent": "complex", "sub_questions": [question], "reply": "", "llm_calls": 1}
    fields = parse_lines(message_text(answer))
    intent = first_word((fields.get("INTENT") or [""])[0], INTENTS, "complex")
    subs = [s for s in fields.get("SUB", fields.get("SUB_QUESTION", [])) if s]
    subs = subs[: ctx.config.max_subqueries]
    update: dict[str, Any] = {"intent": intent, "llm_calls": 1, "sub_questions": subs or [question],
                    "reply": ""}
    if intent == "chitchat":
        update["reply"] = (fields.get("REPLY") or [canned.chitchat("greeting", language)])[0]
    elif intent == "unsafe":
        update["reply"] = canned.refusal("default", language)
    elif intent == "simple":
        update["sub_questions"] = [question]
    return update
