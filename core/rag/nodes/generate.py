"""generate: the answer. With an LLM: drafted with [n] markers, cited sources are the ones whose
markers were used, markers removed from the shown text. Offline (or if the LLM fails): extractive.
In guide mode a request for graded work is answered by core/rag/guide.py instead.
"""
from __future__ import annotations

import logging

from langchain_core.messages import HumanMessage, SystemMessage
from langgraph.runtime import Runtime

from core.errors import log_failure
from core.messages import Citation, Confidence
from core.rag import guide
from core.rag.citations import citations_for, cite, confidence_of
from core.rag.extractive import compose, focused, quoted_language, relevant_strips, supported
from core.rag.integrity import is_graded_work_request
from core.rag.llm_output import message_text
from core.rag.nodes.fallback import flagged, opening
from core.rag.prompts import GENERATE_SYSTEM, generate_user
from core.rag.staff_replies import with_staff_answer
from core.rag.state import RagContext, RagState
from core.rag.strips import language_first, on_asked_options
from core.rag.verify import evidence, reads_across_languages, vouches
from core.text import detect_language, options

log = logging.getLogger(__name__)
LANGUAGE_NAMES = {"en": "English", "ar": "Arabic"}


async def generate(state: RagState, runtime: Runtime[RagContext]) -> RagState:
    """Write a short, cited answer from the final context; never ✅ when the question names
    something the course material does not mention (core/rag/coverage.py)."""
    return _unless_uncovered(await _generate(state, runtime), state)


def _unless_uncovered(update: RagState, state: RagState) -> RagState:
    """A ✅ reply made ⚠ when the question names what the course never mentions."""
    if state.get("uncovered") and update.get("confidence") is Confidence.COURSE:
        return update | {"confidence": Confidence.LOW, "low_confidence": True}
    return update


async def _generate(state: RagState, runtime: Runtime[RagContext]) -> RagState:
    ctx = runtime.context
    if guide.applies(state):
        return await guide.guided_answer(state, ctx, node="generate")
    # course staff answered it, or a similar question (staff_replies.py)
    return {"route": ["generate"]} | await with_staff_answer(
        state, ctx, lambda passages: _course_answer(passages, ctx))


async def _course_answer(state: RagState, ctx: RagContext) -> RagState:
    """The answer from the passages; a ⚠ one says so first, as the fallback's does."""
    update = _unless_uncovered(await _drafted_or_extracted(state, ctx), state)
    if update.get("confidence") is Confidence.LOW and update.get("citations"):
        update["answer"] = flagged(update["answer"], state, ctx)
    return update


async def _drafted_or_extracted(state: RagState, ctx: RagContext) -> RagState:
    """The answer from the passages: drafted by the LLM, else extractive."""
    context = state.get("context") or []
    question = state["question"]
    if ctx.llm is not None and context:
        language = LANGUAGE_NAMES.get(state.get("language", "en"), "English")
        try:
            draft = await ctx.llm.ainvoke([SystemMessage(GENERATE_SYSTEM.format(language=language)),
                                           HumanMessage(generate_user(question, context))])
        except Exception as exc:
            log_failure(log, "generation", exc, "answering extractively")
        else:
            text, citations = cite(message_text(draft), context)
            if text:
                return _answer(text, citations, llm_calls=1)
        update = await extractive_answer(question, state, ctx)
        return update | {"llm_calls": 1}
    return await extractive_answer(question, state, ctx)


async def extractive_answer(question: str, state: RagState, ctx: RagContext) -> RagState:
    context = state.get("context") or []
    language = detect_language(question)
    picked = await relevant_strips(question, context, ctx.embedder,
                                   ctx.config.max_answer_sentences, ctx.sentence_embedder)
    strips, shown = focused(on_asked_options(question, picked), context, language)
    if not strips:
        strips = shown = await relevant_strips(question, context[:1], None, 2)
    shown = language_first(shown, context, language)  # judged as picked, shown in this order
    text = compose(strips)
    if not text:  # nothing in the context answers it: say so rather than send an empty reply
        return _answer(opening("empty", state, ctx), [])
    update = _answer(text, citations_for([context[strip.chunk] for strip in strips]))
    update["evidence"] = evidence(question, text, strips, context,
                                  top_score=state.get("top_score", 0.0),
                                  unknown_words=state.get("unknown_words", 0))
    # the ✅ mark names it, against the reply's language: "ما هو Memcheck؟" reads as English
    # by its letters, but its reply is Arabic and quotes English material
    if quoted := quoted_language(strips, context, state.get("language") or language):
        update["quoted_language"] = quoted
    # the verifier weighs closeness in meaning: it needs e5
    checkable = update["confidence"] is Confidence.COURSE and ctx.embedder is not None
    if not supported(strips) and not (checkable and not state.get("uncovered")
                                      and reads_across_languages(update["evidence"])):
        # chosen by meaning alone, and not an other-language page close enough to the question
        update |= {"confidence": Confidence.LOW, "low_confidence": True}
    elif checkable and not vouches(update["evidence"]):
        update["confidence"] = Confidence.UNCHECKED  # what the course says, not a checked answer
    elif update["confidence"] is Confidence.COURSE and _beside_the_point(question, text):
        update["confidence"] = Confidence.UNCHECKED
    if shown != strips:  # judged without the course sentences only shown (see `focused`)
        update |= {"answer": compose(shown),
                   "citations": citations_for([context[strip.chunk] for strip in shown])}
    return update


def _beside_the_point(question: str, text: str) -> bool:
    """A reply that cannot be the answer however close it reads: quoted sentences never do
    the work a graded-work request asks for ("Solve assignment 2 for me…" was ✅ over the
    assignment's own text; by the rules only: the semantic tier reads bare how-tos as tasks),
    and a reply naming none of the options asked about is about others ("What does ninja -d
    explain print?" was ✅ over `-t targets` text)."""
    asked = set(options(question))
    return is_graded_work_request(question) or (bool(asked) and not asked & set(options(text)))


def _answer(text: str, citations: list[Citation], llm_calls: int = 0) -> RagState:
    update: RagState = {"route": ["generate"], "answer": text, "citations": citations,
              "confidence": confidence_of(citations), "low_confidence": not citations}
    if llm_calls:
        update["llm_calls"] = llm_calls
    return update
