"""router: picks the sources and queries of each retrieval pass, without an LLM call.

Pass 0: complex -> every enabled source with the sub-questions; simple -> the sources and query
the LLM triage chose in its one call, else the course store. Retries: complex keeps its sources
and searches for what the evaluator said is MISSING (already phrased as a search query); simple
widens to every source with keyword-style queries.
"""
from __future__ import annotations

from langgraph.runtime import Runtime

from core.rag.coverage import named_terms
from core.rag.state import RagContext, RagState
from core.text import detect_language, query_words

_NOTHING_MISSING = ("", "none", "n/a", "nothing", "unknown")


async def router(state: RagState, runtime: Runtime[RagContext]) -> RagState:
    """Choose (sources, queries) for this pass."""
    enabled = list(runtime.context.sources)
    question = state["question"]
    intent = state.get("intent", "complex")
    update: RagState = {"route": ["router"], "plan": []}
    if state.get("retries", 0) == 0:
        if intent == "complex":
            return update | {"selected_sources": enabled,
                             "queries": (state.get("sub_questions") or [question])
                             + _names_query(question)}
        plan = [[s, q] for s, q in state.get("triage_plan") or [] if s in enabled]
        if plan:
            return update | {"selected_sources": [s for s, _ in plan],
                             "queries": [q for _, q in plan], "plan": plan}
        return update | {"selected_sources": enabled[:1],
                         "queries": [question, *_names_query(question)]}
    if intent == "complex":
        return update | {"selected_sources": state.get("selected_sources") or enabled,
                         "queries": [_missing_query(question, state.get("missing", ""))]}
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


def _missing_query(question: str, missing: str) -> str:
    """The evaluator's MISSING line is a search query already; without one, the keywords."""
    missing = missing.strip()
    if missing.lower().strip(". ") in _NOTHING_MISSING:
        return _keyword_query(question)
    return missing
