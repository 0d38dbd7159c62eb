"""Output safety, property-based: whatever the model or a source writes, what we send is inert.

Generated replies mix hostile fragments (mass mentions, markup, links, entities, RTL, zero-width
characters) with random text, at lengths that force splitting. Properties (reliability.md A4/B4):
Discord parts never ping and every send path disables mentions; Telegram parts always parse as
strict Telegram HTML; links come only from citations; no part exceeds its platform limit.
"""
from __future__ import annotations

import re

import discord
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from adapters.discord import render as discord_render
from adapters.discord.replier import NO_MENTIONS, InteractionReplier, MessageReplier
from adapters.telegram import render as telegram_render
from core.messages import Citation, Confidence, Intent, Reply
from tests.support.telegram_html import parse_telegram_html

EXAMPLES = {"discord": 4_000, "telegram": 4_000, "links": 2_000}
SETTINGS = dict(deadline=None, suppress_health_check=list(HealthCheck))
GENERATED: dict[str, int] = {}

HOSTILE = [
    "@everyone", "@here", "@EveryOne", "@@here", "<@123456789012345678>", "<@!42>", "<@&987>",
    "<#555>", "@\u200beveryone", "<b>", "</b>", "<a href='javascript:alert(1)'>x</a>", "</a>",
    "<tg-spoiler>", "<pre>", "&", "&amp;", "&lt;", "&#x27;", "&bogus;", "<!-- c -->", "<![CDATA[",
    "https://evil.example/leak?secret=abc", "http://x.test/a_(b)", "[click](https://evil.example)",
    "javascript:alert(1)", "**bold**", "`code`", "```", "> quote", "|| spoiler ||", "\n\n",
    "\n", "مرحبا بالعالم", "\u202eevil\u202c", "\u200b\u200d\ufeff", "🙂👍🏽", "\\", '"', "'",
    "e\u0301", "x" * 300, "word " * 40,
]
fragment = st.one_of(st.sampled_from(HOSTILE), st.text(max_size=40))
answer_text = st.builds(lambda parts, times: "".join(parts) * times,
                        st.lists(fragment, max_size=25), st.sampled_from([1, 1, 1, 2, 5, 40]))
location = st.one_of(
    st.sampled_from(["https://en.wikipedia.org/wiki/Merge_sort", "https://arxiv.org/abs/1234.5678",
                     "http://example.com/a?b=1&c=<2>", 'https://x.test/"onmouseover="x',
                     "javascript:alert(1)", "data:text/html,<b>", "course/02-sorting.md",
                     "notes`with`ticks.md", "https://x.test/@everyone", "<@123>", "ftp://x.test/f",
                     "https://x.test/" + "a" * 3000, "https://x.test/a b"]),
    st.text(max_size=60), st.builds(lambda s: "https://example.org/" + s, st.text(max_size=60)))
citation = st.builds(
    Citation, n=st.integers(1, 99), title=st.one_of(fragment, st.text(max_size=200)),
    url_or_path=location, source_type=st.sampled_from(["course", "wikipedia", "arxiv", "web", ""]),
    chunk_id=st.just("c" * 64))
reply = st.builds(
    Reply, text=answer_text, intent=st.sampled_from(list(Intent)),
    citations=st.lists(citation, max_size=12).map(tuple),
    confidence=st.sampled_from(list(Confidence)), language=st.sampled_from(["en", "ar"]))

_LIVE_MENTION = re.compile(r"@(everyone|here)|<@[!&]?\d+>|<#\d+>", re.IGNORECASE)


def _count(name: str) -> None:
    GENERATED[name] = GENERATED.get(name, 0) + 1


@settings(max_examples=EXAMPLES["discord"], **SETTINGS)
@given(reply)
def test_discord_parts_never_ping_and_fit(r: Reply) -> None:
    _count("discord")
    parts = discord_render.render_reply(r)
    assert parts
    for part in parts:
        assert 0 < len(part) <= discord_render.MAX_CHARS
        assert not _LIVE_MENTION.search(part), part
        # A bare link would unfurl (preview fetch = exfiltration channel): all are wrapped <...>.
        # Code spans are not linkified either.
        unwrapped = re.sub(r"`[^`]*`", "", re.sub(r"<https?://[^<>\s]*>", "", part, flags=re.IGNORECASE))
        for url in re.findall(r"https?://\S*", unwrapped, re.IGNORECASE):
            raise AssertionError(f"unwrapped link {url!r} in {part!r}")


@settings(max_examples=EXAMPLES["telegram"], **SETTINGS)
@given(reply)
def test_telegram_parts_always_parse_and_fit(r: Reply) -> None:
    _count("telegram")
    parts = telegram_render.render_reply(r)
    assert parts
    for part in parts:
        parsed = parse_telegram_html(part)  # raises on anything Telegram could reject
        assert len(part) <= telegram_render.MAX_CHARS  # raw length
        assert 0 < len(parsed.visible) <= telegram_render.MAX_CHARS  # after entity parsing


@settings(max_examples=EXAMPLES["links"], **SETTINGS)
@given(reply, st.sampled_from(["https://evil.example/leak?k=SECRET", "http://a.test/x"]))
def test_links_come_only_from_citations(r: Reply, planted: str) -> None:
    _count("links")
    r = Reply(text=f"{r.text} see {planted} and <a href=\"{planted}\">here</a>", intent=r.intent,
              citations=r.citations, confidence=r.confidence, language=r.language)
    cited = {c.url_or_path.strip() for c in r.citations}
    hrefs = [h for p in telegram_render.render_reply(r) for h in parse_telegram_html(p).hrefs]
    assert set(hrefs) <= cited
    assert len(hrefs) <= len(r.citations)
    if planted not in cited:
        assert planted not in hrefs
    # Discord: no masked markdown link [text](url) is ever produced from the answer text.
    assert not any(re.search(r"\]\(https?://", p.replace("\\]", "").replace("\\(", ""))
                   for p in discord_render.render_reply(r))


def test_generated_examples_total() -> None:
    """Runs last in this module: the figure for the README (>= 10,000 replies+citations)."""
    total = sum(GENERATED.values())
    print(f"\noutput safety: {GENERATED} generated replies, {total} in total")
    assert total >= 10_000 or not GENERATED  # a -k selection may run this test alone


# --- every Discord send path passes AllowedMentions.none() ---


class _Recorder:
    """Stands in for the discord.py objects a replier calls, recording the keyword arguments."""

    def __init__(self) -> None:
        self.calls: list[dict[str, object]] = []
        self.channel = self
        self.followup = self

    async def reply(self, content: str, **kwargs: object) -> None:
        self.calls.append(kwargs)

    async def send(self, content: str, **kwargs: object) -> None:
        self.calls.append(kwargs)


async def test_every_discord_send_path_disables_mentions() -> None:
    assert NO_MENTIONS.to_dict() == {"parse": []}
    big = Reply(text="@everyone " * 600, intent=Intent.SIMPLE)
    for make in (MessageReplier, InteractionReplier):
        target = _Recorder()
        await make(target).send(big)  # type: ignore[arg-type]
        assert len(target.calls) > 1
        assert all(c["allowed_mentions"] is NO_MENTIONS for c in target.calls)
    client = discord.Client(intents=discord.Intents.none(), allowed_mentions=NO_MENTIONS)
    assert client.allowed_mentions is not None
    assert client.allowed_mentions.to_dict() == {"parse": []}
