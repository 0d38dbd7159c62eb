"""The lines of one PDF paragraph as its text: prose joined into one line with the typesetter's
hyphens undone (and real ones kept), URLs broken across lines rejoined, code kept line by line
with its indentation. Layout (which lines make a paragraph) is pdf_layout.py's.
"""
from __future__ import annotations

import re

from core.ingest.pdf_lines import Line, Style

HYPHEN = "\ufffe"  # PDFium's mark for a hyphen at a line end it has already joined up
URL_CUT = re.compile(r"(?:https?:/|ftp:/|www\.)\S*[/.\-_=?&#]$")


def code_text(lines: list[Line]) -> str:
    """Lines kept as they are, indented as they were drawn (in characters of the block's own
    width: the narrowest line-width per character, as runs of spaces may come out as one)."""
    left = min(x.x0 for x in lines)
    widths = [(x.x1 - x.x0) / (len(t) - 0.5) for x in lines if len(t := x.text.strip()) >= 6]
    width = max(min(widths, default=0.55 * lines[0].size), 0.4 * lines[0].size)
    return "\n".join(" " * round((x.x0 - left) / width) + unhyphen(x.text.strip(), None)
                     for x in lines)


def prose_text(lines: list[Line], style: Style) -> str:
    """Lines of one paragraph as one line: hyphenated words rejoined, else one space."""
    out = ""
    for line in lines:
        text = line.text.strip()
        m = out.endswith(("-", HYPHEN)) and re.search(r"(-?)([^\W\d_]+)[-\ufffe]$", out[-80:])
        if m and text[:1].isalpha():
            keep = m.group(1) or keep_hyphen(m.group(2), text, style)
            out = out[:-1] + ("-" if keep else "") + text
        elif out.endswith(("-", HYPHEN)) and text[:1].isalnum() and out[-2:-1].isalnum():
            out = out[:-1] + "-" + text
        elif URL_CUT.search(out[-100:]) and (out.endswith("/") or text[:1].islower()):
            out += text  # a URL broken across lines
        else:
            out = f"{out} {text}" if out else text
    return " ".join(unhyphen(out, style).split())


def unhyphen(text: str, style: Style | None) -> str:
    """PDFium's joined-up line-end hyphens: dropped inside a word, kept where evidence says."""
    if HYPHEN not in text:
        return text
    def join(m: re.Match[str]) -> str:
        keep = style is None or m.group(1) or keep_hyphen(m.group(2), m.group(3), style)
        return m.group(1) + m.group(2) + ("-" if keep else "") + m.group(3)
    return re.sub(rf"(-?)([^\W\d_]*){HYPHEN}\s*(\w*)", join, text)


def keep_hyphen(left: str, right: str, style: Style) -> bool:
    """A real hyphen (Springer-Verlag, DBMS-specific) rather than a word broken by the
    typesetter: the right part is capitalised, the left an acronym, or the document writes
    the compound with a hyphen and never as one word. (A chain like cut-and-paste is kept by
    the callers.)"""
    word = re.match(r"\w*", right)
    right = word.group() if word else ""
    if not left or not right or right[0].isupper() or not right[0].isalpha():
        return True
    if len(left) > 1 and left.isupper():
        return True
    whole = (left + right).lower()
    return whole not in style.words and f"{left}-{right}".lower() in style.compounds
