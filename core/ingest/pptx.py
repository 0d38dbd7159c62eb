"""PowerPoint .pptx decks: one span per slide, so a citation can name "slide 7 › Title".

A slide's text is its shapes (text boxes, tables, groups) followed by the speaker notes, where
lecturers often put the explanation the slide only hints at. Pictures that hold text (a
screenshot of code, a scanned table) are read by OCR when Tesseract is installed: their text is
a span of its own on the slide, marked with its OCR confidence; tiny pictures (icons, logos) are
passed over, and at most OcrOptions.max_images are read per deck.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, cast

from core.ingest import ocr, progress
from core.ingest.document import Extracted, LoadError, Span
from core.ingest.limits import DEFAULT_LIMITS, IngestLimits, OcrOptions
from core.ingest.office import open_office

if TYPE_CHECKING:
    from pptx.presentation import Presentation
    from pptx.shapes.autoshape import Shape
    from pptx.shapes.base import BaseShape
    from pptx.shapes.graphfrm import GraphicFrame
    from pptx.shapes.group import GroupShape
    from pptx.shapes.picture import Picture
    from pptx.slide import Slide

MIN_PICTURE_PIXELS = 60_000  # smaller pictures (icons, logos, bullets) are not read
MIN_PICTURE_WORDS = 3  # a photo OCR finds a word or two in is a photo, not text


def read_pptx(data: bytes, limits: IngestLimits = DEFAULT_LIMITS) -> Extracted:
    """Slide N -> Span(page=N, section=slide title or "Slide N"); pages = slide count."""
    prs = _open(data, limits)
    try:
        return _extract(prs, limits.ocr)
    except (LoadError, MemoryError):
        raise
    except Exception:  # a part that opened but holds the wrong XML: one line, no traceback
        raise LoadError("not a valid PowerPoint .pptx file (damaged content)") from None


def _extract(prs: Presentation, options: OcrOptions) -> Extracted:
    spans: list[Span] = []
    warnings_out: list[str] = []
    pictures = _Pictures(options, warnings_out)
    empty: list[int] = []
    title: str | None = None
    slides = list(prs.slides)
    for number, slide in enumerate(slides, start=1):
        title_shape = _title_shape(slide)
        heading = _line(title_shape.text_frame.text) if title_shape is not None else ""
        if number == 1:
            title = heading or None
        title_id = title_shape.shape_id if title_shape is not None else None
        blocks = [b for shape in slide.shapes if shape.shape_id != title_id for b in _blocks(shape)]
        notes = _notes(slide)
        if notes:
            blocks.append(notes)  # what the presenter says: part of the slide's content
        if not blocks and heading:
            blocks = [heading]  # a title-only divider slide still says what comes next
        section = heading or f"Slide {number}"
        if blocks:
            spans.append(Span("\n\n".join(blocks), page=number, section=section))
        read = pictures.read(slide, number)
        spans.extend(Span(text, number, section, conf) for text, conf in read)
        if not blocks and not read:
            empty.append(number)
    if not spans:
        raise LoadError("the presentation has no text")
    if empty:
        warnings_out.append(f"slides without text: {', '.join(map(str, empty))}")
    title = title or " ".join((prs.core_properties.title or "").split()) or None
    return Extracted(spans=spans, title=title, pages=len(slides), warnings=warnings_out)


class _Pictures:
    """Reads the text in a deck's pictures, within the deck's picture budget."""

    def __init__(self, options: OcrOptions, warnings: list[str]) -> None:
        self.options, self.warnings, self.left = options, warnings, options.max_images
        self.engine = ocr.available(options.languages, command=options.command)

    def read(self, slide: Slide, number: int) -> list[tuple[str, float]]:
        """(text, confidence) of each picture on the slide that holds text."""
        out: list[tuple[str, float]] = []
        for picture in [p for shape in slide.shapes for p in _pictures(shape)]:
            data = self._worth_reading(picture)
            if data is None:
                continue
            if not self.engine:
                self.warnings.append(f"slide {number}: pictures were not read: OCR needs "
                                     f"{ocr.install_hint()}")
                self.left = 0
                return out
            self.left -= 1
            progress.step(f"OCR of a picture on slide {number}", self.options.timeout_s)
            try:
                found = ocr.recognise(data, self.options.languages,
                                      timeout_s=self.options.timeout_s,
                                      command=self.options.command,
                                      max_pixels=self.options.max_pixels)
            except LoadError as exc:
                self.warnings.append(f"slide {number}: a picture was not read ({exc})")
                continue
            if found.words >= MIN_PICTURE_WORDS and found.confidence >= self.options.min_confidence:
                paragraphs = [" ".join(p.split("\n")) for p in found.text.split("\n\n")]
                out.append(("\n\n".join(paragraphs), round(found.confidence, 1)))
        return out

    def _worth_reading(self, picture: Picture) -> bytes | None:
        """The picture's bytes when it is large enough to hold text and the budget allows."""
        if self.left <= 0:
            return None
        try:
            width, height = picture.image.size
            blob: bytes = picture.image.blob
        except Exception:  # an unreadable or linked (external) picture: nothing to read
            return None
        return blob if width * height >= MIN_PICTURE_PIXELS and min(width, height) >= 32 else None


def _pictures(shape: BaseShape) -> list[Picture]:
    from pptx.enum.shapes import MSO_SHAPE_TYPE

    if shape.shape_type == MSO_SHAPE_TYPE.GROUP:
        return [p for member in cast("GroupShape", shape).shapes for p in _pictures(member)]
    if shape.shape_type == MSO_SHAPE_TYPE.PICTURE or (
            shape.is_placeholder and hasattr(shape, "image")):
        return [cast("Picture", shape)]
    return []


def _open(data: bytes, limits: IngestLimits) -> Presentation:
    import pptx

    return open_office(data, "PowerPoint .pptx", ".pptx", pptx.Presentation, limits)


def _line(text: str) -> str:
    return " ".join(text.split())


def _title_shape(slide: Slide) -> Shape | None:
    """The title placeholder (title or centred title), if the slide has one with text."""
    from pptx.enum.shapes import PP_PLACEHOLDER

    for shape in slide.placeholders:
        kind = shape.placeholder_format.type
        if kind in (PP_PLACEHOLDER.TITLE, PP_PLACEHOLDER.CENTER_TITLE,
                    PP_PLACEHOLDER.VERTICAL_TITLE):
            return shape if shape.has_text_frame and shape.text_frame.text.strip() else None
    return None


def _blocks(shape: BaseShape) -> list[str]:
    """A shape's text as paragraphs: a text frame's paragraphs (one per bullet), a table's
    rows with cells joined by " · ", a group's members in order."""
    from pptx.enum.shapes import MSO_SHAPE_TYPE, PP_PLACEHOLDER

    if shape.is_placeholder and shape.placeholder_format.type in (
            PP_PLACEHOLDER.DATE, PP_PLACEHOLDER.FOOTER, PP_PLACEHOLDER.SLIDE_NUMBER):
        return []  # repeated on every slide: chrome, not content
    if shape.shape_type == MSO_SHAPE_TYPE.GROUP:
        return [b for member in cast("GroupShape", shape).shapes for b in _blocks(member)]
    if getattr(shape, "has_table", False) and shape.has_table:
        rows = []
        for row in cast("GraphicFrame", shape).table.rows:
            cells = [_line(cell.text) for cell in row.cells]
            while cells and not cells[-1]:
                cells.pop()
            if any(cells):
                rows.append(" · ".join(c or "–" for c in cells))
        return ["\n".join(rows)] if rows else []
    if getattr(shape, "has_text_frame", False) and shape.has_text_frame:
        # One paragraph per bullet: each is a statement of its own, searched and quoted alone.
        lines = [_line(p.text) for p in cast("Shape", shape).text_frame.paragraphs]
        return [line for line in lines if line]
    return []


def _notes(slide: Slide) -> str:
    """The speaker notes as one paragraph (their own line breaks kept as spaces)."""
    if not slide.has_notes_slide:
        return ""
    frame = slide.notes_slide.notes_text_frame
    return _line(frame.text) if frame is not None else ""
