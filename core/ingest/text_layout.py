"""How a plain-text note's layout is read: underlined headings and hard-wrapped paragraphs.

Plain-text course files (READMEs, AsciiDoc and reStructuredText sources, notes typed in an
editor that wraps at 72 columns) mark a heading by underlining it ("OPTIONS" over "-------")
and break prose into lines of a fixed width. Kept as they were, every wrapped paragraph reads
as an example block (line breaks are what marks code) and is never quoted as an answer, and
the file has no sections for its citations to name.
"""
from __future__ import annotations

import re

from core.ingest.document import Span

_UNDERLINE = re.compile(r"^([=\-~^*+#\"'`])\1{2,}$")  # the adornments AsciiDoc and RST use
_TITLE_MAX = 120
_WRAPPED_MIN = 40  # every line of a wrapped paragraph but its last is at least this long
_KEEPS_BREAKS = re.compile(r"^(?:[-*+•]\s|\d{1,3}[.)]\s|>|\||[$#%] |\s)")  # lists, quotes, code
_MAN_SECTION = re.compile(r"[A-Z][A-Z ]{1,38}[A-Z]")  # "NAME", "SEE ALSO", "EXIT STATUS"
_MAN_HYPHEN = re.compile(r"(?<=[^\W\d_])\u2010 (?=[a-z])")  # "re‐ quirement" once joined


def text_spans(lines: list[str]) -> tuple[list[Span], str | None]:
    """One span per underlined section (the text before the first heading too), and the
    document title: the first heading, when it is underlined with "=" (a level-1 title) and no
    text stands before it."""
    spans: list[Span] = []
    title: str | None = None
    section = ""
    body: list[str] = []
    i = 0
    while i < len(lines):
        if _is_heading(lines, i):
            _close(spans, section, body)
            section, body = lines[i].strip(), []
            if title is None and not spans and lines[i + 1][0] == "=":
                title = section
            i += 2
            continue
        if _is_man_heading(lines, i):  # "DESCRIPTION" over its indented text: a man page
            _close(spans, section, body)
            section, body = lines[i].strip(), []
            i += 1
            continue
        body.append(lines[i])
        i += 1
    _close(spans, section, body)
    return spans, title


def _opens_block(lines: list[str], i: int) -> bool:
    """Line i has a line under it and starts the file or follows a blank line: where a heading
    can stand."""
    return i + 1 < len(lines) and (i == 0 or not lines[i - 1].strip())


def _is_heading(lines: list[str], i: int) -> bool:
    """A short unindented line over a line of one repeated mark as long as it, within two
    characters (AsciiDoc's rule), after a blank line or at the top: not a table's rule under
    its header row, nor a separator under a paragraph."""
    if not _opens_block(lines, i):
        return False
    text, under = lines[i], lines[i + 1]
    return (bool(text.strip()) and not text[0].isspace() and len(text) <= _TITLE_MAX
            and _UNDERLINE.match(under) is not None and abs(len(under) - len(text)) <= 2)


def _is_man_heading(lines: list[str], i: int) -> bool:
    """A man page's section as `man` prints it ("DESCRIPTION", "EXIT STATUS"): a short
    unindented line in capitals, after a blank line or at the top, over indented text."""
    if not _opens_block(lines, i):
        return False
    text, under = lines[i], lines[i + 1]
    return (_MAN_SECTION.fullmatch(text) is not None and bool(under.strip())
            and under[0].isspace())


def _close(spans: list[Span], section: str, body: list[str]) -> None:
    text = "\n\n".join(paragraphs(body))
    if text:
        spans.append(Span(text, section=section))


def paragraphs(lines: list[str]) -> list[str]:
    """Blank-line separated paragraphs; a hard-wrapped prose paragraph joined into one line,
    anything else (code, a console session, a list, a table, short lines) keeping its breaks;
    a term with its description indented under it ("--squash::", then the tab-indented
    sentences saying what it does) is one line of prose naming what it describes."""
    out: list[str] = []
    current: list[str] = []
    for line in [*lines, ""]:
        if line.strip() and line.strip() != "+":  # AsciiDoc's "+" joins a list's paragraphs
            current.append(line)
        elif current:
            terms = _terms(current)
            if terms:  # "-q, --quiet: Suppress unnecessary output messages on stderr."
                names = ", ".join(t.strip().rstrip(":") for t in current[:terms])
                out.append(f"{names}: {_joined(current[terms:])}")
            else:
                out.append(_joined(current) if _wrapped(current) else "\n".join(current))
            current = []
    return out


def _joined(lines: list[str]) -> str:
    """Wrapped lines as one; a word man(1) hyphenated at a line's end ("re‐" / "quirement",
    U+2010, which it uses for nothing else) is one word again."""
    return _MAN_HYPHEN.sub("", " ".join(line.strip() for line in lines))


def _terms(lines: list[str]) -> int:
    """How many unindented term lines stand over an indented description in sentences
    (AsciiDoc's and reStructuredText's definition lists, a man page's options: "-q::",
    "--quiet::", then what they do); 0 when the paragraph is no such entry."""
    terms = next((i for i, line in enumerate(lines) if line[0].isspace()), len(lines))
    description = lines[terms:]
    if not terms or not description or not all(line[0].isspace() for line in description):
        return 0
    prose = _joined(description)[-1:] in ".!?)" and (
        _wrapped(description) if len(description) > 1
        else len(description[0].strip()) >= _WRAPPED_MIN)
    return terms if prose and all(len(t) <= _TITLE_MAX for t in lines[:terms]) else 0


def _wrapped(lines: list[str]) -> bool:
    """Prose broken at a fixed width: two or more lines sharing one indent (a definition's
    description is indented under its term), none of them a list item, quote, table row, console
    command or deeper-indented line, every line but the last long."""
    if len(lines) < 2:
        return False
    indent = len(lines[0]) - len(lines[0].lstrip())
    if any(line[:indent].strip() for line in lines):
        return False
    body = [line[indent:] for line in lines]
    return (not any(_KEEPS_BREAKS.match(line) or _UNDERLINE.match(line) for line in body)
            and all(len(line) >= _WRAPPED_MIN for line in body[:-1]))
