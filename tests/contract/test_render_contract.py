"""Every renderer keeps the same promises, whatever its markup and limit.

Renderers are listed by import path; each has `render_reply(reply)` returning message texts
(list[str], or one str for the console) and, when the platform caps messages, `MAX_CHARS`.
A renderer that fails to import fails the suite (no skipping).
"""
from __future__ import annotations

import html
import importlib
import re
from collections.abc import Callable
from dataclasses import dataclass

import pytest

from adapters.layout import confidence_mark, source_label
from core.messages import Citation, Confidence, Intent, Reply
from core.texts.layout import LAYOUT, MARKED
from tests.support.fake_handler import study_reply

_TAG = re.compile(r"<[^>]*>")


def _from_html(text: str) -> str:
    return html.unescape(_TAG.sub("", text))  # our tags first, then the escaped text itself


def _from_discord(text: str) -> str:
    return text.replace("\u200b", "").replace("\\", "")


@dataclass(frozen=True)
class Renderer:
    path: str
    plain: Callable[[str], str]  # one rendered part -> the text a reader sees

    def load(self) -> tuple[Callable[[Reply], list[str]], int | None]:
        module = importlib.import_module(self.path)
        render = module.render_reply

        def parts(reply: Reply) -> list[str]:
            out = render(reply)
            return [out] if isinstance(out, str) else list(out)

        return parts, getattr(module, "MAX_CHARS", None)


RENDERERS = [
    Renderer("adapters.telegram.render", _from_html),
    Renderer("adapters.discord.render", _from_discord),
    Renderer("adapters.console", lambda text: text),
]


@pytest.fixture(params=RENDERERS, ids=lambda r: r.path)
def renderer(request: pytest.FixtureRequest) -> tuple[Callable[[Reply], list[str]], int | None,
                                                      Callable[[str], str]]:
    spec: Renderer = request.param
    parts, max_chars = spec.load()
    return parts, max_chars, spec.plain


def words(text: str) -> list[str]:
    return re.findall(r"\w+", text)


def is_subsequence(needles: list[str], haystack: list[str]) -> bool:
    it = iter(haystack)
    return all(word in it for word in needles)


def long_answer() -> str:
    """~20k characters: short paragraphs and one paragraph longer than any platform limit."""
    def paragraph(p: int, n: int) -> str:
        return " ".join(f"Sentence {p}-{i} explains how merge sort divides the list." for i in
                        range(n))
    paragraphs = [paragraph(p, 25) for p in range(11)] + [paragraph(99, 100)]
    return "\n\n".join(paragraphs)


def with_text(reply: Reply, text: str) -> Reply:
    return Reply(text=text, intent=reply.intent, citations=reply.citations,
                 confidence=reply.confidence, language=reply.language)


def check_parts(parts: list[str], max_chars: int | None) -> None:
    assert parts and all(part.strip() for part in parts)
    if max_chars is not None:
        assert all(len(part) <= max_chars for part in parts), [len(p) for p in parts]


class TestRenderContract:
    def test_citations_are_numbered_labelled_and_in_order(self, renderer):
        parts, max_chars, plain = renderer
        reply = study_reply("What is merge sort?")
        rendered = parts(reply)
        check_parts(rendered, max_chars)
        text = plain("\n".join(rendered))
        positions = []
        for c in reply.citations:
            head = f"[{c.n}] {source_label(c.source_type)}"
            assert head in text
            assert c.title in text
            positions.append(text.index(head))
        assert positions == sorted(positions)

    def test_answer_carries_its_confidence_mark(self, renderer):
        parts, _, plain = renderer
        for confidence in (Confidence.COURSE, Confidence.SUPPLEMENTED, Confidence.LOW):
            reply = Reply(text="Merge sort is O(n log n).", intent=Intent.SIMPLE,
                          confidence=confidence)
            text = plain("\n".join(parts(reply)))
            assert confidence_mark(reply) in text

    def test_chitchat_has_no_mark_and_no_sources(self, renderer):
        parts, max_chars, plain = renderer
        rendered = parts(Reply(text="Hi! Ask me anything.", intent=Intent.CHITCHAT))
        check_parts(rendered, max_chars)
        text = plain("\n".join(rendered))
        assert "Hi! Ask me anything." in text
        assert not any(LAYOUT(f"mark_{m}", lang) in text for m in MARKED for lang in ("en", "ar"))
        assert "Sources" not in text

    def test_nothing_is_lost(self, renderer):
        parts, max_chars, plain = renderer
        reply = study_reply("Is 2 < 3 && 4 > 1? *bold* _it_ `code` @everyone <@123>")
        rendered = parts(reply)
        check_parts(rendered, max_chars)
        assert is_subsequence(words(reply.text), words(plain("\n".join(rendered))))

    def test_arabic_reply_uses_arabic_labels(self, renderer):
        parts, _, plain = renderer
        reply = study_reply("ما هو الفرز بالدمج؟")
        reply = Reply(text=reply.text, intent=reply.intent, citations=reply.citations,
                      confidence=Confidence.COURSE, language="ar")
        text = plain("\n".join(parts(reply)))
        assert "[1] المقرر" in text and "[2] ويكيبيديا" in text
        assert confidence_mark(reply) in text
        assert "ما هو الفرز بالدمج؟" in text


    def test_a_check_mark_over_other_language_material_names_its_language(self, renderer):
        parts, _, plain = renderer
        base = study_reply("ما الملف الذي يحفظ اسم الجهاز؟")
        reply = Reply(text="The file /etc/hostname holds the machine's name.",
                      intent=base.intent, citations=base.citations,
                      confidence=Confidence.COURSE, language="ar", quoted_language="en")
        text = plain("\n".join(parts(reply)))
        assert confidence_mark(reply) in text and "بالإنجليزية" in confidence_mark(reply)
        same = Reply(text=reply.text, intent=reply.intent, confidence=Confidence.COURSE,
                     language="en")
        assert confidence_mark(same) == LAYOUT("mark_course", "en")


class TestSplitting:
    def test_long_answer_splits_on_paragraph_and_sentence_boundaries(self, renderer):
        parts, max_chars, plain = renderer
        reply = with_text(study_reply("x"), long_answer())
        assert len(reply.text) > 20_000
        rendered = parts(reply)
        check_parts(rendered, max_chars)
        if max_chars is not None:
            assert len(rendered) > 1
        plain_parts = [plain(p) for p in rendered]
        for sentence in re.split(r"(?<=\.)\s+", reply.text.replace("\n\n", " ")):
            assert any(sentence in part for part in plain_parts), f"cut: {sentence!r}"
        assert is_subsequence(words(reply.text), words(" ".join(plain_parts)))
        assert confidence_mark(reply) in plain_parts[-1]

    def test_a_citation_line_is_never_split(self, renderer):
        parts, max_chars, plain = renderer
        citations = tuple(
            Citation(n, f"Chapter {n}: " + "a long descriptive title " * 6,
                     f"https://example.org/notes/{n}/" + "segment/" * 30, "web", f"c{n}")
            for n in range(1, 61))
        reply = Reply(text="See the sources.", intent=Intent.COMPLEX, citations=citations,
                      confidence=Confidence.SUPPLEMENTED)
        rendered = parts(reply)
        check_parts(rendered, max_chars)
        plain_parts = [plain(p) for p in rendered]
        for c in citations:
            head = f"[{c.n}] {source_label(c.source_type)}"
            holders = [p for p in plain_parts if head + " " in p or p.endswith(head)]
            assert len(holders) == 1
            line = next(ln for ln in holders[0].splitlines() if ln.startswith(head))
            assert f"Chapter {c.n}:" in line  # number, label and title stay on one line


@pytest.mark.parametrize(("language", "expected"), [
    ("en", ["R-data.pdf, p. 12 › Lists", "intro.pptx, slide 3 › Recap", "notes.md › Heaps"]),
    ("ar", ["R-data.pdf, ص 12 › Lists", "intro.pptx, شريحة 3 › Recap", "notes.md › Heaps"]),
])
def test_course_citations_say_where_in_the_file_to_look(renderer, language, expected):
    render, _, plain = renderer
    reply = Reply("Lists hold elements of any type.", Intent.SIMPLE, citations=(
        Citation(1, "R Data Import/Export", "R-data.pdf", "course", "a", page=12, section="Lists"),
        Citation(2, "Intro", "intro.pptx", "course", "b", page=3, section="Recap", unit="slide"),
        Citation(3, "Notes", "notes.md", "course", "c", section="Heaps")),
        confidence=Confidence.COURSE, language=language)
    shown = "\n".join(plain(part) for part in render(reply))
    for where in expected:
        assert where in shown


def test_the_quoted_language_travels_from_the_graph_to_json():
    state = {"answer": "A DAG is a directed graph with no cycles.", "intent": "simple",
             "confidence": Confidence.COURSE, "language": "ar", "quoted_language": "en"}
    reply = Reply.from_state(state)
    assert reply.quoted_language == "en" and reply.to_dict()["quoted_language"] == "en"
    assert "بالإنجليزية" in confidence_mark(reply)
    assert Reply.from_state(state | {"quoted_language": None}).to_dict()["quoted_language"] is None
