"""Opening an Office (OOXML) file for its loader: one clear line when the bytes are not one,
and the zip's size bounds checked (zip_guard) before the Office library parses anything."""
from __future__ import annotations

import io
import warnings
from collections.abc import Callable
from typing import IO, TypeVar

from core.ingest.document import LoadError
from core.ingest.limits import DEFAULT_LIMITS, IngestLimits
from core.ingest.plaintext import looks_like
from core.ingest.zip_guard import check_zip

T = TypeVar("T")


def open_office(data: bytes, label: str, extension: str, opener: Callable[[IO[bytes]], T],
                limits: IngestLimits = DEFAULT_LIMITS) -> T:
    """`opener` (python-docx's Document, python-pptx's Presentation) on the bytes, or a
    LoadError such as "not a valid Word .docx file (it looks like a PDF)" or a limit's refusal.

    `label` is what looks_like calls this format ("Word .docx", "PowerPoint .pptx")."""
    name = f"not a valid {label} file"
    kind = looks_like(data)
    if kind and kind != f"a {label} file":
        hint = f"; save it as {extension}" if kind.startswith("an old Office") else ""
        raise LoadError(f"{name} (it looks like {kind}){hint}")
    try:
        check_zip(data, limits)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            return opener(io.BytesIO(data))
    except (LoadError, MemoryError):
        raise
    except Exception:  # zipfile, lxml and the Office libraries each raise their own kinds
        reason = "damaged or truncated" if data.startswith(b"PK") else "unrecognised content"
        raise LoadError(f"{name} ({reason})") from None
