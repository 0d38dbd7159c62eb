"""Telegram HTML rendering: escaping, links, and parts that always parse."""
from __future__ import annotations

from html.parser import HTMLParser

from hypothesis import given, settings
from hypothesis import strategies as st

from adapters.telegram.buttons import answer_buttons, parse, reason_buttons
from adapters.telegram.render import (
    MAX_CHARS,
    escaped_pieces,
    render_citation,
    render_reply,
    render_sources,
)
from core.messages import Citation, Confidence, Intent, Reply
from tests.support.telegram_html import parse_telegram_html

ALLOWED_TAGS = {"b", "i", "a", "code", "blockquote"}


class TagChecker(HTMLParser):
    """Fails on unknown or unbalanced tags, the way Telegram's entity parser would."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[str] = []
        self.hrefs: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        assert tag in ALLOWED_TAGS, tag
        self.stack.append(tag)
        self.hrefs += [v or "" for k, v in attrs if k == "href"]

    def handle_endtag(self, tag: str) -> None:
        assert self.stack and self.stack.pop() == tag, tag


def check_html(part: str) -> list[str]:
    checker = TagChecker()
    checker.feed(part)
    checker.close()
    assert checker.stack == [], part
    # A raw "&" or "<" would be an entity/tag error: every one must be escaped.
    stripped = part
    for entity in ("&amp;", "&lt;", "&gt;", "&quot;", "&#x27;"):
        stripped = stripped.replace(entity, "")
    assert "&" not in stripped
    return checker.hrefs


def cite(n: int, url: str, source_type: str = "web", title: str = "Title") -> Citation:
    return Citation(n, title, url, source_type, f"c{n}")


class TestCitations:
    def test_http_url_becomes_an_escaped_link(self):
        line = render_citation(cite(1, "https://x.org/a?b=1&c=<2>", title="A & <B>"))
        assert line == ('[1] Web · <a href="https://x.org/a?b=1&amp;c=&lt;2&gt;">'
                        "A &amp; &lt;B&gt;</a>")

    def test_non_http_locations_stay_text(self):
        for location in ("course/notes.md", "javascript:alert(1)", "file:///etc/passwd",
                         "https://bad host/x", "//[", "//[]", "https://[::1/x"):
            line = render_citation(cite(2, location, "course"))
            assert "<a " not in line and check_html(line) == []
            assert line.startswith("[2] Course · Title — <code>")

    def test_quotes_cannot_break_out_of_the_href(self):
        line = render_citation(cite(3, 'https://x.org/"><b>oops'))
        assert check_html(line) == ['https://x.org/"><b>oops']  # one attribute, no extra tag

    def test_attacker_markup_in_the_answer_is_inert(self):
        reply = Reply(text='<a href="https://evil.example">click</a> & </b>', intent=Intent.SIMPLE,
                      confidence=Confidence.COURSE)
        [part] = render_reply(reply)
        assert check_html(part) == []
        assert ("&lt;a href=&quot;https://evil.example&quot;&gt;click&lt;/a&gt; "
                "&amp; &lt;/b&gt;") in part


class TestSplitting:
    def test_word_longer_than_the_limit_is_cut_between_entities(self):
        pieces = escaped_pieces("&" * 5000)
        assert all(len(p) <= MAX_CHARS for p in pieces)
        assert "".join(pieces) == "&amp;" * 5000

    def test_empty_answer_still_sends_something(self):
        assert render_reply(Reply(text="  ", intent=Intent.NOTICE)) == ["…"]


answers = st.text(alphabet=st.sampled_from([*"ab <>&\"'.\n", "é", "ع", "🤔"]),
                  max_size=9000)
urls = st.sampled_from(["https://en.wikipedia.org/wiki/A_(b)", "course/x.md", "http://a.b/?q=<&>",
                        "javascript:alert(1)"])


@settings(max_examples=60, deadline=None)
@given(text=answers, locations=st.lists(urls, max_size=12))
def test_every_part_fits_and_parses(text: str, locations: list[str]):
    citations = tuple(cite(n, loc, title="<t&>" * 20) for n, loc in enumerate(locations, 1))
    reply = Reply(text=text, intent=Intent.SIMPLE, citations=citations, confidence=Confidence.LOW)
    hrefs: list[str] = []
    for part in render_reply(reply):
        assert 0 < len(part) <= MAX_CHARS
        hrefs += check_html(part)
    assert all(h.startswith(("http://", "https://")) for h in hrefs)
    assert len(hrefs) == sum(loc.startswith("http") for loc in locations)


def sources(*passages: tuple[str, str]) -> Reply:
    """A Sources notice as the core writes it: heading, then "[n] where" + "> " lines."""
    blocks = ["Sources of this answer:"] + [
        f"[{n}] {where}\n" + "\n".join(f"> {line}" for line in quote.splitlines())
        for n, (where, quote) in enumerate(passages, 1)]
    return Reply(text="\n\n".join(blocks), intent=Intent.NOTICE, notice="sources")


class TestSources:
    def test_each_passage_is_a_bold_heading_over_an_escaped_blockquote(self):
        [part] = render_sources(sources(("a<b>.md, p. 2 › Heaps & co", "x < y &\nsecond line")))
        assert part == ("Sources of this answer:\n\n<b>[1] a&lt;b&gt;.md, p. 2 › Heaps &amp; co"
                        "</b>\n<blockquote>x &lt; y &amp;\nsecond line</blockquote>")
        assert check_html(part) == []

    def test_other_text_stays_plain_and_escaped(self):
        reply = Reply(text="I no longer have that <answer>. > Ask again?", intent=Intent.NOTICE)
        assert render_sources(reply) == ["I no longer have that &lt;answer&gt;. &gt; Ask again?"]

    def test_long_sources_split_between_passages_and_every_part_parses(self):
        passage = " ".join(["A heap is a tree & more <text>."] * 60)  # ~1900 escaped chars
        parts = render_sources(sources(*[(f"file{n}.md", passage) for n in range(8)]))
        assert len(parts) >= 4 and all(len(p) <= MAX_CHARS for p in parts)
        for part in parts:
            parse_telegram_html(part)
        assert sum(p.count("<blockquote>") for p in parts) == 8

    def test_a_passage_too_long_for_one_message_falls_back_to_plain_pieces(self):
        parts = render_sources(sources(("big.md", "word & " * 1200)))
        assert len(parts) >= 2 and all(len(p) <= MAX_CHARS for p in parts)
        assert all("<blockquote>" not in p and check_html(p) == [] for p in parts)


class TestAnswerKeyboard:
    def test_only_replies_with_an_answer_id_get_buttons(self):
        for reply in (Reply(text="Hi!", intent=Intent.CHITCHAT),
                      Reply(text="busy", intent=Intent.NOTICE, notice="busy"),
                      Reply(text="odd", intent=Intent.SIMPLE, answer_id="not an id!")):
            assert answer_buttons(reply) is None
        markup = answer_buttons(Reply(text="A", intent=Intent.SIMPLE, answer_id="Ab-_12xZ",
                                       language="ar"))
        assert markup is not None
        [[src, up, down]] = markup.inline_keyboard
        assert (src.text, up.text, down.text) == ("📚 المصادر", "👍", "👎")
        assert [parse(b.callback_data) for b in (src, up, down)] == [
            ("src", "Ab-_12xZ"), ("up", "Ab-_12xZ"), ("dn", "Ab-_12xZ")]

    def test_callback_data_stays_within_64_bytes_for_the_longest_id(self):
        longest = "x" * 32
        markup = reason_buttons(longest, "en")
        data = [b.callback_data for row in markup.inline_keyboard for b in row]
        assert [parse(d) for d in data] == [
            ("r0", longest), ("r1", longest), ("r2", longest), ("r3", longest),
            ("src", longest), ("up", longest)]
        assert all(len(str(d).encode()) <= 64 for d in data)

    def test_data_we_never_produced_does_not_parse(self):
        for data in (None, "", "ans:", "ans:r4:abc", "ans:up:" + "a" * 33, "desk:ok:t:1",
                     "ans:up:a b"):
            assert parse(data) is None
