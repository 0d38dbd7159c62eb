"""How a Vim help file is read (Vim's own manuals, a plugin's doc/*.txt): its markup is for
Vim's help viewer, which hides it, and a student reading a quoted sentence should not see it.

A line ending in " >" (or a lone ">") opens an indented example that a line starting with "<"
or an unindented line closes; " ~" ends a highlighted line; "*tag*" marks a jump target and
"|tag|" a link to one; a rule of "=" opens a section whose first line is "*05.1*  Title  *tag*".
Read as plain text, answers showed "...edit it this way: >" and "~/.vimrc ~", the example
ran into the sentence after it, and the file had no sections for citations to name.

The header is the file's title, not its text: a manual names itself on a centred line under
its banner ("VIM USER MANUAL - by Bram Moolenaar" / "Set your settings"), a plugin's doc after
its tag ("*fugitive.txt*  A Git wrapper so awesome..."). Read as text, citations said
"En vim usr 05", and the centred lines were one-line "examples"; the version line ("For Vim
version 9.0.  Last change: ...") stays, as the text's first line.
"""
from __future__ import annotations

import re

from core.ingest.document import Span
from core.ingest.text_layout import paragraphs

_MODELINE = re.compile(r"\s*\bvim?:[\w:=]*\bft=help\b[\w:=]*:?\s*$")
_OPENING = re.compile(r"^\*[\w.-]+\.txt\*\s")  # "*usr_05.txt*	For Vim version 9.0."
_RULE = re.compile(r"^={20,}$")
_SECTION = re.compile(r"^\*([\w.-]+)\*\s+(.+?)(?:\s+\*[^\s*]+\*)*\s*$")  # "*05.1*	The vimrc file"
_TAG = re.compile(r"(?<![\w*])\*[^\s*|]+\*(?![\w*])")
_LINK = re.compile(r"(?<![\w|])\|([^\s|]+)\|(?![\w|])")
_EXAMPLE_MARK = re.compile(r"(?:^|\s)>$")
_VERSION = re.compile(r"^For Vim version\b", re.IGNORECASE)
_BANNER = re.compile(r"^VIM\b.*\bMANUAL\b")  # "VIM USER MANUAL - by ...", "VIM REFERENCE MANUAL"
TITLE_CHARS = 80  # a longer header line is prose, not a name


def is_vim_help(lines: list[str]) -> bool:
    """Opens like a help file ("*name.txt*") or ends with a help modeline ("ft=help")."""
    tail = [line for line in lines[-5:] if line.strip()]
    return bool(lines and _OPENING.match(lines[0])) or any(_MODELINE.search(t) for t in tail)


def _header(lines: list[str]) -> tuple[str | None, list[str]]:
    """(the file's title, the lines its text is read from): the opening line and the centred
    lines under it are the header; the title is the last centred line that is no banner, else
    the words after the opening tag unless they give Vim's version, which stays as the text's
    first line ("For Vim version 9.0.  Last change: 2019 May 23": a student may ask)."""
    opening = _OPENING.match(lines[0]) if lines else None
    if opening is None:  # a file known by its modeline only
        return None, lines
    tagline = _prose(lines[0][opening.end():]).strip()
    centred: list[str] = []
    end = 1
    while end < len(lines) and (not lines[end].strip() or lines[end][0].isspace()):
        if lines[end].strip():
            centred.append(" ".join(_prose(lines[end]).split()))
        end += 1
    if end == len(lines):  # no text at the margin: the indented lines are the file's text
        centred, end = [], 1
    names = [c for c in centred if _named(c) and not _BANNER.match(c)]
    version = _VERSION.match(tagline) is not None
    title = names[-1] if names else (tagline if _named(tagline) and not version else None)
    return title, ([tagline, ""] if version else []) + lines[end:]


def _named(line: str) -> bool:
    """Reads as a name: short, and mostly letters (no ASCII-art logo, no rule)."""
    chars = line.replace(" ", "")
    return (0 < len(line) <= TITLE_CHARS
            and sum(c.isalpha() for c in chars) >= 0.7 * len(chars))


def vim_help_spans(lines: list[str]) -> tuple[list[Span], str | None]:
    """(spans, the file's title), as text_layout's text_spans: one span per section, titled by
    its number and name; each example its own paragraph with its line breaks, prose paragraphs
    joined as text_layout joins a wrapped note's."""
    title, lines = _header(lines)
    spans: list[Span] = []
    section = ""
    parts: list[str] = []  # the section's paragraphs
    prose: list[str] = []  # lines of the paragraph being read
    example: list[str] = []  # lines of the example being read; [""] right after its mark

    def flush() -> None:
        parts.extend(paragraphs(prose))
        if any(line.strip() for line in example):
            parts.append("\n".join(example).strip("\n"))
        prose.clear()
        example.clear()

    def close() -> None:
        flush()
        if parts:
            spans.append(Span("\n\n".join(parts), section=section))
        parts.clear()

    i = 0
    while i < len(lines):
        line = lines[i]
        i += 1
        if example:
            if not line.strip() or line[0].isspace():
                example.append(line)  # code: "|" and "*" are operators there
                continue
            flush()
            if line.startswith("<"):
                line = " " + line[1:]  # the rest of the line, indented as it was
        if _RULE.match(line.strip()):
            heading = _SECTION.match(lines[i]) if i < len(lines) else None
            if heading:
                close()
                section = " ".join(f"{heading.group(1)} {heading.group(2)}".split())
                i += 1
            continue
        opens = _EXAMPLE_MARK.search(line) is not None
        prose.append(_prose(_EXAMPLE_MARK.sub("", line) if opens else line))
        if opens:
            flush()  # the paragraph the mark ends
            example.append("")
    close()
    return spans, title


def _prose(line: str) -> str:
    """A line without the help viewer's marks: tags, link bars, the highlight "~"."""
    line = _MODELINE.sub("", line)
    line = _LINK.sub(r"\1", _TAG.sub("", line))
    if line.endswith(" ~"):
        line = line[:-2]
    return line.rstrip()
