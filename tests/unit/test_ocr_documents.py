"""Scanned PDFs, image documents and slide pictures read by OCR (Tesseract), built in the test:
reportlab text -> PDFium pixels -> image-only PDF pages, as a scanner gives them back."""
from __future__ import annotations

import io

import pytest

from core.ingest.chunking import to_chunks
from core.ingest.document import LoadError
from core.ingest.limits import IngestLimits, OcrOptions
from core.ingest.loaders import load_bytes
from core.ingest.pdf import NO_TEXT, read_pdf
from core.ingest.sandbox import prepare, prepare_isolated
from tests.support.ocr_fixtures import (
    needs_tesseract,
    png,
    png_claiming,
    scanned,
    text_image,
    text_pdf,
)

PAGES = [["Merge sort splits the list into two halves, sorts each half and merges them.",
          "The merge step needs extra memory for a copy of both halves."],
         ["Hash tables map keys to buckets with a hash function.",
          "A good hash function spreads the keys evenly over the buckets."]]
NO_ENGINE = IngestLimits(ocr=OcrOptions(command="/nonexistent/tesseract"))
FAST = IngestLimits(ocr=OcrOptions(dpi=200))


def words(text: str) -> str:
    return " ".join(text.split())


@pytest.fixture(scope="module")
def scanned_pdf() -> bytes:
    return scanned(text_pdf(PAGES, heading="Sorting and hashing"))


@needs_tesseract
def test_a_scanned_pdf_is_read_with_its_pages_and_heading(scanned_pdf):
    doc = read_pdf(scanned_pdf, FAST)
    assert doc.pages == 2 and doc.warnings == []
    assert [s.page for s in doc.spans] == [1, 2]
    assert "sorts each half and merges them" in words(doc.spans[0].text)
    assert "spreads the keys evenly" in words(doc.spans[1].text)
    assert doc.spans[0].section == "Sorting and hashing"  # large type: a heading
    assert doc.title == "Sorting and hashing"
    assert all(s.ocr_confidence is not None and s.ocr_confidence > 80 for s in doc.spans)


@needs_tesseract
def test_chunks_of_a_scan_cite_their_page_and_keep_the_ocr_confidence(scanned_pdf):
    loaded = load_bytes(scanned_pdf, "week1/sorting-scan.pdf", "CS101", FAST)
    record, chunks = to_chunks(loaded, FAST)
    assert record.pages == 2 and record.format == "pdf"
    assert [c.page for c in chunks] == [1]  # both short pages make one passage, from page 1
    assert chunks[0].url_or_path == "week1/sorting-scan.pdf" and "Hash tables" in chunks[0].text
    assert all(c.ocr_confidence is not None and c.ocr_confidence > 80 for c in chunks)


@needs_tesseract
def test_a_mixed_pdf_keeps_its_text_page_and_reads_its_scanned_page():
    doc = read_pdf(scanned(text_pdf(PAGES), keep_text=[1]), FAST)
    assert [(s.page, s.ocr_confidence is None) for s in doc.spans] == [(1, True), (2, False)]
    assert words(doc.spans[0].text) == " ".join(PAGES[0])  # the text layer, as it was
    assert "map keys to buckets" in words(doc.spans[1].text)


@needs_tesseract
def test_a_page_under_the_confidence_floor_is_reported_not_stored():
    strict = IngestLimits(ocr=OcrOptions(dpi=200, min_confidence=99.5))
    doc = read_pdf(scanned(text_pdf(PAGES), keep_text=[1]), strict)
    assert [s.page for s in doc.spans] == [1]
    [warning] = doc.warnings
    assert warning.startswith("page 2: OCR confidence ")
    assert warning.endswith("% under OCR_MIN_CONFIDENCE=99.5; not stored")


@needs_tesseract
def test_a_scan_with_no_page_over_the_floor_is_refused_in_one_line(scanned_pdf):
    strict = IngestLimits(ocr=OcrOptions(dpi=200, min_confidence=99.5))
    with pytest.raises(LoadError, match=r"^no text found: OCR read no usable text"):
        read_pdf(scanned_pdf, strict)


def test_without_the_engine_a_scan_is_refused_with_the_install_hint(scanned_pdf):
    with pytest.raises(LoadError) as caught:
        read_pdf(scanned_pdf, NO_ENGINE)
    message = str(caught.value)
    assert message.startswith(NO_TEXT) and "apt install tesseract-ocr" in message
    assert "\n" not in message


def test_without_the_engine_a_mixed_pdf_keeps_its_text_pages_and_says_why():
    doc = read_pdf(scanned(text_pdf(PAGES), keep_text=[1]), NO_ENGINE)
    assert [s.page for s in doc.spans] == [1]
    [warning] = doc.warnings
    assert warning.startswith("page 2 has no text layer") and "apt install" in warning


@needs_tesseract
def test_an_image_file_is_a_one_page_scan_document():
    loaded = load_bytes(png(text_image(PAGES[1])), "board-photo.png", "CS101")
    assert (loaded.format, loaded.doc_type, loaded.pages) == ("image", "scan", 1)
    assert "map keys to buckets" in words(loaded.spans[0].text)
    assert loaded.spans[0].page == 1 and loaded.spans[0].ocr_confidence > 80


@needs_tesseract
def test_a_multi_page_tiff_gives_one_page_per_frame():
    frames = [text_image(PAGES[0][:1]), text_image(PAGES[1][:1])]
    buf = io.BytesIO()
    frames[0].save(buf, format="TIFF", save_all=True, append_images=frames[1:])
    loaded = load_bytes(buf.getvalue(), "scan.tiff", "CS101")
    assert loaded.pages == 2
    assert [(s.page, "Merge sort" in s.text, "Hash tables" in s.text) for s in loaded.spans] == [
        (1, True, False), (2, False, True)]


@needs_tesseract
def test_an_arabic_image_is_read_in_logical_order():
    loaded = load_bytes(png(text_image(["نظام التشغيل يدير موارد الحاسوب"], rtl=True)),
                        "ملاحظات.png", "OS")
    assert loaded.spans[0].text.split()[:2] == ["نظام", "التشغيل"]


def test_an_image_bomb_is_refused_before_decoding():
    with pytest.raises(LoadError, match="PHOTO_MAX_PIXELS"):
        load_bytes(png_claiming(50_000, 50_000), "bomb.png", "CS101")


def test_without_the_engine_an_image_is_refused_with_the_install_hint():
    with pytest.raises(LoadError, match="apt install tesseract-ocr"):
        load_bytes(png(text_image(["x"])), "x.png", "CS101", NO_ENGINE)


@needs_tesseract
def test_ocr_pages_extend_the_reading_deadline(scanned_pdf):
    """Two pages of OCR take longer than the file's own deadline: each page adds its own."""
    tight = IngestLimits(timeout_s=0.5, ocr=OcrOptions(dpi=200, timeout_s=30))
    steps: list[str] = []
    document, (_, chunks) = prepare_isolated(scanned_pdf, "scan.pdf", "CS101", tight,
                                             steps.append)
    assert document.pages == 2 and chunks
    assert steps == ["OCR page 1 (1 of 2)", "OCR page 2 (2 of 2)"]  # what `ingest` prints


@needs_tesseract
def test_ocr_steps_are_reported_when_reading_in_this_process_too():
    steps: list[str] = []
    prepare(png(text_image(PAGES[1])), "board.png", "CS101", FAST, steps.append)
    assert steps == ["OCR page 1 of 1"]


@needs_tesseract
def test_a_picture_on_a_slide_is_read_into_that_slide():
    import pptx
    from pptx.util import Inches

    prs = pptx.Presentation()
    slide = prs.slides.add_slide(prs.slide_layouts[5])  # title only
    slide.shapes.title.text = "Hashing"
    slide.shapes.add_picture(io.BytesIO(png(text_image(PAGES[1]))), Inches(0.5), Inches(2),
                             width=Inches(9))
    slide.shapes.add_picture(io.BytesIO(png(text_image(["icon"], width=120, size=12))),
                             Inches(0.1), Inches(0.1))  # too small to be read
    buf = io.BytesIO()
    prs.save(buf)
    loaded = load_bytes(buf.getvalue(), "hashing.pptx", "CS101")
    [span] = [s for s in loaded.spans if s.ocr_confidence is not None]
    assert (span.page, span.section) == (1, "Hashing")
    assert "map keys to buckets" in words(span.text) and "icon" not in span.text


def test_without_the_engine_a_folders_images_are_skipped_as_before(tmp_path):
    from core.ingest.loaders import discover
    from core.ingest.pipeline import _no_ocr

    (tmp_path / "figure.png").write_bytes(png(text_image(["x"])))
    (tmp_path / "notes.md").write_text("# Notes\n\nSome text.", encoding="utf-8")
    why = _no_ocr(NO_ENGINE)
    assert why is not None and "apt install tesseract-ocr" in why
    files, skipped, problems = discover([tmp_path], why)
    assert [f.display_name for f in files] == ["notes.md"] and problems == []
    assert skipped == [f"figure.png (an image; not read: {why})"]
    files, skipped, _ = discover([tmp_path])  # with OCR: images are course files
    assert [f.display_name for f in files] == ["figure.png", "notes.md"] and skipped == []
