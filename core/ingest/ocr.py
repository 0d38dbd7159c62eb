"""Text out of pictures: scanned PDF pages, image documents, slide pictures and chat photos.

Tesseract 5 was chosen by measurement (bench/results/ocr-engine.md): it reads English and
Arabic from packaged language data, no weights fetched at run time. It is optional: without the
program or its language data `available()` is False and `recognise` refuses in one line that
says how to install it. Image bytes are untrusted: the size is read from the header and checked
against a pixel cap before anything is decoded. `recognise` blocks (a subprocess per image);
callers run it off the event loop.
"""
from __future__ import annotations

import functools
import io
import os
import subprocess
import threading
import time
import warnings
from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

from core.ingest.document import LoadError
from core.ingest.limits import DEFAULT_LIMITS, too_big

if TYPE_CHECKING:
    from PIL import Image

INSTALL = "apt install tesseract-ocr tesseract-ocr-eng tesseract-ocr-ara"
_DEFAULT = DEFAULT_LIMITS.ocr
_CMD_LOCK = threading.Lock()  # pytesseract keeps the program name in a module global
_MARKS = str.maketrans("", "", "\u200e\u200f\u061c\u202a\u202b\u202c\u202d\u202e"
                       "\u2066\u2067\u2068\u2069")  # direction marks Tesseract adds to words
_ORIENTATION = 0x0112  # the EXIF tag phone cameras set instead of turning the pixels
_LINE_CLASSES = {"ocr_line", "ocr_header", "ocr_textfloat", "ocr_caption"}
# Page segmentation: a page of columns and paragraphs (3), else sparse text (11). Tesseract 5
# finds no text at all under 3 in some clean one-line Arabic pictures ("ما هو نظام الملفات؟",
# a student's screenshot of a question) that it reads whole under 11; pictures with no words
# under 3 are read again that way, within what is left of the time limit.
PAGE, SPARSE = 3, 11
SPARSE_MIN_S = 1.0


@dataclass(frozen=True, slots=True)
class OcrLine:
    """One recognised line: its words joined in logical order, where it sits on the image (in
    pixels, y down), its type size, its mean word confidence and its paragraph."""

    text: str
    height: int  # the size of its type in pixels (Tesseract's x_size): big type -> a heading
    confidence: float
    paragraph: int  # lines with the same number form one paragraph, in reading order
    left: int = 0
    right: int = 0
    baseline: int = 0  # y of the baseline at the line's left end
    rtl: bool = False  # its paragraph reads right to left (Arabic)


@dataclass(frozen=True, slots=True)
class Recognised:
    """What OCR read out of one image."""

    text: str  # lines in reading order, Arabic in logical order; paragraphs apart by a blank line
    confidence: float  # mean word confidence 0-100 (0 when no words)
    words: int
    lines: tuple[OcrLine, ...] = ()


def install_hint() -> str:
    """One line telling the operator how to get the OCR engine."""
    return f"install Tesseract: {INSTALL}"


def available(languages: str = _DEFAULT.languages, *, command: str = _DEFAULT.command) -> bool:
    """Whether the Tesseract program runs and has data for every language in `languages`."""
    wanted = {code for code in languages.split("+") if code}
    return bool(wanted) and wanted <= _installed_languages(command)


@functools.lru_cache(maxsize=8)
def _installed_languages(command: str) -> frozenset[str]:
    """The languages `command --list-langs` reports (empty when it does not run); cached."""
    try:
        done = subprocess.run([command, "--list-langs"], capture_output=True, timeout=15,
                              check=False, stdin=subprocess.DEVNULL)
    except (OSError, subprocess.SubprocessError):
        return frozenset()
    if done.returncode != 0:
        return frozenset()
    lines = done.stdout.decode("utf-8", "replace").splitlines()
    return frozenset(x.strip() for x in lines[1:] if x.strip())  # the first line is a heading


def open_image(data: bytes, max_pixels: int = _DEFAULT.max_pixels) -> Image.Image:
    """An image from untrusted bytes, its size checked against `max_pixels` (PHOTO_MAX_PIXELS)
    from the header, before any pixel is decoded; LoadError (one line) otherwise."""
    from PIL import Image, UnidentifiedImageError

    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            image = Image.open(io.BytesIO(data))  # reads the header only
    except (Image.DecompressionBombError, Image.DecompressionBombWarning):
        raise LoadError(_too_many_pixels(None, max_pixels)) from None
    except (UnidentifiedImageError, OSError, ValueError, SyntaxError):
        raise LoadError("not a readable image (unknown format or damaged file)") from None
    check_pixels(image, max_pixels)
    return image


def check_pixels(image: Image.Image, max_pixels: int) -> None:
    """LoadError when the image (the current frame) is larger than `max_pixels`."""
    width, height = image.size
    if width <= 0 or height <= 0:
        raise LoadError("not a readable image (it has no pixels)")
    if width * height > max_pixels:
        raise LoadError(_too_many_pixels((width, height), max_pixels))


def frames(image: Image.Image, max_frames: int, max_pixels: int) -> Iterator[Image.Image]:
    """Each frame of a multi-page image (TIFF), at most `max_frames`, each checked for size."""
    count = min(getattr(image, "n_frames", 1), max_frames)
    for index in range(count):
        try:
            image.seek(index)
        except EOFError:
            return
        check_pixels(image, max_pixels)
        yield image


def recognise(image: Image.Image | bytes, languages: str = _DEFAULT.languages, *,
              timeout_s: float = _DEFAULT.timeout_s, command: str = _DEFAULT.command,
              max_pixels: int = _DEFAULT.max_pixels, dpi: int | None = None) -> Recognised:
    """The text of one image, lines in reading order (read as a page; with no word found so,
    as sparse text: see PAGE).

    Raises LoadError (one line, no paths) when the engine or its language data is missing, the
    image is unreadable or too large, or recognition takes longer than `timeout_s`."""
    if isinstance(image, bytes | bytearray | memoryview):
        image = open_image(bytes(image), max_pixels)
    else:
        check_pixels(image, max_pixels)
    if not available(languages, command=command):
        raise LoadError(_missing(languages, command))
    try:
        prepared = _plain(image)
    except (OSError, ValueError, SyntaxError):
        raise LoadError("not a readable image (damaged pixel data)") from None
    started = time.monotonic()
    found = _parse(_tesseract_data(prepared, languages, timeout_s, command, dpi))
    left = timeout_s - (time.monotonic() - started)
    if found.words == 0 and left >= SPARSE_MIN_S:
        return _parse(_tesseract_data(prepared, languages, left, command, dpi, SPARSE))
    return found


def _plain(image: Image.Image) -> Image.Image:
    """The image upright (a phone photo's EXIF orientation applied), as 8-bit grey or RGB,
    transparency flattened onto white (decodes it)."""
    from PIL import Image, ImageOps

    image.load()
    if image.getexif().get(_ORIENTATION, 1) != 1:
        image = ImageOps.exif_transpose(image)
    if image.mode in ("1", "L", "RGB"):
        return image
    if image.mode in ("RGBA", "LA", "PA") or (image.mode == "P" and "transparency" in image.info):
        rgba = image.convert("RGBA")
        flat = Image.new("RGB", rgba.size, "white")
        flat.paste(rgba, mask=rgba.getchannel("A"))
        return flat
    if image.mode.startswith("I"):  # 16- or 32-bit grey: scale down to 8 bits
        return image.point(lambda v: v / 256).convert("L")
    return image.convert("RGB")


def _tesseract_data(image: Image.Image, languages: str, timeout_s: float, command: str,
                    dpi: int | None, psm: int = PAGE) -> bytes:
    """Tesseract's hOCR for the image: lines with boxes, baselines and type size (x_size),
    words with confidences, in reading order."""
    import pytesseract

    config = f"--psm {psm} --dpi {dpi}" if dpi else f"--psm {psm}"
    # One OpenMP thread per Tesseract: on a busy 2-core machine its default threads spin against
    # each other (a 300-dpi page: 25 s wall with 2 threads, 3.9 s with 1). The operator's own
    # OMP_THREAD_LIMIT wins; it only reaches programs started from here (pytesseract's env).
    os.environ.setdefault("OMP_THREAD_LIMIT", "1")
    try:
        with _CMD_LOCK:
            pytesseract.pytesseract.tesseract_cmd = command
        hocr: bytes = pytesseract.image_to_pdf_or_hocr(
            image, lang=languages, config=config, timeout=timeout_s, extension="hocr")
    except pytesseract.TesseractNotFoundError:
        raise LoadError(_missing(languages, command)) from None
    except pytesseract.TesseractError as exc:
        if "language" in str(exc.message).lower():
            raise LoadError(_missing(languages, command)) from None
        raise LoadError("the OCR engine could not read this image") from None
    except RuntimeError as exc:  # pytesseract's timeout: the process was killed
        if "timeout" not in str(exc).lower():
            raise
        raise LoadError(too_big("recognising the image took too long", f"{timeout_s:g} s",
                                "OCR_TIMEOUT_S")) from None
    return hocr


def _parse(hocr: bytes) -> Recognised:
    """hOCR's lines and paragraphs, in its reading order (Arabic words already logical)."""
    from lxml import etree

    parser = etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False,
                             huge_tree=False)
    try:
        root = etree.fromstring(hocr, parser)
    except etree.XMLSyntaxError:
        raise LoadError("the OCR engine gave output that could not be read") from None
    out: list[OcrLine] = []
    confs: list[float] = []
    for number, par in enumerate(root.iterfind(".//{*}p[@class='ocr_par']")):
        rtl = par.get("dir") == "rtl"
        for line in par.iterfind(".//{*}span"):
            if line.get("class") not in _LINE_CLASSES:
                continue
            words = [(text, _title_number(w.get("title", ""), "x_wconf"))
                     for w in line.iterfind("{*}span[@class='ocrx_word']")
                     if (text := "".join(w.itertext()).translate(_MARKS).strip())]
            if not words:
                continue
            title = line.get("title", "")
            box = _title_numbers(title, "bbox") or [0, 0, 0, 0]
            base = _title_numbers(title, "baseline") or [0, 0]
            out.append(OcrLine(" ".join(w for w, _ in words),
                               round(_title_number(title, "x_size") or (box[3] - box[1])),
                               sum(c for _, c in words) / len(words), number,
                               int(box[0]), int(box[2]), int(box[3] + base[1]), rtl))
            confs.extend(c for _, c in words)
    return Recognised(text=_text(out), confidence=sum(confs) / len(confs) if confs else 0.0,
                      words=len(confs), lines=tuple(out))


def _title_numbers(title: str, key: str) -> list[float]:
    """The numbers after `key` in an hOCR title ("bbox 1 2 3 4; x_wconf 96")."""
    for part in title.split(";"):
        name, _, values = part.strip().partition(" ")
        if name == key:
            try:
                return [float(v) for v in values.split()]
            except ValueError:
                return []
    return []


def _title_number(title: str, key: str) -> float:
    numbers = _title_numbers(title, key)
    return numbers[0] if numbers else 0.0


def _text(lines: list[OcrLine]) -> str:
    parts: list[str] = []
    for i, line in enumerate(lines):
        if i and line.paragraph != lines[i - 1].paragraph:
            parts.append("")
        parts.append(line.text)
    return "\n".join(parts)


def _missing(languages: str, command: str) -> str:
    if _installed_languages(command):
        return f"OCR language data for '{languages}' is missing; {install_hint()}"
    return f"the OCR engine is not installed; {install_hint()}"


def _too_many_pixels(size: tuple[int, int] | None, max_pixels: int) -> str:
    what = (f"the image has {size[0] * size[1]:,} pixels ({size[0]:,}×{size[1]:,})" if size
            else "the image claims too many pixels (a decompression bomb?)")
    return too_big(what, f"{max_pixels:,} pixels", "PHOTO_MAX_PIXELS")

