"""Reply -> Telegram message texts in HTML parse mode, each at most 4096 characters.

Every dynamic piece goes through html.escape before our own tags wrap it, so model or source
text can never open a tag or break entity parsing ("Can't parse entities"). Pure functions:
no PTB objects, so the contract suite imports this without a bot.
"""
from __future__ import annotations

import html
import re
from urllib.parse import urlsplit

from adapters.layout import citation_parts, confidence_mark, pack, sources_heading, split_block
from core.messages import Citation, Reply

MAX_CHARS = 4096
MAX_LINK_CHARS = 2048
EMPTY_REPLY = "…"
_PARAGRAPH_BREAK = re.compile(r"\n\s*\n")
_CITED = re.compile(r"\[\d+\] \S")  # "[2] heaps.md, p. 2 › Heaps": a Sources passage heading


def escape(text: str) -> str:
    return html.escape(text, quote=True)


def is_web_link(location: str) -> bool:
    """Only http(s) URLs become links; anything else (course paths, javascript:, a broken
    address such as "//[" that urlsplit refuses) stays text."""
    try:
        parts = urlsplit(location)
    except ValueError:
        return False
    return parts.scheme in ("http", "https") and bool(parts.netloc) and not any(
        ch.isspace() for ch in location)


def render_citation(citation: Citation, language: str = "en") -> str:
    """One source line: "[n] Label · <a href=url>title</a>", or "[n] Label · title — path"."""
    head, title, location = citation_parts(citation, language)
    url = citation.url_or_path.strip()
    if is_web_link(url) and len(url) <= MAX_LINK_CHARS:
        return f'{escape(head)} · <a href="{escape(url)}">{escape(title)}</a>'
    return f"{escape(head)} · {escape(title)} — <code>{escape(location)}</code>"


def escaped_pieces(text: str, limit: int = MAX_CHARS) -> list[str]:
    """Escape plain text into pieces of at most `limit` characters without cutting an entity.

    Splitting happens on the plain text (paragraph, sentence, word boundaries) and each piece is
    escaped afterwards; a piece that grows past the limit when escaped is split again.
    """
    escaped = escape(text)
    if len(escaped) <= limit:
        return [escaped]
    pieces = split_block(text, limit)
    if len(pieces) == 1:
        pieces = split_block(text, max(1, len(text) // 2))
    out: list[str] = []
    for piece in pieces:
        out.extend(escaped_pieces(piece, limit))
    return out


def render_blocks(reply: Reply) -> list[str]:
    """The reply as escaped HTML blocks: answer paragraphs, sources list, confidence mark."""
    blocks: list[str] = []
    for paragraph in _PARAGRAPH_BREAK.split(reply.text.strip()):
        if paragraph.strip():
            blocks.extend(escaped_pieces(paragraph.strip()))
    if reply.citations:
        # One block so the list stays together when it fits; pack() splits it on line
        # boundaries otherwise, so a citation line (and its <a> tag) is never cut in two.
        lines = [f"<b>{escape(sources_heading(reply.language))}</b>"]
        lines += [render_citation(c, reply.language) for c in reply.citations]
        blocks.append("\n".join(lines))
    mark = confidence_mark(reply)
    if mark:
        blocks.append(f"<i>{escape(mark)}</i>")
    return blocks


def render_reply(reply: Reply) -> list[str]:
    """Telegram HTML texts for a reply, each at most MAX_CHARS characters, never empty."""
    return pack(render_blocks(reply), MAX_CHARS) or [EMPTY_REPLY]


def render_sources(reply: Reply) -> list[str]:
    """The Sources notice as Telegram HTML: each cited passage ("[n] where" then "> " lines)
    becomes a bold heading over a <blockquote>; anything else is escaped plain text."""
    blocks: list[str] = []
    for paragraph in _PARAGRAPH_BREAK.split(reply.text.strip()):
        if not paragraph.strip():
            continue
        passage = _passage_block(paragraph.strip())
        blocks.extend([passage] if passage else escaped_pieces(paragraph.strip()))
    return pack(blocks, MAX_CHARS) or [EMPTY_REPLY]


def _passage_block(paragraph: str) -> str | None:
    """One passage as HTML, or None when it is not one or would not fit in a message (pack
    never splits a block that fits, so the quote's tags always close in the same part)."""
    head, _, rest = paragraph.partition("\n")
    lines = rest.splitlines()
    if not _CITED.match(head) or not lines or not all(line.startswith(">") for line in lines):
        return None
    quoted = "\n".join(line[1:].strip() for line in lines)
    block = f"<b>{escape(head)}</b>\n<blockquote>{escape(quoted)}</blockquote>"
    return block if len(block) <= MAX_CHARS else None
