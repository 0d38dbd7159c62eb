"""Which PDF pages are content: tables of contents, indexes and front matter are not.

Pointers to pages ("Lists ........ 12", "read.csv, 9, 14") and the title and copyright pages
before the first chapter answer no question a student asks, but match many of them.
"""
from __future__ import annotations

import re

from core.ingest.pdf_layout import Mark, Page

_LEADER = re.compile(r"(?:\.\s?){4,}|…{2,}|_{4,}\s*\d+$")
_ENDS_NUMBER = re.compile(r"\S.*\s(?:\d{1,4}|[ivxlc]{1,6})$", re.I)
_INDEX_ENTRY = re.compile(r"^\D.{0,60}?,\s*(?:see\b.*|\d{1,4}(?:\s*[-–]\s*\d{1,4})?"
                          r"(?:\s*[,;]\s*\d{1,4}(?:\s*[-–]\s*\d{1,4})?)*)$", re.I)
_INDEX_LETTER = re.compile(r"[A-Z]|symbols|numbers|numerics", re.I)
_LEGAL = re.compile(r"copyright|permission is granted|all rights reserved|\bisbn\b|licen[cs]e",
                    re.I)
FRONT_PAGES = 3  # without an outline, only this many first pages may be front matter


def without_toc_and_index(pages: list[Page]) -> list[Page]:
    """Drops tables of contents (many lines ending in leaders or page numbers) and indexes
    (many short 'term, 12, 34' lines): pointers to pages, not content."""
    kept, after = [], False
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
            kept.append(page)
    return kept


def without_front_matter(pages: list[Page], marks: list[Mark]) -> list[Page]:
    """Drops the pages before the outline's first entry (title, copyright, foreword pages the
    author left out of the outline); without an outline, copyright pages among the first few."""
    first = min((m.page for m in marks), default=None)
    if first is not None and first > 1:
        return [p for p in pages if p.number >= first]
    return [p for p in pages if p.number > FRONT_PAGES
            or not _LEGAL.search(" ".join(x.text for x in p.lines))]
