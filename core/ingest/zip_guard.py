"""Bounds on an Office (OOXML) zip, checked before any of its XML is parsed.

A .docx or .pptx is a zip; a 3 MB one can hold a 1 GB document.xml that python-docx would
inflate and parse whole (RSS went to 5.8 GB). The zip's central directory says how big every
part claims to be, so too many parts, too much in total or a part packed like a bomb are refused
from the directory alone; then every part is inflated once in small steps, counting the bytes
that really come out, because a directory can lie.
"""
from __future__ import annotations

import io
import zipfile

from core.ingest.document import LoadError
from core.ingest.limits import IngestLimits, megabytes, too_big

_STEP = 1 << 16  # bytes inflated per read while counting


def check_zip(data: bytes, limits: IngestLimits) -> None:
    """Raise LoadError when the zip in `data` is over a limit; return quietly when it is within
    them or is not a zip at all (the format's own reader then says what it is).

    zipfile and zlib errors (a damaged part) propagate for the caller to word."""
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
    except (zipfile.BadZipFile, OSError, ValueError):
        return
    with archive:
        parts = archive.infolist()
        check_directory(parts, limits)
        budget = limits.max_uncompressed_bytes
        for part in parts:
            budget -= _inflated_size(archive, part, budget, limits)


def check_directory(parts: list[zipfile.ZipInfo], limits: IngestLimits) -> None:
    """The checks the central directory alone allows: part count, total size, packing ratio."""
    if len(parts) > limits.max_zip_entries:
        raise LoadError(too_big(f"the file holds {len(parts):,} parts",
                                f"{limits.max_zip_entries:,}", "INGEST_MAX_ZIP_ENTRIES"))
    total = sum(p.file_size for p in parts)
    if total > limits.max_uncompressed_bytes:
        raise LoadError(too_big(f"the file unpacks to {megabytes(total)}",
                                megabytes(limits.max_uncompressed_bytes),
                                "INGEST_MAX_UNCOMPRESSED_MB"))
    for part in parts:
        if part.file_size < limits.ratio_min_bytes:
            continue
        ratio = part.file_size / max(part.compress_size, 1)
        if ratio > limits.max_zip_ratio:
            raise LoadError(too_big(
                f"its part {part.filename[:80]} is packed {ratio:,.0f}:1, like a zip bomb",
                f"{limits.max_zip_ratio:,.0f}:1", "INGEST_MAX_ZIP_RATIO"))


def _inflated_size(archive: zipfile.ZipFile, part: zipfile.ZipInfo, budget: int,
                   limits: IngestLimits) -> int:
    """The bytes `part` really inflates to, read in steps and stopped once over `budget`."""
    size = 0
    with archive.open(part) as stream:
        while chunk := stream.read(_STEP):
            size += len(chunk)
            if size > budget:
                raise LoadError(too_big("the file unpacks to more than its zip directory claims",
                                        megabytes(limits.max_uncompressed_bytes),
                                        "INGEST_MAX_UNCOMPRESSED_MB"))
    return size
