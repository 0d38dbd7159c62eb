"""Small real PDFs built during the test run (reportlab), one per layout trait the PDF loader
must handle: outline + running headers, font-only headings, TOC and index pages, encryption,
damage, and pages without a text layer. Built, not checked in, so each trait is visible here.
"""
from __future__ import annotations

import io
from collections.abc import Callable, Iterable

from reportlab.lib.pagesizes import A4
from reportlab.pdfgen.canvas import Canvas

BODY, BOLD, MONO = "Helvetica", "Helvetica-Bold", "Courier"
LEFT, TOP, LEADING = 72, 770, 14
HEADER = "Chapter 2: Sorting and hashing"
CODE = ["# compute the total weight", "total <- sum(weights)", "merge_sort(x, weights = total)"]


class Writer:
    """Draws lines top-down on a canvas, as a typesetter would: one drawString per line."""

    def __init__(self, canvas: Canvas) -> None:
        self.c, self.y = canvas, TOP

    def lines(self, lines: Iterable[str], font: str = BODY, size: float = 11, x: float = LEFT,
              leading: float = LEADING) -> None:
        for line in lines:
            self.c.setFont(font, size)
            self.c.drawString(x, self.y, line)
            self.y -= leading

    def heading(self, text: str, size: float = 16, key: str = "", font: str = BOLD,
                whole_page: bool = False) -> None:
        self.y -= 8
        if whole_page and key:  # a bookmark that names only the page ("Fit"), as some tools make
            self.c.bookmarkPage(key, fit="Fit")
            self.c.addOutlineEntry(text, key, level=0)
        elif key:  # a bookmark whose destination is this heading's position on the page
            self.c.bookmarkPage(key, fit="XYZ", left=0, top=self.y + size + 4)
            self.c.addOutlineEntry(text, key, level=0)
        self.lines([text], font, size, leading=size + 8)

    def gap(self, points: float = 10) -> None:
        self.y -= points

    def new_page(self) -> None:
        self.c.showPage()
        self.y = TOP


def _build(draw: Callable[[Writer], None], **canvas_args) -> bytes:
    buf = io.BytesIO()
    canvas = Canvas(buf, pagesize=A4, **canvas_args)
    draw(Writer(canvas))
    canvas.save()
    return buf.getvalue()


def _running_lines(w: Writer, number: int) -> None:
    """Header with the chapter and the printed page number, and a bare page number footer."""
    w.c.setFont(BODY, 9)
    w.c.drawString(LEFT, 810, f"{HEADER} {number}")
    w.c.drawString(290, 30, str(number))


def outlined_pdf() -> bytes:
    """Three pages with bookmarks (one mid-page), running header/footer, a word hyphenated at
    a line break, a sentence whose number starts the next line, and a code block with a
    `# comment` line."""
    def draw(w: Writer) -> None:
        w.c.setTitle("Algorithms Study Guide")
        _running_lines(w, 7)
        w.heading("Merge sort", key="merge")
        w.lines(["Merge sort divides the array into two halves and sorts each half recursively.",
                 "It is a stable algorithm, which matters when a spread-",
                 "sheet is sorted by one column after another."])
        w.gap()
        w.lines(["Each merge step takes linear time in the length of the input. The default",
                 "weight value is",
                 "1 for every element, and the depth of the recursion is logarithmic."])
        w.gap()
        w.lines(CODE, MONO, 10, x=LEFT + 24, leading=12)
        w.gap()
        w.lines(["After the example the explanation goes on as ordinary prose text."])
        w.new_page()
        _running_lines(w, 8)
        w.lines(["Merge sort needs extra memory proportional to the size of the input."])
        w.y = 420
        w.heading("Hash tables", key="hash")
        w.lines(["A hash table maps keys to buckets with a hash function.",
                 "Collisions are resolved by chaining or by open addressing."])
        w.new_page()
        _running_lines(w, 9)
        w.heading("Graphs", key="graphs")
        w.lines(["A graph is a set of vertices joined by edges."])
    return _build(draw)


def page_linked_pdf() -> bytes:
    """Bookmarks that name only their page (as the ReportLab user guide's do): a section goes on
    at the top of page 2, where two more start, each at its numbered heading."""
    def draw(w: Writer) -> None:
        w.heading("4.9 Images", key="images", whole_page=True)
        w.lines(["Images are drawn with the drawImage method of the canvas."])
        w.new_page()
        w.lines(["An image may be scaled to fit the width of its frame."])
        w.y = 600
        w.heading("5.3 Flowables", key="flowables", whole_page=True)
        w.lines(["Flowables are things which can be drawn and which have wrap methods."])
        w.y = 400
        w.heading("5.4 Guidelines for flowable positioning", key="guide", whole_page=True)
        w.lines(["Two methods tell where a flowable should be positioned in its frame."])
    return _build(draw)


def font_headings_pdf() -> bytes:
    """No outline and no metadata title: the title and headings are only bigger or bolder."""
    def draw(w: Writer) -> None:
        w.lines(["Graph Algorithms Notes"], BOLD, 22, leading=34)
        w.heading("1 Shortest paths", size=15)
        w.lines(["Shortest path algorithms find the cheapest route between two vertices",
                 "of a weighted graph. Negative weights need special care."])
        w.gap()
        w.heading("Dijkstra", size=11)
        w.lines(["Dijkstra's algorithm keeps a priority queue of tentative distances."])
        w.gap()
        w.lines(["# relax every edge", "for v in graph[u]:", "    relax(u, v)"], MONO, 10,
                x=LEFT + 24, leading=12)
        w.gap()
        w.lines(["Each vertex is settled exactly once, when it leaves the queue."])
        w.new_page()
        w.heading("2 Spanning trees", size=15)
        w.lines(["A minimum spanning tree connects all vertices at the least total weight."])
    return _build(draw)


def toc_index_pdf() -> bytes:
    """A table of contents (dot leaders) before and an index (term, pages) after two pages of
    text."""
    entries = ["Sorting", "Merge sort", "Quick sort", "Hashing", "Hash tables", "Open addressing",
               "Graphs", "Shortest paths"]
    terms = ["binary search", "bucket", "chaining", "collision", "graph", "hash function",
             "merge sort", "priority queue", "quick sort", "vertex"]

    def draw(w: Writer) -> None:
        w.heading("Contents")
        w.lines(f"{i // 3 + 1}.{i % 3 + 1} {e} {'. ' * (40 - len(e) // 2)} {2 + i // 4}"
                for i, e in enumerate(entries))
        w.new_page()
        w.heading("Sorting")
        w.lines(["Quick sort partitions the array around a pivot element."])
        w.new_page()
        w.heading("Hashing")
        w.lines(["Open addressing probes other buckets after a collision."])
        w.new_page()
        w.heading("Index")
        w.lines(f"{t}, {2 + i % 2}, {3 + i}" if i % 3 else f"{t}, {2 + i % 2}"
                for i, t in enumerate(terms))
    return _build(draw)


def _image_page(w: Writer) -> None:
    """A page holding only a picture, as a scanner makes it."""
    from PIL import Image
    from reportlab.lib.utils import ImageReader

    picture = Image.new("L", (60, 80), 200)
    w.c.drawImage(ImageReader(picture), LEFT, 300, width=400, height=450)


def scanned_page_pdf() -> bytes:
    """Text on pages 1 and 3; page 2 is an image without a text layer."""
    def draw(w: Writer) -> None:
        w.lines(["The first page has a text layer."])
        w.new_page()
        _image_page(w)
        w.new_page()
        w.lines(["The third page has a text layer too."])
    return _build(draw)


def scanned_only_pdf() -> bytes:
    """Two image pages and no text at all."""
    def draw(w: Writer) -> None:
        _image_page(w)
        w.new_page()
        _image_page(w)
    return _build(draw)


def blank_pdf() -> bytes:
    """Two pages with nothing on them."""
    def draw(w: Writer) -> None:
        w.new_page()
    return _build(draw)


def encrypted_pdf() -> bytes:
    """Needs a password to open."""
    from reportlab.lib.pdfencrypt import StandardEncryption

    def draw(w: Writer) -> None:
        w.lines(["Secret notes."])
    return _build(draw, encrypt=StandardEncryption("secret", ownerPassword="owner"))


def truncated_pdf() -> bytes:
    """The first half of a good PDF, as an interrupted download leaves it."""
    data = outlined_pdf()
    return data[: len(data) // 2]


def not_a_pdf() -> bytes:
    """A zip archive (say a .docx) renamed to .pdf."""
    return b"PK\x03\x04\x14\x00\x06\x00" + b"word/document.xml" + bytes(200)


def paper_pdf() -> bytes:
    """A paper's first page: title, abstract and the start of its contents list (dot leaders),
    which goes on over the top of page 2, above the first section."""
    def draw(w: Writer) -> None:
        w.lines(["Fast Checksums in Practice"], BOLD, 20, leading=30)
        w.lines(["Abstract. We measure table-driven checksums on modern processors,",
                 "compare them with the byte-wise method and explain where the time goes:",
                 "memory reads, dependent instructions and the size of the tables."])
        w.heading("Contents", size=14)
        w.lines(["1 Definitions 2"], BOLD)
        w.lines([f"1.{i} {e} {'. ' * 30} 2" for i, e in enumerate(["Words", "Tables"], 1)])
        w.lines(["2 Measurements 2"], BOLD)
        w.lines([f"2.1 Setup {'. ' * 30} 2"])
        w.new_page()
        w.lines([f"2.2 Results {'. ' * 30} 2", f"2.3 Limits {'. ' * 30} 2"])
        w.heading("1 Definitions", size=14)
        w.lines(["A checksum maps a message to a short value that detects errors."])
        w.heading("2 Measurements", size=14)
        w.lines(["The byte-wise method takes seven cycles per byte."])
    return _build(draw)


def formula_glyph_pdf() -> bytes:
    """A formula's glyph that PDFium's page text leaves out (its font maps it to a control
    character, as TeX's math fonts may), on a line of its own above a heading: every later
    character's index is one off in that text. Hand-written: reportlab maps every glyph."""
    cmap = (b"/CIDInit /ProcSet findresource begin 12 dict begin begincmap /CMapName /F def "
            b"1 begincodespacerange <00> <FF> endcodespacerange 1 beginbfchar <01> <0003> "
            b"endbfchar endcmap CMapName currentdict /CMap defineresource pop end end")
    glyph = b"600 0 0 0 500 500 d1 0 0 500 500 re f"
    lines = [(72, 700, 1, 11, b"The sum of the terms"), (150, 688, 2, 11, b"\\001\\001\\001"),
             (72, 676, 1, 11, b"is zero here."), (72, 640, 1, 16, b"2 Related work"),
             (72, 616, 1, 11, b"Earlier methods read one byte at a time.")]
    content = b"".join(b"BT /F%d %d Tf %d %d Td (%s) Tj ET\n" % (f, size, x, y, text)
                       for x, y, f, size, text in lines)
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>", b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R "
        b"/Resources << /Font << /F1 5 0 R /F2 6 0 R >> >> >>",
        b"<< /Length %d >>\nstream\n%s\nendstream" % (len(content) + 1, content),
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
        b"<< /Type /Font /Subtype /Type3 /FontBBox [0 0 1000 1000] /FontMatrix [0.001 0 0 "
        b"0.001 0 0] /CharProcs << /big 7 0 R >> /Encoding << /Differences [1 /big] >> "
        b"/FirstChar 1 /LastChar 1 /Widths [600] /Resources << >> /ToUnicode 8 0 R >>",
        b"<< /Length %d >>\nstream\n%s\nendstream" % (len(glyph) + 1, glyph),
        b"<< /Length %d >>\nstream\n%s\nendstream" % (len(cmap) + 1, cmap)]
    out, offsets = b"%PDF-1.4\n", []
    for number, body in enumerate(objects, 1):
        offsets.append(len(out))
        out += b"%d 0 obj\n%s\nendobj\n" % (number, body)
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    out += b"".join(b"%010d 00000 n \n" % offset for offset in offsets)
    return out + b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (
        len(objects) + 1, xref)
