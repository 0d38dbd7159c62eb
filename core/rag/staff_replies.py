"""How a staff answer is shown (core/rag/staff_answers.py says which one matches): whole when
it answers the question, else beside what the course's passages say, never in its place. The
generate and fallback nodes both show them: a question whose passages only gave the fallback's
⚠ once never saw the answer staff wrote to a similar question."""
from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import replace

from core.messages import Confidence
from core.rag.citations import citations_for, confidence_of
from core.rag.staff_answers import StaffMatch, confirm_same, matching_staff_answer
from core.rag.state import RagContext, RagState
from core.texts import canned


async def find_staff_answer(state: RagState, ctx: RagContext) -> tuple[StaffMatch | None, int]:
    """The staff answer among the best passages for the question, and the LLM calls spent
    asking whether a similar question's answer answers this one (with an LLM only)."""
    match = await matching_staff_answer(state["question"], state.get("context") or [],
                                        ctx.embedder)
    if match is None or match.same or ctx.llm is None:
        return match, 0
    return await confirm_same(ctx.llm, state["question"], match), 1


async def with_staff_answer(state: RagState, ctx: RagContext,
                            course_reply: Callable[[RagState], Awaitable[RagState]]) -> RagState:
    """The reply `course_reply` makes from the passages (generate's answer, fallback's ⚠),
    unless a staff answer among them answers the question; beside a similar question's staff
    answer, made from the passages without it."""
    match, asked_llm = await find_staff_answer(state, ctx)
    language = state.get("language", "en")
    if match is None:
        update = await course_reply(state)
    elif match.same:
        update = staff_reply(match, language)
    else:
        rest = [chunk for chunk in state.get("context") or [] if chunk is not match.chunk]
        update = beside_staff(await course_reply(state | {"context": rest}) if rest else {},
                              match, language)
    return update | ({"llm_calls": update.get("llm_calls", 0) + asked_llm} if asked_llm else {})


def staff_reply(match: StaffMatch, language: str) -> RagState:
    """The staff answer whole (its source's mark); for a similar question, under the question
    it answered (📖), so the student sees what was answered."""
    citations = citations_for([match.chunk])
    if match.same:
        return {"answer": match.answer, "citations": citations,
                "confidence": confidence_of(citations), "low_confidence": not citations}
    return {"answer": canned.STAFF("similar", language, asked=match.asked, answer=match.answer),
            "citations": citations, "confidence": Confidence.UNCHECKED, "low_confidence": False}


def beside_staff(update: RagState, match: StaffMatch, language: str) -> RagState:
    """The course's reply with the staff answer to a similar question beside it: a staff answer
    to "What is GMPL?" once took the place of the right page for "What is the purpose of the
    param statement in GMPL?". The course's reply leads when it is not ⚠ and keeps its mark
    (the staff answer says what it answered); a ⚠ reply follows it, under its 📖."""
    similar = staff_reply(match, language)
    if not update.get("citations"):
        return similar
    weak = update["confidence"] is Confidence.LOW
    first, then = (similar, update) if weak else (update, similar)
    cited = [*first["citations"], *then["citations"]]
    update = update | {"answer": f"{first['answer']}\n\n{then['answer']}",
                       "citations": [replace(c, n=n) for n, c in enumerate(cited, 1)]}
    return update | {"confidence": Confidence.UNCHECKED, "low_confidence": False} if weak \
        else update
