"""Guide mode's answer to a request for graded work: the concepts from the materials (cited),
steps to try and a question back, never a finished solution or full code.

Only for a chat in guide mode (state "mode") and a request core/rag/integrity.py recognises;
everything else is answered by generate / fallback as usual. With an LLM the draft follows
GUIDE_SYSTEM and then passes a post-check that removes code blocks and final-answer lines (a
model can ignore its instructions); offline it is the context's explaining sentences only, no
examples or code. The route gains "guide" so callers and tests can see the mode applied.
"""
from __future__ import annotations

import logging
import re
from collections.abc import Sequence

from langchain_core.messages import HumanMessage, SystemMessage

from core.errors import log_failure
from core.messages import Citation, Confidence
from core.rag.citations import citations_for, cite, confidence_of
from core.rag.extractive import compose, relevant_strips
from core.rag.integrity import fold, has_solution, is_graded_work_request, strip_solution
from core.rag.llm_output import message_text
from core.rag.prompts import GUIDE_SYSTEM, generate_user
from core.rag.state import Chunk, RagContext, RagState
from core.rag.strips import Strip
from core.sentences import asks
from core.texts.guide import GUIDE

log = logging.getLogger(__name__)
LANGUAGE_NAMES = {"en": "English", "ar": "Arabic"}
CANDIDATE_STRIPS = 8  # read this many, keep the explaining ones up to max_answer_sentences

# Sentences that show rather than explain: examples, code, worked results, and the task itself
# ("Write a C function crc32_table(…) that…": the assignment's text was the only "key idea").
# A sentence ending in ":" introduces what follows (an example, a listing): dropped with it.
_NOT_CONCEPT = re.compile(
    r"\b(?:for example|for instance|e\.g\.|examples?|exercises?|implementation|the answer is"
    r"|final answer)\b|^(?:solution|answer)\b"
    r"|^(?:write|implement|submit|compute|calculate|solve|prove|derive|create|build|design"
    r"|complete|hand in|turn in)\b|^(?:اكتب|نفذ|طبق|احسب|اثبت|سلم|صمم|انشئ)(?!\w)"
    r"|(?<!\w)(?:مثال|مثلا|على سبيل المثال|تمرين|الحل"
    r"|الاجابه النهائيه|الجواب النهائي)(?!\w)|`|[=;{}]|->|=>|\b(?:def|return|select|print)\b"
    r"|:\s*$")
# The request's own framing ("solve question 3 of my homework") says nothing about the topic.
_FRAMING = re.compile(
    r"\b(?:please|can you|could you|solve|complete|finish|write|give me|send me|do|my|the|for"
    r"|me|of|this|answers?|solutions?|code|homework|assignment|exam|quiz|question|problem"
    r"|exercise|task|\d+)\b|(?<!\w)(?:حل|لي|اكتب|اعطني|الواجب|التكليف|الاختبار|الامتحان"
    r"|السؤال|اجابات|حلول|كود)(?!\w)")


def applies(state: RagState) -> bool:
    """Guide mode is on for this chat and the question asks for graded work (by the rules of
    core.rag.integrity, or by the semantic triage tier's reading)."""
    return state.get("mode") == "guide" and (
        bool(state.get("graded_work")) or is_graded_work_request(state.get("question", "")))


def topic_of(question: str) -> str:
    """The question without its request framing, for choosing sentences by topic."""
    words = " ".join(_FRAMING.sub(" ", fold(question)).split())
    return words if len(words.split()) >= 2 else question


async def guided_answer(state: RagState, ctx: RagContext, *, node: str) -> RagState:
    """The node update for a graded-work request in guide mode (node: generate | fallback)."""
    language = state.get("language", "en")
    context = state.get("context") or []
    question = state["question"]
    if ctx.llm is not None and context:
        try:
            draft = await ctx.llm.ainvoke([
                SystemMessage(GUIDE_SYSTEM.format(language=LANGUAGE_NAMES.get(language,
                                                                                "English"))),
                HumanMessage(generate_user(question, context))])
        except Exception as exc:
            log_failure(log, "guided generation", exc, "answering offline")
        else:
            text, citations = cite(strip_solution(message_text(draft)), context)
            if text:
                return _update(node, with_question_back(text, language), citations, 1)
        return _offline(await concept_strips(question, context, ctx), context, language, node,
                        llm_calls=1)
    return _offline(await concept_strips(question, context, ctx), context, language, node)


async def concept_strips(question: str, context: Sequence[Chunk], ctx: RagContext
                         ) -> list[Strip]:
    """The context's explaining sentences about the request's topic: no example blocks, no
    code, no worked answers."""
    strips = await relevant_strips(topic_of(question), context, ctx.embedder, CANDIDATE_STRIPS)
    kept = [s for s in strips if not s.block and _NOT_CONCEPT.search(fold(s.text)) is None]
    return kept[: ctx.config.max_answer_sentences]


def with_question_back(text: str, language: str) -> str:
    """A drafted guide answer that does not end by asking the student something gets the
    standard question back."""
    if asks(text):
        return text
    return f"{text}\n\n{GUIDE('question', language)}"


def _offline(strips: Sequence[Strip], context: Sequence[Chunk], language: str, node: str,
             llm_calls: int = 0) -> RagState:
    concepts = compose(strips)
    if has_solution(concepts):  # belt and braces: the filter above should have caught it
        concepts = strip_solution(concepts)
    head = f"{GUIDE('intro', language)}\n{concepts}" if concepts else GUIDE("intro_none", language)
    text = f"{head}\n\n{GUIDE('steps', language)}\n\n{GUIDE('question', language)}"
    citations = citations_for([context[s.chunk] for s in strips]) if concepts else []
    return _update(node, text, citations, llm_calls)


def _update(node: str, text: str, citations: list[Citation], llm_calls: int) -> RagState:
    """A guided reply answers nothing by design: what the course says (📖), never ✅."""
    confidence = Confidence.LOW if node == "fallback" else confidence_of(citations)
    if confidence is Confidence.COURSE:
        confidence = Confidence.UNCHECKED
    update: RagState = {"route": [node, "guide"], "answer": text, "citations": citations,
                              "confidence": confidence,
                              "low_confidence": confidence is Confidence.LOW}
    if llm_calls:
        update["llm_calls"] = llm_calls
    return update
