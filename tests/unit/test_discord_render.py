"""Discord rendering: layout, defused mentions, unfurl-proof links, splitting under 2000 chars."""
from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from adapters.discord.render import (
    EMPTY_REPLY,
    MAX_CHARS,
    ZWSP,
    neutralise_mentions,
    render_citation,
    render_reply,
    suppress_unfurls,
)
from core.messages import Citation, Confidence, Intent, Reply
from tests.support.fake_handler import study_reply

# What Discord would parse as a ping or a channel link if it reached the API unchanged.
LIVE_MENTION = re.compile(r"@(everyone|here)|<@[!&]?\d+>|<#\d+>", re.IGNORECASE)
MENTIONS = ["@everyone", "@here", "<@123456789012345678>", "<@!123456789012345678>",
            "<@&123456789012345678>", "<#123456789012345678>", "@EVERYONE", "@@here"]


def answer(text: str, *citations: Citation, confidence: Confidence = Confidence.COURSE) -> Reply:
    return Reply(text=text, intent=Intent.SIMPLE, citations=citations, confidence=confidence)


def cite(n: int, title: str = "Lecture", where: str = "course/x.md", kind: str = "course"
         ) -> Citation:
    return Citation(n, title, where, kind, f"chunk{n}")


class TestLayout:
    def test_answer_sources_and_mark_in_order(self):
        [text] = render_reply(study_reply("What is merge sort?"))
        assert text.startswith("Answer about: What is merge sort?\n\nSecond paragraph")
        assert "**Sources:**\n[1] Course · Lecture 3: Sorting — `course/sorting.md`\n" \
               "[2] Wikipedia · Merge sort — <https://en.wikipedia.org/wiki/Merge_sort>" in text
        assert text.endswith("🌐 Supplemented from outside sources (Wikipedia / arXiv / web)")

    def test_no_sources_heading_or_mark_for_a_greeting(self):
        greeting = Reply(text="Hi! Ask me anything.", intent=Intent.CHITCHAT)
        assert render_reply(greeting) == ["Hi! Ask me anything."]

    def test_arabic_heading_and_labels(self):
        reply = Reply(text="الجواب", intent=Intent.SIMPLE, citations=(cite(1),),
                      confidence=Confidence.COURSE, language="ar")
        [text] = render_reply(reply)
        assert "**المصادر:**" in text and "[1] المقرر" in text and "✅ الإجابة" in text

    def test_empty_reply_still_gives_one_sendable_message(self):
        assert render_reply(Reply(text="  ", intent=Intent.NOTICE)) == [EMPTY_REPLY]


class TestMentions:
    def test_every_mention_form_is_defused(self):
        text = neutralise_mentions(" ".join(MENTIONS))
        assert LIVE_MENTION.search(text) is None
        assert text.count(ZWSP) == len(MENTIONS)

    def test_mentions_in_answer_titles_and_urls_are_defused(self):
        reply = answer("Ping @here and <@&42>.",
                       cite(1, "@everyone <@1> notes", "https://x.test/@everyone"))
        [text] = render_reply(reply)
        assert LIVE_MENTION.search(text) is None

    def test_plain_at_signs_are_left_alone(self):
        assert neutralise_mentions("mail me at a@b.c or @alice") == "mail me at a@b.c or @alice"

    @settings(max_examples=200, deadline=None)
    @given(st.lists(st.one_of(st.sampled_from(MENTIONS), st.text(max_size=30)), max_size=30))
    def test_no_live_mention_survives_rendering(self, pieces):
        text = "".join(pieces)
        parts = render_reply(answer(text, cite(1, text[:100], text[:100])))
        assert all(LIVE_MENTION.search(p) is None for p in parts)


class TestLinksAndMarkdown:
    def test_bare_urls_are_wrapped_to_stop_unfurling(self):
        assert suppress_unfurls("see https://evil.test/x?secret=1.") == \
            "see <https://evil.test/x?secret=1>."

    def test_wikipedia_style_parentheses_stay_in_the_url(self):
        assert suppress_unfurls("(https://en.wikipedia.org/wiki/Heap_(data_structure))") == \
            "(<https://en.wikipedia.org/wiki/Heap_(data_structure)>)"

    def test_wrapped_links_stay_and_masked_links_show_their_target(self):
        text = "<https://a.test> and [b](https://b.test)"
        assert suppress_unfurls(text) == "<https://a.test> and b (<https://b.test>)"

    def test_a_scheme_left_outside_a_wrapper_is_defanged(self):
        # Found by the output-safety property test: "http://" glued to a mention was left bare.
        assert suppress_unfurls("http://<@1>") == "http\u200b://<@1>"
        # A masked-link target too malformed to unmask is not left bare either.
        assert suppress_unfurls("[x](http://a b)") == "[x](http\u200b://a b)"

    def test_title_markdown_is_escaped(self):
        line = render_citation(cite(3, "**Bold** _it_ [x](https://evil.test) `code`",
                                    "https://ok.test", "web"))
        # ...and a URL in a title is defanged (zero-width space): only the location links.
        assert line == (r"[3] Web · \*\*Bold\*\* \_it\_ \[x\]\(https" "\u200b"
                        r"://evil.test\) \`code\`" " — <https://ok.test>")

    def test_course_path_is_code_and_cannot_break_out(self):
        assert render_citation(cite(1, "T", "notes/a`b.md")).endswith("— `notes/aˋb.md`")


class TestSplitting:
    def test_long_answer_is_split_under_the_limit_on_paragraphs(self):
        paragraphs = [f"P{i} " + "word " * 150 for i in range(10)]
        parts = render_reply(answer("\n\n".join(paragraphs), cite(1)))
        assert len(parts) > 1 and all(len(p) <= MAX_CHARS for p in parts)
        for p in paragraphs:  # each paragraph fits, so none is cut
            assert sum(p.strip() in part for part in parts) == 1

    def test_citation_lines_are_never_cut(self):
        citations = [cite(i, "Very long title " * 12, f"https://ex.test/{'p' * 250}/{i}", "web")
                     for i in range(1, 31)]
        parts = render_reply(answer("Short answer.", *citations))
        assert len(parts) > 1 and all(len(p) <= MAX_CHARS for p in parts)
        for c in citations:
            line = render_citation(c)
            assert sum(line in part.split("\n") for part in parts) == 1

    @settings(max_examples=100, deadline=None)
    @given(st.text(min_size=0, max_size=9000), st.integers(min_value=0, max_value=12))
    def test_every_part_fits_and_none_is_empty(self, text, n_citations):
        parts = render_reply(answer(text, *(cite(i) for i in range(1, n_citations + 1))))
        assert parts and all(0 < len(p) <= MAX_CHARS for p in parts)


class TestAnswerButtons:
    """The buttons a reply renders with: only on recorded study answers, ids within limits."""

    async def test_only_a_recorded_answer_gets_buttons(self):
        from adapters.discord.buttons import answer_buttons

        assert answer_buttons(study_reply("What is a heap?")) is None  # no answer id
        assert answer_buttons(Reply(text="Hi!", intent=Intent.CHITCHAT)) is None
        view = answer_buttons(Reply(text="A heap…", intent=Intent.SIMPLE, answer_id="Ab-_9xYz",
                                 language="ar"))
        assert view is not None and view.timeout is None
        assert [b.custom_id for b in view.children] == [  # type: ignore[attr-defined]
            "sb:ans:src:Ab-_9xYz:ar", "sb:ans:up:Ab-_9xYz:ar", "sb:ans:dn:Ab-_9xYz:ar"]
        assert view.children[0].item.label == "المصادر"  # type: ignore[attr-defined]

    def test_custom_ids_match_the_template_and_fit_discord(self):
        from adapters.discord.buttons import ANSWER_TEMPLATE, custom_id

        for action in ("src", "up", "dn", "r0", "r3"):
            cid = custom_id(action, "Ab-_9xYz", "en")
            match = re.fullmatch(ANSWER_TEMPLATE, cid)
            assert match and match["answer_id"] == "Ab-_9xYz" and len(cid) <= 100
        assert custom_id("up", "Ab-_9xYz", "EN:x") == "sb:ans:up:Ab-_9xYz"  # not a code: left out
        assert re.fullmatch(ANSWER_TEMPLATE, "sb:ans:up:Ab-_9xYz")
        assert not re.fullmatch(ANSWER_TEMPLATE, "sb:ans:r4:Ab-_9xYz")
