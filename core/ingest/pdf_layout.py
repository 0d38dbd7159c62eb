"""From positioned PDF text lines to spans: the typesetting is undone here, in pure Python, so
each heuristic can be read (and tested) apart from the PDF library that measured the lines.

Running headers and footers, tables of contents and indexes are dropped (they would answer
questions with page numbers); lines are joined into paragraphs, words hyphenated at a line break
are rejoined, code stays in blocks with its line breaks, and every paragraph knows its physical
page and section (from the outline, else from heading fonts: never from a `#` in code).
"""
from __future__ import annotations

import itertools
import re
from collections import Counter
from dataclasses import dataclass, replace
from statistics import median

from core.ingest.document import Span
from core.ingest.pdf_lines import Line, Mark, Page, Style
from core.ingest.pdf_text import HYPHEN, code_text, prose_text, unhyphen

_NUMBERING = re.compile(r"^(?:(?i:chapter|section|appendix|part)\s+)?"
                        r"(?:[\dA-Z]{1,3}(?:\.\d+)*\.?\s+)?")  # "Appendix A ", "1.2.3 "
_CODE = re.compile(r"<-|->|==|!=|<=|>=|:=|\+=|&&|\|\||;$|[{}]$|^[}\])]|^</?[\w?!]"
                   r"|^(?:[>$%#]|>>>|//)\s"
                   r"|^(?:def|class|import|from|return|for|while|if|else|library|function|var|let"
                   r"|const|public|static|#include|print)\b|^[\w.$\[\]]+\s*(?:<-|=)\s*\S"
                   r"|\w\([^()]*\)$")
_SENTENCE_END = re.compile(r"[.!?:)\"'’”]$")


@dataclass(slots=True)
class _Block:
    kind: str  # heading, code or prose
    lines: list[Line]
    section: str


def build_spans(pages: list[Page], marks: list[Mark], style: Style) -> list[Span]:
    """The document's spans, in page order, from its content lines (headers, contents and
    index already gone) and its (maybe empty) outline."""
    outline = sorted(_placed(marks, pages, style),
                     key=lambda m: (m.page, -(m.top if m.top is not None else 1e9)))
    outline = outline if len({(m.page, m.top) for m in outline}) >= 2 else []
    spans: list[Span] = []
    section, at = "", 0
    for page in pages:
        left = _body_left(page, style)
        right = max(x.x1 for x in page.lines)
        short = right - max(3 * style.body, 0.3 * (right - left))  # a paragraph's last line
        blocks: list[_Block] = []
        for line in page.lines:
            while at < len(outline) and _starts_before(outline[at], page.number, line):
                section, at = outline[at].title, at + 1
            prev = blocks[-1] if blocks else None
            kind = _kind(line, style, left, prev)
            if kind == "heading" and outline and _same_title(line.text, section):
                continue  # the heading the outline already names
            if (prev and prev.kind == kind and (prev.section == section or kind == "heading")
                    and not _breaks(prev.lines[-1], line, kind, short, style)):
                prev.lines.append(line)
            else:
                blocks.append(_Block(kind, [line], section))
            if kind == "heading" and not outline:  # without an outline, headings are sections
                section = blocks[-1].section = prose_text(blocks[-1].lines, style)
        for name, run in itertools.groupby(blocks, key=lambda b: b.section):
            text = "\n\n".join(
                code_text(b.lines) if b.kind == "code" else prose_text(b.lines, style)
                for b in run if outline or b.kind != "heading")
            if text:
                spans.append(Span(text, page.number, name))
    return spans


def document_style(pages: list[Page]) -> Style:
    """Body size, line pitch and the document's own vocabulary, measured over all pages."""
    sizes: Counter[float] = Counter()
    bold = mono = 0
    pitches: list[float] = []
    text: list[str] = []
    for page in pages:
        for prev, line in zip([None, *page.lines], page.lines, strict=False):
            sizes[round(line.size * 2) / 2] += len(line.text)
            bold += len(line.text) if line.bold else 0
            mono = mono or line.mono
            text.append(line.text)
            if (prev and prev.size == line.size and not line.mono
                    and 0.8 * line.size < prev.base_end - line.base < 2.5 * line.size):
                pitches.append(prev.base_end - line.base)
    total = sum(sizes.values()) or 1
    body = sizes.most_common(1)[0][0] if sizes else 10.0
    whole = re.sub(rf"\w*{HYPHEN}\w*|\w+-$", " ", "\n".join(text), flags=re.M).lower()
    return Style(body, median(pitches) if pitches else 1.2 * body, bold > total / 2, bool(mono),
                 frozenset(re.findall(r"[^\W\d_]+", whole)),
                 frozenset(re.findall(r"[^\W\d_]+(?:-[^\W\d_]+)+", whole)))


def merge_fragments(lines: list[Line]) -> list[Line]:
    """Pieces PDFium split off a line (after a superscript, say) joined back on their baseline."""
    out: list[Line] = []
    for line in lines:
        prev = out[-1] if out else None
        raised = 0.5 if prev and abs(prev.size - line.size) > 0.15 * prev.size else 0.3
        if (prev and abs(prev.base_end - line.base) < raised * max(prev.size, line.size)
                and line.x0 >= prev.x1 - 1):
            gap = " " if line.x0 - prev.x1 > 0.15 * prev.size else ""
            long = prev if len(prev.text) >= len(line.text) else line
            out[-1] = Line(prev.text + gap + line.text, prev.x0, line.x1, prev.base, line.base_end,
                           long.size, prev.bold and line.bold, prev.mono and line.mono)
        else:
            out.append(line)
    return out


def _kind(line: Line, style: Style, left: float, prev: _Block | None) -> str:
    """heading, code or prose. A monospaced line is code unless it goes on with a sentence
    (a long URL, say); without monospaced fonts, indented lines that read as code are."""
    text = line.text.strip()
    if _is_heading(line, text, style):
        return "heading"
    indented = line.x0 > left + 0.9 * line.size
    if line.mono:
        going_on = (prev and prev.kind == "prose"
                    and not _SENTENCE_END.search(prev.lines[-1].text.rstrip()))
        return "prose" if going_on and not indented and not _looks_likecode_text(text) else "code"
    return "code" if not style.has_mono and indented and _looks_likecode_text(text) else "prose"


def _is_heading(line: Line, text: str, style: Style) -> bool:
    """Short lines noticeably bigger, or bolder, than body text. Never code: a `# comment`
    is not a title."""
    if (line.mono or len(text) > 100 or len(text.split()) > 14 or text[0] in "#/>$%*•-"
            or text.endswith((",", ";", "-", HYPHEN)) or not re.search(r"[^\W\d_]", text)):
        return False
    if line.size >= style.body * 1.15:
        return True
    return (line.bold and not style.body_bold and line.size >= style.body * 0.95
            and len(text.split()) <= 10)


def _looks_likecode_text(text: str) -> bool:
    """Assignment, calls, braces or prompts, and no sentence punctuation."""
    if not _CODE.search(text):
        return False
    return not (re.search(r"[a-z]{2,}[.!?]\s+[A-Z]", text) or re.search(r"[a-z]{2}\.$", text))


def _body_left(page: Page, style: Style) -> float:
    """Where ordinary lines start on this page (odd and even pages may differ)."""
    xs = Counter(round(x.x0) for x in page.lines if abs(x.size - style.body) < 0.5 and not x.mono)
    if not xs:
        return min((x.x0 for x in page.lines), default=0.0)
    return float(min(x for x, k in xs.items() if k >= 0.5 * xs.most_common(1)[0][1]))


def _breaks(prev: Line, line: Line, kind: str, short: float, style: Style) -> bool:
    """Does `line` start a new paragraph (or code block, or heading) after `prev`?"""
    pitch = style.pitch if abs(line.size - style.body) < 0.5 else 1.2 * line.size
    drop = prev.base_end - line.base
    if kind == "code":
        return drop > 2.6 * pitch or drop < -0.5 * pitch
    if kind == "heading":
        return abs(line.size - prev.size) > 0.1 * prev.size or not 0 < drop < 2 * line.size
    if abs(line.size - prev.size) > 0.1 * prev.size or drop > 1.12 * pitch + 0.3 or drop < 0:
        return True
    ended = bool(_SENTENCE_END.search(prev.text.rstrip()))
    return ended and (line.x0 > prev.x0 + 0.8 * line.size or prev.x1 < short)


def _placed(marks: list[Mark], pages: list[Page], style: Style) -> list[Mark]:
    """A bookmark that names only its page (a "Fit" link: top None) starts at the heading on
    that page that carries its title, when there is one; else two sections starting on one
    page would both start at its top, and the page would all go under the later one."""
    wanted = {mark.page for mark in marks if mark.top is None}  # most outlines name a place
    headings = {page.number: [line for line in page.lines
                              if line.text.strip() and _is_heading(line, line.text.strip(), style)]
                for page in pages if page.number in wanted}
    placed = []
    for mark in marks:
        line = None if mark.top is not None else next(
            (h for h in headings.get(mark.page, ()) if _same_title(h.text, mark.title)), None)
        placed.append(mark if line is None else replace(mark, top=line.base + 0.5))
    return placed


def _starts_before(mark: Mark, page: int, line: Line) -> bool:
    return mark.page < page or (mark.page == page and (mark.top is None
                                                       or line.base < mark.top))


def _same_title(heading: str, title: str) -> bool:
    """'1.1.1 Encodings' is the outline's 'Encodings'; 'Appendix A A sample session' its
    'A sample session'."""
    a, b = (" ".join(_NUMBERING.sub("", t.strip()).casefold().split()) for t in (heading, title))
    return bool(a and b) and (a.endswith(b) or b.endswith(a))


def font_title(pages: list[Page], style: Style) -> str | None:
    """The first run of the biggest lines on page 1, if clearly bigger than body text."""
    lines = pages[0].lines if pages and pages[0].number == 1 else []
    big = max((x.size for x in lines), default=0.0)
    if big < 1.2 * style.body:
        return None
    first = next(i for i, x in enumerate(lines) if x.size == big)
    run = [x.text.strip() for x in itertools.takewhile(lambda x: x.size == big, lines[first:])]
    return unhyphen(" ".join(run), None)[:200] or None
