"""router: picks the sources and queries of each retrieval pass.

Pass 0: complex -> every enabled source with the sub-questions, no LLM; simple -> LLM tool
selection (course store when offline). Retries: complex keeps its sources and rewrites the query
from the evaluator's MISSING; simple widens to every source with keyword-style queries.
"""
from __future__ import annotations

import logging
from typing import Any

from langchain_core.messages import HumanMessage, SystemMessage
from langgraph.runtime import Runtime

from core.rag.coverage import named_terms
from core.rag.llm_output import message_text, parse_lines
from core.rag.prompts import REWRITE_SYSTEM, ROUTER_SYSTEM
from core.rag.state import RagContext, RagState
from core.text import detect_language, query_words

log = logging.getLogger(__name__)
SOURCE_DESCRIPTIONS = {
    "course": ("the student's own course materials (lecture notes, slides); "
               "always the best first choice"),
    "wikipedia": "Wikipedia encyclopedia articles for general background",
    "arxiv": "arXiv research papers for advanced or recent scientific topics",
    "web": "general web search for anything else",
}


async def router(state: RagState, runtime: Runtime[RagContext]) -> dict[str, Any]:
    """Choose (sources, queries) for this pass."""
    ctx = runtime.context
    enabled = list(ctx.sources)
    question = state["question"]
    retries = state.get("retries", 0)
    intent = state.get("intent", "complex")
    update: dict[str, Any] = {"route": ["router"], "plan": []}
    if retries == 0:
        if intent == "complex":
            return update | {"selected_sources": enabled,
                             "queries": (state.get("sub_questions") or [question])
                             + _names_query(question)}
        if ctx.llm is None:
            return update | {"selected_sources": enabled[:1],
                             "queries": [question, *_names_query(question)]}
        sources, queries, calls = await _select_tools(question, enabled, ctx)
        return update | {"selected_sources": sources, "queries": queries, "llm_calls": calls,
                         "plan": [[s, q] for s, q in zip(sources, queries, strict=True)]}
    if intent == "complex":
        query, calls = await _rewrite(question, state.get("missing", ""), ctx)
        return update | {"selected_sources": state.get("selected_sources") or enabled,
                         "queries": [query], "llm_calls": calls}
    return update | {"selected_sources": enabled, "queries": [_keyword_query(question)]}


def _names_query(question: str) -> list[str]:
    """For an Arabic question that names things in Latin script (commands, functions, file
    names), those names alone as a second query: they find English material that the Arabic
    words, which dominate both rankings, would push out of the pool."""
    if detect_language(question) != "ar":
        return []
    names = [n for n in named_terms(question) if len(n) >= 2]
    return [" ".join(names)] if names else []


def _keyword_query(text: str) -> str:
    return " ".join(query_words(text)) or text


async def _rewrite(question: str, missing: str, ctx: RagContext) -> tuple[str, int]:
    missing = "" if missing.strip().lower() in ("", "none", "n/a") else missing.strip()
    if ctx.llm is None:
        return _keyword_query(f"{question} {missing}"), 0
    prompt = f"Question: {question}\nMissing information: {missing or 'unknown'}"
    try:
        answer = await ctx.llm.ainvoke([SystemMessage(REWRITE_SYSTEM), HumanMessage(prompt)])
    except Exception as exc:
        log.warning("query rewrite failed (%s); using keywords", type(exc).__name__)
        return _keyword_query(f"{question} {missing}"), 1
    query = (parse_lines(message_text(answer)).get("QUERY") or [""])[0]
    return (query or _keyword_query(f"{question} {missing}")), 1


async def _select_tools(question: str, enabled: list[str], ctx: RagContext
                        ) -> tuple[list[str], list[str], int]:
    assert ctx.llm is not None
    tools = [{"type": "function", "function": {
        "name": f"search_{name}", "description": f"Search {SOURCE_DESCRIPTIONS.get(name, name)}.",
        "parameters": {"type": "object", "properties": {"query": {"type": "string"}},
                       "required": ["query"]}}} for name in enabled]
    try:
        answer = await ctx.llm.bind_tools(tools).ainvoke(
            [SystemMessage(ROUTER_SYSTEM), HumanMessage(question)])
    except Exception as exc:
        log.warning("tool selection failed (%s); using the course store", type(exc).__name__)
        return enabled[:1], [question], 1
    sources: list[str] = []
    queries: list[str] = []
    for call in getattr(answer, "tool_calls", None) or []:
        name = str(call.get("name", "")).removeprefix("search_")
        query = str((call.get("args") or {}).get("query") or question)
        if name in enabled and name not in sources:
            sources.append(name)
            queries.append(query)
    if not sources:
        return enabled[:1], [question], 1
    # Each selected source gets its own query; retrieve pairs them by position.
    return sources, queries, 1
