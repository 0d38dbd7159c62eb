"""What a PDF is measured as before its layout is read: positioned lines per page, outline
marks and the document's ordinary text style. The PDF library (pdf.py) and OCR (pdf_ocr.py)
fill them; pdf_layout.py, pdf_pages.py and pdf_text.py read them."""
from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(slots=True)
class Line:
    """One visual line: x0 and base are the first character's origin, x1 the last character's
    right edge, base_end the last character's baseline (PDF y grows upwards)."""

    text: str
    x0: float
    x1: float
    base: float
    base_end: float
    size: float
    bold: bool = False
    mono: bool = False


@dataclass(slots=True)
class Page:
    number: int  # 1-based physical page
    lines: list[Line] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class Mark:
    """An outline entry: where a section starts (top None: the top of the page)."""

    page: int
    top: float | None
    title: str


@dataclass(frozen=True, slots=True)
class Style:
    """What counts as ordinary text in this document."""

    body: float  # body font size
    pitch: float  # usual distance between baselines
    body_bold: bool
    has_mono: bool
    words: frozenset[str]  # words written whole somewhere (evidence for dehyphenation)
    compounds: frozenset[str]  # words written with a hyphen inside a line
