"""The course source fuses a second encoder's ranking of the other-language passages into the
store's hits, on both stores: an Arabic question reaches the English page that answers it
although the store's own vectors (here: bag of words, which cannot cross languages) rank that
page below every Arabic passage sharing a word with the question."""
from __future__ import annotations

from collections.abc import AsyncIterator, Iterator, Sequence
from pathlib import Path

import numpy as np
import pytest

from core.ports import CourseStore
from core.sources.course import CourseSource
from core.sources.other_language import OtherLanguageIndex
from tests.support.fake_embedder import HashingEmbedder, MeaningEmbedder
from tests.support.postgres import LocalPostgres
from tests.support.postgrest_shim import PostgrestShim
from tests.support.supabase_corpus import build, doc_id, either_store, serve

pytestmark = pytest.mark.integration

QUESTION = "ما الأمر الذي يعرض ترويسات جميع النسخ المتاحة لجميع الحزم؟"
MEANING = "which command displays the headers of all available versions of all packages"
ANSWER = "apt-cache dumpavail displays the headers of all available versions of all packages."
CORPUS = [("apt-cache.md", "en", [ANSWER]),
          ("apt-get.md", "en", ["apt-get install fetches a package and its dependencies."]),
          ("intro-ar.md", "ar", ["تعرض هذه الأداة جميع الحزم المثبتة على النظام."]),
          ("versions-ar.md", "ar", ["تحمل النسخ المتاحة أرقاماً تزداد مع كل إصدار."]),
          ("mirrors-ar.md", "ar", ["تنزل الحزم من المرايا المتاحة عبر الشبكة."])]


class SecondEncoder(MeaningEmbedder):
    """Stands in for USE multilingual: reads the test question as its English meaning."""

    def __init__(self) -> None:
        super().__init__({QUESTION: MEANING})


STORE_EMBEDDER = HashingEmbedder()


async def _load(store: CourseStore) -> None:
    for name, lang, passages in CORPUS:
        await store.replace_document(*await build("apt", name, "lecture", lang, passages,
                                                  embedder=STORE_EMBEDDER))


@pytest.fixture(scope="module")
def shim(local_postgres: LocalPostgres) -> Iterator[PostgrestShim]:
    with serve(local_postgres, "other_language") as server:
        yield server


@pytest.fixture(params=["sqlite", "supabase"])
async def store(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[CourseStore]:
    url = request.getfixturevalue("shim").url if request.param == "supabase" else None
    async with either_store(request.param, tmp_path, url, _load, STORE_EMBEDDER) as chosen:
        yield chosen


async def test_an_arabic_question_reaches_the_english_page_the_store_ranks_out(store):
    plain = await CourseSource(store, course="apt").search(QUESTION, 2)
    assert ANSWER not in [h.text for h in plain]  # the store alone: two Arabic passages
    fused = CourseSource(store, course="apt",
                         other_language=OtherLanguageIndex(store, SecondEncoder()))
    hits = await fused.search(QUESTION, 2)
    assert [h.metadata["lang"] for h in hits] == ["ar", "en"] and hits[1].text == ANSWER
    assert hits[0].text == plain[0].text  # the store's best hit keeps its place


async def test_an_english_question_keeps_its_english_answer_first(store):
    encoder = SecondEncoder()
    source = CourseSource(store, course="apt", other_language=OtherLanguageIndex(store, encoder))
    question = "which command shows the headers of available versions"
    hits = await source.search(question, 3)
    # an Arabic passage the store also found is not put above it for being ranked twice
    assert hits[0].text == ANSWER
    await source.search(question, 3)
    # every passage is encoded once, then read from memory
    assert [n for kind, n in encoder.calls if kind == "passage"] == [len(CORPUS)]


async def test_a_course_in_the_question_s_language_only_is_left_to_the_store(store):
    encoder = SecondEncoder()
    english = CourseSource(store, course="apt",
                           other_language=OtherLanguageIndex(store, encoder))
    await store.remove_document(doc_id("apt", "intro-ar.md"))
    for name in ("versions-ar.md", "mirrors-ar.md"):
        await store.remove_document(doc_id("apt", name))
    assert await english.search("which command shows package headers", 2) == (
        await CourseSource(store, course="apt").search("which command shows package headers", 2))
    assert encoder.calls == []  # nothing in another language: the second encoder is not run


async def test_warm_up_encodes_every_passage_before_the_first_arabic_question(store):
    from core.chat.warm import embed_course
    from core.config import RagConfig
    from core.rag.state import RagContext
    from tests.support.fakes import ScriptedReranker

    encoder = SecondEncoder()
    source = CourseSource(store, course="apt", other_language=OtherLanguageIndex(store, encoder))
    await embed_course(RagContext(config=RagConfig(), sources={"course": source},
                                  reranker=ScriptedReranker([])))
    assert [n for kind, n in encoder.calls if kind == "passage"] == [len(CORPUS)]
    hits = await source.search(QUESTION, 2)
    assert hits[1].text == ANSWER
    assert [kind for kind, _ in encoder.calls] == ["passage", "query"]  # the question only


async def test_another_course_s_page_never_comes_in_however_well_it_answers(store):
    # a second class stores the very sentence that answers the question; the asking chat's
    # course is "apt", so the second encoder never sees it
    await store.replace_document(*await build("other-class", "leak.md", "lecture", "en",
                                              [ANSWER + " (other class)"],
                                              embedder=STORE_EMBEDDER))
    source = CourseSource(store, course="apt",
                          other_language=OtherLanguageIndex(store, SecondEncoder()))
    hits = await source.search(QUESTION, 10)
    assert {h.metadata["course"] for h in hits} == {"apt"}


class _BrokenEncoder(SecondEncoder):
    async def embed_passages(self, texts: Sequence[str]) -> np.ndarray:
        raise RuntimeError("model file damaged")


async def test_a_failing_second_encoder_leaves_the_store_s_hits(store, caplog):
    plain = await CourseSource(store, course="apt").search(QUESTION, 2)
    broken = CourseSource(store, course="apt",
                          other_language=OtherLanguageIndex(store, _BrokenEncoder()))
    assert await broken.search(QUESTION, 2) == plain
    assert "encoding passages for the other-language ranking failed" in caplog.text
