"""fallback: the honest answer when retries are exhausted — what was closest, clearly flagged.
In guide mode a request for graded work gets guide.py's concepts and steps, also flagged."""
from __future__ import annotations

from langgraph.runtime import Runtime

from core.messages import Confidence
from core.rag import guide
from core.rag.citations import citations_for
from core.rag.extractive import compose, relevant_strips
from core.rag.staff_replies import with_staff_answer
from core.rag.state import RagContext, RagState
from core.rag.strips import language_first
from core.text import detect_language
from core.texts import canned

PARTIAL_STRIPS = 2


async def fallback(state: RagState, runtime: Runtime[RagContext]) -> RagState:
    """Say the course does not cover it, then the best partial strips with their sources; a
    staff answer to the question (or to a similar one) comes with them (staff_replies.py)."""
    ctx = runtime.context
    if guide.applies(state):
        return await guide.guided_answer(state, ctx, node="fallback")
    return {"route": ["fallback"]} | await with_staff_answer(
        state, ctx, lambda passages: _closest(passages, ctx))


async def _closest(state: RagState, ctx: RagContext) -> RagState:
    """The ⚠ reply: the course does not cover it, then the closest strips with their sources."""
    context = state.get("context") or []
    question = state["question"]
    spoken = detect_language(question)
    # for an English question, an Arabic sentence only when it shares a word of the question (a
    # command, a name): here no judge has vouched for the context, and across languages anything
    # passes the ranking's bar (an Arabic page on merge sort as the closest material to "Who
    # commanded the Byzantine admiralty?"). Arabic questions keep English material, as in
    # relevant_strips: Arabic courses quote English, and Arabic students read English notes.
    strips = language_first(
        [s for s in await relevant_strips(question, context, ctx.embedder, PARTIAL_STRIPS)
         if spoken != "en" or s.lexical > 0 or detect_language(context[s.chunk].text) == spoken],
        context, spoken)
    text = flagged(compose(strips), state, ctx) if strips else opening("empty", state, ctx)
    return {"answer": text, "citations": citations_for([context[strip.chunk] for strip in strips]),
            "confidence": Confidence.LOW, "low_confidence": True}


def opening(kind: str, state: RagState, ctx: RagContext) -> str:
    """A ⚠ reply's first sentence ("intro": before the closest material, "empty": with none),
    naming what the course never mentions and claiming only the sources searched."""
    return canned.fallback(kind, state.get("language", "en"), state.get("not_in_course") or [],
                           outside=outside_checked(state, ctx))


def flagged(text: str, state: RagState, ctx: RagContext) -> str:
    """A ⚠ reply's material under the sentence saying it is no reliable answer: the generate
    node's ⚠ replies read as answers without it."""
    return f"{opening('intro', state, ctx)}\n\n{text}"


def outside_checked(state: RagState, ctx: RagContext) -> bool:
    """Whether a source beyond the course was searched and answered: offline, with every outside
    source failing, or with only the course searched (a first pass), "…or the other sources I
    checked" would claim a search that never was."""
    failed = set(state.get("source_errors") or ())
    searched = state.get("selected_sources") or list(ctx.sources)
    return any(name != "course" and name not in failed for name in searched)
