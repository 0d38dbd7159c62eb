"""PDF loader: bytes -> `Extracted` (page-aware spans with sections), via PDFium (pypdfium2).

PDFium was chosen by measurement (bench/results/pdf-library.md): it reads R-data.pdf several
times faster than pdfminer.six or pypdf and still tells each character's font, size and
position. This module talks to PDFium (positioned lines with size, bold and monospace flags;
the outline; the metadata title), maps every failure to one line the user can act on, and
drops what is on a page but is not content (`pdf_pages`: running headers and footers, page
numbers, tables of contents and indexes). `pdf_layout` turns the remaining lines into paragraphs
and sections.
"""
from __future__ import annotations

import contextlib
import ctypes
import logging
import re
import threading
import warnings
from collections.abc import Iterator
from typing import TYPE_CHECKING

from core.ingest.document import Extracted, LoadError
from core.ingest.limits import DEFAULT_LIMITS, IngestLimits, too_big
from core.ingest.pdf_layout import build_spans, document_style, font_title, merge_fragments
from core.ingest.pdf_lines import Line, Mark, Page
from core.ingest.pdf_ocr import NO_TEXT as NO_TEXT  # the refusal of a scan without OCR
from core.ingest.pdf_ocr import has_image, needs_ocr, recognise_pages
from core.ingest.pdf_pages import drop_running_lines, without_front_matter, without_toc_and_index

if TYPE_CHECKING:
    import pypdfium2 as pdfium

ENCRYPTED = "the PDF is encrypted (password-protected); save an unprotected copy"
_LOCK = threading.Lock()  # PDFium is not thread-safe, not even across documents
_SAMPLES = 8  # characters per line whose font is looked at: enough to tell code from prose
_MONO = re.compile(r"mono|nimbusmon|courier|consol|menlo|monaco|inconsolata|typewriter|fixed"
                   r"|(?<!uni)code|lettergothic|^(?:cm|sf|ec|tc|lm)tt|^txtt|^pcr", re.I)
_BOLD = re.compile(r"bold|black|heavy|demi|^(?:cm|sf)b[x\d]|[-_,](?:b|bd)(?:it|i|o)?(?:mt)?$", re.I)
_FIXES: dict[str | int, str] = {"\ufb00": "ff", "\ufb01": "fi", "\ufb02": "fl", "\ufb03": "ffi",
                                 "\ufb04": "ffl", "\ufb05": "st", "\ufb06": "st", "\u2212": "-",
                                 "\u2010": "-", "\u2011": "-", "\u00a0": " ", "\u00ad": "\ufffe",
                                 **{c: " " for c in range(1, 32) if c not in (10, 13)},
                                 # per char, PDFium marks a glyph without Unicode 0 (its page
                                 # text leaves it out) and a hyphen at a line's end 2
                                 0: "", 2: "\ufffe"}
_TEXT_FIXES = str.maketrans(_FIXES)
_BAD_TITLE = re.compile(r"^(untitled|title|document\d*|slide \d+|microsoft \w+ - .*)$"
                        r"|\.(pdf|docx?|dvi|tex|pptx?|odt|indd|qxd|rtf)$", re.I)


def read_pdf(data: bytes, limits: IngestLimits = DEFAULT_LIMITS) -> Extracted:
    """The text of a PDF as spans with physical page numbers and sections.

    Pages that are images without a text layer (scans) are recognised by OCR (`pdf_ocr`); their
    spans carry the page's OCR confidence. Raises LoadError (one line, no file name) for a file
    that is not a PDF, is damaged or cut short, needs a password, has no text (none in a text
    layer, none recognised, or no OCR engine), or has more pages than `limits` allow.
    """
    data = bytes(data)  # PDFium reads from bytes only (not bytearray or memoryview)
    if b"%PDF-" not in data[:1024]:
        raise LoadError("not a PDF file (no PDF header; is it another format renamed to .pdf?)")
    if b"%%EOF" not in data.rstrip(b"\x00\t\n\x0c\r ")[-2048:]:
        raise LoadError("not a readable PDF (the file is cut short: no end-of-file marker)")
    with _LOCK, _quiet():
        pages, warns, marks, meta_title, scanned = _read(data, limits.max_pdf_pages)
    with _quiet():
        found = recognise_pages(data, scanned, limits.ocr, _LOCK)
    warns = found.merge_into(pages, warns)
    if not any(p.lines for p in pages):
        raise LoadError(found.refusal() or "no text found: the pages are blank or damaged")
    count = len(pages)
    pages = [Page(p.number, merge_fragments(p.lines)) for p in pages]
    style = document_style(pages)
    drop_running_lines(pages, style)
    pages = without_toc_and_index(pages)
    title = meta_title if _sensible(meta_title) else font_title(pages, style)  # on the title page
    pages = without_front_matter(pages, marks)
    return Extracted(spans=found.mark(build_spans(pages, marks, style)), title=title,
                     pages=count, warnings=warns)


@contextlib.contextmanager
def _quiet() -> Iterator[None]:
    """Library complaints (damaged objects, odd fonts) stay out of the user's terminal for the
    duration of one read; logging is left as it was."""
    logger = logging.getLogger("pypdfium2")
    level = logger.level
    logger.setLevel(logging.CRITICAL + 1)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            yield
    finally:
        logger.setLevel(level)


def _read(data: bytes, max_pages: int
          ) -> tuple[list[Page], list[str], list[Mark], str, list[int]]:
    """Pages, warnings, outline, metadata title and the pages that need OCR (images without a
    text layer); a PDF over `max_pages` is refused before any page is read."""
    import pypdfium2 as pdfium  # lazy: only PDF ingestion pays for loading PDFium

    try:
        doc = pdfium.PdfDocument(data)
    except pdfium.PdfiumError as exc:
        code = getattr(exc, "err_code", None)
        if code in (pdfium.raw.FPDF_ERR_PASSWORD, pdfium.raw.FPDF_ERR_SECURITY):
            raise LoadError(ENCRYPTED) from None
        if code == pdfium.raw.FPDF_ERR_SUCCESS:
            raise LoadError("not a readable PDF (it has no pages)") from None
        raise LoadError("not a readable PDF (damaged file structure)") from None
    try:
        if len(doc) > max_pages:
            raise LoadError(too_big(f"the PDF has {len(doc):,} pages", f"{max_pages:,}",
                                    "INGEST_MAX_PDF_PAGES"))
        pages: list[Page] = []
        warns: list[str] = []
        scanned: list[int] = []
        for index in range(len(doc)):
            pages.append(_read_page(doc, index + 1, warns, scanned))
        return (pages, warns, _outline(doc), (doc.get_metadata_value("Title") or "").strip(),
                scanned)
    except pdfium.PdfiumError:
        raise LoadError("not a readable PDF (damaged content)") from None
    finally:
        doc.close()


def _read_page(doc: pdfium.PdfDocument, number: int, warns: list[str],
               scanned: list[int]) -> Page:
    import pypdfium2 as pdfium

    try:
        page = doc[number - 1]
        textpage = page.get_textpage()
    except pdfium.PdfiumError:
        warns.append(f"page {number} could not be read (damaged); it was skipped")
        return Page(number)
    try:
        read = Page(number, _lines(textpage))
        if needs_ocr(read, lambda: has_image(page)):
            scanned.append(number)
        return read
    finally:
        textpage.close()
        page.close()


def _lines(textpage: pdfium.PdfTextPage) -> list[Line]:
    """PDFium's text lines, each measured from a few of its characters."""
    import pypdfium2.raw as raw

    count = raw.FPDFText_CountChars(textpage)
    if count <= 0:
        return []
    # one str index per PDFium char index (surrogates kept apart, rejoined per line below)
    buffer = (ctypes.c_ushort * (count + 1))()
    written = raw.FPDFText_GetText(textpage, 0, count, buffer) - 1  # without the final NUL
    text = bytes(buffer)[: 2 * count].decode("utf-16-le", "surrogatepass")
    if written != count:
        # the page text left out a glyph without Unicode (a formula's, in a LaTeX paper),
        # shifting every later char: a line measured from the one before it, a heading ("2
        # Related work") taken for that line's end. Char by char instead (slower).
        text = "".join(chr(raw.FPDFText_GetUnicode(textpage, i)) for i in range(count))
    fonts: dict[bytes, tuple[bool, bool]] = {}
    name, flags = ctypes.create_string_buffer(128), ctypes.c_int()
    lines = []
    for match in re.finditer(r"[^\r\n]*\S[^\r\n]*", text):
        raw_line = match.group()
        first = match.start() + len(raw_line) - len(raw_line.lstrip())
        last = match.end() - 1 - (len(raw_line) - len(raw_line.rstrip()))
        x0, base = _origin(textpage, first)
        _, base_end = _origin(textpage, last)
        x1 = textpage.get_charbox(last)[2]
        step = max(1, (last - first) // _SAMPLES)
        sample = [i for i in range(first, last + 1, step) if not text[i].isspace()]
        sizes, bold, mono = [], 0, 0
        for i in sample:
            sizes.append(raw.FPDFText_GetFontSize(textpage, i))
            raw.FPDFText_GetFontInfo(textpage, i, name, 128, flags)
            if name.value not in fonts:
                fonts[name.value] = _style(name.value, flags.value,
                                           raw.FPDFText_GetFontWeight(textpage, i))
            bold, mono = bold + fonts[name.value][0], mono + fonts[name.value][1]
        sizes.sort()
        line = raw_line.encode("utf-16-le", "surrogatepass").decode("utf-16-le", "replace")
        line = line.translate(_TEXT_FIXES)
        if not line.strip():
            continue
        lines.append(Line(line, x0, x1, base, base_end,
                          sizes[len(sizes) // 2], bold >= 0.8 * len(sample),
                          mono >= 0.8 * len(sample)))
    return lines


def _origin(textpage: pdfium.PdfTextPage, index: int) -> tuple[float, float]:
    import pypdfium2.raw as raw

    x, y = ctypes.c_double(), ctypes.c_double()
    raw.FPDFText_GetCharOrigin(textpage, index, x, y)
    return x.value, y.value


def _style(name: bytes, flags: int, weight: int) -> tuple[bool, bool]:
    """(bold, monospace) for a font, by name, descriptor flags and weight."""
    base = name.decode("latin-1").split("+")[-1]
    return (bool(_BOLD.search(base)) or weight >= 600 or bool(flags & 1 << 18),
            bool(_MONO.search(base)) or bool(flags & 1))


def _outline(doc: pdfium.PdfDocument) -> list[Mark]:
    """Bookmarks as (page, top, title); a bookmark that is a GoTo action counts as well."""
    import pypdfium2.raw as raw

    marks = []
    for bookmark in doc.get_toc(max_depth=8):
        dest = raw.FPDFBookmark_GetDest(doc, bookmark)
        if not dest:
            action = raw.FPDFBookmark_GetAction(bookmark)
            if action and raw.FPDFAction_GetType(action) == raw.PDFACTION_GOTO:
                dest = raw.FPDFAction_GetDest(doc, action)
        index = raw.FPDFDest_GetDestPageIndex(doc, dest) if dest else -1
        title = " ".join((bookmark.get_title() or "").split())
        if index >= 0 and title:
            marks.append(Mark(index + 1, _top(dest), title))
    return marks


def _top(dest: object) -> float | None:
    """How far down its page a destination points (None: the top of the page)."""
    import pypdfium2.raw as raw

    count, params = ctypes.c_ulong(), (ctypes.c_float * 4)()
    mode = raw.FPDFDest_GetView(dest, count, params)
    view = list(params)[: count.value]
    if mode == raw.PDFDEST_VIEW_XYZ:
        has = [ctypes.c_int() for _ in range(3)]
        xyz = [ctypes.c_float() for _ in range(3)]
        raw.FPDFDest_GetLocationInPage(dest, *has, *xyz)
        return xyz[1].value if has[1].value else None
    if mode in (raw.PDFDEST_VIEW_FITH, raw.PDFDEST_VIEW_FITBH) and view:
        return float(view[0])
    if mode == raw.PDFDEST_VIEW_FITR and len(view) == 4:
        return float(view[3])
    return None


def _sensible(title: str) -> bool:
    """Metadata titles are often empty, a file name or a placeholder: those are not titles."""
    return len(title) >= 3 and bool(re.search(r"[^\W\d_]", title)) and not _BAD_TITLE.search(title)
