"""Which files are course material, and one entry point that reads any of them.

Each format has its own module (pdf, html, docx, pptx, plaintext) producing the same
`Extracted` shape, and each says in one line when the bytes are something else (a PDF renamed
.docx is not a parser's traceback). This module picks the module from the file's name and adds
what the file cannot say itself: course, document type, display name and content hash.
"""
from __future__ import annotations

import hashlib
import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path

from core.ingest.document import Extracted, LoadError, Span
from core.text import DISPLAY_NAME_CHARS, clean_label

FORMATS = {".md": "md", ".markdown": "md", ".txt": "txt", ".pdf": "pdf", ".html": "html",
           ".htm": "html", ".docx": "docx", ".pptx": "pptx"}
DOC_TYPES = {"pdf": "pdf", "html": "web-page", "docx": "handout", "pptx": "slides",
             "md": "notes", "txt": "notes"}
SKIPPED_NAMES = {"readme.md": "a README, not course material",
                 "license.md": "a licence, not course material",
                 "changelog.md": "a changelog, not course material"}
_META = re.compile(r"^>\s*Course:\s*(?P<course>[^·|\n]+?)\s*[·|]\s*Type:\s*(?P<type>[^\n]+?)\s*$",
                   re.IGNORECASE | re.MULTILINE)


@dataclass(frozen=True, slots=True)
class LoadedDocument:
    """A course file read into page-aware spans, with what identifies and describes it."""

    display_name: str  # relative to the folder that was ingested; never an absolute path
    title: str
    format: str
    course: str
    doc_type: str
    content_hash: str  # SHA-256 of the file's bytes
    spans: list[Span]
    pages: int | None = None
    warnings: list[str] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class Found:
    """A file discovery will hand to ingestion."""

    path: Path
    display_name: str


def discover(paths: list[Path]) -> tuple[list[Found], list[str], list[str]]:
    """Expand folders into course files; returns (files, skipped, problems).

    Skipped files (unsupported types, READMEs) are named so nothing is ignored silently; hidden
    files and folders (.git, .DS_Store) are passed over without a word.
    """
    files: list[Found] = []
    skipped: list[str] = []
    problems: list[str] = []
    for path in paths:
        if path.is_dir():
            for p in sorted(path.rglob("*")):
                rel = p.relative_to(path)
                if not p.is_file() or any(part.startswith(".") for part in rel.parts):
                    continue
                reason = skip_reason(p)
                if reason:
                    skipped.append(f"{rel.as_posix()} ({reason})")
                else:
                    files.append(Found(p, rel.as_posix()))
        elif path.is_file():
            if path.suffix.lower() not in FORMATS:
                problems.append(f"{path.name}: {unsupported(path.suffix)}")
            else:
                files.append(Found(path, path.name))
        else:
            problems.append(f"{path}: no such file or folder")
    return files, skipped, problems


def skip_reason(path: Path) -> str | None:
    if path.name.lower() in SKIPPED_NAMES:
        return SKIPPED_NAMES[path.name.lower()]
    if path.suffix.lower() not in FORMATS:
        return f"unsupported type '{path.suffix.lower() or 'none'}'"
    return None


def unsupported(suffix: str) -> str:
    kinds = ", ".join(sorted(set(FORMATS)))
    return f"unsupported file type '{suffix.lower() or 'none'}' (supported: {kinds})"


def content_hash(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def format_of(name: str) -> str:
    """The format a file name promises; raises LoadError for unsupported types."""
    suffix = Path(name).suffix.lower()
    if suffix not in FORMATS:
        raise LoadError(unsupported(suffix))
    return FORMATS[suffix]


def _reader(fmt: str) -> Callable[[bytes], Extracted]:
    """The format's loader, imported on first use (a PDF library is not loaded for notes)."""
    if fmt == "pdf":
        from core.ingest.pdf import read_pdf
        return read_pdf
    if fmt == "html":
        from core.ingest.html import read_html
        return read_html
    if fmt == "docx":
        from core.ingest.docx import read_docx
        return read_docx
    if fmt == "pptx":
        from core.ingest.pptx import read_pptx
        return read_pptx
    from core.ingest.plaintext import read_text
    return lambda data: read_text(data, markdown=fmt == "md")


def read_bytes(path: Path) -> bytes:
    try:
        return path.read_bytes()
    except OSError as exc:
        raise LoadError(f"cannot read ({exc.strerror or exc})") from None


def load_bytes(data: bytes, display_name: str, course: str | None = None) -> LoadedDocument:
    """Read one file's bytes; raises LoadError (one line, no file name) with a readable reason.

    `course` given -> every document goes to that course. None -> a notes file's
    `> Course: X · Type: Y` line decides, else the course is "".
    """
    display_name = clean_label(display_name, DISPLAY_NAME_CHARS)  # no newlines, no RTL overrides
    fmt = format_of(display_name)  # each loader says so when the bytes are something else
    if not data.strip():
        raise LoadError("the file is empty")
    extracted = _reader(fmt)(data)
    spans = [s for s in extracted.spans if s.text.strip()]
    meta_course, doc_type = None, DOC_TYPES[fmt]
    if fmt in ("md", "txt") and spans:
        meta = _META.search(spans[0].text[:1000])
        if meta:
            meta_course, doc_type = meta.group("course").strip(), meta.group("type").strip()
            first = (spans[0].text[: meta.start()] + spans[0].text[meta.end():]).strip()
            spans = ([replace(spans[0], text=first)] if first else []) + spans[1:]
    if not spans:
        raise LoadError("no text found (an empty document, or scanned pages without a text layer)")
    return LoadedDocument(
        display_name=display_name, title=_title(extracted.title, display_name), format=fmt,
        course=course if course is not None else (meta_course or ""), doc_type=doc_type,
        content_hash=content_hash(data), spans=spans, pages=extracted.pages,
        warnings=list(extracted.warnings))


def load(path: Path, display_name: str | None = None, course: str | None = None) -> LoadedDocument:
    """Read one file from disk (see load_bytes)."""
    return load_bytes(read_bytes(path), display_name or path.name, course)


def _title(stated: str | None, display_name: str) -> str:
    stated = " ".join((stated or "").split())
    if stated:
        return stated[:200]
    stem = Path(display_name).stem.replace("-", " ").replace("_", " ").strip()
    return stem[:1].upper() + stem[1:] if stem else display_name
