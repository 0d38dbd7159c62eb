"""Questions sent as photos: bounded, read by OCR off the event loop, turned into text.

A photo is outside input, so it is bounded before it is parsed (its bytes, then its pixels from
the image header alone, before any decoding) and recognised in a worker thread under a time
limit. Only the text read goes on: the image bytes never reach history, outcomes or logs.
"""
from __future__ import annotations

import asyncio
import io
import logging
import os
import re
from dataclasses import dataclass, field, replace
from typing import Protocol

from core.errors import StudyBuddyError
from core.ingest import ocr
from core.ingest.document import LoadError
from core.ingest.limits import OcrOptions
from core.messages import Reply
from core.texts.photos import PHOTOS

log = logging.getLogger(__name__)

MB = 2**20
MIN_WORDS = 1
EXCERPT_CHARS = 300  # how much of what was read the reply shows back
EXCERPT_LINES = 4
GRACE_S = 2.0  # the engine enforces the time limit itself; this is the backstop
_LINE_BLANKS = re.compile(r"[ \t]+")


@dataclass(frozen=True, slots=True)
class PhotoLimits:
    """How big a photo may be (PHOTO_MAX_BYTES) and how it is read (the OCR_* settings and
    PHOTO_MAX_PIXELS, shared with scanned course files)."""

    max_bytes: int = 10 * MB
    ocr: OcrOptions = field(default_factory=OcrOptions)
    # Mean word confidence (0-100) under which a photo "has no readable text". Lower than a
    # scanned page's OCR_MIN_CONFIDENCE: a phone photo of print reads 50-70 and still holds the
    # question, and the student sees what was read; garbage reads about 35.
    min_confidence: float = 45.0

    @property
    def max_pixels(self) -> int:
        return self.ocr.max_pixels

    @property
    def limit_mb(self) -> str:
        return f"{self.max_bytes / MB:g}"

    @property
    def limit_mp(self) -> str:
        return f"{self.max_pixels / 1_000_000:g}"

    def too_large(self, size: int | None) -> bool:
        """Over the byte limit (a size the platform does not report is checked later)."""
        return size is not None and size > self.max_bytes


class Recognised(Protocol):
    """What the engine returns (core/ingest/ocr.py Recognised)."""

    @property
    def text(self) -> str: ...
    @property
    def confidence(self) -> float: ...
    @property
    def words(self) -> int: ...


class OcrEngine(Protocol):
    """What reading a photo needs of an OCR engine (Tesseract below; tests script one)."""

    def available(self, languages: str = ...) -> bool: ...
    def install_hint(self) -> str: ...
    def recognise(self, image: bytes, languages: str = ..., *,
                  timeout_s: float = ...) -> Recognised: ...


@dataclass(frozen=True, slots=True)
class Tesseract:
    """core/ingest/ocr.py with the configured program: the engine photos are read with."""

    options: OcrOptions = field(default_factory=OcrOptions)

    def available(self, languages: str = "eng+ara") -> bool:
        return ocr.available(languages, command=self.options.command)

    def install_hint(self) -> str:
        return ocr.install_hint()

    def recognise(self, image: bytes, languages: str = "eng+ara", *,
                  timeout_s: float = 30.0) -> Recognised:
        return ocr.recognise(image, languages, timeout_s=timeout_s,
                             command=self.options.command, max_pixels=self.options.max_pixels)


@dataclass(frozen=True, slots=True)
class Reading:
    """What a photo said: its text, or the PHOTOS key saying why nothing usable was read."""

    text: str = ""
    problem: str | None = None
    confidence: float = 0.0


def photo_notice(key: str, language: str, limits: PhotoLimits) -> Reply:
    """A PHOTOS line as a notice reply (refusals, "no text", "can't read photos here")."""
    body = PHOTOS(key, language, limit_mb=limits.limit_mb, limit_mp=limits.limit_mp)
    return Reply.notice_of(body, f"photo_{key}", language)


def excerpt(text: str, chars: int = EXCERPT_CHARS, lines: int = EXCERPT_LINES) -> str:
    """The first few lines of what was read, cut at a word near `chars`, marked when cut."""
    kept = [_LINE_BLANKS.sub(" ", line).strip() for line in text.splitlines()]
    kept = [line for line in kept if line]
    shown = "\n".join(kept[:lines])
    cut = len(kept) > lines
    if len(shown) > chars:
        shown = shown[:chars].rsplit(" ", 1)[0] if " " in shown[:chars] else shown[:chars]
        cut = True
    return shown.rstrip() + ("…" if cut else "")


def with_reading(reply: Reply, text: str) -> Reply:
    """The reply, led by the line that shows what the photo was read as."""
    shown = PHOTOS("read", reply.language, text=excerpt(text))
    return replace(reply, text=f"{shown}\n\n{reply.text}" if reply.text else shown)


def question_from(caption: str, text: str, limit: int) -> str:
    """Caption and recognised text as one question, cut to `limit` characters at a word."""
    joined = "\n".join(part for part in (caption.strip(), text.strip()) if part)
    if len(joined) <= limit:
        return joined
    head = joined[:limit]
    return head.rsplit(None, 1)[0] if " " in head or "\n" in head else head


class PhotoReader:
    """Bounds and reads photos with one OCR engine, `parallel` at a time (each is a Tesseract
    process busy on a core: the default is one per core); says once in the log how to install
    the engine when it is missing."""

    def __init__(self, engine: OcrEngine | None = None, limits: PhotoLimits | None = None,
                 *, parallel: int | None = None) -> None:
        self.limits = limits or PhotoLimits()
        self.engine: OcrEngine = engine or Tesseract(self.limits.ocr)
        self._available: bool | None = None
        self._running = asyncio.Semaphore(parallel or os.cpu_count() or 1)

    async def read(self, image: bytes) -> Reading:
        """The text of `image`, or why there is none; never raises for a bad photo."""
        if len(image) > self.limits.max_bytes:
            return Reading(problem="too_large")
        if not await self._engine_ready():
            return Reading(problem="unavailable")
        try:
            pixels = await asyncio.to_thread(_pixels, image)
        except _NotAnImage:
            return Reading(problem="not_image")
        if pixels > self.limits.max_pixels:
            return Reading(problem="too_many_pixels")
        try:
            async with self._running:  # queued behind the others: the reply deadline applies
                found = await asyncio.wait_for(asyncio.to_thread(self._recognise, image),
                                               self.limits.ocr.timeout_s + GRACE_S)
        except TimeoutError:
            log.warning("reading a photo took over %.0fs; stopped", self.limits.ocr.timeout_s)
            return Reading(problem="timeout")
        except LoadError as err:  # the engine's own time limit names its setting
            log.info("a photo could not be read: %s", err)
            return Reading(problem="timeout" if "OCR_TIMEOUT_S" in str(err) else "no_text")
        text = found.text.strip()
        if found.words < MIN_WORDS or not text \
                or found.confidence < self.limits.min_confidence:
            log.info("a photo had no readable text (%d words, confidence %.0f)",
                     found.words, found.confidence)
            return Reading(problem="no_text", confidence=found.confidence)
        return Reading(text=text, confidence=found.confidence)

    def _recognise(self, image: bytes) -> Recognised:
        return self.engine.recognise(image, self.limits.ocr.languages,
                                     timeout_s=self.limits.ocr.timeout_s)

    async def _engine_ready(self) -> bool:
        """Is the engine installed (asked once)? When not, the operator learns how, once."""
        if self._available is None:
            self._available = await asyncio.to_thread(self.engine.available,
                                                      self.limits.ocr.languages)
            if not self._available:
                log.warning("photos cannot be read: %s", self.engine.install_hint())
        return self._available


class PhotoRefused(StudyBuddyError):
    """A photo not fetched or not read; `key` names the core/texts/photos.py line that says why
    ("too_large", "too_many_pixels", "download_failed", ...)."""

    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


class _NotAnImage(StudyBuddyError):
    """The bytes are no image format Pillow knows."""


def _pixels(image: bytes) -> int:
    """Width x height from the image header alone: nothing is decoded here."""
    from PIL import Image, UnidentifiedImageError

    try:
        with Image.open(io.BytesIO(image)) as opened:
            width, height = opened.size
    except Image.DecompressionBombError:  # Pillow's own cap, far above ours
        return 2**62
    except (UnidentifiedImageError, OSError, ValueError) as err:
        raise _NotAnImage(str(err)) from err
    return width * height

