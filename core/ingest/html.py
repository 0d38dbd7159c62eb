"""HTML pages from an LMS or wiki export: the main content as sectioned text.

Why a heuristic on lxml and not trafilatura/readability: on the Debian handbook pages those
libraries dropped about 30% of the text, including DocBook "sidebar" boxes that hold answers,
and left "Prev/Next" bars in. Pages that course tools export mark their chrome (nav, header,
footer, role=navigation, class="breadcrumb"...), so dropping what is marked plus menu-like link
lists keeps every paragraph. lxml is already installed for python-docx and python-pptx.
"""
from __future__ import annotations

import re
from typing import TYPE_CHECKING

from core.ingest import html_inline as inline
from core.ingest.document import Extracted, LoadError, Span
from core.ingest.plaintext import decode_text, looks_like

if TYPE_CHECKING:
    from lxml.html import HtmlElement

    Sizes = dict[HtmlElement, tuple[int, int, int]]  # characters, link characters, links

_DROP = {"script", "style", "noscript", "template", "svg", "iframe", "object", "embed", "canvas",
         "nav", "button", "input", "select", "option", "textarea", "dialog", "map", "audio",
         "video", "head", "link", "meta"}
_CHROME_ROLES = {"navigation", "banner", "contentinfo", "search", "menu", "menubar", "toolbar",
                 "dialog", "alert"}
_CHROME_WORDS = {"nav", "navbar", "navigation", "navbox", "breadcrumb", "breadcrumbs", "menu",
                 "menubar", "masthead", "banner", "skip", "skiplink", "skiplinks", "cookie",
                 "cookies", "pagination", "pager", "share", "sharing", "social", "toolbar",
                 "toc", "printfooter", "footer", "catlinks", "editsection", "jump"}
_WEAK_WORDS = {"sidebar", "aside", "widget", "related", "complementary", "header"}
_BLOCKS = {"p", "div", "section", "article", "main", "body", "blockquote", "figure",
           "figcaption", "address", "center", "form", "fieldset", "legend", "details", "summary",
           "dl", "dt", "dd", "hr", "caption", "header", "footer", "aside", "tr", "td", "th",
           "tbody", "thead", "tfoot", "li", "ul", "ol", "table", "html"}
NO_TEXT = "the page has no text"  # an index or navigation page: skipped, not failed (pipeline)
_SOURCE_SPACE = re.compile(r"[ \t\r\n\f]+")  # HTML's white space; a no-break space is text
_HEADINGS = {"h1": 1, "h2": 2, "h3": 3, "h4": 4, "h5": 5, "h6": 6}
_CHARSET = re.compile(rb"""<meta[^>]+charset\s*=\s*["']?\s*([-\w:.]+)|"""
                      rb"""<\?xml[^>]+encoding\s*=\s*["']([-\w:.]+)""", re.IGNORECASE)


def read_html(data: bytes) -> Extracted:
    """The page's main text, one span per heading section; page is always None."""
    import lxml.etree
    import lxml.html

    kind = looks_like(data)
    if kind and kind not in ("an HTML page", "a text file"):
        raise LoadError(f"not an HTML page (it looks like {kind})")
    declared = _CHARSET.search(data[:4096])
    text = decode_text(data, (declared.group(1) or declared.group(2)).decode("ascii", "replace")
                       if declared else None)
    text = re.sub(r"^\s*<\?xml[^>]*\?>", "", text)  # lxml refuses str with an XML declaration
    if not text.strip():
        raise LoadError(NO_TEXT)
    try:
        doc = lxml.html.document_fromstring(text)
    except (lxml.etree.ParserError, ValueError):
        raise LoadError(NO_TEXT) from None
    title = _clean(doc.findtext(".//title") or "") or None
    root = _main_root(doc)
    _prune(root)
    if not "".join(root.xpath(".//text()[not(ancestor::a)]")).strip():
        raise LoadError(NO_TEXT)  # links only (Node's index.html: its last link was kept)
    inline.exponents(root)
    inline.drop_permalinks(root)
    writer = _Writer()
    writer.walk(root)
    spans = writer.finish()
    if not spans:
        raise LoadError(NO_TEXT)
    if title is None:
        title = next((_clean(h.text_content()) for h in doc.iter("h1")), None) or None
    return Extracted(spans=spans, title=title)


def _clean(text: str) -> str:
    return " ".join(text.split())


def _main_root(doc: HtmlElement) -> HtmlElement:
    """<main> / role=main / a single <article> when the page names its content; else <body>."""
    for el in doc.xpath("//main | //*[@role='main']"):
        if len(_clean(el.text_content())) > 40:
            return el
    articles = doc.xpath("//article[not(ancestor::article)]")
    if len(articles) == 1 and len(_clean(articles[0].text_content())) > 40:
        return articles[0]
    body = doc.find("body")
    return body if body is not None else doc


def _words(el: HtmlElement) -> set[str]:
    """class and id split into lower-case words ("docnav top" -> {"docnav", "top"})."""
    raw = f"{el.get('class', '')} {el.get('id', '')}".lower()
    return {w for w in re.split(r"[\s_\-]+", raw) if w}


def _is_chrome(el: HtmlElement, in_content: bool, sizes: Sizes) -> bool:
    """Navigation, banners, footers, hidden parts and menu-like link lists."""
    tag = el.tag.lower()
    if tag in _DROP or el.get("hidden") is not None or el.get("aria-hidden") == "true":
        return True
    if re.search(r"display\s*:\s*none|visibility\s*:\s*hidden", el.get("style", "")):
        return True
    words = _words(el)
    role = (el.get("role") or "").lower()
    if role in _CHROME_ROLES or words & _CHROME_WORDS:
        return True
    if any(w.endswith("nav") or (w.startswith("nav") and w != "navy") for w in words):
        return True  # docnav, sidenav, navbar, nav-links
    text, links, n_links = sizes.get(el, (0, 0, 0))
    density = links / text if text else 0.0
    if tag in ("header", "footer"):  # a site's banner, unless it holds the page's heading
        heading = next(el.iter("h1", "h2"), None) is not None
        return not heading and not (in_content and tag == "header")
    if tag == "aside" or role == "complementary" or words & _WEAK_WORDS:
        # DocBook "sidebar" boxes are prose; a site's sidebar is links or scraps
        return density > 0.5 or (not in_content and tag == "aside") or text < 15
    menu_like = tag in ("ul", "ol", "dl", "div", "p", "table", "section")
    return (menu_like and n_links >= 2 and density >= 0.8 and links / n_links < 40
            and text - links < 150)


def _prune(root: HtmlElement) -> None:
    """Drop chrome top-down, deciding on sizes measured once bottom-up."""
    sizes: Sizes = {}
    for el in reversed(list(root.iter())):  # every element after all of its descendants
        if not isinstance(el.tag, str):
            continue
        text, links, n_links = _chars(el.text), 0, 0
        for child in el:
            size = sizes.get(child, (0, 0, 0))
            text += size[0] + _chars(child.tail)
            links, n_links = links + size[1], n_links + size[2]
        if el.tag == "a" and text:
            links, n_links = text, 1
        sizes[el] = (text, links, n_links)
    start = root.tag in ("main", "article") or root.get("role") == "main"
    stack = [(root, start)]
    while stack:
        el, in_content = stack.pop()
        for child in list(el):
            if not isinstance(child.tag, str):
                continue
            inside = in_content or child.tag == "article"
            if _is_chrome(child, inside, sizes):
                child.drop_tree()  # keeps the tail text, which belongs to the parent
            else:
                stack.append((child, inside))


def _chars(text: str | None) -> int:
    """Characters that are not whitespace, the size measure for link density."""
    return len(text) - sum(1 for ch in text if ch.isspace()) if text else 0


class _Writer:
    """Walks the content tree into sections of paragraphs, list lines, table rows and code."""

    def __init__(self, headings: bool = True) -> None:
        self.headings = headings
        self.spans: list[Span] = []
        self.section = ""
        self.blocks: list[tuple[str, str]] = []  # (kind, text): kind is "p", "code" or "lines"
        self.buf: list[str] = []

    def finish(self) -> list[Span]:
        self.flush()
        self._close()
        return self.spans

    def _close(self) -> None:
        text = "\n\n".join(t for _, t in self.blocks)
        if text.strip():
            self.spans.append(Span(text, section=self.section))
        self.blocks = []

    def flush(self) -> None:
        lines = [_clean(x) for x in "".join(self.buf).split("\n")]
        text = "\n".join(x for x in lines if x)
        if text:
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
            self.flush()
            heading = _clean(el.text_content())
            if heading:
                self._close()
                self.section = heading[:120]
        elif tag == "pre" or (tag == "code" and "\n" in (el.text_content() or "").strip()):
            self.flush()
            code = inline.code_text(el)
            if code:
                self.blocks.append(("code", code))
        elif tag in ("ul", "ol"):
            self.flush()
            self._lines(_list_lines(el))
        elif tag == "table" and not _is_layout(el):
            self.flush()
            self._lines(_table_lines(el))
        elif tag == "br":
            self.buf.append("\n")
        elif tag in _BLOCKS or tag in _HEADINGS:
            self.flush()
            self.walk(el)
            self.flush()
        else:
            self.walk(el)

    def _lines(self, lines: list[str]) -> None:
        if lines:
            self.blocks.append(("lines", "\n".join(lines)))


def _inner(el: HtmlElement) -> list[tuple[str, str]]:
    """An item's or cell's content as blocks, headings treated as plain text."""
    sub = _Writer(headings=False)
    sub.walk(el)
    sub.flush()
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
    if caption is not None and _clean(caption.text_content()):
        lines.append(_clean(caption.text_content()))
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
