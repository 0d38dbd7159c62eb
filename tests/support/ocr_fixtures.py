"""Pictures of text built during the test run: images drawn with Pillow (DejaVu Sans, which has
Arabic letters; Pillow's bundled raqm shapes them) and scanned PDFs made the way a scanner
makes them: a text PDF (reportlab) rendered to pixels (PDFium) and saved as image-only pages."""
from __future__ import annotations

import io
import os
import struct
import zlib
from collections.abc import Sequence

import pytest

from bench.ocr_pages import image_only_pdf
from core.ingest import ocr

FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"

# OCR tests run wherever Tesseract is installed, and always in CI (.ci/run installs it there)
needs_tesseract = pytest.mark.skipif(not ocr.available() and not os.environ.get("CI"),
                                     reason="Tesseract is not installed (" + ocr.INSTALL + ")")


def text_image(lines: Sequence[str], size: int = 32, width: int = 1500, rtl: bool = False,
               noise: bool = False):
    """A white image with `lines` drawn in black, one per row."""
    from PIL import Image, ImageDraw, ImageFont

    font = ImageFont.truetype(FONT, size)
    image = Image.new("L", (width, int(size * 2 * len(lines)) + 80), 255)
    draw = ImageDraw.Draw(image)
    for i, line in enumerate(lines):
        kwargs = {"direction": "rtl", "language": "ar"} if rtl else {}
        x = 40 if not rtl else width - 40 - draw.textlength(line, font=font, **kwargs)
        draw.text((x, 40 + i * size * 2), line, font=font, fill=0, **kwargs)
    if noise:  # speckles everywhere: what a bad photocopy of nothing looks like
        import random

        rng = random.Random(7)
        pixels = image.load()
        for _ in range(image.width * image.height // 3):
            pixels[rng.randrange(image.width), rng.randrange(image.height)] = 0
    return image


def png(image) -> bytes:
    buf = io.BytesIO()
    image.save(buf, format="PNG")
    return buf.getvalue()


def png_claiming(width: int, height: int) -> bytes:
    """A tiny PNG whose header claims `width` x `height` pixels: a decompression bomb's shape."""
    def chunk(kind: bytes, body: bytes) -> bytes:
        crc = zlib.crc32(kind + body) & 0xFFFFFFFF
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", crc)

    header = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(b"\x00" * 64)) + chunk(b"IEND", b""))


def text_pdf(pages: Sequence[Sequence[str]], size: float = 14, heading: str = "") -> bytes:
    """A text PDF: each page's lines drawn top-down, an optional large heading on page 1."""
    from reportlab.lib.pagesizes import A4
    from reportlab.pdfgen.canvas import Canvas

    buf = io.BytesIO()
    canvas = Canvas(buf, pagesize=A4)
    for number, lines in enumerate(pages):
        y = 770
        if heading and number == 0:
            canvas.setFont("Helvetica-Bold", size * 1.8)
            canvas.drawString(72, y, heading)
            y -= size * 3
        for line in lines:
            canvas.setFont("Helvetica", size)
            canvas.drawString(72, y, line)
            y -= size * 1.6
        canvas.showPage()
    canvas.save()
    return buf.getvalue()


def scanned(pdf: bytes, dpi: int = 200, keep_text: Sequence[int] = ()) -> bytes:
    """`pdf` as a scanner would give it back: every page an image without a text layer, except
    the (1-based) pages in `keep_text`, which are copied as they are (a mixed PDF); the
    benchmark's scans are made the same way."""
    return image_only_pdf(pdf, dpi, keep_text)
