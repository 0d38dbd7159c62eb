"""read_pdf on small PDFs the test builds (tests/support/pdf_fixtures.py), one per layout trait,
and on the real R-data.pdf kept in shared/ beside the repository."""
from __future__ import annotations

import logging
import random
import re
import time
from pathlib import Path

import pytest

from core.ingest.document import Extracted, LoadError
from core.ingest.limits import IngestLimits, OcrOptions
from core.ingest.pdf import ENCRYPTED, NO_TEXT, read_pdf
from tests.support import pdf_fixtures as fx

R_DATA = Path(__file__).resolve().parents[2].parent / "shared/data/realdocs/docs/R-data.pdf"


def paragraphs(doc: Extracted) -> list[str]:
    return [p for span in doc.spans for p in span.text.split("\n\n")]


def text(doc: Extracted) -> str:
    return "\n\n".join(span.text for span in doc.spans)


def span_with(doc: Extracted, needle: str):
    found = [span for span in doc.spans if needle in span.text]
    assert len(found) == 1, f"{needle!r} in {len(found)} spans"
    return found[0]


@pytest.fixture(scope="module")
def outlined() -> Extracted:
    return read_pdf(fx.outlined_pdf())


@pytest.fixture(scope="module")
def font_headings() -> Extracted:
    return read_pdf(fx.font_headings_pdf())


def test_pages_and_metadata_title(outlined):
    assert outlined.pages == 3
    assert outlined.title == "Algorithms Study Guide"
    assert outlined.warnings == []


def test_sections_follow_the_outline_including_an_entry_in_mid_page(outlined):
    assert [(s.page, s.section) for s in outlined.spans] == [
        (1, "Merge sort"), (2, "Merge sort"), (2, "Hash tables"), (3, "Graphs")]
    assert span_with(outlined, "extra memory").section == "Merge sort"
    assert span_with(outlined, "maps keys to buckets").section == "Hash tables"
    assert span_with(outlined, "vertices joined by edges").page == 3


def test_a_bookmark_that_names_only_its_page_starts_at_its_heading():
    doc = read_pdf(fx.page_linked_pdf())
    assert span_with(doc, "scaled to fit the width").section == "4.9 Images"
    assert span_with(doc, "which have wrap methods").section == "5.3 Flowables"
    assert span_with(doc, "should be positioned").section == (
        "5.4 Guidelines for flowable positioning")
    assert "5.3 Flowables" not in paragraphs(doc)  # the outline names it


def test_outline_headings_are_not_repeated_in_the_text(outlined):
    assert "Hash tables" not in paragraphs(outlined)
    assert not any(p.startswith("Merge sort\n") or p == "Merge sort" for p in paragraphs(outlined))


def test_running_header_and_page_numbers_removed(outlined):
    assert fx.HEADER not in text(outlined)
    assert not {"7", "8", "9"} & set(paragraphs(outlined))
    assert not any(re.search(r"(^|\s)[789]$", p) for p in paragraphs(outlined))


def test_word_hyphenated_at_a_line_break_is_joined(outlined):
    assert "when a spreadsheet is sorted" in text(outlined)
    assert "spread-" not in text(outlined)


def test_sentence_across_a_line_break_keeps_the_number(outlined):
    assert any("The default weight value is 1 for every element" in p
               for p in paragraphs(outlined))


def test_prose_paragraphs_are_single_lines_and_breaks_are_kept(outlined):
    paras = paragraphs(outlined)
    prose = [p for p in paras if p != "\n".join(fx.CODE)]
    assert all("\n" not in p for p in prose)
    assert "After the example the explanation goes on as ordinary prose text." in paras


def test_code_block_keeps_its_line_breaks(outlined):
    assert "\n".join(fx.CODE) in paragraphs(outlined)


def test_headings_from_fonts_when_there_is_no_outline(font_headings):
    assert font_headings.title == "Graph Algorithms Notes"
    assert span_with(font_headings, "cheapest route").section == "1 Shortest paths"
    assert span_with(font_headings, "priority queue").section == "Dijkstra"
    assert span_with(font_headings, "minimum spanning tree").section == "2 Spanning trees"
    assert span_with(font_headings, "minimum spanning tree").page == 2
    assert "Dijkstra" not in paragraphs(font_headings)


def test_a_comment_in_code_never_becomes_a_section(font_headings):
    code = "# relax every edge\nfor v in graph[u]:\n    relax(u, v)"
    assert code in paragraphs(font_headings)
    assert span_with(font_headings, "settled exactly once").section == "Dijkstra"
    assert not any(s.section.startswith("#") for s in font_headings.spans)


def test_table_of_contents_and_index_pages_are_left_out():
    doc = read_pdf(fx.toc_index_pdf())
    assert doc.pages == 4
    assert {s.page for s in doc.spans} == {2, 3}
    assert "Quick sort partitions" in text(doc)
    for absent in ("Contents", ". . .", "binary search", "Index", "hash function, "):
        assert absent not in text(doc)
    assert doc.title is None  # the biggest line of page 1 was the contents' heading


def test_a_contents_list_sharing_pages_with_text_is_left_out():
    doc = read_pdf(fx.paper_pdf())
    assert "where the time goes" in span_with(doc, "Abstract").text
    for absent in ("Contents", ". . .", "Measurements 2", "2.3 Limits"):
        assert absent not in text(doc)
    assert span_with(doc, "detects errors").section == "1 Definitions"
    assert span_with(doc, "seven cycles").section == "2 Measurements"


def test_a_glyph_without_text_does_not_shift_the_lines_after_it():
    # PDFium's page text leaves the glyph out: measured by that text's indices, the heading
    # was read from the line before it and joined to it
    doc = read_pdf(fx.formula_glyph_pdf())
    assert span_with(doc, "is zero here").text == "The sum of the terms is zero here."
    assert span_with(doc, "one byte at a time").section == "2 Related work"


def test_a_page_without_text_is_a_warning_not_an_error():
    doc = read_pdf(fx.scanned_page_pdf())
    assert doc.pages == 3
    assert [s.page for s in doc.spans] == [1, 3]
    assert len(doc.warnings) == 1 and "page 2" in doc.warnings[0]
    assert "\n" not in doc.warnings[0]


@pytest.mark.parametrize(("make", "message"), [
    (fx.encrypted_pdf, ENCRYPTED),
    (fx.truncated_pdf, "not a readable PDF (the file is cut short"),
    (fx.not_a_pdf, "not a PDF file"),
    (lambda: b"", "not a PDF file"),
    (fx.scanned_only_pdf, NO_TEXT),
    (fx.blank_pdf, "no text found"),
])
def test_bad_input_is_one_clear_line(make, message, capfd, recwarn):
    without_ocr = IngestLimits(ocr=OcrOptions(command="/nonexistent/tesseract"))
    with pytest.raises(LoadError) as caught:
        read_pdf(make(), without_ocr)
    said = str(caught.value)
    assert said.startswith(message)
    assert "\n" not in said and "Traceback" not in said and "Error" not in said
    error = caught.value  # no chained library exception for a caller's traceback to show
    assert error.__cause__ is None and (error.__context__ is None or error.__suppress_context__)
    assert capfd.readouterr() == ("", "")
    assert ours(recwarn) == []


def ours(recwarn: pytest.WarningsRecorder) -> list[str]:
    """Warnings the PDF reading raised: not a ResourceWarning of an earlier test collected by the
    garbage collector meanwhile, nor the ImportWarning pygal's import hook (installed once the
    report tests imported pygal) adds to every later import in the process."""
    noise = ResourceWarning | ImportWarning | pytest.PytestUnraisableExceptionWarning
    return [f"{w.category.__name__}: {w.message} ({w.filename})" for w in recwarn
            if not issubclass(w.category, noise)]


def test_damaged_structure_is_read_quietly(capfd, recwarn):
    """A broken cross-reference table: PDFium rebuilds it, and nothing reaches the terminal."""
    data = fx.outlined_pdf()
    start = data.rindex(b"startxref")
    damaged = data[:start] + b"startxref\n12345\n%%EOF\n"
    logger = logging.getLogger("pypdfium2")
    level = logger.level
    try:
        doc = read_pdf(damaged)
        assert "spreadsheet" in text(doc)
    except LoadError as exc:
        assert str(exc).startswith("not a readable PDF (")
    assert capfd.readouterr() == ("", "")
    assert ours(recwarn) == []
    assert logger.level == level


def test_damaged_bytes_give_text_or_one_line_never_a_crash(capfd, recwarn):
    """Bytes flipped and cut at random (seeded): either text or a LoadError, and silence."""
    good = fx.outlined_pdf()
    rng = random.Random(7)
    for _ in range(40):
        data = bytearray(good)
        for _ in range(rng.randint(1, 40)):
            data[rng.randrange(20, len(data) - 30)] = rng.randrange(256)
        cut = rng.randrange(20, len(data) - 30)
        del data[cut: cut + rng.choice([0, rng.randint(1, 500)])]
        try:
            assert isinstance(read_pdf(bytes(data)), Extracted)
        except LoadError as exc:
            assert "\n" not in str(exc)
    assert capfd.readouterr() == ("", "")
    assert ours(recwarn) == []


@pytest.fixture(scope="module")
def r_data() -> tuple[Extracted, float]:
    if not R_DATA.is_file():
        pytest.skip(f"{R_DATA} is not there")
    started = time.perf_counter()
    doc = read_pdf(R_DATA.read_bytes())
    return doc, time.perf_counter() - started


def test_real_manual_pages_sections_and_title(r_data):
    doc, seconds = r_data
    assert doc.pages == 41 and doc.title == "R Data Import/Export"
    scan = span_with(doc, "The primary function to import from a text file is scan")
    assert (scan.page, scan.section) == (7, "Imports")
    assert span_with(doc, "To read such files set fill = TRUE.").page == 13
    assert span_with(doc, "not a valid encoding name").section == "Encodings"
    assert seconds < 10  # about 0.3 s of CPU here; a budget, not a benchmark


def test_real_manual_has_no_contents_index_or_running_headers(r_data):
    doc, _ = r_data
    assert not [s.page for s in doc.spans if s.page in (3, 4) or s.page >= 38]
    assert not re.search(r"(\. ){4,}", text(doc))
    assert not re.search(r"Chapter \d+: [A-Z][\w -]+ \d+", text(doc))
    assert not any(re.fullmatch(r"\d+|[ivx]+", p) for p in paragraphs(doc))


def test_real_manual_text_joins_and_code(r_data):
    doc, _ = r_data
    assert "the Unix tradition of small reusable tools" in text(doc)
    assert ("text.Rd: UTF-8 Unicode English text\ntext2.dat: ISO-8859 English text"
            in span_with(doc, "text2.dat").text)
    assert 'write.table(df, qmethod = "double")' in text(doc)


def test_front_matter_before_the_outline_is_not_content(r_data):
    doc, _ = r_data
    assert min(s.page for s in doc.spans) == 5  # title, copyright and contents pages dropped
    assert not any("Permission is granted" in s.text for s in doc.spans)
    assert doc.title == "R Data Import/Export"  # still read from the title page


def _browser_print(first: int, pages: int, title: str, body: int = 5) -> list:
    """Pages as a browser prints a web page: a date-and-title header, body lines, and a footer
    with the page's address and its number among the print's pages ("3/8")."""
    from core.ingest.pdf_lines import Line, Page

    out = []
    for i in range(pages):
        lines = [Line(f"12/6/26, 11:18 AM {title}", 20, 300, 800, 800, 8)]
        lines += [Line(f"{title} says {'xyzwv'[n]}{'abcdefghijklmnopqrstuvwxyz'[i]} in its body.",
                       20, 500, 760 - 14 * n, 760 - 14 * n, 10) for n in range(body)]
        lines.append(Line(f"file:///doc/{title}.html {i + 1}/{pages}", 20, 500, 20, 20, 8))
        out.append(Page(first + i, lines))
    return out


def test_a_browser_print_s_headers_and_numbered_footers_go_though_it_is_one_print_of_several():
    from core.ingest.pdf_lines import Style
    from core.ingest.pdf_pages import drop_running_lines

    pages = _browser_print(1, 22, "Advanced Topics") + _browser_print(23, 6, "DHAT")
    drop_running_lines(pages, Style(10, 14, False, False, frozenset(), frozenset()))
    left = [line.text for page in pages for line in page.lines]
    assert len(left) == 28 * 5 and all("in its body" in t for t in left)
