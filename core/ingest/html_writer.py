"""An HTML page's content tree as text: sections of paragraphs, list lines, table rows and
code blocks, the way a reader sees them (core/ingest/html.py decides what is content)."""
from __future__ import annotations

import re
from typing import TYPE_CHECKING

from core.ingest import html_inline as inline
from core.ingest.document import Span

if TYPE_CHECKING:
    from lxml.html import HtmlElement

_BLOCKS = {"p", "div", "section", "article", "main", "body", "blockquote", "figure",
           "figcaption", "address", "center", "form", "fieldset", "legend", "details", "summary",
           "dl", "dt", "dd", "hr", "caption", "header", "footer", "aside", "tr", "td", "th",
           "tbody", "thead", "tfoot", "li", "ul", "ol", "table", "html"}
_SOURCE_SPACE = re.compile(r"[ \t\r\n\f]+")  # HTML's white space; a no-break space is text
_HEADINGS = {"h1": 1, "h2": 2, "h3": 3, "h4": 4, "h5": 5, "h6": 6}


def clean(text: str) -> str:
    return " ".join(text.split())


class Writer:
    """Walks the content tree into sections of paragraphs, list lines, table rows and code."""

    def __init__(self, headings: bool = True) -> None:
        self.headings = headings
        self.spans: list[Span] = []
        self.section = ""
        self.blocks: list[tuple[str, str]] = []  # (kind, text): kind is "p", "code" or "lines"
        self.buf: list[str] = []
        self.term: str | None = None  # a <dt> waiting for the first paragraph of its <dd>

    def finish(self) -> list[Span]:
        self.end()
        self._close()
        return self.spans

    def end(self) -> None:
        self.flush()
        self._emit_term()

    def _hold_term(self, el: HtmlElement) -> None:
        """A definition list's term ("--num-callers=<number> [default: 12]") opens the first
        paragraph of its description. On its own line it was glued to the end of the paragraph
        before it and cut from the one that explains it, so neither search nor an answer
        could put the option and its meaning together. Terms of one entry are joined."""
        text = clean("".join(self.buf)).replace(" ,", ",").rstrip(",")  # "[default: 0] , --unw-…"
        self.buf = []
        before = el.getprevious()
        if self.term is not None and before is not None and before.tag == "dt":
            self.term = f"{self.term}, {text}" if text else self.term
            return
        self._emit_term()
        self.term = text or None

    def _emit_term(self) -> None:
        """A term with no paragraph to open (its description is a list, code or nothing)."""
        if self.term:
            self.blocks.append(("p", self.term))
        self.term = None

    def _close(self) -> None:
        text = "\n\n".join(t for _, t in self.blocks)
        if text.strip():
            self.spans.append(Span(text, section=self.section))
        self.blocks = []

    def flush(self) -> None:
        lines = [clean(x) for x in "".join(self.buf).split("\n")]
        text = "\n".join(x for x in lines if x)
        if text:
            if self.term:
                text, self.term = f"{self.term} — {text}", None
            self.blocks.append(("p", text))
        self.buf = []

    def walk(self, el: HtmlElement) -> None:
        # a line break in the page's source is a space, as a browser shows it (texinfo pages
        # break every paragraph at 70 columns); only <br> breaks a line
        self.buf.append(_SOURCE_SPACE.sub(" ", el.text or ""))
        for child in el:
            if isinstance(child.tag, str):
                self._element(child, child.tag.lower())
            self.buf.append(_SOURCE_SPACE.sub(" ", child.tail or ""))

    def _element(self, el: HtmlElement, tag: str) -> None:
        if tag in _HEADINGS and self.headings:
            self.end()
            heading = clean(el.text_content())
            if heading:
                self._close()
                self.section = heading[:120]
        elif tag == "dt":
            self.flush()
            self.walk(el)
            self._hold_term(el)
        elif tag == "pre" or (tag == "code" and self._code_block(el)):
            self.end()
            code = inline.code_text(el)
            if code:
                self.blocks.append(("code", code))
        elif tag in ("ul", "ol"):
            self.end()
            self._lines(_list_lines(el))
        elif tag == "table" and not _is_layout(el):
            self.end()
            self._lines(_table_lines(el))
        elif tag == "br":
            self.buf.append("\n")
        elif tag in _BLOCKS or tag in _HEADINGS:
            self.flush()
            self.walk(el)
            self.flush()
        else:
            self.walk(el)

    def _code_block(self, el: HtmlElement) -> bool:
        """A <code> of several lines standing alone is a block; one inside running text is
        inline, its line breaks the source's: Ninja's "from the syntax <code>|| dep1 dep2</code>
        on the end of a build line" (broken between dep1 and dep2), made a block, opened a new
        user's answer with "on the end of a build line.", cut from the sentence it ends."""
        if "\n" not in (el.text_content() or "").strip():
            return False
        before = "".join(self.buf).strip()
        after = (el.tail or "").strip() or el.getnext() is not None
        return not (before and after)

    def _lines(self, lines: list[str]) -> None:
        if lines:
            self.blocks.append(("lines", "\n".join(lines)))


def _inner(el: HtmlElement) -> list[tuple[str, str]]:
    """An item's or cell's content as blocks, headings treated as plain text."""
    sub = Writer(headings=False)
    sub.walk(el)
    sub.end()
    return sub.blocks


def _list_lines(el: HtmlElement, depth: int = 0) -> list[str]:
    """Each <li> as "- text" (or "3. text"), nested lists and code indented under it."""
    lines: list[str] = []
    number = int(el.get("start", "1")) if (el.get("start") or "1").isdigit() else 1
    pad = "  " * depth
    for item in el:
        if not isinstance(item.tag, str):
            continue
        if item.tag.lower() in ("ul", "ol"):
            lines.extend(_list_lines(item, depth + 1))
            continue
        marker = f"{number}. " if el.tag.lower() == "ol" else "- "
        number += 1
        first = True
        for kind, text in _inner(item):
            if kind == "p" and first:
                lines.append(pad + marker + text.replace("\n", " "))
                first = False
            else:
                lines.extend(pad + "  " + line for line in text.split("\n"))
    return lines


def _is_layout(table: HtmlElement) -> bool:
    """A table used for page layout (nested tables, headings, one column) is walked as blocks."""
    if table.xpath(".//table | .//h1 | .//h2 | .//h3 | .//h4 | .//h5 | .//h6"):
        return True
    rows = _rows(table)
    return bool(rows) and all(len(r.xpath("./td | ./th")) <= 1 for r in rows)


def _rows(table: HtmlElement) -> list[HtmlElement]:
    return list(table.xpath("./tr | ./thead/tr | ./tbody/tr | ./tfoot/tr"))


def _table_lines(table: HtmlElement) -> list[str]:
    """Caption, then one line per row with the cells joined by " · "."""
    lines: list[str] = []
    caption = table.find("caption")
    if caption is not None and clean(caption.text_content()):
        lines.append(clean(caption.text_content()))
    for row in _rows(table):
        cells = [" ".join(t.replace("\n", " ") for _, t in _inner(c))
                 for c in row.xpath("./td | ./th")]
        while cells and not cells[-1]:
            cells.pop()
        while cells and not cells[0]:  # callout markers and row-label gaps carry no text
            cells.pop(0)
        if any(cells):
            lines.append(" · ".join(c or "–" for c in cells))
    return lines
