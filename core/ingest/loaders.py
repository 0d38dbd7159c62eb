"""Which files are course material, and one entry point that reads any of them.

Each format has its own module (pdf, html, docx, pptx, image, plaintext) producing the same
`Extracted` shape, and each says in one line when the bytes are something else (a PDF renamed
.docx is not a parser's traceback). This module picks the module from the file's name and adds
what the file cannot say itself: course, document type, display name and content hash.
"""
from __future__ import annotations

import functools
import hashlib
import os
import re
import stat
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path

from core.ingest.document import Extracted, LoadError, Span
from core.ingest.limits import DEFAULT_LIMITS, IngestLimits
from core.text import DISPLAY_NAME_CHARS, clean_label

FORMATS = {".md": "md", ".markdown": "md", ".txt": "txt", ".pdf": "pdf", ".html": "html",
           ".htm": "html", ".docx": "docx", ".pptx": "pptx", ".png": "image", ".jpg": "image",
           ".jpeg": "image", ".tif": "image", ".tiff": "image", ".webp": "image"}
DOC_TYPES = {"pdf": "pdf", "html": "web-page", "docx": "handout", "pptx": "slides",
             "md": "notes", "txt": "notes", "image": "scan"}
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
    content_hash: str  # SHA-256 of the bytes and the readers' version (loaders.READERS)
    spans: list[Span]
    pages: int | None = None
    warnings: list[str] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class Found:
    """A file discovery will hand to ingestion."""

    path: Path
    display_name: str


def discover(paths: list[Path], images: str | None = None
             ) -> tuple[list[Found], list[str], list[str]]:
    """Expand folders into course files; returns (files, skipped, problems).

    Skipped files (unsupported types, READMEs) are named so nothing is ignored silently; hidden
    files and folders (.git, .DS_Store) are passed over without a word. A folder is never left:
    a link resolving outside it, a device, a FIFO or a socket is listed as skipped, never opened.
    `images` set says why images cannot be read here (no OCR engine): a folder's pictures are
    then skipped with that reason, as before OCR, not failed one by one.
    """
    files: list[Found] = []
    skipped: list[str] = []
    problems: list[str] = []
    for path in paths:
        if path.is_dir():
            root = path.resolve()
            for entry, rel in _walk(path):
                target, reason = _course_file(entry, root)
                reason = reason or skip_reason(entry) or _unreadable_image(entry, images)
                if reason:
                    skipped.append(f"{rel} ({reason})")
                elif target is not None:
                    files.append(Found(target, rel))
        elif path.is_file():
            if path.suffix.lower() not in FORMATS:
                problems.append(f"{path.name}: {unsupported(path.suffix)}")
            else:  # named on the command line: a link is the operator's own choice
                files.append(Found(path.resolve(), path.name))
        elif path.exists():
            problems.append(f"{path.name}: {_special_kind(path.stat().st_mode)}")
        else:
            problems.append(f"{path}: no such file or folder")
    return _one_per_name(files, problems), skipped, problems


def _one_per_name(files: list[Found], problems: list[str]) -> list[Found]:
    """A document is known by its name in the course: two files of one run with the same name
    (week1/notes.md and week2/notes.md given as two folders) would leave only the last. The
    first is kept, each other one is a problem saying how to keep both."""
    kept: dict[str, Found] = {}
    for found in files:
        first = kept.setdefault(found.display_name, found)
        if first.path != found.path:
            problems.append(f"{found.display_name}: two files of this run have this name "
                            f"({first.path} and {found.path}); ingest the folder holding both "
                            "so each keeps its own path, or ingest them into different courses")
    return list(kept.values())


def _walk(root: Path) -> Iterator[tuple[Path, str]]:
    """Every non-hidden entry under `root` that is not a real folder, in path order, with its
    display name; links to folders are listed, never followed (no loops, no way out)."""
    found: list[Path] = []
    folders = [root]
    while folders:
        with os.scandir(folders.pop()) as entries:
            for entry in entries:
                if entry.name.startswith("."):
                    continue
                if entry.is_dir(follow_symlinks=False):
                    folders.append(Path(entry.path))
                else:
                    found.append(Path(entry.path))
    for path in sorted(found):
        yield path, path.relative_to(root).as_posix()


def _course_file(path: Path, root: Path) -> tuple[Path | None, str | None]:
    """(the regular file to read, None) or (None, why it is skipped), by what `path` is without
    opening it: a link is followed only to a regular file inside `root`."""
    try:
        mode = path.lstat().st_mode
        if stat.S_ISLNK(mode):
            target = path.resolve()
            if not target.is_relative_to(root):
                return None, "a link to outside the folder; not read"
            mode = target.stat().st_mode
            if stat.S_ISDIR(mode):
                return None, "a link to a folder; not followed"
            path = target
    except (OSError, RuntimeError):  # a broken link, a link loop, a permission problem
        return None, "a broken link or unreadable entry; not read"
    if stat.S_ISREG(mode):
        return path, None
    return None, _special_kind(mode)


def _special_kind(mode: int) -> str:
    if stat.S_ISFIFO(mode):
        return "a FIFO (named pipe), not a file; not read"
    if stat.S_ISSOCK(mode):
        return "a socket, not a file; not read"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device, not a file; not read"
    return "not a regular file; not read"


def _unreadable_image(path: Path, why: str | None) -> str | None:
    return f"an image; not read: {why}" if why and FORMATS[path.suffix.lower()] == "image" else None


def skip_reason(path: Path) -> str | None:
    if path.name.lower() in SKIPPED_NAMES:
        return SKIPPED_NAMES[path.name.lower()]
    if path.suffix.lower() not in FORMATS:
        return f"unsupported type '{path.suffix.lower() or 'none'}'"
    return None


def unsupported(suffix: str) -> str:
    kinds = ", ".join(sorted(set(FORMATS)))
    return f"unsupported file type '{suffix.lower() or 'none'}' (supported: {kinds})"


# Bump when what a reader makes of a file changes (a parser fix, a new chunking rule): a file
# stored by older readers no longer matches its stored hash, so the next ingest reads it again
# (its unchanged chunks keep their vectors). Without it, an upgrade never reached files
# already ingested: only edited files were read by the fixed readers.
READERS = 4


def content_hash(data: bytes) -> str:
    """What "this file is already stored as it is" compares: the bytes' SHA-256 and READERS."""
    return f"{hashlib.sha256(data).hexdigest()}/r{READERS}"


def format_of(name: str) -> str:
    """The format a file name promises; raises LoadError for unsupported types."""
    suffix = Path(name).suffix.lower()
    if suffix not in FORMATS:
        raise LoadError(unsupported(suffix))
    return FORMATS[suffix]


def _reader(fmt: str, limits: IngestLimits) -> Callable[[bytes], Extracted]:
    """The format's loader, imported on first use (a PDF library is not loaded for notes)."""
    if fmt == "pdf":
        from core.ingest.pdf import read_pdf
        return functools.partial(read_pdf, limits=limits)
    if fmt == "html":
        from core.ingest.html import read_html
        return read_html
    if fmt == "docx":
        from core.ingest.docx import read_docx
        return functools.partial(read_docx, limits=limits)
    if fmt == "pptx":
        from core.ingest.pptx import read_pptx
        return functools.partial(read_pptx, limits=limits)
    if fmt == "image":
        from core.ingest.image import read_image
        return functools.partial(read_image, limits=limits)
    from core.ingest.plaintext import read_text
    return lambda data: read_text(data, markdown=fmt == "md")


def read_bytes(path: Path) -> bytes:
    """A regular file's bytes. Opened without following a final link and without blocking, then
    checked to be a regular file, so a FIFO or device swapped in after discovery is not read."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
    except OSError as exc:
        raise LoadError(f"cannot read ({exc.strerror or exc})") from None
    with os.fdopen(fd, "rb") as file:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise LoadError("not a regular file; not read")
        try:
            return file.read()
        except OSError as exc:
            raise LoadError(f"cannot read ({exc.strerror or exc})") from None


def load_bytes(data: bytes, display_name: str, course: str | None = None,
               limits: IngestLimits = DEFAULT_LIMITS) -> LoadedDocument:
    """Read one file's bytes; raises LoadError (one line, no file name) with a readable reason.

    `course` given -> every document goes to that course. None -> a notes file's
    `> Course: X · Type: Y` line decides, else the course is "".
    """
    display_name = clean_label(display_name, DISPLAY_NAME_CHARS)  # no newlines, no RTL overrides
    fmt = format_of(display_name)  # each loader says so when the bytes are something else
    if not data.strip():
        raise LoadError("the file is empty")
    extracted = _reader(fmt, limits)(data)
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
