"""Word and PowerPoint loaders on files built from real handbook text: headings as sections,
lists and tables as lines, one span per slide with notes, and one-line errors for bad files."""
from __future__ import annotations

import warnings
from collections.abc import Callable

import pytest

from core.ingest.document import Extracted, LoadError
from core.ingest.docx import read_docx
from core.ingest.pptx import read_pptx
from tests.support import office_fixtures as fx

PDF = b"%PDF-1.5\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Type /Catalog >>\nendobj\n"
HTML = b"<!DOCTYPE html><html><body><p>A gateway is a system linking networks.</p></body></html>"
OLE = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\x00" * 512


def test_docx_headings_become_sections_in_order() -> None:
    ex = fx.handbook_docx()
    doc = read_docx(ex)
    assert [s.section for s in doc.spans] == [
        "9.11.1. Introduction", "9.11.2. The Naming Problem", "9.11.3. How udev Works",
        fx.AR_HEADING]
    assert doc.title == "Hot Plugging: hotplug"
    assert doc.pages is None and all(s.page is None for s in doc.spans)
    assert doc.spans[0].text == fx.INTRO
    assert doc.spans[1].text == f"{fx.NAMING}\n\n{fx.UDEV}"
    assert doc.spans[3].text == fx.AR_UDEV


def test_docx_lists_tables_and_code_are_lines() -> None:
    paragraphs = read_docx(fx.handbook_docx()).spans[2].text.split("\n\n")
    assert paragraphs[1] == "\n".join(f"- {n}: {m}" for n, m in fx.VARIABLES)
    assert paragraphs[2] == "\n".join(" · ".join(row) for row in fx.OPERATORS)
    assert paragraphs[3] == "\n".join(fx.RULES)


def test_docx_title_falls_back_to_the_title_paragraph() -> None:
    assert read_docx(fx.handbook_docx(title=None)).title == "Debian Administrator's Handbook"


def test_pptx_one_span_per_slide_with_titles_tables_groups_and_notes() -> None:
    deck = read_pptx(fx.handbook_pptx())
    assert deck.pages == 3 and deck.title == "Network Infrastructure"
    assert [(s.page, s.section) for s in deck.spans] == [
        (1, "Network Infrastructure"), (2, "10.1. Gateway"), (3, "TCP and UDP")]
    assert deck.spans[0].text == "Debian Administrator's Handbook, chapter 10"
    gateway = deck.spans[1].text
    assert gateway.startswith(fx.GATEWAY) and fx.AR_GATEWAY in gateway
    assert gateway.endswith("\n\n" + fx.NOTES)  # speaker notes close the slide's text
    assert "10.1. Gateway" not in gateway  # the title is the section, not repeated as text
    protocols = deck.spans[2].text.split("\n\n")
    assert protocols[0] == "\n".join(" · ".join(row) for row in fx.PROTOCOLS)
    assert protocols[1:] == [*fx.GROUPED, fx.UDP]
    assert deck.warnings == []


def test_pptx_untitled_and_empty_slides() -> None:
    untitled = read_pptx(fx.untitled_pptx())
    assert [(s.page, s.section, s.text) for s in untitled.spans] == [(1, "Slide 1", fx.UDEV)]
    assert untitled.title is None
    with_blank = read_pptx(fx.handbook_pptx(blank_slide=True))
    assert with_blank.pages == 4 and [s.page for s in with_blank.spans] == [1, 2, 3]
    assert with_blank.warnings == ["slides without text: 4"]


@pytest.mark.parametrize(("reader", "data", "message"), [
    (read_docx, PDF, "not a valid Word .docx file (it looks like a PDF)"),
    (read_docx, HTML, "not a valid Word .docx file (it looks like an HTML page)"),
    (read_docx, OLE, "not a valid Word .docx file (it looks like an old Office file "
                     "(.doc/.ppt/.xls)); save it as .docx"),
    (read_docx, "pptx", "not a valid Word .docx file (it looks like a PowerPoint .pptx file)"),
    (read_docx, "docx-truncated", "not a valid Word .docx file (damaged or truncated)"),
    (read_docx, "docx-empty", "the document has no text"),
    (read_pptx, HTML, "not a valid PowerPoint .pptx file (it looks like an HTML page)"),
    (read_pptx, PDF, "not a valid PowerPoint .pptx file (it looks like a PDF)"),
    (read_pptx, "docx", "not a valid PowerPoint .pptx file (it looks like a Word .docx file)"),
    (read_pptx, "pptx-truncated", "not a valid PowerPoint .pptx file (damaged or truncated)"),
    (read_pptx, "pptx-empty", "the presentation has no text"),
    (read_pptx, "pptx-bad-slide", "not a valid PowerPoint .pptx file (damaged content)"),
    (read_pptx, b"\x00\x01garbage\xff" * 40, "not a valid PowerPoint .pptx file "
                                             "(unrecognised content)"),
])
def test_bad_files_give_one_clear_line(reader: Callable[[bytes], Extracted], data: bytes | str,
                                       message: str, capfd: pytest.CaptureFixture[str]) -> None:
    built = {"pptx": fx.handbook_pptx, "docx": fx.handbook_docx, "docx-empty": fx.empty_docx,
             "pptx-empty": fx.empty_pptx,
             "docx-truncated": lambda: fx.handbook_docx()[:3000],
             "pptx-truncated": lambda: fx.handbook_pptx()[:5000],
             "pptx-bad-slide": lambda: fx.with_part(fx.handbook_pptx(), "ppt/slides/slide2.xml",
                                                    b"<x/>")}
    data = built[data]() if isinstance(data, str) else data
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        with pytest.raises(LoadError) as err:
            reader(data)
    assert str(err.value) == message
    assert "\n" not in str(err.value)
    out, errors = capfd.readouterr()
    assert out == "" and errors == ""
