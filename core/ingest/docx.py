"""Word .docx handouts: body paragraphs and tables in reading order, split at headings.

Word has no fixed pages (they depend on the printer and fonts), so every span has page None
and citations name the heading instead. Headers, footers and comments are left out: they repeat
on every page and are not the handout's content.
"""
from __future__ import annotations

import re
from typing import TYPE_CHECKING

from core.ingest.document import Extracted, LoadError, Span
from core.ingest.limits import DEFAULT_LIMITS, IngestLimits
from core.ingest.office import open_office

if TYPE_CHECKING:
    from docx.document import Document
    from docx.oxml.table import CT_Tc
    from docx.table import Table, _Cell
    from docx.text.paragraph import Paragraph

_HEADING = re.compile(r"^(heading [1-6]|title)$", re.IGNORECASE)
_CODE_STYLE = re.compile(r"code|preformatted|plain text|macro|source|listing", re.IGNORECASE)
_LIST_STYLE = re.compile(r"^list", re.IGNORECASE)


def read_docx(data: bytes, limits: IngestLimits = DEFAULT_LIMITS) -> Extracted:
    """Paragraphs, list items and table rows under the nearest Heading 1–6 (or Title)."""
    doc = _open(data, limits)
    try:
        return _extract(doc)
    except (LoadError, MemoryError):
        raise
    except Exception:  # a part that opened but holds the wrong XML: one line, no traceback
        raise LoadError("not a valid Word .docx file (damaged content)") from None


def _extract(doc: Document) -> Extracted:
    """Walk the body once; list items and code-styled paragraphs that follow each other are
    grouped into one block so they stay together in a chunk."""
    from docx.table import Table

    sections: list[tuple[str, list[str]]] = [("", [])]
    first_heading: str | None = None
    group: list[str] = []  # consecutive list items or code lines, joined by "\n"
    group_kind = ""

    def close_group() -> None:
        nonlocal group_kind
        if group:
            sections[-1][1].append("\n".join(group))
            group.clear()
        group_kind = ""

    for block in doc.iter_inner_content():
        if isinstance(block, Table):
            close_group()
            rows = _table_lines(block)
            if rows:
                sections[-1][1].append("\n".join(rows))
            continue
        text = block.text.replace("\t", " ").strip()
        style = _style_names(block)
        if any(_HEADING.match(name) for name in style):
            close_group()
            heading = " ".join(text.split())
            if heading:
                first_heading = first_heading or heading
                sections.append((heading[:120], []))
            continue
        if not text:
            continue
        kind = "code" if any(_CODE_STYLE.search(n) for n in style) else (
            "list" if _is_list(block, style) else "")
        if kind != group_kind:
            close_group()
        if kind == "code":
            group.extend(line.rstrip() for line in block.text.split("\n") if line.strip())
        elif kind == "list":
            group.append("  " * _level(block) + "- " + " ".join(text.split()))
        else:
            sections[-1][1].append("\n".join(" ".join(x.split()) for x in text.split("\n")))
        group_kind = kind
    close_group()
    spans = [Span("\n\n".join(paras), section=name) for name, paras in sections if paras]
    if not spans:
        raise LoadError("the document has no text")
    title = " ".join((doc.core_properties.title or "").split()) or first_heading
    return Extracted(spans=spans, title=title)


def _open(data: bytes, limits: IngestLimits) -> Document:
    import docx

    return open_office(data, "Word .docx", ".docx", docx.Document, limits)


def _style_names(paragraph: Paragraph) -> list[str]:
    """The paragraph's style and the styles it is based on (a custom style based on Heading 2
    is a heading too)."""
    names: list[str] = []
    try:
        style = paragraph.style
    except Exception:  # a dangling style id in a hand-edited file
        return names
    while style is not None and len(names) < 6:
        names.append(style.name or "")
        style = style.base_style
    return names


def _is_list(paragraph: Paragraph, styles: list[str]) -> bool:
    ppr = paragraph._p.pPr
    return (ppr is not None and ppr.numPr is not None) or any(_LIST_STYLE.match(n) for n in styles)


def _level(paragraph: Paragraph) -> int:
    ppr = paragraph._p.pPr
    # python-docx declares numPr / ilvl as its ZeroOrOne descriptors, not as the child elements
    if ppr is None or ppr.numPr is None or ppr.numPr.ilvl is None:  # type: ignore[attr-defined]
        return 0
    return min(int(ppr.numPr.ilvl.val or 0), 8)  # type: ignore[attr-defined]


def _table_lines(table: Table) -> list[str]:
    """One line per row, cells joined by " · "; merged cells once; nested tables inline."""
    lines: list[str] = []
    for row in table.rows:
        cells: list[str] = []
        seen: list[CT_Tc] = []  # a merged cell comes back once per grid column it spans
        for cell in row.cells:
            if any(cell._tc is tc for tc in seen):
                continue
            seen.append(cell._tc)
            cells.append(_cell_text(cell))
        while cells and not cells[-1]:
            cells.pop()
        if any(cells):
            lines.append(" · ".join(c or "–" for c in cells))
    return lines


def _cell_text(cell: _Cell) -> str:
    parts = []
    from docx.table import Table

    for block in cell.iter_inner_content():
        if isinstance(block, Table):
            parts.append(" / ".join(_table_lines(block)))
        else:
            parts.append(" ".join(block.text.split()))
    return " ".join(p for p in parts if p)
