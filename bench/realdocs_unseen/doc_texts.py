"""The visible text of bench/realdocs_unseen's documents, by the rules check.py states (PDF:
PDFium's text of a physical page; HTML: tags removed both ways; DOCX: body paragraphs and table
cells; PPTX: one slide's frames and cells). Imported by check.py, not run directly."""
import os
import re
import zipfile
from html.parser import HTMLParser

import pypdfium2 as pdfium
from docx import Document
from pptx import Presentation

BASE = os.path.dirname(os.path.abspath(__file__))
DOCS = os.path.join(BASE, "docs")


def ws(s):
    return re.sub(r"\s+", " ", s).strip()


# ---------------------------------------------------------------- extraction
def _page_texts(path):
    doc = pdfium.PdfDocument(str(path))
    return [doc[i].get_textpage().get_text_range().replace("\r\n", "\n") for i in range(len(doc))]


def pdf_pages(path):
    return [ws(re.sub(r"([^\W\d_])-\n([^\W\d_])", r"\1\2", t)) for t in _page_texts(path)]


class _Text(HTMLParser):
    def __init__(self, sep):
        super().__init__(convert_charrefs=True)
        self.sep, self.out, self.skip = sep, [], 0

    def handle_starttag(self, tag, attrs):
        if tag in ("head", "script", "style"):
            self.skip += 1
        self.out.append(self.sep)

    def handle_startendtag(self, tag, attrs):
        self.out.append(self.sep)

    def handle_endtag(self, tag):
        if tag in ("head", "script", "style") and self.skip:
            self.skip -= 1
        self.out.append(self.sep)

    def handle_data(self, data):
        if not self.skip:
            self.out.append(data)


def html_texts(path):
    with open(path, encoding="utf-8") as f:
        raw = f.read()
    variants = []
    for sep in ("", " "):
        p = _Text(sep)
        p.feed(raw)
        p.close()
        variants.append(ws("".join(p.out)))
    return variants, raw


def docx_text(path):
    doc = Document(path)
    parts = []
    body = doc.element.body
    for child in body.iterchildren():
        tag = child.tag.rsplit("}", 1)[-1]
        if tag == "p":
            parts.append("".join(t.text or "" for t in child.iter() if t.tag.endswith("}t")))
        elif tag == "tbl":
            for cell in child.iter():
                if cell.tag.endswith("}tc"):
                    parts.append(" ".join(
                        "".join(t.text or "" for t in p.iter() if t.tag.endswith("}t"))
                        for p in cell.iter() if p.tag.endswith("}p")))
    return ws(" ".join(parts))


def pptx_slides(path):
    slides, notes = [], []
    for slide in Presentation(path).slides:
        parts = []
        for shape in slide.shapes:
            if shape.has_text_frame:
                parts.extend(p.text for p in shape.text_frame.paragraphs)
            if getattr(shape, "has_table", False) and shape.has_table:
                parts.extend(c.text for r in shape.table.rows for c in r.cells)
        slides.append(ws(" ".join(parts)))
        notes.append(ws(slide.notes_slide.notes_text_frame.text) if slide.has_notes_slide else "")
    return slides, notes


def zip_xml(path):
    with zipfile.ZipFile(path) as z:
        return " ".join(z.read(n).decode("utf-8", "replace") for n in z.namelist()
                        if n.endswith(".xml") or n.endswith(".rels"))


def load_docs():
    """name -> dict(kind, units: {page or None: [text variants]}, search: [texts for key terms])"""
    docs = {}
    for name in sorted(os.listdir(DOCS)):
        path = os.path.join(DOCS, name)
        ext = name.rsplit(".", 1)[-1].lower()
        if ext == "pdf":
            pages = pdf_pages(path)
            raw_pages = _page_texts(path)
            docs[name] = {"kind": "pdf", "units": {i + 1: [t] for i, t in enumerate(pages)},
                          "search": pages + raw_pages}
        elif ext == "html":
            variants, raw = html_texts(path)
            docs[name] = {"kind": "html", "units": {None: variants}, "search": [*variants, raw]}
        elif ext == "docx":
            t = docx_text(path)
            docs[name] = {"kind": "docx", "units": {None: [t]}, "search": [t, zip_xml(path)]}
        elif ext == "pptx":
            slides, notes = pptx_slides(path)
            docs[name] = {"kind": "pptx", "units": {i + 1: [t] for i, t in enumerate(slides)},
                          "notes": {i + 1: n for i, n in enumerate(notes)},
                          "search": slides + notes + [zip_xml(path)]}
    return docs


# ---------------------------------------------------------------- helpers
