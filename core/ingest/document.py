"""The one shape every format loader produces: text in spans that know their page and section.

Loaders (one module per format) turn a file's bytes into `Extracted`; `loaders.load` adds what
the file itself cannot say (course, display name, content hash) and chunking keeps each span's
page and section on every chunk, so a citation can name "R-data.pdf, p. 12 › Lists".
"""
from __future__ import annotations

import hashlib
from dataclasses import dataclass, field

from core.errors import StudyBuddyError


class LoadError(StudyBuddyError):
    """A file could not be read; the message is one line meant for the user (no file name:
    the caller prefixes it)."""


@dataclass(frozen=True, slots=True)
class Span:
    """A block of a document's text on one page or slide, under one section.

    `text` holds paragraphs separated by blank lines; a code block or example is one paragraph
    that keeps its own single line breaks. `page` is the 1-based physical page (as PDF viewers
    number them) or slide number, None for formats without pages. `ocr_confidence` is set when
    the text was recognised from pixels (a scanned page, a picture on a slide): the mean word
    confidence 0-100, kept on every chunk so a reader of the store can tell OCR text apart.
    """

    text: str
    page: int | None = None
    section: str = ""
    ocr_confidence: float | None = None


@dataclass(frozen=True, slots=True)
class Extracted:
    """What a format loader read out of one file."""

    spans: list[Span]
    title: str | None = None  # the title the file states (metadata, <title>, first slide), if any
    pages: int | None = None  # page or slide count; None for formats without pages
    warnings: list[str] = field(default_factory=list)  # one line each, e.g. pages without text


def document_id(course: str, display_name: str) -> str:
    """Stable id of a document: the same file name in the same course is the same document,
    so re-ingesting an edited file replaces it."""
    return hashlib.sha256(f"{course}\x1f{display_name}".encode()).hexdigest()[:16]
