"""Reply -> Discord message texts: markdown, defused mentions, unfurl-proof links, 2000-char parts.

Pure functions, no discord.py objects, so the contract suite can import this without a client.
`AllowedMentions.none()` at send time is the first guard against mass pings; defusing mentions
here is the second, because allowed_mentions alone has been reported not to be enough
(Rapptz/discord.py#9781). Links are wrapped in <...> so Discord does not unfurl them, which
closes the link-preview exfiltration channel (OWASP LLM05).
"""
from __future__ import annotations

import re

from adapters.layout import citation_parts, confidence_mark, pack, sources_heading
from core.messages import Citation, Reply

MAX_CHARS = 2000
ZWSP = "\u200b"
EMPTY_REPLY = "…"

# @everyone / @here anywhere, and the @ of <@id>, <@!id>, <@&id>: a zero-width space after the @
# keeps the text readable and stops Discord from parsing it as a mention.
_AT_MENTION = re.compile(r"@(?=(?:everyone|here)|[!&]?\d+>)", re.IGNORECASE)
_CHANNEL_MENTION = re.compile(r"<#(?=\d+>)")
# Bare links that are not already inside <...> or a markdown link target.
_BARE_URL = re.compile(r"(?<!\]\()(<?)(https?://[^\s<>]+)(>?)", re.IGNORECASE)
_URL_TRAILING = ".,;:!?)]}'\""
# A link longer than this is shown defanged (not a link): a 2000-char message cut could
# otherwise split its <...> and leave an unfurlable half.
MAX_LINK_CHARS = 512
_WRAPPED = r"<https?://[^\s<>]*>"
_GLUED_BEFORE = re.compile(rf"(?<=[^\s(\[])({_WRAPPED})", re.IGNORECASE)
_GLUED_AFTER = re.compile(rf"({_WRAPPED})(?=[^\s.,;:!?)\]}}'\"*_~|])", re.IGNORECASE)
# [label](https://target): a masked link hides where it goes; answer text never gets one.
_MASKED_LINK = re.compile(r"\[([^\]\n]*)\]\(\s*<?(https?://[^\s()<>]*(?:\([^\s()<>]*\))?[^\s()<>]*)>?\s*\)",
                          re.IGNORECASE)
_SCHEME = re.compile(r"(https?):", re.IGNORECASE)
# A scheme still outside <...> after wrapping ("http://" with no body, a malformed masked target):
# defanged, so nothing bare is left for Discord's linkifier to guess at.
_STRAY_SCHEME = re.compile(r"(?<!<)(https?):(?=//)", re.IGNORECASE)
_LONG_WRAPPED = re.compile(rf"<(https?)(://[^\s<>]{{{MAX_LINK_CHARS},}})>", re.IGNORECASE)
_MARKDOWN_SPECIALS = re.compile(r"([\\*_~`|>\[\]()#-])")


def neutralise_mentions(text: str) -> str:
    """Defuse @everyone, @here, user/role/channel mentions with a zero-width space."""
    text = _AT_MENTION.sub("@" + ZWSP, text)
    return _CHANNEL_MENTION.sub("<#" + ZWSP, text)


def escape_markdown(text: str) -> str:
    """Backslash every character Discord markdown could treat as formatting."""
    return _MARKDOWN_SPECIALS.sub(r"\\\1", text)


def _wrap_url(match: re.Match[str]) -> str:
    opened, url, closed = match.groups()
    if opened and closed:  # already <wrapped>
        return match.group(0)
    url += closed  # a stray ">" or "<" is text, not part of the link
    stripped = url.rstrip(_URL_TRAILING)
    # Keep a closing bracket that belongs to the URL itself (e.g. Wikipedia "Foo_(bar)").
    while (stripped != url and url[len(stripped)] == ")"
           and stripped.count("(") > stripped.count(")")):
        stripped += ")"
    if len(stripped) > MAX_LINK_CHARS:
        return opened + _defang(url)
    return f"{opened}<{stripped}>{url[len(stripped):]}"


def _defang(url: str) -> str:
    return _SCHEME.sub(r"\1" + ZWSP + ":", url)


def suppress_unfurls(text: str) -> str:
    """Wrap bare http(s) links in <...> so Discord shows them without an embed.

    Masked links [label](url) are unmasked to "label (url)": the target is always visible.

    Each wrapped link becomes a word of its own (a space where it touched other text) so the
    word-boundary splitter never cuts one in two; over-long links are defanged instead.
    """
    text = _MASKED_LINK.sub(r"\1 (\2)", text)
    text = _BARE_URL.sub(_wrap_url, text)
    text = _LONG_WRAPPED.sub(lambda m: m.group(1) + ZWSP + ":" + m.group(2)[1:], text)
    text = _STRAY_SCHEME.sub(r"\1" + ZWSP + ":", text)
    text = _GLUED_BEFORE.sub(r" \1", text)
    return _GLUED_AFTER.sub(r"\1 ", text)


def _location(url_or_path: str) -> str:
    if url_or_path.lower().startswith(("http://", "https://")):
        quoted = url_or_path.replace("<", "%3C").replace(">", "%3E").replace(" ", "%20")
        return "<" + quoted + ">"
    return "`" + url_or_path.replace("`", "ˋ") + "`"


def render_citation(citation: Citation, language: str = "en") -> str:
    """One source line: "[n] Label · title — <url>" (or `course/path`)."""
    head, title, location = citation_parts(citation, language)
    # The title is text, not a link: a URL in it is defanged so only the location links.
    title = _SCHEME.sub(r"\1" + ZWSP + ":", title)
    line = f"{head} · {escape_markdown(title)} — {_location(location)}"
    return neutralise_mentions(line)


def render_blocks(reply: Reply) -> list[str]:
    """The reply as Discord-ready blocks: answer paragraphs, sources, confidence mark."""
    answer = neutralise_mentions(suppress_unfurls(reply.text.strip()))
    blocks = [p.strip() for p in re.split(r"\n\s*\n", answer) if p.strip()]
    if reply.citations:
        # One block so the list stays together when it fits; pack() splits it on line
        # boundaries otherwise, so a citation line is never cut in two.
        lines = [f"**{sources_heading(reply.language)}**"]
        lines += [render_citation(c, reply.language) for c in reply.citations]
        blocks.append("\n".join(lines))
    mark = confidence_mark(reply)
    if mark:
        blocks.append(neutralise_mentions(mark))
    return blocks


def render_reply(reply: Reply) -> list[str]:
    """Discord message texts for a reply, each at most MAX_CHARS characters, never empty."""
    return pack(render_blocks(reply), MAX_CHARS) or [EMPTY_REPLY]
