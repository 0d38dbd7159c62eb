"""Image loader: a scanned page or a photo of one (.png .jpg .tif .webp) -> `Extracted` by OCR.

One image is one document of one page; a multi-page TIFF gives one page per frame, as many as a
PDF may have. The size is read from the header and checked before any pixel is decoded; each
page goes through the same layout heuristics as a scanned PDF page (paragraphs, headings by
type size), and pages recognised under OCR_MIN_CONFIDENCE are reported, not kept.
"""
from __future__ import annotations

from core.ingest import ocr, progress
from core.ingest.document import Extracted, LoadError, Span
from core.ingest.limits import DEFAULT_LIMITS, IngestLimits, too_big
from core.ingest.pdf_layout import build_spans, document_style, font_title
from core.ingest.pdf_lines import Page
from core.ingest.pdf_ocr import to_lines

ASSUMED_DPI = 300  # for images that do not say: only relative type sizes matter here


def read_image(data: bytes, limits: IngestLimits = DEFAULT_LIMITS) -> Extracted:
    """The text of an image document; LoadError (one line) when it cannot be read, is too
    large, has no recognisable text or the OCR engine is missing."""
    options = limits.ocr
    image = ocr.open_image(data, options.max_pixels)
    count = getattr(image, "n_frames", 1)
    if count > limits.max_pdf_pages:
        raise LoadError(too_big(f"the image has {count:,} pages", f"{limits.max_pdf_pages:,}",
                                "INGEST_MAX_PDF_PAGES"))
    if not ocr.available(options.languages, command=options.command):
        raise LoadError(f"an image needs OCR — {ocr.install_hint()}")
    pages: list[Page] = []
    confidence: dict[int, float] = {}
    warnings: list[str] = []
    for number, frame in enumerate(ocr.frames(image, count, options.max_pixels), 1):
        where = f"page {number}: " if count > 1 else ""
        progress.step(f"OCR page {number} of {count}", options.timeout_s)
        dpi = _dpi(frame.info.get("dpi"))
        try:
            found = ocr.recognise(frame, options.languages, timeout_s=options.timeout_s,
                                  command=options.command, max_pixels=options.max_pixels,
                                  dpi=dpi)
        except LoadError as exc:
            if count == 1:
                raise
            warnings.append(f"{where}{exc}; it was skipped")
            continue
        if found.words and found.confidence < options.min_confidence:
            warnings.append(f"{where}OCR confidence {found.confidence:.0f}% under "
                            f"OCR_MIN_CONFIDENCE={options.min_confidence:g}; not stored")
        elif found.words:
            scale = (dpi or ASSUMED_DPI) / 72
            pages.append(Page(number, to_lines(found, scale, frame.size)))
            confidence[number] = round(found.confidence, 1)
    if not pages:
        reason = warnings[0] if warnings else "OCR found no text in the image"
        raise LoadError(f"no text found: {reason}")
    style = document_style(pages)
    spans = [Span(s.text, s.page, s.section, confidence.get(s.page or 0))
             for s in build_spans(pages, [], style)]
    return Extracted(spans=spans, title=font_title(pages, style), pages=count,
                     warnings=warnings)


def _dpi(value: object) -> int | None:
    """The resolution an image states, when it is a sensible one."""
    if isinstance(value, tuple) and value:
        value = value[0]
    try:
        dpi = round(float(value))  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return None
    return dpi if 70 <= dpi <= 1200 else None
