"""Scanned PDF pages: rendered with PDFium, recognised by Tesseract, and handed back as the same
positioned lines a text layer gives, so the layout heuristics (paragraphs, headings by type
size, running headers, contents pages) treat a scan like any other page.

A page needs OCR when it has an image but (almost) no text layer. Pages recognised below
OCR_MIN_CONFIDENCE are not kept, only named in a warning; without Tesseract the pages are
skipped with the install hint. Each page is rendered under PDFium's lock and recognised outside
it, one page at a time, so memory stays at one page image.
"""
from __future__ import annotations

import math
import re
import threading
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from core.ingest import ocr, progress
from core.ingest.document import LoadError, Span
from core.ingest.limits import OcrOptions
from core.ingest.pdf_lines import Line, Page

if TYPE_CHECKING:
    import pypdfium2 as pdfium
    from PIL import Image

NO_TEXT = "no text layer: scanned pages need OCR"
NEAR_EMPTY_CHARS = 20  # a page with an image and less text than this is read as a scan
EM_PER_X_SIZE = 1 / 0.93  # Tesseract's x_size (ascender to descender) is ~0.93 of the font size


@dataclass(slots=True)
class OcrOutcome:
    """What recognising the scanned pages gave: lines per page, confidence per kept page."""

    lines: dict[int, list[Line]] = field(default_factory=dict)
    confidence: dict[int, float] = field(default_factory=dict)
    warnings: list[str] = field(default_factory=list)
    engine_missing: bool = False
    min_confidence: float = 0.0
    tried: bool = False  # some page needed OCR

    def merge_into(self, pages: list[Page], warnings: list[str]) -> list[str]:
        """Recognised lines put on their pages; all warnings in page order."""
        for page in pages:
            page.lines = self.lines.get(page.number, page.lines)
        return sorted(warnings + self.warnings, key=_page_of)

    def refusal(self) -> str | None:
        """Why a PDF without any text is refused, when OCR is the reason."""
        if self.engine_missing:
            return f"{NO_TEXT} — {ocr.install_hint()}"
        if self.tried:
            return ("no text found: OCR read no usable text on the scanned pages (under "
                    f"OCR_MIN_CONFIDENCE={self.min_confidence:g} or none at all)")
        return None

    def mark(self, spans: list[Span]) -> list[Span]:
        """Spans of recognised pages carry their page's OCR confidence."""
        return [replace(s, ocr_confidence=self.confidence[s.page])
                if s.page in self.confidence else s for s in spans]


def has_image(page: pdfium.PdfPage) -> bool:
    """Whether the page draws a picture (a scan is one)."""
    import pypdfium2.raw as raw

    return next(iter(page.get_objects(filter=(raw.FPDF_PAGEOBJ_IMAGE,), max_depth=3)),
                None) is not None


def needs_ocr(page: Page, has_image: Callable[[], bool]) -> bool:
    """An image page without a usable text layer (a scan, perhaps with a stamped page number);
    `has_image` is asked only when the text layer is (nearly) empty."""
    return sum(len(x.text.strip()) for x in page.lines) < NEAR_EMPTY_CHARS and has_image()


def recognise_pages(data: bytes, numbers: list[int], options: OcrOptions,
                    lock: threading.Lock) -> OcrOutcome:
    """OCR of the given (1-based) pages of the PDF in `data`; never raises for one bad page.
    PDFium is used under `lock` only (it is not thread-safe), Tesseract outside it."""
    import pypdfium2 as pdfium

    outcome = OcrOutcome(min_confidence=options.min_confidence, tried=bool(numbers))
    if not numbers:
        return outcome
    if not ocr.available(options.languages, command=options.command):
        outcome.engine_missing = True
        outcome.warnings.extend(f"page {n} has no text layer (a scanned image?); it was skipped: "
                                f"OCR needs {ocr.install_hint()}" for n in numbers)
        return outcome
    with lock:
        doc = pdfium.PdfDocument(data)
    try:
        for done, number in enumerate(numbers, 1):
            progress.step(f"OCR page {number} ({done} of {len(numbers)})", options.timeout_s)
            _recognise_page(doc, number, options, lock, outcome)
    finally:
        with lock:
            doc.close()
    return outcome


def _recognise_page(doc: pdfium.PdfDocument, number: int, options: OcrOptions,
                    lock: threading.Lock, outcome: OcrOutcome) -> None:
    try:
        with lock:
            image, scale = _render(doc, number, options)
        found = ocr.recognise(image, options.languages, timeout_s=options.timeout_s,
                              command=options.command, max_pixels=options.max_pixels,
                              dpi=round(72 * scale))
    except LoadError as exc:
        outcome.warnings.append(f"page {number}: {exc}; it was skipped")
        return
    if not found.words:
        outcome.warnings.append(f"page {number}: OCR found no text on this image page; "
                                "it was skipped")
    elif found.confidence < options.min_confidence:
        outcome.warnings.append(
            f"page {number}: OCR confidence {found.confidence:.0f}% under "
            f"OCR_MIN_CONFIDENCE={options.min_confidence:g}; not stored")
    else:
        outcome.lines[number] = to_lines(found, scale, image.size)
        outcome.confidence[number] = round(found.confidence, 1)


def _render(doc: pdfium.PdfDocument, number: int,
            options: OcrOptions) -> tuple[Image.Image, float]:
    """Page `number` as a grey image at OCR_DPI, scaled down if it would pass the pixel cap;
    (image, pixels per point)."""
    import pypdfium2 as pdfium

    try:
        page = doc[number - 1]
    except pdfium.PdfiumError:
        raise LoadError("the page could not be rendered (damaged)") from None
    try:
        width, height = page.get_size()
        scale = options.dpi / 72
        if width * height * scale * scale > options.max_pixels:
            scale = math.sqrt(options.max_pixels / (width * height)) * 0.999
        bitmap = page.render(scale=scale, grayscale=True)
        image: Image.Image = bitmap.to_pil()
        bitmap.close()
        return image, scale
    except pdfium.PdfiumError:
        raise LoadError("the page could not be rendered (damaged)") from None
    finally:
        page.close()


def to_lines(found: ocr.Recognised, scale: float, size: tuple[int, int]) -> list[Line]:
    """Recognised lines as text-layer lines: PDF points, y growing upwards, type size in points;
    right-to-left lines mirrored, so 'where a line starts' means the same in both directions."""
    lines = []
    width, image_height = size
    for x in found.lines:
        left, right = (width - x.right, width - x.left) if x.rtl else (x.left, x.right)
        base = (image_height - x.baseline) / scale
        lines.append(Line(x.text, left / scale, right / scale, base, base,
                          round(x.height / scale * EM_PER_X_SIZE, 1)))
    return lines


def _page_of(warning: str) -> int:
    match = re.match(r"page (\d+)", warning)
    return int(match.group(1)) if match else 0
