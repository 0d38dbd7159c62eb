"""How much one file may cost to read: the bounds a hostile upload runs into before it hurts.

A 3 MB .docx can unpack to a gigabyte, a PDF can claim a million pages and one long line can
become a million passages. Each bound below is checked as early as the file allows (the zip
directory before any XML is parsed, the page count before any page is read), and each refusal
is one line that names the setting which changes it.
"""
from __future__ import annotations

from dataclasses import dataclass, field

MB = 2**20


@dataclass(frozen=True, slots=True)
class OcrOptions:
    """How scanned pages and images are read: the OCR_* and PHOTO_MAX_PIXELS settings."""

    languages: str = "eng+ara"  # OCR_LANGUAGES: Tesseract language codes joined by '+'
    timeout_s: float = 30.0  # OCR_TIMEOUT_S: per page or image
    min_confidence: float = 70.0  # OCR_MIN_CONFIDENCE: pages recognised worse are not stored
    dpi: int = 300  # OCR_DPI: resolution scanned PDF pages are rendered at
    command: str = "tesseract"  # OCR_COMMAND: the Tesseract program
    max_pixels: int = 40_000_000  # PHOTO_MAX_PIXELS: an image (or frame) larger is refused
    max_images: int = 50  # pictures recognised per slide deck / frames per TIFF


@dataclass(frozen=True, slots=True)
class IngestLimits:
    """The bounds of reading one file; the defaults suit course material of any normal size."""

    max_uncompressed_bytes: int = 200 * MB  # INGEST_MAX_UNCOMPRESSED_MB: an Office file unpacked
    max_zip_entries: int = 10_000  # INGEST_MAX_ZIP_ENTRIES: parts inside one Office file
    max_zip_ratio: float = 100.0  # INGEST_MAX_ZIP_RATIO: unpacked / packed, per large part
    ratio_min_bytes: int = 1 * MB  # parts smaller than this are never judged by their ratio
    max_pdf_pages: int = 2_000  # INGEST_MAX_PDF_PAGES
    max_chunks: int = 20_000  # INGEST_MAX_CHUNKS: passages one document may become
    memory_bytes: int = 1024 * MB  # INGEST_MEMORY_MB: what the reading child may add to its size
    timeout_s: float = 120.0  # INGEST_TIMEOUT_S: wall clock for reading and chunking one file
    ocr: OcrOptions = field(default_factory=OcrOptions)  # scanned pages and images


DEFAULT_LIMITS = IngestLimits()


def too_big(what: str, limit: str, setting: str) -> str:
    """The one line of a refusal: what was over which bound, and the setting that moves it."""
    return f"{what} (the limit is {limit}; the operator can change {setting})"


def megabytes(n: int | float) -> str:
    """Whole megabytes as such, else as precise as a refusal needs ("2.04 MB" over "2 MB")."""
    value = n / MB
    if value == int(value):
        return f"{int(value):,} MB"
    return f"{value:,.1f} MB" if value >= 10 else f"{value:.2f} MB"
