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
import os
import sys

DOCX_JOBS = [  # (output name, title, language dir, [pages])
    ("en-handbook-web-nfs-servers.docx", "11.2. HTTP Server (web server) and 11.4. NFS File Server",
     "en-US", ["sect.http-web-server.html", "sect.nfs-file-server.html"]),
    ("ar-handbook-becoming-package-maintainer.docx", "15.4. Becoming a Package Maintainer (ar-MA)",
     "ar-MA", ["sect.becoming-package-maintainer.html"]),
]
PPTX_NAME = "en-handbook-vpn-slides.pptx"
PPTX_TITLE = "10.3. Virtual Private Network"
PPTX_SOURCE = ("en-US", "sect.virtual-private-network.html")
# vpn_slides.txt: one slide per "# title" line, then "- bullet" and "> speaker-note sentence" lines; every
# title, bullet and note is a verbatim passage of the source page (checked in main).
SLIDES_FILE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "vpn_slides.txt")


def main(argv):
    # The shared converter is bench/office_docs.py, one folder up from this script.
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    import office_docs as od

    if len(argv) < 2:
        raise SystemExit(__doc__)
    html_root = argv[1]
    here = os.path.dirname(os.path.abspath(__file__))
    out_dir = argv[2] if len(argv) > 2 else os.path.join(here, "docs")
    os.makedirs(out_dir, exist_ok=True)
    for name, title, lang, pages in DOCX_JOBS:
        od.make_docx(os.path.join(out_dir, name), title, od.comment(lang, pages),
                     [os.path.join(html_root, lang, page) for page in pages], rtl_arabic=True)
        print("wrote", os.path.join(out_dir, name))
    slides = od.read_slides(SLIDES_FILE)
    od.check_verbatim(slides, os.path.join(html_root, *PPTX_SOURCE), with_titles=True)
    od.make_pptx(os.path.join(out_dir, PPTX_NAME), PPTX_TITLE, od.comment(PPTX_SOURCE[0], [PPTX_SOURCE[1]]),
                 slides)
    print("wrote", os.path.join(out_dir, PPTX_NAME))


if __name__ == "__main__":
    main(sys.argv)
