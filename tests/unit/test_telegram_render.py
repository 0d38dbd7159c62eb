"""Telegram HTML rendering: escaping, links, and parts that always parse."""
from __future__ import annotations

from html.parser import HTMLParser

from hypothesis import given, settings
from hypothesis import strategies as st

from adapters.telegram.render import MAX_CHARS, escaped_pieces, render_citation, render_reply
from core.messages import Citation, Confidence, Intent, Reply

ALLOWED_TAGS = {"b", "i", "a", "code"}


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
                         "https://bad host/x"):
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
