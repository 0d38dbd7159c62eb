"""How rerank reaches the course's vocabulary (core/rag/nodes/rerank.vocabulary_gaps): through
the wrappers around the course source and their breaker, only when some course passage is
English, and never so that a failing lookup changes an answer."""
from __future__ import annotations

from core.config import RagConfig
from core.ports import Vocabulary
from core.rag.coverage import course_words
from core.rag.nodes.rerank import vocabulary_gaps
from core.rag.state import Chunk, RagContext
from core.sources.course import CourseSource
from core.stores.sqlite_store import SqliteCourseStore
from core.upstream.resilience import CircuitBreaker, GuardedSource
from tests.support.fakes import FakeSource, ScriptedReranker, VocabularySource

TREES = "Heap sort uses a binary max-heap, a complete binary tree stored in an array."


def course(known: set[str], **kw) -> VocabularySource:
    return VocabularySource("course", [], known=known, **kw)


async def absent_course_words(words, course, ctx, pool) -> list[str]:
    return (await vocabulary_gaps(words, [], course, ctx, pool))[0]


def chunk(source_type: str = "course") -> Chunk:
    return Chunk(id="1", text=TREES, context=TREES, title="Sorting", url_or_path="x",
                 source_type=source_type)


async def test_a_failing_or_missing_vocabulary_changes_nothing():
    question = course_words("How do I solve the knapsack problem with dynamic programming?")
    failing = course(known=set(), fail=True)
    ctx = RagContext(config=RagConfig(), sources={"course": failing},
                     reranker=ScriptedReranker())
    assert await absent_course_words(question, None, ctx, [chunk()]) == []
    plain = RagContext(config=RagConfig(), sources={"course": FakeSource("course")},
                       reranker=ScriptedReranker())
    assert await absent_course_words(question, None, plain, [chunk()]) == []
    # nothing from the course in the pool: nothing to take a ✅ from, no lookup
    quiet = course(known=set())
    ctx = RagContext(config=RagConfig(), sources={"course": quiet}, reranker=ScriptedReranker())
    assert await absent_course_words(question, None, ctx, [chunk("web")]) == []
    assert quiet.asked == []


async def test_an_english_question_to_arabic_notes_is_not_judged_by_their_vocabulary():
    notes = "البناء الضوئي يحول الطاقة الضوئية إلى طاقة كيميائية مخزنة في الجلوكوز."
    arabic = Chunk(id="2", text=notes, context=notes, title="البناء الضوئي", url_or_path="x",
                   source_type="course")
    source = course(known=set())
    ctx = RagContext(config=RagConfig(), sources={"course": source}, reranker=ScriptedReranker())
    question = course_words("How do plants convert light energy into sugar?")
    assert await absent_course_words(question, None, ctx, [arabic]) == []
    assert source.asked == []
    assert await absent_course_words(question, None, ctx, [arabic, chunk()]) == [
        "plants", "convert", "light", "energy", "sugar"]


async def test_the_vocabulary_is_reached_through_a_guarded_source_and_its_breaker():
    inner = course(known={"solve", "problem"})
    breaker = CircuitBreaker("supabase")
    ctx = RagContext(config=RagConfig(), sources={"course": GuardedSource(inner, breaker)},
                     reranker=ScriptedReranker())
    question = course_words("How do I solve the knapsack problem with dynamic programming?")
    assert await absent_course_words(question, "cs101", ctx, [chunk()]) == [
        "knapsack", "dynamic", "programming"]
    assert inner.asked[0][1] == "cs101"  # the asking chat's course
    inner.fail = True
    for _ in range(breaker.failure_threshold):
        assert await absent_course_words(question, None, ctx, [chunk()]) == []
    calls = len(inner.asked)
    assert await absent_course_words(question, None, ctx, [chunk()]) == []  # open: not called
    assert len(inner.asked) == calls


def test_the_course_source_is_a_vocabulary():
    assert isinstance(CourseSource(store=None), Vocabulary)  # type: ignore[arg-type]
    assert not isinstance(FakeSource("course"), Vocabulary)


async def test_course_source_remembers_a_questions_lookup_for_its_retries(tmp_path):
    from tests.support.fake_embedder import HashingEmbedder
    from tests.support.supabase_corpus import load_corpus

    store = SqliteCourseStore(tmp_path / "s.db", HashingEmbedder())
    await load_corpus(store)
    calls = []
    real = store.known_terms

    async def counted(terms, filters=None):
        calls.append(list(terms))
        return await real(terms, filters)
    store.known_terms = counted  # type: ignore[method-assign]
    source = CourseSource(store)
    assert await source.known_terms(["glucose", "knapsack"]) == {"glucose"}
    assert await source.known_terms(["glucose", "knapsack"]) == {"glucose"}
    assert len(calls) == 1
    await store.close()
