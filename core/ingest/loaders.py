"""Loaders for .md, .txt and .pdf course files, with the metadata line the notes may carry."""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

SUPPORTED = (".md", ".markdown", ".txt", ".pdf")
SKIPPED_NAMES = {"readme.md", "license.md", "changelog.md"}
_META = re.compile(r"^>\s*Course:\s*(?P<course>[^·|]+?)\s*[·|]\s*Type:\s*(?P<type>.+?)\s*$",
                   re.IGNORECASE | re.MULTILINE)


class LoadError(Exception):
    """A file could not be read; the message is meant for the user."""


@dataclass(frozen=True, slots=True)
class LoadedDocument:
    """A course file's text with the metadata chunking needs."""

    path: str
    title: str
    text: str
    course: str
    doc_type: str


def discover(paths: list[Path]) -> tuple[list[tuple[Path, str]], list[str]]:
    """Expand folders into supported files; returns ((file, display path) pairs, problems).

    The display path (shown in citations) is relative to the folder given, prefixed with the
    folder's name, so citations never expose where the checkout lives on disk.
    """
    files: list[tuple[Path, str]] = []
    problems: list[str] = []
    for path in paths:
        if path.is_dir():
            files.extend((p, str(p.relative_to(path.parent) if path.name else p))
                         for p in sorted(path.rglob("*")) if p.is_file()
                         and p.suffix.lower() in SUPPORTED and p.name.lower() not in SKIPPED_NAMES)
        elif path.is_file():
            files.append((path, str(path)))
        else:
            problems.append(f"{path}: no such file or folder")
    return files, problems


def load(path: Path, default_course: str = "", display: str | None = None) -> LoadedDocument:
    """Read one file; raises LoadError with a readable reason."""
    suffix = path.suffix.lower()
    if suffix not in SUPPORTED:
        raise LoadError(f"{path}: unsupported file type '{suffix or 'none'}' (use .md, .txt or .pdf)")
    try:
        text = _read_pdf(path) if suffix == ".pdf" else path.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise LoadError(f"{path}: not UTF-8 text") from None
    except OSError as exc:
        raise LoadError(f"{path}: cannot read ({exc.strerror or exc})") from None
    text = text.replace("\r\n", "\n").replace("\x00", "")
    if not text.strip():
        raise LoadError(f"{path}: no text found (empty file, or a scanned PDF without a text layer)")
    course, doc_type = default_course, "pdf" if suffix == ".pdf" else "notes"
    meta = _META.search(text[:1000])
    if meta:
        course, doc_type = meta.group("course").strip(), meta.group("type").strip()
        text = text[: meta.start()] + text[meta.end():]
    return LoadedDocument(display or str(path), _title(text, path), text, course, doc_type)


def _title(text: str, path: Path) -> str:
    for line in text.splitlines()[:10]:
        if line.startswith("# "):
            return line[2:].strip()
    return path.stem.replace("-", " ").replace("_", " ").strip().title() or path.name


def _read_pdf(path: Path) -> str:
    from pypdf import PdfReader  # lazy: only PDF ingestion pays for it
    from pypdf.errors import PdfReadError

    try:
        reader = PdfReader(str(path))
        if reader.is_encrypted:
            raise LoadError(f"{path}: the PDF is encrypted")
        return "\n\n".join(page.extract_text() or "" for page in reader.pages)
    except PdfReadError as exc:
        raise LoadError(f"{path}: not a readable PDF ({exc})") from None
