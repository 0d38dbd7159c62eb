"""Scanned course files through `ingest_paths` into the embedded store (issue 24): each file read
in its sandboxed child, OCR pages extending its deadline, citations naming file and page, OCR
confidence kept on the chunks, low-confidence pages listed in the summary and not stored."""
from __future__ import annotations

import pytest

from core.ingest.limits import IngestLimits, OcrOptions
from core.ingest.pipeline import ingest_paths
from core.stores.sqlite_store import SqliteCourseStore
from tests.support.fake_embedder import HashingEmbedder
from tests.support.ocr_fixtures import needs_tesseract, png, scanned, text_image, text_pdf

pytestmark = [pytest.mark.integration, needs_tesseract]

SORTING = ["Merge sort splits the list into two halves and sorts each half on its own.",
           "Then it merges the two sorted halves into one sorted list again.",
           "The merge step needs extra memory for a copy of both halves of the list.",
           "Merge sort takes n log n steps on every input, sorted or not."]
HASHING = ["Hash tables map keys to buckets with a hash function of the key.",
           "A good hash function spreads the keys evenly over all the buckets.",
           "Two keys in the same bucket are a collision; chaining keeps a list per bucket.",
           "Lookups take constant time on average when the table is not too full."]
GRAPHS = ["Breadth first search visits the vertices of a graph level by level."]


@pytest.fixture
async def store(tmp_path):
    s = SqliteCourseStore(tmp_path / "s.db", HashingEmbedder())
    yield s
    await s.close()


async def test_scanned_files_are_searchable_with_page_and_ocr_confidence(tmp_path, store):
    course = tmp_path / "course"
    course.mkdir()
    (course / "algorithms-scan.pdf").write_bytes(scanned(text_pdf([SORTING, HASHING])))
    (course / "mixed.pdf").write_bytes(scanned(text_pdf([GRAPHS, HASHING[:2]]), keep_text=[1]))
    (course / "whiteboard.png").write_bytes(png(text_image(GRAPHS)))
    limits = IngestLimits(timeout_s=1.0, ocr=OcrOptions(dpi=200))  # OCR pages add their own time
    report = await ingest_paths([course], store, store.embedder, course="CS101", limits=limits)
    assert (report.files_ok, report.errors, report.warnings) == (3, [], [])
    hit = _first(await store.search("hash tables collision chaining", 10), "algorithms-scan.pdf")
    assert hit.metadata["page"] == 2
    assert hit.metadata["ocr_confidence"] > 80
    kinds = {d.display_name: (d.format, d.doc_type, d.pages) for d in await store.documents()}
    assert kinds == {"algorithms-scan.pdf": ("pdf", "pdf", 2), "mixed.pdf": ("pdf", "pdf", 2),
                     "whiteboard.png": ("image", "scan", 1)}
    text_page = _first(await store.search("breadth first search vertices", 10), "mixed.pdf")
    assert text_page.metadata["page"] == 1 and "ocr_confidence" not in text_page.metadata
    photo = _first(await store.search("breadth first search vertices", 10), "whiteboard.png")
    assert photo.metadata["page"] == 1 and photo.metadata["ocr_confidence"] > 80


async def test_a_page_under_the_floor_is_in_the_summary_and_not_in_the_store(tmp_path, store):
    course = tmp_path / "course"
    course.mkdir()
    (course / "mixed.pdf").write_bytes(scanned(text_pdf([SORTING, HASHING]), keep_text=[1]))
    strict = IngestLimits(ocr=OcrOptions(dpi=200, min_confidence=99.5))
    report = await ingest_paths([course], store, store.embedder, course="CS101", limits=strict)
    assert report.files_ok == 1 and len(report.warnings) == 1
    assert report.warnings[0].startswith("mixed.pdf: page 2: OCR confidence ")
    assert "under OCR_MIN_CONFIDENCE=99.5; not stored" in report.warnings[0]
    hits = await store.search("hash tables buckets", 5)
    assert hits and all(h.metadata["page"] == 1 for h in hits)


def _first(hits, name: str):
    return next(h for h in hits if h.url_or_path == name)
