"""Documents on the embedded store as an instructor manages them: replace, remove, list, courses,
the sample course kept out of the way, and citations that name the file and the page."""
from __future__ import annotations

from pathlib import Path

import pytest

from core.ingest.pipeline import ingest_paths
from core.sources.course import CourseSource
from core.stores.sqlite_store import SqliteCourseStore
from tests.support.fake_embedder import HashingEmbedder

pytestmark = pytest.mark.integration

STACK = ("# Stacks\n\n> Course: CS101 · Type: lecture\n\n"
         "A stack is a {order} structure: the element pushed last is the one popped {when}.")


@pytest.fixture
async def store(tmp_path):
    s = SqliteCourseStore(tmp_path / "s.db", HashingEmbedder())
    yield s
    await s.close()


def _write(folder: Path, name: str, text: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


async def test_an_edited_file_replaces_its_old_version(tmp_path, store):
    notes = _write(tmp_path / "course", "stacks.md", STACK.format(order="LIFO", when="first"))
    first = await ingest_paths([tmp_path / "course"], store, store.embedder)
    assert (first.files_ok, first.replaced, first.errors) == (1, [], [])
    notes.write_text(STACK.format(order="FIFO", when="last") + "\n\nPush and pop are O(1).")
    second = await ingest_paths([tmp_path / "course"], store, store.embedder)
    assert second.replaced == ["stacks.md"] and second.errors == []
    texts = [h.text for h in await store.search("stack LIFO FIFO pushed popped", 10)]
    assert texts and all("FIFO" in t or "O(1)" in t for t in texts)
    assert not any("LIFO" in t for t in texts)  # no stale chunk survived
    [doc] = await store.documents()
    assert (doc.course, doc.display_name, doc.format, doc.chunks) == ("CS101", "stacks.md", "md",
                                                                      await store.count())


async def test_an_unchanged_file_is_skipped_before_any_work(tmp_path, store):
    _write(tmp_path / "c", "a.md", "# A\n\nMerge sort splits the array in halves.")
    await ingest_paths([tmp_path / "c"], store, store.embedder)
    again = await ingest_paths([tmp_path / "c"], store, store.embedder)
    assert (again.files_ok, again.files_unchanged, again.chunks_new) == (0, 1, 0)


async def test_a_file_read_by_older_readers_is_read_again(tmp_path, store, monkeypatch):
    """After an upgrade that reads files better (loaders.READERS), ingesting the same folder
    again re-reads what the old readers stored; the chunks that come out the same keep their
    vectors, and the next run skips the file again."""
    from core.ingest import loaders

    _write(tmp_path / "c", "a.md", "# A\n\nMerge sort splits the array in halves.")
    first = await ingest_paths([tmp_path / "c"], store, store.embedder)
    monkeypatch.setattr(loaders, "READERS", loaders.READERS + 1)  # a child would not see it
    upgraded = await ingest_paths([tmp_path / "c"], store, store.embedder, isolate=False)
    assert (upgraded.replaced, upgraded.files_unchanged) == (["a.md"], 0)
    assert (upgraded.chunks_new, upgraded.chunks_reused) == (0, first.chunks_new)
    again = await ingest_paths([tmp_path / "c"], store, store.embedder, isolate=False)
    assert (again.files_ok, again.files_unchanged) == (0, 1)


async def test_a_passage_read_anew_is_what_answers_quote(tmp_path, store):
    """A re-read that changes only how a passage is broken (a page-break fix joining "region of"
    and "50 bytes") keeps its id, which ignores spacing; the text quoted must be the new one."""
    path = _write(tmp_path / "c", "a.md", "# A\n\nIt has an overhead in the region of\n\n50 bytes.")
    await ingest_paths([path], store, store.embedder, isolate=False)
    path.write_text("# A\n\nIt has an overhead in the region of 50 bytes.")
    await ingest_paths([path], store, store.embedder, isolate=False)
    [hit] = await store.search("overhead region bytes", 1)
    assert hit.context == "It has an overhead in the region of 50 bytes."


async def test_an_edit_re_embeds_only_the_changed_chunks(tmp_path, store):
    paragraphs = [f"Paragraph {i} explains topic number {i} in enough words to stand alone. " * 6
                  for i in range(6)]
    path = _write(tmp_path / "c", "long.md", "# Long\n\n" + "\n\n".join(paragraphs))
    first = await ingest_paths([path], store, store.embedder)
    path.write_text("# Long\n\n" + "\n\n".join([*paragraphs[:-1], "A brand new closing part."]))
    second = await ingest_paths([path], store, store.embedder)
    assert second.chunks_reused > 0 and second.chunks_new < first.chunks_new


async def test_removing_a_document_removes_its_chunks_only(tmp_path, store):
    _write(tmp_path / "c", "a.md", "# A\n\nDijkstra's algorithm finds shortest paths.")
    _write(tmp_path / "c", "b.md", "# B\n\nPhotosynthesis turns light into chemical energy.")
    await ingest_paths([tmp_path / "c"], store, store.embedder, course="X")
    docs = {d.display_name: d for d in await store.documents("X")}
    assert await store.remove_document(docs["a.md"].id) == docs["a.md"].chunks
    assert [d.display_name for d in await store.documents()] == ["b.md"]
    hits = await store.search("Dijkstra shortest paths photosynthesis", 5)
    assert hits and all(h.url_or_path == "b.md" for h in hits)
    assert await store.remove_document("no-such-id") == 0


async def test_the_same_text_in_two_courses_is_stored_for_both(tmp_path, store):
    _write(tmp_path / "c", "shared.md", "# Shared\n\nBinary search halves the interval.")
    await ingest_paths([tmp_path / "c"], store, store.embedder, course="CS101")
    report = await ingest_paths([tmp_path / "c"], store, store.embedder, course="CS102")
    assert report.files_ok == 1 and report.chunks_total == 1
    assert await store.courses() == ["CS101", "CS102"]
    for course in ("CS101", "CS102"):
        hits = await store.search("binary search", 3, {"course": course})
        assert [h.metadata["course"] for h in hits] == [course]


async def test_the_sample_course_is_not_searched_once_another_course_exists(tmp_path, store):
    _write(tmp_path / "sample", "sorting.md", "# Sorting\n\nQuicksort partitions around a pivot.")
    await ingest_paths([tmp_path / "sample"], store, store.embedder, course="sample")
    source = CourseSource(store, sample_course="sample")
    assert [h.url_or_path for h in await source.search("quicksort pivot", 3)] == ["sorting.md"]
    _write(tmp_path / "mine", "r.md", "# R\n\nread.csv reads a comma separated file into R.")
    await ingest_paths([tmp_path / "mine"], store, store.embedder, course="R101")
    fresh = CourseSource(store, sample_course="sample")  # (the course list is cached briefly)
    hits = await fresh.search("quicksort pivot read.csv", 5)
    assert hits and all(h.metadata["course"] == "R101" for h in hits)
    named = CourseSource(store, course="sample", sample_course="sample")  # asked for by name
    assert [h.metadata["course"] for h in await named.search("quicksort", 3)] == ["sample"]


async def test_display_names_are_relative_to_the_folder_given(tmp_path, store):
    _write(tmp_path / "course" / "week1", "intro.md", "# Intro\n\nHash tables map keys to slots.")
    await ingest_paths([tmp_path / "course"], store, store.embedder)
    [doc] = await store.documents()
    assert doc.display_name == "week1/intro.md"
    [hit] = await store.search("hash tables", 1)
    assert hit.url_or_path == "week1/intro.md" and str(tmp_path) not in hit.url_or_path
    assert hit.metadata["section"] == "Intro" and hit.metadata["document_id"] == doc.id


async def test_skipped_and_failed_files_are_named(tmp_path, store):
    folder = tmp_path / "c"
    _write(folder, "ok.md", "# OK\n\nHeaps keep the smallest key at the root.")
    _write(folder, "notes.xyz", "what is this")
    (folder / "fake.docx").write_bytes(b"%PDF-1.4 this is really a PDF")
    report = await ingest_paths([folder], store, store.embedder)
    assert report.files_ok == 1
    assert report.skipped == ["notes.xyz (unsupported type '.xyz')"]
    [error] = report.errors
    assert error.startswith("fake.docx: ") and "PDF" in error and "\n" not in error


async def test_chunks_from_before_documents_existed_are_adopted(tmp_path):
    import sqlite3

    store = SqliteCourseStore(tmp_path / "s.db", HashingEmbedder())
    _write(tmp_path / "c", "old.md", "# Old\n\nA queue serves the oldest element first.")
    await ingest_paths([tmp_path / "c"], store, store.embedder, course="C")
    await store.close()
    with sqlite3.connect(tmp_path / "s.db") as conn:  # as a store written before migration 0006
        conn.execute("UPDATE chunks SET document_id = NULL")
        conn.execute("DELETE FROM documents")
    reopened = SqliteCourseStore(tmp_path / "s.db", HashingEmbedder())
    [doc] = await reopened.documents()
    assert (doc.course, doc.display_name, doc.chunks) == ("C", "old.md", 1)
    assert await reopened.remove_document(doc.id) == 1 and await reopened.count() == 0
    await reopened.close()
