"""Test pages for the OCR benchmark: real course pages as pictures, with their true text.

English: pages of R-data.pdf (realdocs dev set) rendered by PDFium; the truth is the page's text
layer. Arabic: paragraphs of the handbook pages (realdocs dev set, HTML) typeset by headless
Chromium (the browser shapes Arabic and mixes in the Latin commands as a reader sees them) into
a PDF, whose text layer is the truth. Each picture also comes as a bad scan: turned 1.5°, grain
and a slight blur. Edit distances are bit-parallel (Myers/Hyyrö) so whole pages compare fast.
"""
from __future__ import annotations

import html
import io
import re
import shutil
import subprocess
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

AR_PAGES = ("handbook-ar-sect.hotplug.html", "handbook-ar-network-infrastructure.html",
            "handbook-ar-short-remedial-course.html")  # dev-set pages (none of the reserved ones)
AR_FONTS = "'DejaVu Sans', 'Noto Naskh Arabic', 'Noto Sans Arabic', sans-serif"


def levenshtein(a: Sequence[Any], b: Sequence[Any]) -> int:
    """Edit distance between two sequences (characters or words), O(len(a)·len(b)/wordsize)."""
    if not a:
        return len(b)
    if not b:
        return len(a)
    m = len(a)
    peq: dict[Any, int] = {}
    for i, item in enumerate(a):
        peq[item] = peq.get(item, 0) | (1 << i)
    mask, high = (1 << m) - 1, 1 << (m - 1)
    pv, mv, score = mask, 0, m
    for item in b:
        eq = peq.get(item, 0)
        xv = eq | mv
        xh = (((eq & pv) + pv) ^ pv) | eq
        ph = mv | (~(xh | pv) & mask)
        mh = pv & xh
        if ph & high:
            score += 1
        elif mh & high:
            score -= 1
        ph = ((ph << 1) | 1) & mask
        mh = (mh << 1) & mask
        pv = mh | (~(xv | ph) & mask)
        mv = ph & xv
    return score


def normalise(text: str) -> str:
    """Whitespace collapsed, direction marks and Arabic diacritics/tatweel dropped, hyphens at
    line ends joined: the differences no reader would call an OCR error."""
    text = re.sub(r"[\u200e\u200f\u061c\u202a-\u202e\u2066-\u2069\u064b-\u0652\u0640\ufffe]",
                  "", text)
    text = re.sub(r"-\s*\n\s*", "", text)
    return " ".join(text.split())


def accuracy(found: str, truth: str) -> tuple[float, float]:
    """(character accuracy, word accuracy): 1 - edit distance / length of the truth, >= 0."""
    found, truth = normalise(found), normalise(truth)
    chars = 1 - levenshtein(truth, found) / max(1, len(truth))
    words = 1 - levenshtein(truth.split(), found.split()) / max(1, len(truth.split()))
    return max(0.0, chars), max(0.0, words)


def pdf_pages(pdf: bytes, numbers: Sequence[int], dpi: int,
              truths: Sequence[str] | None = None) -> list[tuple[Any, str]]:
    """(grey picture at `dpi`, truth) of the given 1-based pages; the truth is the text layer
    unless `truths` gives each page's text."""
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(pdf)
    out = []
    try:
        for number in numbers:
            page = doc[number - 1]
            textpage = page.get_textpage()
            truth = truths[number - 1] if truths else textpage.get_text_range()
            out.append((page.render(scale=dpi / 72, grayscale=True).to_pil(), truth))
            textpage.close()
            page.close()
    finally:
        doc.close()
    return out


def bad_scan(image: Any, seed: int = 1) -> Any:
    """The picture as a poor scanner gives it: turned 1.5°, grain (sigma 25), a slight blur."""
    import numpy as np
    from PIL import Image, ImageFilter

    turned = image.convert("L").rotate(1.5, resample=Image.BICUBIC, expand=True, fillcolor=255)
    pixels = np.asarray(turned, dtype=np.float32)
    pixels += np.random.default_rng(seed).normal(0, 25, pixels.shape)
    grainy = Image.fromarray(np.clip(pixels, 0, 255).astype(np.uint8))
    return grainy.filter(ImageFilter.GaussianBlur(0.8))


def arabic_pdf(docs: Path, pages: Sequence[str] = AR_PAGES,
               paragraphs: int = 6) -> tuple[bytes, list[str]] | None:
    """The first paragraphs of each Arabic handbook page typeset by headless Chromium as one
    A4 page each, and each page's true text: the paragraphs themselves in logical order
    (Chromium's own text layer holds Arabic words in visual order). None without Chromium."""
    import lxml.html

    browser = shutil.which("chromium") or shutil.which("chromium-browser")
    if browser is None:
        return None
    bodies: list[str] = []
    truths: list[str] = []
    for name in pages:
        tree = lxml.html.fromstring((docs / name).read_bytes())
        paras = [" ".join(div.text_content().split())
                 for div in tree.xpath("//div[@class='para']")]
        keep = [p for p in paras if len(p) > 80][:paragraphs]
        bodies.append("".join(f"<p>{html.escape(p)}</p>" for p in keep))
        truths.append("\n".join(keep))
    page = ("<html dir='rtl' lang='ar'><head><meta charset='utf-8'><style>"
            f"body{{font-family:{AR_FONTS};font-size:12pt;line-height:1.5;margin:0}}"
            "section{page-break-after:always}@page{size:A4;margin:2cm}</style></head><body>"
            + "".join(f"<section>{b}</section>" for b in bodies) + "</body></html>")
    with tempfile.TemporaryDirectory(prefix="sb-ocr-ar-") as tmp:
        src, out = Path(tmp) / "ar.html", Path(tmp) / "ar.pdf"
        src.write_text(page, encoding="utf-8")
        subprocess.run([browser, "--headless", "--no-sandbox", "--disable-gpu",
                        "--no-pdf-header-footer", f"--print-to-pdf={out}", src.as_uri()],
                       capture_output=True, timeout=120, check=False)
        return (out.read_bytes(), truths) if out.exists() else None


def image_only_pdf(pdf: bytes, dpi: int, keep_text: Sequence[int] = ()) -> bytes:
    """Every page of `pdf` rendered at `dpi` and saved as a picture without a text layer: the
    scanned copy of a text PDF; the (1-based) pages in `keep_text` are copied as they are (a
    mixed PDF)."""
    import pypdfium2 as pdfium

    source = pdfium.PdfDocument(pdf)
    out = pdfium.PdfDocument.new()
    try:
        for index in range(len(source)):
            if index + 1 in keep_text:
                out.import_pages(source, [index])
                continue
            page = source[index]
            image = page.render(scale=dpi / 72, grayscale=True).to_pil()
            page.close()
            buf = io.BytesIO()
            image.save(buf, format="PDF", resolution=dpi)
            scan = pdfium.PdfDocument(buf.getvalue())
            out.import_pages(scan, [0])
            scan.close()
        result = io.BytesIO()
        out.save(result)
        return result.getvalue()
    finally:
        out.close()
        source.close()
