"""Hybrid search across languages on both stores: an Arabic question reaches the English
passage that answers it, although full-text search can only find Arabic passages that share a
word with it. The Supabase side runs the real migration behind the RPC shim on a local
Postgres; the embedder stands in for a multilingual one by reading a known question as its
English meaning."""
from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from core.ports import CourseStore
from tests.support.fake_embedder import MeaningEmbedder
from tests.support.postgres import LocalPostgres
from tests.support.postgrest_shim import PostgrestShim
from tests.support.supabase_corpus import build, either_store, serve

pytestmark = pytest.mark.integration

QUESTION = "ما الدالة التي تقرأ البيانات الثنائية من اتصال؟"
MEANING = "which function reads binary data from a connection readBin"
ANSWER = "Functions readBin and writeBin read and write binary data on connections."
ARABIC = ["تنتقل البيانات عبر اتصال الشبكة بين جهازين.",
          "يحفظ النظام البيانات في ملفات نصية.",
          "يفتح البرنامج اتصال جديد مع المخدم."]
CORPUS = [("io.md", "en", [ANSWER]), ("text-io.md", "en", ["Text files are read with readLines."]),
          ("network-ar.md", "ar", ARABIC)]


EMBEDDER = MeaningEmbedder({QUESTION: MEANING})


async def _load(store: CourseStore) -> None:
    for name, lang, passages in CORPUS:
        await store.replace_document(*await build("xl", name, "lecture", lang, passages,
                                                  embedder=EMBEDDER))


@pytest.fixture(scope="module")
def shim(local_postgres: LocalPostgres) -> Iterator[PostgrestShim]:
    with serve(local_postgres, "cross_language") as server:
        yield server


@pytest.fixture(params=["sqlite", "supabase"])
async def store(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[CourseStore]:
    url = request.getfixturevalue("shim").url if request.param == "supabase" else None
    async with either_store(request.param, tmp_path, url, _load, EMBEDDER) as chosen:
        yield chosen


async def test_an_arabic_question_reaches_the_english_passage_that_answers_it(store):
    hits = await store.search(QUESTION, 3, {"course": "xl"})
    # full text finds only Arabic passages ("البيانات", "اتصال"); the English one is first by
    # meaning, and its vector rank now also stands in for the full-text rank it cannot have
    assert hits[0].text == ANSWER, [h.text for h in hits]


async def test_within_one_language_the_fusion_is_plain_rrf(store):
    hits = await store.search("readBin binary connections", 3, {"course": "xl"})
    assert hits[0].text == ANSWER and hits[0].score == pytest.approx(2 / 61, rel=1e-6)


async def test_when_full_text_finds_only_the_other_language_the_fusion_stays_plain(store):
    # "readBin" finds the English passage; no Arabic passage has "عمل" or "الدالة": nothing
    # to make up for, so the other English page keeps its plain score
    hits = await store.search("ما هو عمل الدالة readBin؟", 4, {"course": "xl"})
    assert hits[0].text == ANSWER
    assert all(h.score < 1.5 / 61 for h in hits[1:]), [(h.text, h.score) for h in hits]
