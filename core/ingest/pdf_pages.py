"""What on PDF pages is content: tables of contents, indexes and front matter are not, nor are
running headers, footers and page numbers.

Pointers to pages ("Lists ........ 12", "read.csv, 9, 14") and the title and copyright pages
before the first chapter answer no question a student asks, but match many of them.
"""
from __future__ import annotations

import re
from collections import Counter

from core.ingest.pdf_lines import Line, Mark, Page, Style

_LEADER = re.compile(r"(?:\.\s?){4,}|…{2,}|_{4,}\s*\d+$")
_ENDS_NUMBER = re.compile(r"\S.*\s(?:\d{1,4}|[ivxlc]{1,6})$", re.I)
_INDEX_ENTRY = re.compile(r"^\D.{0,60}?,\s*(?:see\b.*|\d{1,4}(?:\s*[-–]\s*\d{1,4})?"
                          r"(?:\s*[,;]\s*\d{1,4}(?:\s*[-–]\s*\d{1,4})?)*)$", re.I)
# a contents entry without leaders: "2 Related work 3", "A.1 Options 12"
_NUMBERED_ENTRY = re.compile(r"^(?:\d{1,2}|[A-Z])(?:\.\d{1,2})*\.?\s+\S")
_CONTENTS = re.compile(r"(?:table\s+of\s+)?contents", re.I)
CONTENTS_RUN = 3  # leader lines that make a run of entries a contents list
_INDEX_LETTER = re.compile(r"[A-Z]|symbols|numbers|numerics", re.I)
_LEGAL = re.compile(r"copyright|permission is granted|all rights reserved|\bisbn\b|licen[cs]e",
                    re.I)
# a bare page number: 12, xii, Page 3, 3 of 40, - 7 -
_BARE = re.compile(r"(?:page\s+)?(?:\d{1,4}|[ivxlcdm]{1,7})(?:\s*(?:/|of)\s*\d{1,4})?"
                   r"|[-–—]\s*\d{1,4}\s*[-–—]", re.I)
# a header's or footer's page number at either end; "file:///…/dh-manual.html 7/8" too (a page
# a browser printed: its number of the print's pages)
_EDGE_NUMBER = re.compile(r"^(\d{1,4})\s+\S.*|^.*\S\s+(\d{1,4})(?:\s*/\s*\d{1,4})?$")
RUN_PAGES = 4  # a header on this many pages of a stretch, nearly all of them, is running
FRONT_PAGES = 3  # without an outline, only this many first pages may be front matter


def without_toc_and_index(pages: list[Page]) -> list[Page]:
    """Drops tables of contents (many lines ending in leaders or page numbers) and indexes
    (many short 'term, 12, 34' lines): pointers to pages, not content; on a page of text, a
    contents list's run of lines (`_without_contents_run`)."""
    kept, after, going_on = [], False, False
    for page in pages:
        lines = [x.text.strip() for x in page.lines if re.search(r"\w", x.text)]
        n = len(lines)
        leaders = sum(bool(_LEADER.search(t)) for t in lines)
        entries = sum(bool(_INDEX_ENTRY.match(t)) and len(t) <= 70 for t in lines)
        letters = sum(bool(_INDEX_LETTER.fullmatch(t)) for t in lines)
        numbered = sum(bool(_ENDS_NUMBER.match(t)) for t in lines)
        enough = n >= 4 or (n > 0 and after)
        after = enough and (
            (leaders + entries >= 0.4 * n and leaders + entries + letters >= 0.6 * n)
            or (numbered >= 0.6 * n and (after or "contents" in " ".join(lines[:3]).lower())))
        if not after and page.lines:
            page, going_on = _without_contents_run(page, going_on)
            kept.append(page)
        else:
            going_on = after
    return kept


def _without_contents_run(page: Page, going_on: bool) -> tuple[Page, bool]:
    """A contents list sharing its page with text (a paper's, between its abstract and its
    first section) out, with the "Contents" title over it: a run of entries ("3 CRC tricks and
    tips 4", "3.1 Incremental CRC computation . . . . 4"), CONTENTS_RUN of them with leaders,
    or any at the top of a page when the list ran to the end of the one before (`going_on`).
    Left in, its lines answered questions ("7 4.2 Multiplication of D-normalized polynomials .").
    Also whether the list runs to the end of this page."""
    lines = page.lines
    drop: set[int] = set()
    i = 0
    while i < len(lines):
        j, leaders = i, 0
        while j < len(lines):
            text = lines[j].text.strip()
            leader = bool(_LEADER.search(text))
            if not (_ENDS_NUMBER.match(text) and (leader or _NUMBERED_ENTRY.match(text))):
                break
            leaders, j = leaders + leader, j + 1
        if leaders >= CONTENTS_RUN or (leaders and i == 0 and going_on):
            titled = i > 0 and _CONTENTS.fullmatch(lines[i - 1].text.strip())
            drop.update(range(i - 1 if titled else i, j))
        i = max(j, i + 1)
    kept = Page(page.number, [x for k, x in enumerate(lines) if k not in drop]) if drop else page
    return kept, bool(lines) and len(lines) - 1 in drop


def without_front_matter(pages: list[Page], marks: list[Mark]) -> list[Page]:
    """Drops the pages before the outline's first entry (title, copyright, foreword pages the
    author left out of the outline); without an outline, copyright pages among the first few."""
    first = min((m.page for m in marks), default=None)
    if first is not None and first > 1:
        return [p for p in pages if p.number >= first]
    return [p for p in pages if p.number > FRONT_PAGES
            or not _LEGAL.search(" ".join(x.text for x in p.lines))]


def drop_running_lines(pages: list[Page], style: Style) -> None:
    """Removes headers and footers: page numbers, lines carrying the printed page number, and
    lines repeated (digits aside) at the top or bottom of many pages."""
    edges = {p.number: _edges(p, style) for p in pages}
    offsets: Counter[int] = Counter()
    shapes: Counter[str] = Counter()
    spans: dict[str, tuple[int, int]] = {}  # first and last page a shape is at an edge of
    for page_no, (top, bottom) in edges.items():
        offsets.update({page_no - n for x, _ in top + bottom
                        if (n := _edge_number(x)) is not None and x.size < 1.15 * style.body})
        on_page = {_shape(x) for x, _ in top + bottom}
        shapes.update(on_page)
        for shape in on_page:
            first = spans.get(shape, (page_no, page_no))[0]
            spans[shape] = (first, page_no)
    needed = max(3.0, 0.2 * len(pages))
    usual = {o for o, k in offsets.items() if k >= needed}
    for page in pages:
        for group in edges[page.number]:
            for line, apart in group:  # outermost first; stop at the first line of text
                shape = _shape(line)
                number, seen, (first, last) = _edge_number(line), shapes[shape], spans[shape]
                words = len(line.text.split())
                printed = number is not None and page.number - number in usual and words <= 15
                bare = bool(_BARE.fullmatch(line.text.strip())) and (apart or printed)
                repeated = words <= 15 and (
                    (seen >= max(needed, 0.25 * len(pages)) and (apart or seen >= 0.5 * len(pages)))
                    # on nearly every page of a stretch: one print among others in one PDF
                    or (seen >= RUN_PAGES and seen >= 0.8 * (last - first + 1)))
                if not (bare or printed or repeated) or line.size >= 1.15 * style.body:
                    break
                page.lines.remove(line)


def _edges(page: Page, style: Style) -> tuple[list[tuple[Line, bool]], list[tuple[Line, bool]]]:
    """The two top and two bottom lines, outermost first, each with whether a gap wider than
    between lines of text separates it from the next line inwards."""
    order = sorted(page.lines, key=lambda x: -x.base)
    n = len(order)

    def apart(i: int, j: int) -> bool:
        return not 0 <= j < n or abs(order[i].base - order[j].base) > 1.6 * style.pitch
    top = [(order[i], apart(i, i + 1)) for i in range(min(2, n))]
    bottom = [(order[i], apart(i, i - 1)) for i in range(n - 1, max(n - 3, len(top) - 1), -1)]
    return top, bottom


def _edge_number(line: Line) -> int | None:
    m = _EDGE_NUMBER.match(line.text.strip())
    return int(m.group(1) or m.group(2)) if m else None


def _shape(line: Line) -> str:
    return re.sub(r"\d+", "#", " ".join(line.text.lower().split()))
