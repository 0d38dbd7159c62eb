#!/usr/bin/env python3
"""Check the English realdocs suite (qa_en.jsonl).

For every answerable question, verify that at least one gold answer string occurs in
the extracted text of the stated document (PDF: on the stated 1-based physical page
or its neighbours +-1; PPTX: on the stated 1-based slide, its text incl. speaker notes,
or its neighbours +-1; HTML, DOCX (paragraphs + tables) and Markdown (raw text):
anywhere in the document). Matching is case-insensitive
and whitespace-normalised; typographic quotes/minus and PDF soft-hyphen markers are
normalised. Also checks the schema and the fit/report split rule.

DOCX/PPTX need python-docx / python-pptx (pip install python-docx python-pptx).

Usage: python check_en.py [--verbose]
Exit status 0 if everything passes.
"""
import json
import re
import sys
from html.parser import HTMLParser
from pathlib import Path
from typing import ClassVar

HERE = Path(__file__).resolve().parent
DOCS = HERE / "docs"
QA = HERE / "qa_en.jsonl"


class _Text(HTMLParser):
    BLOCK: ClassVar[set[str]] = {"p", "div", "br", "li", "tr", "pre", "h1", "h2", "h3", "h4", "h5", "dt", "dd", "table", "td", "th"}

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.out, self.skip = [], 0

    def handle_starttag(self, tag, attrs):
        if tag in ("script", "style"):
            self.skip += 1
        if tag in self.BLOCK:
            self.out.append("\n")

    def handle_endtag(self, tag):
        if tag in ("script", "style"):
            self.skip -= 1
        if tag in self.BLOCK:
            self.out.append("\n")

    def handle_data(self, data):
        if not self.skip:
            self.out.append(data)


def html_text(path):
    p = _Text()
    p.feed(path.read_text(encoding="utf-8"))
    return "".join(p.out)


def pdf_pages(path):
    try:
        import pypdfium2 as pdfium
        doc = pdfium.PdfDocument(str(path))
        return [doc[i].get_textpage().get_text_range() for i in range(len(doc))]
    except ImportError:
        import pypdf
        return [pg.extract_text() or "" for pg in pypdf.PdfReader(str(path)).pages]


def docx_text(path):
    import docx
    d = docx.Document(str(path))
    parts = [p.text for p in d.paragraphs]
    parts += [c.text for t in d.tables for row in t.rows for c in row.cells]
    return "\n".join(parts)


def pptx_slides(path):
    from pptx import Presentation
    out = []
    for slide in Presentation(str(path)).slides:
        parts = [sh.text_frame.text for sh in slide.shapes if sh.has_text_frame]
        if slide.has_notes_slide:
            parts.append(slide.notes_slide.notes_text_frame.text)
        out.append("\n".join(parts))
    return out


def load(path):
    """List of page texts: one per PDF page / PPTX slide, a single one otherwise."""
    suf = path.suffix
    if suf == ".pdf":
        return pdf_pages(path)
    if suf == ".pptx":
        return pptx_slides(path)
    if suf == ".docx":
        return [docx_text(path)]
    if suf == ".md":
        return [path.read_text(encoding="utf-8")]
    return [html_text(path)]


PAGED = (".pdf", ".pptx")
TRANS = str.maketrans({"\u2018": "'", "\u2019": "'", "\u201c": '"', "\u201d": '"', "\u2212": "-",
                       "\u00a0": " ", "\u2013": "-", "\u2014": "-", "\ufb01": "fi", "\ufb02": "fl"})


def norms(s):
    """Return normalised variants of s (soft-hyphen removed / turned into '-')."""
    s = s.translate(TRANS).lower()
    out = set()
    for rep in ("", "-"):
        t = re.sub(r"\ufffe\s*", rep, s).replace("\u00ad", "")
        out.add(re.sub(r"\s+", " ", t).strip())
    return out


def main():
    verbose = "--verbose" in sys.argv
    rows = [json.loads(line) for line in QA.read_text(encoding="utf-8").splitlines() if line.strip()]
    cache, ok, fail, errors = {}, 0, [], []
    keys = ["id", "question", "lang", "doc", "page", "answers", "answerable", "kind", "type", "half"]
    ids = set()
    groups = {}
    for r in rows:
        if list(r.keys()) != keys:
            errors.append(f"{r.get('id')}: keys {list(r.keys())}")
        if r["id"] in ids:
            errors.append(f"duplicate id {r['id']}")
        ids.add(r["id"])
        if r["kind"] not in ("en", "unanswerable") or r["lang"] != "en":
            errors.append(f"{r['id']}: bad kind/lang")
        if r["type"] not in ("code", "numeric", "definition", "procedure", "fact", "none"):
            errors.append(f"{r['id']}: bad type")
        g = (r["doc"], r["kind"])
        n = groups.get(g, 0)
        if r["half"] != ("fit" if n % 2 == 0 else "report"):
            errors.append(f"{r['id']}: half {r['half']} breaks alternation in group {g}")
        groups[g] = n + 1
        if not r["answerable"]:
            if r["doc"] is not None or r["page"] is not None or r["answers"] or r["kind"] != "unanswerable":
                errors.append(f"{r['id']}: unanswerable row must have doc/page null and no answers")
            continue
        doc = DOCS / r["doc"]
        if r["doc"] not in cache:
            cache[r["doc"]] = load(doc)
        pages = cache[r["doc"]]
        if doc.suffix in PAGED:
            p = r["page"]
            if not isinstance(p, int) or not 1 <= p <= len(pages):
                errors.append(f"{r['id']}: bad page {p}")
                continue
            text = " ".join(pages[max(0, p - 2):min(len(pages), p + 1)])
        else:
            if r["page"] is not None:
                errors.append(f"{r['id']}: page must be null for {doc.suffix}")
            text = pages[0]
        hay = norms(text)
        hit = any(any(n in h for h in hay for n in norms(a)) for a in r["answers"])
        if hit:
            ok += 1
        else:
            fail.append(r["id"])
            if verbose:
                print("FAIL", r["id"], r["doc"], r["page"], r["answers"])
    n_ans = sum(1 for r in rows if r["answerable"])
    print(f"rows={len(rows)} answerable={n_ans} unanswerable={len(rows) - n_ans}")
    print(f"gold check: {ok}/{n_ans} pass; failures: {fail}")
    for e in errors:
        print("SCHEMA:", e)
    return 0 if not fail and not errors else 1


if __name__ == "__main__":
    sys.exit(main())
