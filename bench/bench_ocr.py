"""Benchmark 13 — OCR of scanned pages (issue 24).

Part 1, recognition: real course pages as pictures (bench/ocr_pages.py) — R-data.pdf pages and
Arabic handbook paragraphs typeset by Chromium — at 150 and 300 dpi and as a bad scan (turned
1.5°, grain, blur), and a very bad one (100 dpi, heavy grain and blur) to see where confidence
and accuracy part. Character and word accuracy against the text layer, seconds per page, and
Tesseract's own mean word confidence (what OCR_MIN_CONFIDENCE is set from).

Part 2, answers: `eval docs` over the dev set with R-data.pdf replaced by its scanned copy (every
page a 300-dpi picture, no text layer) against the same run on the text PDF. Target: English
gold-in-reply within 5 points and ✅-precision not lower.
"""
from __future__ import annotations

import shutil
import statistics
import time
from pathlib import Path
from typing import Any

from bench.ocr_pages import accuracy, arabic_pdf, bad_scan, image_only_pdf, pdf_pages
from bench.report import row
from bench.runner import BenchOptions

EN_PAGES = (7, 8, 12, 16, 20, 24, 30, 34)  # body pages of R-data.pdf (prose, code, tables)
QUICK_EN_PAGES = (7, 20, 30)
SCAN_DPI = 300  # the scanned dev set, as an office scanner makes it
GOLD_MARGIN, EN_TARGET = 0.05, "en"


def _variants(image: Any, dpi: int) -> dict[str, tuple[Any, int]]:
    from PIL import Image, ImageFilter

    out = {f"{dpi} dpi": (image, dpi)}
    if dpi == 300:
        out["bad scan (300 dpi)"] = (bad_scan(image), dpi)
        small = image.resize((image.width // 3, image.height // 3), Image.BILINEAR)
        out["very bad (100 dpi, heavy grain)"] = (
            bad_scan(small.filter(ImageFilter.GaussianBlur(1.2)), seed=2), 100)
    return out


def recognition(pdf: bytes, numbers: tuple[int, ...], languages: str,
                truths: list[str] | None = None) -> dict[str, Any]:
    """Per variant: mean char/word accuracy, seconds per page, mean confidence, per page."""
    from core.ingest import ocr

    results: dict[str, dict[str, list[float]]] = {}
    for dpi in (150, 200, 300):
        for image, truth in pdf_pages(pdf, numbers, dpi, truths):
            for name, (picture, stated) in _variants(image, dpi).items():
                started = time.perf_counter()
                found = ocr.recognise(picture, languages, timeout_s=120, dpi=stated)
                seconds = time.perf_counter() - started
                chars, words = accuracy(found.text, truth)
                got = results.setdefault(name, {"chars": [], "words": [], "seconds": [],
                                                "confidence": []})
                got["chars"].append(chars)
                got["words"].append(words)
                got["seconds"].append(seconds)
                got["confidence"].append(found.confidence)
    return {name: {key: round(statistics.mean(values), 4) for key, values in got.items()}
            | {"pages": len(got["chars"]), "per_page": {
                "chars": [round(v, 3) for v in got["chars"]],
                "confidence": [round(v, 1) for v in got["confidence"]]}}
            for name, got in results.items()}


def scanned_dev_set(realdocs: Path, scratch: Path) -> Path:
    """The dev set's documents with R-data.pdf replaced by its image-only scan."""
    docs = scratch / "realdocs-scanned" / "docs"
    target = docs / "R-data.pdf"
    if not target.exists():
        docs.mkdir(parents=True, exist_ok=True)
        for source in (realdocs / "docs").iterdir():
            if source.suffix == ".html":
                shutil.copy(source, docs / source.name)
        target.write_bytes(image_only_pdf((realdocs / "docs" / "R-data.pdf").read_bytes(),
                                          SCAN_DPI))
    return docs


async def answers(opts: BenchOptions) -> dict[str, Any]:
    """eval docs on the text dev set and on its scanned copy, same settings, same run."""
    from bot.eval_docs import evaluate_docs

    realdocs = opts.data / "realdocs"
    out = {}
    for name, docs in (("text", realdocs / "docs"),
                       ("scanned", scanned_dev_set(realdocs, opts.cache / "ocr"))):
        started = time.perf_counter()
        result = await evaluate_docs(docs, realdocs / "qa.jsonl", show=opts.show)
        out[name] = {"kinds": result["kinds"], "ingest": result["ingest"],
                     "seconds": round(time.perf_counter() - started, 1)}
    return out


def _rows(recognised: dict[str, dict[str, Any]], lang: str) -> list[dict[str, Any]]:
    rows = []
    for name, got in recognised.items():
        rows.append(row(f"{lang} {name}: character accuracy", got["chars"], fmt="{:.1%}"))
        rows.append(row(f"{lang} {name}: word accuracy", got["words"], fmt="{:.1%}"))
        rows.append(row(f"{lang} {name}: seconds per page", got["seconds"], fmt="{:.1f} s"))
        rows.append(row(f"{lang} {name}: mean word confidence", got["confidence"],
                        fmt="{:.0f}"))
    return rows


def answer_rows(result: dict[str, Any]) -> list[dict[str, Any]]:
    text, scanned = result["text"]["kinds"], result["scanned"]["kinds"]
    rows = []
    for kind in ("en", "ar->en", "ar"):
        ours = scanned.get(kind, {}).get("gold_in_reply")
        base = text.get(kind, {}).get("gold_in_reply")
        met = None if kind != EN_TARGET or ours is None else ours >= base - GOLD_MARGIN - 1e-9
        rows.append(row(f"scanned dev set: gold answer in reply, {kind}", ours, baseline=base,
                        baseline_name="text PDF",
                        target="within 5 points" if kind == EN_TARGET else "", met=met,
                        fmt="{:.0%}"))
    ours, base = (k.get("all", {}).get("check_precision") for k in (scanned, text))
    rows.append(row("scanned dev set: ✅-precision", ours, baseline=base,
                    baseline_name="text PDF", target="not lower",
                    met=None if ours is None or base is None else ours >= base, fmt="{:.0%}"))
    ours, base = (k.get("all", {}).get("page_accuracy") for k in (scanned, text))
    rows.append(row("scanned dev set: page accuracy (±1)", ours, baseline=base,
                    baseline_name="text PDF", fmt="{:.0%}"))
    return rows


async def run(opts: BenchOptions) -> dict[str, Any]:
    from core.ingest import ocr

    if not ocr.available("eng+ara"):
        return {"title": "13. OCR of scanned pages", "note": "Tesseract is not installed: "
                + ocr.install_hint(), "rows": []}
    realdocs = opts.data / "realdocs" / "docs"
    english = recognition((realdocs / "R-data.pdf").read_bytes(),
                          QUICK_EN_PAGES if opts.quick else EN_PAGES, "eng+ara")
    rows = _rows(english, "English")
    typeset = arabic_pdf(realdocs)
    arabic = recognition(typeset[0], (1, 2, 3), "eng+ara", typeset[1]) if typeset else {}
    rows += _rows(arabic, "Arabic")
    result = await answers(opts)
    rows += answer_rows(result)
    note = ("Pictures of real dev-set pages (English: R-data.pdf; Arabic: handbook paragraphs "
            "typeset by headless Chromium), read by Tesseract 5 with eng+ara; accuracy = 1 - edit "
            "distance / length of the text layer (whitespace, direction marks and Arabic "
            "diacritics ignored). 'bad scan' = turned 1.5°, gaussian grain sigma 25, blur 0.8 px. "
            "Answers: eval docs with R-data.pdf replaced by a 300-dpi image-only copy.")
    return {"title": "13. OCR of scanned pages", "note": note, "rows": rows,
            "recognition": {"English": english, "Arabic": arabic}, "answers": result}
