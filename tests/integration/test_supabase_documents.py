"""SupabaseCourseStore's document lifecycle end to end (supabase-py -> RPC shim -> Postgres 18 +
pgvector): a document replaced whole and atomically, removed, listed; stored vectors read back;
the same text in two courses kept for both."""
from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from dataclasses import replace

import numpy as np
import pytest
from postgrest.exceptions import APIError

from core.stores.errors import StoreError
from core.stores.supabase_rows import chunk_row, document_payload
from core.stores.supabase_store import SupabaseCourseStore, connect_supabase
from tests.support.postgres import LocalPostgres
from tests.support.postgrest_shim import PostgrestShim
from tests.support.supabase_corpus import (
    CORPUS,
    DIJKSTRA,
    EMBEDDER,
    SERVICE_KEY,
    build,
    corpus_store,
    doc_id,
    load_corpus,
    serve,
)

pytestmark = pytest.mark.integration


@pytest.fixture(scope="module")
def shim(local_postgres: LocalPostgres) -> Iterator[PostgrestShim]:
    with serve(local_postgres, "supabase_documents") as server:
        yield server


@pytest.fixture
async def store(shim: PostgrestShim) -> AsyncIterator[SupabaseCourseStore]:
    async with corpus_store(shim.url) as loaded:
        yield loaded


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
    assert rainforest and all("Ituri" not in h.text for h in rainforest)
    assert (await store.search("narwhal spiral tusk", 1, {"course": "zoo"}))[0].text == new[0]
    (listed,) = [d for d in await store.documents("zoo") if d.id == record.id]
    assert (listed.chunks, listed.content_hash, listed.pages) == (3, "mammals.md-v2", 3)
    assert await store.embeddings_for([chunks[0].id]) == {}


async def test_a_failing_replace_leaves_the_previous_version_intact(
        store: SupabaseCourseStore, shim: PostgrestShim) -> None:
    record, chunks = await build("birds", "kiwi.md", passages=["Kiwis are flightless birds."])
    await store.replace_document(record, chunks)
    v2, fresh = await build("birds", "kiwi.md", passages=["Kiwis lay huge eggs."], version="v2")
    _, stolen = await build("cs101", "graphs.md", passages=[DIJKSTRA])  # another document's
    with pytest.raises(StoreError, match="replace_document failed: 23505"):  # id: refused
        await store.replace_document(v2, [*fresh, stolen[0]])
    rows = [chunk_row(c, 384) for c in fresh] + [{**chunk_row(fresh[0], 384), "id": "x",
                                                   "embedding": [0.5, 0.5, 0.5]}]
    with pytest.raises(APIError, match="384 dimensions"):  # past the store's own check
        await store.client.rpc("replace_document", {"doc": document_payload(v2),
                                                    "rows": rows}).execute()
    taken = replace(v2, id="another-id-for-the-same-file")
    with pytest.raises(StoreError, match="23505"):  # (course, display_name) has an owner
        await store.replace_document(taken, fresh)
    shim.requests.clear()
    with pytest.raises(StoreError, match="384-d embedding"):  # refused before sending anything
        await store.replace_document(v2, [replace(fresh[0], embedding=np.ones(3))])
    assert shim.requests == []
    assert [(d.id, d.chunks, d.content_hash) for d in await store.documents("birds")] == [
        (record.id, 1, "kiwi.md-v1")]
    hits = await store.search("kiwis flightless eggs", 5, {"course": "birds"})
    assert [h.text for h in hits] == [chunks[0].text]
    assert set(await store.embeddings_for([stolen[0].id, chunks[0].id, fresh[0].id])) == {
        stolen[0].id, chunks[0].id}


async def test_chunks_follow_their_document_and_repeats_are_stored_once(
        store: SupabaseCourseStore) -> None:
    """The same paragraph twice in one file is one chunk (first page kept); a chunk is filed
    under its document's course and doc_type whatever it says itself."""
    record, chunks = await build("geo", "rivers.md", "lecture", passages=[
        "The Nile flows north.", "Deltas form at river mouths.", "The Nile flows north."])
    chunks[1] = replace(chunks[1], course="elsewhere", doc_type="exercise")
    await store.replace_document(record, chunks)
    assert [d.chunks for d in await store.documents("geo")] == [2]
    nile = await store.search("Nile flows north", 5, {"course": "geo"})
    assert [(h.text, h.metadata["page"]) for h in nile] == [("The Nile flows north.", 1)]
    delta = await store.search("deltas river mouths", 1, {"course": "geo", "doc_type": "lecture"})
    assert delta[0].text == "Deltas form at river mouths."
    assert await store.search("deltas river mouths", 5, {"course": "elsewhere"}) == []


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
    _record, chunks = await build("cs101", "trees.md", "lecture", "en", CORPUS[0][4])
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


async def test_ocr_confidence_is_kept_in_the_chunk_metadata(store: SupabaseCourseStore) -> None:
    """Text read from a scan carries its OCR confidence in chunks.metadata (no new column)."""
    record, chunks = await build("scans", "board.png", passages=["Quokkas smile on Rottnest."])
    scanned = [replace(c, ocr_confidence=87.46) for c in chunks]
    assert chunk_row(scanned[0], 384)["metadata"] == {"ocr_confidence": 87.5}
    await store.replace_document(record, scanned)
    [hit] = await store.search("quokkas Rottnest", 1, {"course": "scans"})
    assert hit.metadata["ocr_confidence"] == 87.5
    _, plain = await build("scans", "notes.md", passages=["Wombats dig burrows."])
    assert chunk_row(plain[0], 384)["metadata"] == {}


async def test_passages_lists_every_child_of_a_course_shaped_as_search_hits(
        store: SupabaseCourseStore) -> None:
    record, chunks = await build("hist", "dates.md", passages=[
        "Rome was founded in 753 BC.", "Carthage fell in 146 BC.", "Byzantium became Rome."])
    await store.replace_document(record, chunks)
    listed = await store.passages(100, {"course": "hist"})
    assert sorted(d.text for d in listed) == sorted(c.text for c in chunks)
    assert {(d.metadata["course"], d.metadata["document_id"]) for d in listed} == {
        ("hist", record.id)}
    assert all(d.context for d in listed) and len(await store.passages(2, {"course": "hist"})) == 2
    assert await store.passages(100, {"course": "no-such-course"}) == []
    assert await store.passages(0) == []


async def test_passages_pages_through_a_course_larger_than_one_page(
        store: SupabaseCourseStore, monkeypatch: pytest.MonkeyPatch) -> None:
    import core.stores.supabase_store as supabase_store

    for name in ("a.md", "b.md"):
        record, chunks = await build("paged", name, passages=[
            f"{name} fact {n} about the Nile delta." for n in range(3)])
        await store.replace_document(record, chunks)
    whole = await store.passages(100, {"course": "paged"})
    monkeypatch.setattr(supabase_store, "MAX_LISTED", 2)  # pages of 2: 2 + 2 + 2 chunks
    paged = await store.passages(100, {"course": "paged"})
    assert len(whole) == 6 and [d.metadata["chunk_id"] for d in paged] == [
        d.metadata["chunk_id"] for d in whole]
    assert [d.metadata["chunk_id"] for d in await store.passages(5, {"course": "paged"})] == [
        d.metadata["chunk_id"] for d in whole[:5]]
