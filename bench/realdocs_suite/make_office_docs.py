#!/usr/bin/env python3
"""Generate the DOCX and PPTX documents of bench/realdocs_suite/docs/ from real handbook pages.

Source: *The Debian Administrator's Handbook*, Debian package ``debian-handbook``
11.20220922 (copyright file: ``License: GPL-2.0+ or CC-BY-SA-3.0``), HTML pages under
``/usr/share/doc/debian-handbook/html/``. To run::

    cd /tmp && apt-get download debian-handbook && dpkg-deb -x debian-handbook_*.deb /tmp/x
    python3 make_office_docs.py /tmp/x/usr/share/doc/debian-handbook/html  [OUT_DIR]

Needs python-docx and python-pptx (lxml comes with them). OUT_DIR defaults to ``docs/``
beside this script. Output is deterministic (fixed core-properties dates, fixed zip times).

* en-handbook-web-nfs-servers.docx: en-US sect.http-web-server.html (11.2 HTTP Server)
  and sect.nfs-file-server.html (11.4 NFS File Server), converted as they are: section
  titles -> Word Heading 1-4, paragraphs -> paragraphs, itemized lists -> List Bullet,
  ordered lists -> List Number, tables -> Word tables, command examples and output
  (<pre>) -> monospace paragraphs in Courier New, sidebar/example titles -> bold
  paragraphs. Images, navigation links and index anchors are dropped.
* ar-handbook-becoming-package-maintainer.docx: ar-MA sect.becoming-package-maintainer.html
  (15.4), converted the same way (Arabic text kept as plain paragraphs, marked right-to-left).
* en-handbook-vpn-slides.pptx: 13 slides summarising en-US sect.virtual-private-network.html
  (10.3 Virtual Private Network). Every slide title, bullet and speaker-note sentence is a
  passage of the page; the script stops with an error if any of them is not found verbatim
  (after whitespace collapsing) in the page text, so nothing on a slide is invented.
"""
import datetime
import os
import re
import sys
import zipfile

from docx import Document
from docx.oxml.ns import qn
from docx.shared import Pt
from lxml import etree
from pptx import Presentation
from pptx.util import Pt as PPt

FIXED_DATE = datetime.datetime(2022, 9, 22, 0, 0, 0)
AUTHOR = "Raphaël Hertzog, Roland Mas (The Debian Administrator's Handbook)"
LICENCE = "Licence: GPL-2.0+ or CC-BY-SA-3.0."
DOCX_JOBS = [  # (output name, title, language dir, [pages])
    ("en-handbook-web-nfs-servers.docx", "11.2. HTTP Server (web server) and 11.4. NFS File Server",
     "en-US", ["sect.http-web-server.html", "sect.nfs-file-server.html"]),
    ("ar-handbook-becoming-package-maintainer.docx", "15.4. Becoming a Package Maintainer (ar-MA)",
     "ar-MA", ["sect.becoming-package-maintainer.html"]),
]
PPTX_NAME = "en-handbook-vpn-slides.pptx"
PPTX_SOURCE = ("en-US", "sect.virtual-private-network.html")

INLINE = {"a", "span", "em", "strong", "code", "b", "i", "tt", "sup", "sub", "abbr",
          "acronym", "kbd", "samp", "var", "cite", "q", "br", "img", "small", "big"}

def ws(s):
    return re.sub(r"\s+", " ", s).strip()


def parse(path):
    parser = etree.HTMLParser(encoding="utf-8", remove_comments=True)
    return etree.parse(path, parser).getroot()


def classes(el):
    return set((el.get("class") or "").split())


def inline_text(el):
    """Text of an element with its tags removed (inline rendering)."""
    if el.tag == "a" and "indexterm" in classes(el):
        return el.tail or ""
    return "".join(el.itertext())


def page_text(path):
    """Whole-page text: tags removed, head/script/style dropped, whitespace collapsed."""
    root = parse(path)
    for bad in root.xpath("//head|//script|//style"):
        bad.getparent().remove(bad)
    return ws("".join(root.itertext()))


def fix_zip(path):
    """Rewrite the OOXML zip with fixed timestamps so that a re-run gives identical bytes."""
    with zipfile.ZipFile(path) as z:
        items = [(i.filename, z.read(i.filename)) for i in z.infolist()]
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in items:
            info = zipfile.ZipInfo(name, date_time=FIXED_DATE.timetuple()[:6])
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            z.writestr(info, data)


# ---------------------------------------------------------------- DOCX
class DocxWriter:
    def __init__(self, doc):
        self.doc = doc
        self.buf = []

    def flush(self, style=None):
        text = ws("".join(self.buf))
        self.buf = []
        if text:
            self.doc.add_paragraph(text, style=style)

    def heading(self, el, level):
        text = ws(inline_text(el))
        if text:
            self.doc.add_heading(text, level=level)

    def pre(self, el):
        lines = "".join(el.itertext()).strip("\n").split("\n")
        p = self.doc.add_paragraph()
        for i, line in enumerate(lines):
            run = p.add_run(line.rstrip())
            run.font.name = "Courier New"
            run.font.size = Pt(8)
            if i < len(lines) - 1:
                run.add_break()

    def table(self, tbl):
        rows = tbl.xpath(".//tr")
        ncols = max(len(r.xpath("./th|./td")) for r in rows)
        t = self.doc.add_table(rows=0, cols=ncols)
        t.style = "Table Grid"
        for r in rows:
            cells = r.xpath("./th|./td")
            row = t.add_row().cells
            for i, c in enumerate(cells):
                row[i].text = ws(inline_text(c))
                if c.tag == "th":
                    for run in row[i].paragraphs[0].runs:
                        run.bold = True

    def caption(self, el, italic=False):
        text = ws(inline_text(el))
        if text:
            p = self.doc.add_paragraph()
            run = p.add_run(text)
            run.bold = not italic
            run.italic = italic

    def block(self, el):
        tag = el.tag if isinstance(el.tag, str) else ""
        cls = classes(el)
        if not tag:
            return
        if el.get("id") in ("banner", "title") or "docnav" in cls or "indexterm" in cls:
            return
        if tag in ("h1", "h2", "h3", "h4", "h5"):
            self.flush()
            self.heading(el, min(int(tag[1]), 4))
            return
        if tag == "pre":
            self.flush()
            self.pre(el)
            return
        if tag == "table":
            self.flush()
            self.table(el)
            return
        if tag == "img":
            return
        if tag == "p" and "title" in cls:
            self.flush()
            self.caption(el)
            return
        if tag in ("ul", "ol"):
            self.flush()
            style = "List Bullet" if tag == "ul" else "List Number"
            for li in el.xpath("./li"):
                self.doc.add_paragraph(ws(inline_text(li)), style=style)
            return
        # mixed content: inline text is buffered, block children flush it
        if el.text:
            self.buf.append(el.text)
        for child in el:
            ctag = child.tag if isinstance(child.tag, str) else ""
            if ctag in INLINE and "indexterm" not in classes(child):
                self.buf.append(inline_text(child))
                if child.tail:
                    self.buf.append(child.tail)
                continue
            if ctag == "a":  # index anchor: keep only its tail
                if child.tail:
                    self.buf.append(child.tail)
                continue
            if ctag in ("p", "div", "dl", "dd", "dt", "ul", "ol", "pre", "table",
                        "h1", "h2", "h3", "h4", "h5"):
                self.flush()
            self.block(child)
            if ctag in ("p", "div", "dl", "dd", "dt"):
                self.flush()
            if child.tail:
                self.buf.append(child.tail)
        if tag in ("p", "div", "body"):
            self.flush()


ARABIC = re.compile("[\u0600-\u06ff]")


def set_props(cp, title, comment):
    cp.title, cp.author, cp.comments = title, AUTHOR, comment
    cp.created = cp.modified = FIXED_DATE
    cp.last_modified_by = "make_office_docs.py"
    cp.revision = 1


def make_docx(html_root, out_path, title, lang, pages):
    doc = Document()
    set_props(doc.core_properties, title, "Generated by make_office_docs.py from debian-handbook "
              f"11.20220922, {lang}: " + ", ".join(pages) + ". " + LICENCE)
    w = DocxWriter(doc)
    for name in pages:
        w.block(parse(os.path.join(html_root, lang, name)).find("body"))
        w.flush()
    for p in doc.paragraphs:  # Arabic paragraphs: right-to-left
        if ARABIC.search(p.text):
            p._p.get_or_add_pPr().append(p._p.makeelement(qn("w:bidi"), {}))
    doc.save(out_path)
    fix_zip(out_path)


# ---------------------------------------------------------------- PPTX
# vpn_slides.txt: one slide per "# title" line, then "- bullet" and "> speaker-note sentence" lines; every
# title, bullet and note is a verbatim passage of the source page (checked in make_pptx).
SLIDES_FILE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "vpn_slides.txt")


def slides():
    out = []
    with open(SLIDES_FILE, encoding="utf-8") as f:
        lines = f.read().strip().splitlines()
    for line in lines:
        tag, text = line[0], line[2:]
        if tag == "#":
            out.append((text, [], []))
        else:
            out[-1][1 if tag == "-" else 2].append(text)
    return out


def make_pptx(html_root, out_path):
    src = page_text(os.path.join(html_root, *PPTX_SOURCE))
    missing = [s for title, bullets, notes in slides() for s in [title, *bullets, *notes]
               if ws(s) not in src]
    if missing:
        raise SystemExit(f"not found verbatim in {PPTX_SOURCE[1]}:\n  " + "\n  ".join(missing))
    prs = Presentation()
    set_props(prs.core_properties, "10.3. Virtual Private Network",
              "Generated by make_office_docs.py from debian-handbook 11.20220922, en-US: "
              + PPTX_SOURCE[1] + ". " + LICENCE)
    for title, bullets, notes in slides():
        slide = prs.slides.add_slide(prs.slide_layouts[1])
        slide.shapes.title.text = title
        tf = slide.placeholders[1].text_frame
        tf.text = bullets[0]
        for b in bullets[1:]:
            tf.add_paragraph().text = b
        for p in tf.paragraphs:
            for r in p.runs:
                r.font.size = PPt(20)
        slide.notes_slide.notes_text_frame.text = "\n".join(notes)
    prs.save(out_path)
    fix_zip(out_path)


def main(argv):
    if len(argv) < 2:
        raise SystemExit(__doc__)
    html_root = argv[1]
    here = os.path.dirname(os.path.abspath(__file__))
    out_dir = argv[2] if len(argv) > 2 else os.path.join(here, "docs")
    os.makedirs(out_dir, exist_ok=True)
    for name, title, lang, pages in DOCX_JOBS:
        make_docx(html_root, os.path.join(out_dir, name), title, lang, pages)
        print("wrote", os.path.join(out_dir, name))
    make_pptx(html_root, os.path.join(out_dir, PPTX_NAME))
    print("wrote", os.path.join(out_dir, PPTX_NAME))


if __name__ == "__main__":
    main(sys.argv)
