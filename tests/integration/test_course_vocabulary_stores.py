"""CourseStore.known_terms on both stores, over the same small corpus: the course's vocabulary,
stemmed like lexical search, scoped by the search filters (course, exclude_course), phrases for
hyphenated words and prefixes for long ones. The Supabase side runs the real migration behind
the RPC shim on a local Postgres."""
from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from core.ports import CourseStore
from core.sources.course import CourseSource
from tests.support.fake_embedder import HashingEmbedder
from tests.support.postgres import LocalPostgres
from tests.support.postgrest_shim import PostgrestShim
from tests.support.supabase_corpus import EMBEDDER, either_store, serve

pytestmark = pytest.mark.integration


@pytest.fixture(scope="module")
def shim(local_postgres: LocalPostgres) -> Iterator[PostgrestShim]:
    with serve(local_postgres, "course_vocabulary") as server:
        yield server


@pytest.fixture(params=["sqlite", "supabase"])
async def store(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[CourseStore]:
    url = request.getfixturevalue("shim").url if request.param == "supabase" else None
    async with either_store(request.param, tmp_path, url) as chosen:
        yield chosen


async def test_words_are_found_stemmed_and_words_the_course_lacks_are_not(store):
    found = await store.known_terms(["rotations", "trees", "logarithmic", "knapsack",
                                     "programming"])
    assert found == {"rotations", "trees", "logarithmic"}  # "rotate" is in trees.md


async def test_a_long_word_is_found_by_its_prefix_and_a_compound_as_a_phrase(store):
    assert await store.known_terms(["vacuolar", "search-tree", "tree-search", "binary",
                                    "non-negative"]) == {"vacuolar", "search-tree", "binary",
                                                         "non-negative"}


async def test_the_vocabulary_is_the_filtered_courses_only(store):
    terms = ["dijkstra", "glucose", "chloroplast"]
    assert await store.known_terms(terms, {"course": "cs101"}) == {"dijkstra"}
    assert await store.known_terms(terms, {"exclude_course": "cs101"}) == {"glucose",
                                                                             "chloroplast"}
    assert await store.known_terms(terms, {"course": "bio110", "doc_type": "lecture"}) == {
        "glucose"}
    assert await store.known_terms([]) == set()


async def test_arabic_terms_are_matched_in_the_search_form(store):
    assert await store.known_terms(["الطاقة", "الحاسوب"], {"course": "bio110"}) == {"الطاقة"}


async def test_the_course_source_asks_for_the_course_it_would_search(store):
    source = CourseSource(store, sample_course="bio110")  # another course exists: excluded
    assert await source.known_terms(["glucose", "dijkstra"]) == {"dijkstra"}
    assert await source.known_terms(["glucose", "dijkstra"], course="bio110") == {"glucose"}
    named = CourseSource(store, course="bio110")
    assert await named.known_terms(["glucose", "dijkstra"]) == {"glucose"}


def test_the_stores_hashing_embedder_is_the_corpus_one():
    assert isinstance(EMBEDDER, HashingEmbedder)
