"""A strict checker for Telegram's HTML parse mode, stricter than Telegram itself.

Telegram rejects the whole message ("Can't parse entities") on an unknown tag, an unbalanced tag
or a bare `<`/`&`; it also counts the 4096-character limit on the visible text after parsing.
`parse_telegram_html` raises ValueError on anything we would not want to send.
"""
from __future__ import annotations

import html
import re
from dataclasses import dataclass, field
from html.parser import HTMLParser

ALLOWED_TAGS = frozenset({"b", "i", "u", "s", "a", "code", "pre", "blockquote", "tg-spoiler"})
# Telegram supports numeric entities and only these named ones.
_ENTITY = re.compile(r"&(?:lt|gt|amp|quot|#\d{1,7}|#x[0-9a-fA-F]{1,6});")


@dataclass
class ParsedHtml:
    visible: str = ""
    hrefs: list[str] = field(default_factory=list)
    tags: list[str] = field(default_factory=list)


class _StrictParser(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=False)
        self.out = ParsedHtml()
        self.stack: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag not in ALLOWED_TAGS:
            raise ValueError(f"tag <{tag}> is not allowed")
        if tag == "a":
            if len(attrs) != 1 or attrs[0][0] != "href" or not attrs[0][1]:
                raise ValueError(f"<a> must carry exactly one href: {attrs}")
            href = attrs[0][1]
            if not re.match(r"https?://[^\s]+$", href):
                raise ValueError(f"href is not http(s): {href!r}")
            self.out.hrefs.append(href)
        elif attrs:
            raise ValueError(f"<{tag}> must not carry attributes: {attrs}")
        self.stack.append(tag)
        self.out.tags.append(tag)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        raise ValueError(f"self-closing <{tag}/> is not Telegram HTML")

    def handle_endtag(self, tag: str) -> None:
        if not self.stack or self.stack[-1] != tag:
            raise ValueError(f"unbalanced </{tag}> (open: {self.stack})")
        self.stack.pop()

    def handle_data(self, data: str) -> None:
        if "<" in data or ">" in data:
            raise ValueError(f"unescaped angle bracket in text: {data[:40]!r}")
        self.out.visible += data

    def handle_entityref(self, name: str) -> None:
        self.out.visible += html.unescape(f"&{name};")

    def handle_charref(self, name: str) -> None:
        self.out.visible += html.unescape(f"&#{name};")

    def handle_comment(self, data: str) -> None:
        raise ValueError("comments are not Telegram HTML")

    def handle_decl(self, decl: str) -> None:
        raise ValueError("declarations are not Telegram HTML")

    def handle_pi(self, data: str) -> None:
        raise ValueError("processing instructions are not Telegram HTML")

    def unknown_decl(self, data: str) -> None:
        raise ValueError("CDATA is not Telegram HTML")


def parse_telegram_html(text: str) -> ParsedHtml:
    """Parse one message; ValueError unless it is balanced, allowed-tags-only, fully escaped."""
    for match in re.finditer(r"&", text):
        if not _ENTITY.match(text, match.start()):
            raise ValueError(f"bare & at {match.start()}: {text[match.start():match.start() + 12]!r}")
    parser = _StrictParser()
    parser.feed(text)
    parser.close()
    if parser.rawdata:
        raise ValueError(f"unparsed trailing markup: {parser.rawdata[:40]!r}")
    if parser.stack:
        raise ValueError(f"unclosed tags: {parser.stack}")
    return parser.out
