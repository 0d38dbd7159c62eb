#!/usr/bin/env python3
"""Generate the DOCX and PPTX documents of bench/realdocs_unseen from real text.

Source: the English (en-US) HTML pages of *The Debian Administrator's Handbook*,
Debian package ``debian-handbook`` 11.20220922 (GPL-2.0+ or CC-BY-SA-3.0), e.g.

    cd /tmp && apt-get download debian-handbook && dpkg-deb -x debian-handbook_*.deb /tmp/x
    python3 make_office_docs.py /tmp/x/usr/share/doc/debian-handbook/html/en-US  [OUT_DIR]

Needs python-docx and python-pptx (lxml comes with them). OUT_DIR defaults to ``docs/``
beside this script.

* DOCX: chapter 3 "Analyzing the Existing Setup and Migrating" (existing-setup.html +
  sect.how-to-migrate.html) converted as it is: chapter/section titles become Word
  Heading 1-4 styles, paragraphs become paragraphs, the chapter's table of contents becomes
  a bulleted list (List Bullet / List Bullet 2), Table 3.1 becomes a Word table, command
  output becomes monospace paragraphs, sidebars keep their bold title, figure captions are
  kept (images are dropped).
* PPTX: 9 slides summarising section 14.4 "Introduction to AppArmor"
  (sect.apparmor.html). Slide bullets and speaker notes are passages of the real text; the
  script stops with an error if any of them is not found verbatim (after whitespace
  collapsing) in the source page, so nothing in a bullet or a note is invented.
"""
import datetime
import os
import re
import sys
import zipfile

from docx import Document
from docx.shared import Pt
from lxml import etree
from pptx import Presentation
from pptx.util import Pt as PPt

DOCX_NAME = "handbook-en-ch3-existing-setup.docx"
PPTX_NAME = "handbook-en-apparmor-slides.pptx"
DOCX_SOURCES = ["existing-setup.html", "sect.how-to-migrate.html"]
PPTX_SOURCE = "sect.apparmor.html"
FIXED_DATE = datetime.datetime(2022, 9, 22, 0, 0, 0)

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

    def toc(self, dl, depth=1):
        for child in dl:
            if child.tag == "dt":
                style = "List Bullet" if depth == 1 else "List Bullet 2"
                self.doc.add_paragraph(ws(inline_text(child)), style=style)
            elif child.tag == "dd":
                for sub in child.iter("dl"):
                    self.toc(sub, depth + 1)
                    break

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
        if tag == "div" and "toc" in cls:
            self.flush()
            for dl in el.xpath("./dl"):
                self.toc(dl)
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
        if tag == "div" and "figure" in cls:
            self.flush()
            for t in el.xpath("./p[contains(@class,'title')]"):
                self.caption(t, italic=True)
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


def make_docx(html_dir, out_path):
    doc = Document()
    cp = doc.core_properties
    cp.title = "Chapter 3. Analyzing the Existing Setup and Migrating"
    cp.author = "Raphaël Hertzog, Roland Mas (The Debian Administrator's Handbook)"
    cp.comments = ("Generated by make_office_docs.py from debian-handbook 11.20220922, "
                   "en-US: " + ", ".join(DOCX_SOURCES) + ". Licence: GPL-2.0+ or CC-BY-SA-3.0.")
    cp.created = cp.modified = FIXED_DATE
    cp.last_modified_by = "make_office_docs.py"
    cp.revision = 1
    w = DocxWriter(doc)
    for name in DOCX_SOURCES:
        root = parse(os.path.join(html_dir, name))
        body = root.find("body")
        w.block(body)
        w.flush()
    doc.save(out_path)
    fix_zip(out_path)


# ---------------------------------------------------------------- PPTX
# (title, [bullets], [speaker-note sentences]); bullets and notes are verbatim passages
# of sect.apparmor.html (checked below).
SLIDES = [
    ("Introduction to AppArmor",
     ["Section 14.4 of The Debian Administrator's Handbook"],
     ["AppArmor is a Mandatory Access Control (MAC) system built on Linux's LSM "
      "(Linux Security Modules) interface."]),
    ("Principles",
     ["In practice, the kernel queries AppArmor before each system call",
      "AppArmor confines programs to a limited set of resources",
      "AppArmor applies a set of rules (known as “profile”) on each program",
      "The profile applied by the kernel depends on the installation path of the program "
      "being executed"],
     ["All users face the same set of rules when they are executing the same program "
      "(but traditional user permissions still apply and might result in different "
      "behavior!)."]),
    ("Profiles and modes",
     ["AppArmor profiles are stored in /etc/apparmor.d/",
      "The profiles are compiled and loaded into the kernel by the apparmor_parser command",
      "Each profile can be loaded either in enforcing or complaining mode"],
     ["The former enforces the policy and reports violation attempts, while the latter "
      "does not enforce the policy but still logs the system calls that would have been "
      "denied."]),
    ("Enabling AppArmor",
     ["AppArmor support is built into the standard kernels provided by Debian",
      "apt install apparmor apparmor-profiles apparmor-utils",
      "aa-status will confirm it quickly"],
     ["Enabling AppArmor is thus just a matter of installing some packages by executing "
      "apt install apparmor apparmor-profiles apparmor-utils with root privileges."]),
    ("Where profiles come from",
     ["The apparmor-profiles package contains profiles managed by the upstream AppArmor "
      "community",
      "apparmor-profiles-extra which contains profiles developed by Ubuntu and Debian"],
     ["To get even more profiles you can install apparmor-profiles-extra which contains "
      "profiles developed by Ubuntu and Debian."]),
    ("Switching profile states",
     ["switched between enforcing and complaining with calls to aa-enforce and aa-complain",
      "a profile can be entirely disabled with aa-disable",
      "put in audit mode (to log accepted system calls too) with aa-audit"],
     ["The state of each profile can be switched between enforcing and complaining with "
      "calls to aa-enforce and aa-complain giving as parameter either the path of the "
      "executable or the path to the policy file.",
      "Additionally a profile can be entirely disabled with aa-disable or put in audit mode "
      "(to log accepted system calls too) with aa-audit."]),
    ("Which programs to confine first",
     ["The most important programs that need to be confined are the network facing programs",
      "an aa-unconfined command to list the programs which have no associated profile",
      "With the --paranoid option you get all unconfined processes that have at least one "
      "active network connection"],
     ["That is why AppArmor conveniently provides an aa-unconfined command to list the "
      "programs which have no associated profile and which expose an open network socket."]),
    ("Creating a new profile",
     ["aa-genprof dhclient",
      "you can run the program with the profile of the parent process (the “Inherit” choice)",
      "you can run it without any profile (the “Unconfined” choice)",
      "An abstraction provides a reusable set of access rules"],
     ["It will invite you to use the application in another window and when done to come "
      "back to aa-genprof to scan for AppArmor events in the system logs and convert those "
      "logs into access rules.",
      "At the kernel level, the special powers of the root user have been split in "
      "“capabilities”."]),
    ("Refining the profile",
     ["aa-genprof is in fact only a smart wrapper around aa-logprof",
      "So you can re-run that tool later to improve the profile that you just created",
      "you should use the program in all the ways that it is legitimately used"],
     ["If you want the generated profile to be complete, you should use the program in all "
      "the ways that it is legitimately used.",
      "In the case of dhclient, it means running it via Network Manager, running it via "
      "ifupdown, running it manually, etc."]),
]
NOT_FROM_SOURCE = {"Section 14.4 of The Debian Administrator's Handbook"}  # title-slide label


def make_pptx(html_dir, out_path):
    src = page_text(os.path.join(html_dir, PPTX_SOURCE))
    missing = [s for _, bullets, notes in SLIDES for s in bullets + notes
               if s not in NOT_FROM_SOURCE and ws(s) not in src]
    if missing:
        raise SystemExit(f"not found verbatim in {PPTX_SOURCE}:\n  " + "\n  ".join(missing))
    prs = Presentation()
    cp = prs.core_properties
    cp.title = "Introduction to AppArmor"
    cp.author = "Raphaël Hertzog, Roland Mas (The Debian Administrator's Handbook)"
    cp.comments = ("Generated by make_office_docs.py from debian-handbook 11.20220922, en-US: "
                   + PPTX_SOURCE + ". Licence: GPL-2.0+ or CC-BY-SA-3.0.")
    cp.created = cp.modified = FIXED_DATE
    cp.last_modified_by = "make_office_docs.py"
    cp.revision = 1
    for i, (title, bullets, notes) in enumerate(SLIDES):
        if i == 0:
            slide = prs.slides.add_slide(prs.slide_layouts[0])
            slide.shapes.title.text = title
            slide.placeholders[1].text = bullets[0]
        else:
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
    html_dir = argv[1]
    out_dir = argv[2] if len(argv) > 2 else os.path.join(os.path.dirname(os.path.abspath(__file__)), "docs")
    os.makedirs(out_dir, exist_ok=True)
    make_docx(html_dir, os.path.join(out_dir, DOCX_NAME))
    make_pptx(html_dir, os.path.join(out_dir, PPTX_NAME))
    print("wrote", os.path.join(out_dir, DOCX_NAME), "and", os.path.join(out_dir, PPTX_NAME))


if __name__ == "__main__":
    main(sys.argv)
