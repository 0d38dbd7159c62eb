"""Markup an HTML page is read through as a browser shows it: an exponent, a heading's
permalink, a code block's lines."""
from __future__ import annotations

import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from lxml.html import HtmlElement

_EXPONENT = re.compile(r"[-+\u2212]?\d{1,4}")
_SUPERSCRIPT = str.maketrans("0123456789+-\u2212", "⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻⁻")
# what documentation generators put in a permalink to its own heading (Node's "#", Sphinx's ¶)
_PERMALINK_MARKS = {"#", "¶", "§", "🔗"}


def exponents(root: HtmlElement) -> None:
    """2<sup>24</sup> is 2²⁴, not 224: a number in <sup> stays a superscript (a footnote mark
    too: "text¹"), whatever reads the tree later (paragraphs, lists, tables)."""
    for sup in root.iter("sup"):
        if len(sup) == 0 and sup.text and _EXPONENT.fullmatch(sup.text.strip()):
            sup.text = sup.text.strip().translate(_SUPERSCRIPT)


def drop_permalinks(root: HtmlElement) -> None:
    """A link to the page itself that is only a mark ("Path#", "path.join([...paths])#" in
    Node's docs) is no part of the section's name or text."""
    for link in list(root.iter("a")):
        if (link.get("href") or "").startswith("#") and \
                (link.text_content() or "").strip() in _PERMALINK_MARKS:
            link.drop_tree()  # keeps the tail text


def code_text(el: HtmlElement) -> str:
    """A <pre> block's own lines; blank lines dropped so it stays one paragraph. A block of code
    in a <code> of its own (Node's docs give each example as ES module then CommonJS) starts a
    line: "// Throws and crashes Node.js" is not followed by "const EventEmitter" on its line."""
    for br in el.iter("br"):
        br.tail = "\n" + (br.tail or "")
    for child in el:
        if (isinstance(child.tag, str) and child.tag.lower() == "code"
                and "\n" in (child.text_content() or "").strip()):
            before = child.getprevious()
            text = el.text if before is None else (before.tail or before.text_content())
            if text and not text.endswith("\n"):
                child.text = "\n" + (child.text or "")
    text = el.text_content().expandtabs(4)
    return "\n".join(line.rstrip() for line in text.split("\n") if line.strip())
