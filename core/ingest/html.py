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
from core.ingest.document import Extracted, LoadError
from core.ingest.html_writer import Writer, clean
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
NO_TEXT = "the page has no text"  # an index or navigation page: skipped, not failed (pipeline)
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
    title = clean(doc.findtext(".//title") or "") or None
    root = _main_root(doc)
    _prune(root)
    if not "".join(root.xpath(".//text()[not(ancestor::a)]")).strip():
        raise LoadError(NO_TEXT)  # links only (Node's index.html: its last link was kept)
    inline.exponents(root)
    inline.drop_permalinks(root)
    writer = Writer()
    writer.walk(root)
    spans = writer.finish()
    if not spans:
        raise LoadError(NO_TEXT)
    if title is None:
        title = next((clean(h.text_content()) for h in doc.iter("h1")), None) or None
    return Extracted(spans=spans, title=title)


def _main_root(doc: HtmlElement) -> HtmlElement:
    """<main> / role=main / a single <article> when the page names its content; else <body>."""
    for el in doc.xpath("//main | //*[@role='main']"):
        if len(clean(el.text_content())) > 40:
            return el
    articles = doc.xpath("//article[not(ancestor::article)]")
    if len(articles) == 1 and len(clean(articles[0].text_content())) > 40:
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
