"""Folder ingestion never leaves the folder and never stops for one hostile file: links out of
it, a FIFO and a socket are listed as skipped (never opened), a zip bomb is one error line, and
the rest of the folder is stored."""
from __future__ import annotations

import os
import socket
from pathlib import Path

import pytest

from core.ingest.limits import MB
from core.ingest.loaders import discover
from core.ingest.pipeline import ingest_paths
from core.stores.sqlite_store import SqliteCourseStore
from tests.support import hostile_files as hf
from tests.support import office_fixtures as fx
from tests.support.fake_embedder import HashingEmbedder

pytestmark = pytest.mark.integration

TOKEN = "DISCORD_TOKEN=not-for-students-8f3a"
NOTES = "# Heaps\n\nA binary heap keeps the smallest key at its root; push and pop are O(log n)."


@pytest.fixture
async def store(tmp_path):
    s = SqliteCourseStore(tmp_path / "s.db", HashingEmbedder())
    yield s
    await s.close()


@pytest.fixture
def hostile_folder(tmp_path: Path) -> Path:
    """A course folder next to a secret, holding every kind of entry that must not be read."""
    (tmp_path / ".env").write_text(TOKEN + "\n")
    course = tmp_path / "course"
    (course / "week1").mkdir(parents=True)
    (course / "heaps.md").write_text(NOTES)
    (course / "week1" / "trees.md").write_text("# Trees\n\nA tree with n nodes has n - 1 edges.")
    (course / "notes.txt").symlink_to("../.env")  # out of the folder, relative
    (course / "passwd.txt").symlink_to("/etc/passwd")  # out of the folder, absolute
    (course / "heaps-again.md").symlink_to("heaps.md")  # inside: read as a file of its own
    (course / "outside").symlink_to(tmp_path, target_is_directory=True)  # a folder link
    (course / "gone.md").symlink_to("missing.md")
    os.mkfifo(course / "pipe.md")  # opening it would block the ingestion forever
    with socket.socket(socket.AF_UNIX) as sock:
        sock.bind(str(course / "sock.md"))
    (course / "bomb.docx").write_bytes(hf.bomb(fx.handbook_docx(), "word/document.xml", 1024 * MB))
    return course


def test_discovery_lists_what_it_will_not_open(hostile_folder: Path) -> None:
    files, skipped, problems = discover([hostile_folder])
    assert [f.display_name for f in files] == ["bomb.docx", "heaps-again.md", "heaps.md",
                                               "week1/trees.md"]
    assert all(f.path.resolve().is_relative_to(hostile_folder.resolve()) for f in files)
    assert skipped == [
        "gone.md (a broken link or unreadable entry; not read)",
        "notes.txt (a link to outside the folder; not read)",
        "outside (a link to outside the folder; not read)",
        "passwd.txt (a link to outside the folder; not read)",
        "pipe.md (a FIFO (named pipe), not a file; not read)",
        "sock.md (a socket, not a file; not read)",
    ]
    assert problems == []


async def test_the_rest_of_the_folder_is_ingested_and_nothing_outside_is(hostile_folder, store):
    report = await ingest_paths([hostile_folder], store, store.embedder, course="ALG")
    assert report.files_ok == 3 and len(report.skipped) == 6
    [error] = report.errors
    assert error.startswith("bomb.docx: the file unpacks to 1,02")
    assert error.endswith("INGEST_MAX_UNCOMPRESSED_MB)")
    names = sorted(d.display_name for d in await store.documents("ALG"))
    assert names == ["heaps-again.md", "heaps.md", "week1/trees.md"]
    texts = [h.text for h in await store.search("token root passwd heap tree", 50)]
    assert texts and not any("not-for-students" in t or "root:x:0" in t for t in texts)


def test_two_files_of_one_run_with_one_name_are_not_lost_silently(tmp_path: Path) -> None:
    for week in ("week1", "week2"):
        (tmp_path / week).mkdir()
        (tmp_path / week / "notes.md").write_text(f"# {week}\n\nThe {week} quiz is on Monday.")
    files, _, problems = discover([tmp_path / "week1", tmp_path / "week2", tmp_path / "week1"])
    assert [f.path.parent.name for f in files] == ["week1"]  # the same file twice is one
    [problem] = problems
    assert problem.startswith("notes.md: two files of this run have this name") and \
        "ingest the folder holding both" in problem
    files, _, problems = discover([tmp_path])  # their folder: each keeps its own path
    assert [f.display_name for f in files] == ["week1/notes.md", "week2/notes.md"]
    assert problems == []


async def test_a_page_of_links_only_is_skipped_not_failed(tmp_path: Path, store) -> None:
    (tmp_path / "index.html").write_text("<html><body><nav><a href='a.html'>Types</a></nav>"
                                         "</body></html>")
    (tmp_path / "heaps.md").write_text(NOTES)
    report = await ingest_paths([tmp_path], store, store.embedder, course="ALG")
    assert report.errors == [] and report.files_ok == 1
    assert report.skipped == ["index.html (a page with links only, no text)"]


async def test_a_rerun_names_the_course_files_it_no_longer_finds(tmp_path: Path, store) -> None:
    folder = tmp_path / "course"
    (folder / "week1").mkdir(parents=True)
    (folder / "heaps.md").write_text(NOTES)
    (folder / "week1" / "trees.md").write_text("# Trees\n\nA tree with n nodes has n - 1 edges.")
    assert (await ingest_paths([folder], store, store.embedder, course="ALG")).not_found == []
    (folder / "week1" / "trees.md").rename(folder / "trees.md")  # moved
    again = await ingest_paths([folder], store, store.embedder, course="ALG")
    assert again.not_found == ["week1/trees.md"]  # still stored, still cited: named
    single = await ingest_paths([folder / "heaps.md"], store, store.embedder, course="ALG")
    assert single.not_found == []  # a file alone says nothing of the others
    other = tmp_path / "labs"  # another folder, none of the course's files: new material
    other.mkdir()
    (other / "lab1.md").write_text("# Lab 1\n\nBuild a heap from an unsorted array.")
    assert (await ingest_paths([other], store, store.embedder, course="ALG")).not_found == []


async def test_another_file_of_the_same_name_replacing_a_document_is_told(tmp_path: Path,
                                                                          store) -> None:
    week2, week3 = tmp_path / "week2", tmp_path / "week3"
    for folder, text in ((week2, NOTES), (week3, "# Tries\n\nA trie stores keys by prefix.")):
        folder.mkdir()
        (folder / "notes.md").write_text(text)
    await ingest_paths([week2 / "notes.md"], store, store.embedder, course="ALG")
    edited = week2 / "notes.md"
    edited.write_text(NOTES + "\n\n## Heap sort\n\nHeap sort pops the root n times.")
    await ingest_paths([edited], store, store.embedder, course="ALG")
    edited.write_text(NOTES + "\n\n## Heap sort\n\nHeap sort pops the root n times, in place.")
    kept = await ingest_paths([edited], store, store.embedder, course="ALG")
    assert kept.replaced == ["notes.md"] and kept.replaced_unlike == []  # an edit
    other = await ingest_paths([week3 / "notes.md"], store, store.embedder, course="ALG")
    assert other.replaced == other.replaced_unlike == ["notes.md"]
