"""The OCR engine comparison behind bench/results/ocr-engine.md (run once, by hand).

Not part of `python -m bench`: the candidates are not project dependencies. In a scratch venv:
    python -m venv /tmp/engines && /tmp/engines/bin/pip install pytesseract tesserocr \
        rapidocr-onnxruntime pypdfium2 pillow numpy lxml
    PYTHONPATH=. /tmp/engines/bin/python bench/ocr_engines.py ../shared/data/realdocs/docs
Each engine reads the same pictures (R-data.pdf pages and Chromium-typeset Arabic handbook
paragraphs at 300 dpi); accuracy and seconds per page as in bench_ocr.py. Engines that fetch
their weights at run time (EasyOCR, docTR, PaddleOCR) cannot run here and are not tried.
"""
from __future__ import annotations

import json
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bench.ocr_pages import accuracy, arabic_pdf, pdf_pages

TESSDATA = "/usr/share/tesseract-ocr/5/tessdata/"


def pytesseract_engine(languages: str) -> Callable[[Any], str]:
    import pytesseract

    return lambda image: pytesseract.image_to_string(image, lang=languages,
                                                     config="--psm 3 --dpi 300")


def tesserocr_engine(languages: str) -> Callable[[Any], str]:
    import tesserocr

    api = tesserocr.PyTessBaseAPI(path=TESSDATA, lang=languages)

    def read(image: Any) -> str:
        api.SetImage(image)
        api.SetSourceResolution(300)
        return str(api.GetUTF8Text())
    return read


def rapidocr_engine(_languages: str) -> Callable[[Any], str]:
    import numpy as np
    from rapidocr_onnxruntime import RapidOCR

    engine = RapidOCR()

    def read(image: Any) -> str:
        result, _ = engine(np.asarray(image.convert("RGB")))
        return "\n".join(text for _, text, _ in result or [])
    return read


def measure(make: Callable[[str], Callable[[Any], str]], languages: str,
            pages: list[tuple[Any, str]]) -> dict[str, float]:
    started = time.perf_counter()
    read = make(languages)
    setup = time.perf_counter() - started
    chars, words, seconds = [], [], []
    for image, truth in pages:
        started = time.perf_counter()
        found = read(image)
        seconds.append(time.perf_counter() - started)
        c, w = accuracy(found, truth)
        chars.append(c)
        words.append(w)
    return {"chars": round(statistics.mean(chars), 4), "words": round(statistics.mean(words), 4),
            "seconds": round(statistics.mean(seconds), 2), "setup_s": round(setup, 2),
            "pages": len(pages)}


def main(docs: Path) -> None:
    english = pdf_pages((docs / "R-data.pdf").read_bytes(), (7, 20, 30), 300)
    typeset = arabic_pdf(docs)
    arabic = pdf_pages(typeset[0], (1, 2, 3), 300, typeset[1]) if typeset else []
    engines = {"pytesseract (Tesseract 5.3 CLI)": pytesseract_engine,
               "tesserocr (Tesseract 5.5 library)": tesserocr_engine,
               "rapidocr-onnxruntime (PP-OCRv4 zh+en)": rapidocr_engine}
    results: dict[str, Any] = {}
    for name, make in engines.items():
        results[name] = {"English": measure(make, "eng", english)}
        if not name.startswith("rapidocr"):  # its wheel has no Arabic model
            results[name]["Arabic"] = measure(make, "eng+ara", arabic)
            results[name]["English, eng+ara"] = measure(make, "eng+ara", english)
        print(name, json.dumps(results[name]), flush=True)
    print(json.dumps(results, indent=1))


if __name__ == "__main__":
    main(Path(sys.argv[1]))
