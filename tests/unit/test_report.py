"""The instructor report's numbers, gap groups, HTML and CSV over hand-made outcomes."""
from __future__ import annotations

import csv
import io
import re
from dataclasses import replace
from datetime import UTC, datetime, timedelta

import numpy as np

from adapters.report_charts import ticks
from adapters.report_csv import report_csv_files
from adapters.report_page import render_html
from core.insight.gaps_summary import summary
from core.insight.report import build_report
from core.insight.report_gaps import Gap, cluster, names
from core.ports import PHOTO, Outcome, Vote
from tests.support.fake_embedder import HashingEmbedder

NOW = datetime(2026, 3, 10, 15, 0, tzinfo=UTC)
SORTING = {"n": 1, "display_name": "02-sorting.md", "page": None, "source_type": "course"}
SLIDES = {"n": 2, "display_name": "week3.pptx", "page": 4, "unit": "slide",
          "source_type": "course"}
# a web page has sections, not pages; an outside source's section is not the course's
MANUAL = {"n": 1, "display_name": "bc.html", "page": None, "section": "Command Line Options",
          "source_type": "course"}
WIKI = {"n": 2, "display_name": "Heap", "page": None, "section": "History",
        "source_type": "wikipedia"}


def outcome(n: int, question: str, confidence: str = "course", *, days_ago: int = 0,
            language: str = "en", course: str | None = "CS101", votes: tuple[Vote, ...] = (),
            missing: str = "", citations: tuple[dict, ...] = ()) -> Outcome:
    return Outcome(answer_id=f"a{n}", platform="discord", user_hash=f"u{n}", space="",
                   course=course, language=language, question=question, answer="...",
                   route=("triage",), confidence=confidence, missing=missing,
                   citations=citations, created_at=NOW - timedelta(days=days_ago, hours=1),
                   votes=votes)


def down(n: int, reason: str = "wrong") -> tuple[Vote, ...]:
    return (Vote(f"a{n}", "v", -1, reason),)


OUTCOMES = [
    outcome(1, "What is Dijkstra's shortest path algorithm?", "low",
            missing="the materials do not cover Dijkstra"),
    outcome(2, "what is dijkstra's shortest path algorithm", "low", days_ago=1),
    outcome(3, "How does merge sort work?", citations=(SORTING,), votes=down(3)),
    outcome(4, "ما هي شجرة الأحمر والأسود؟", "low", language="ar"),
    outcome(5, "Explain quicksort", "supplemented", days_ago=2, citations=(SORTING, SLIDES),
            votes=(Vote("a5", "v", 1),)),
    outcome(6, "What is a heap?", days_ago=3, citations=(SLIDES,),
            votes=(Vote("a6", "v1", 1), Vote("a6", "v2", -1, "not_in_materials"))),
    outcome(7, "Too old to count", "low", days_ago=9),
    outcome(8, "Another course", "low", course="BIO110"),
]



async def test_a_document_without_pages_is_counted_by_section():
    """A new user's most-cited file, a manual's HTML, had no row in the cited pages."""
    cited = [outcome(1, "What does bc -s do?", "unchecked", citations=(MANUAL, WIKI)),
             outcome(2, "What does bc -q do?", citations=(MANUAL, SLIDES, SORTING))]
    report = await build_report(cited, HashingEmbedder(), course="CS101", days=7, now=NOW)
    assert [(p.document, p.page, p.unit, p.section, p.citations) for p in report.pages] == [
        ("bc.html", None, "section", "Command Line Options", 2),
        ("week3.pptx", 4, "slide", "", 1)]
    assert "<td>§ Command Line Options</td>" in render_html(report)
    rows = list(csv.DictReader(io.StringIO(report_csv_files(report)["pages.csv"])))
    assert rows[0] == {"document": "bc.html", "unit": "section", "page": "",
                       "section": "Command Line Options", "citations": "2"}
    assert rows[1]["page"] == "4" and rows[1]["section"] == ""

async def test_numbers_of_the_window():
    report = await build_report(OUTCOMES, HashingEmbedder(), course="CS101", days=7, now=NOW)
    assert (report.since.isoformat(), report.until.isoformat()) == ("2026-03-04", "2026-03-10")
    assert report.total == 6  # the 9-day-old and the BIO110 ones are out
    per_day = {d.isoformat(): c for d, c in report.per_day}
    assert len(per_day) == 7 and per_day["2026-03-04"] == {"course": 0, "unchecked": 0,
                                                            "supplemented": 0, "low": 0}
    assert per_day["2026-03-10"] == {"course": 1, "unchecked": 0, "supplemented": 0, "low": 2}
    assert per_day["2026-03-08"]["supplemented"] == 1
    assert [(d.document, d.citations) for d in report.documents] == [("02-sorting.md", 2),
                                                                      ("week3.pptx", 2)]
    assert [(p.document, p.page, p.unit, p.citations) for p in report.pages] == [
        ("week3.pptx", 4, "slide", 2)]
    feedback = {(f.course, f.language): f for f in report.feedback}
    assert (feedback["CS101", "en"].answers, feedback["CS101", "en"].up,
            feedback["CS101", "en"].down) == (5, 2, 2)
    assert feedback["CS101", "en"].reasons == (("wrong", 1), ("not_in_materials", 1))
    assert feedback["CS101", "ar"].answers == 1


async def test_gaps_group_similar_questions_and_keep_every_low_one():
    report = await build_report(OUTCOMES, HashingEmbedder(), course=None, days=7, now=NOW)
    grouped = [[q.answer_id for q in gap.questions] for gap in report.gaps]
    assert grouped[0] == ["a2", "a1"]  # oldest first inside a group; the largest group first
    low = {o.answer_id for o in OUTCOMES if o.confidence == "low" and o.answer_id != "a7"}
    in_groups = {a for group in grouped for a in group}
    assert low <= in_groups  # every ⚠ question, even alone (a4, a8)
    assert {"a3", "a6"} <= in_groups and "a5" not in in_groups  # 👎 in, 👍 only out
    dijkstra = report.gaps[0]
    assert dijkstra.count == 2 and dijkstra.languages == ("en",)
    assert [q.missing for q in dijkstra.questions] == ["", "the materials do not cover Dijkstra"]
    assert len(dijkstra.distinct()) == 1 and dijkstra.distinct()[0][1] == 2  # same question twice
    heap = next(g for g in report.gaps if g.questions[0].answer_id == "a6")
    assert (heap.down_votes, heap.reasons) == (1, (("not_in_materials", 1),))



async def test_a_missing_note_is_shown_with_its_own_question():
    """A group's MISSING note read as every question's: "not in the course materials: colour"
    sat under "What does bc --quiet do?" too, which the course answers."""
    asked = [outcome(1, "What does the bc option --quiet do?", "low", citations=(MANUAL,)),
             replace(outcome(2, "What does the bc option --colour do?", "low",
                             missing="not in the course materials: colour"),
                     route=("triage", PHOTO))]
    report = await build_report(asked, HashingEmbedder(), course="CS101", days=7, now=NOW)
    together = Gap(tuple(q for gap in report.gaps for q in gap.questions))  # as e5 groups them
    page = render_html(replace(report, gaps=(together,)), generated_at=NOW)
    quiet, colour = (page.split('<span class="q">')[i].split("</li>")[0] for i in (1, 2))
    assert "--quiet" in quiet and "MISSING" not in quiet
    assert "cited: bc.html (Command Line Options)" in quiet and "What the bot replied" in quiet
    assert "--colour" in colour
    assert "<b>MISSING</b> not in the course materials: colour" in colour
    assert "read from a photo" in colour and "read from a photo" not in quiet
    rows = csv.DictReader(io.StringIO(report_csv_files(report)["gaps.csv"]))
    assert {r["question"]: r["from_photo"] for r in rows} == {
        "What does the bc option --quiet do?": "0", "What does the bc option --colour do?": "1"}
    # /gaps names a group by its first question: with that question's note, not another's
    line = summary(replace(report, gaps=(together,)), 7, "en").splitlines()[3]
    assert line.startswith("1. ×2 “What does the bc option --quiet do?”") and "colour" not in line
    colour_first = Gap(together.questions[::-1])
    line = summary(replace(report, gaps=(colour_first,)), 7, "en").splitlines()[3]
    assert line.endswith("not in the course materials: colour")

def test_clustering_is_deterministic_and_thresholded():
    vectors = np.array([[1.0, 0.0], [0.0, 1.0], [0.99, 0.141], [0.6, 0.8]])
    vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
    assert cluster(vectors, 0.95) == [[0, 2], [1], [3]]
    assert cluster(vectors, 0.95) == cluster(vectors.copy(), 0.95)
    assert cluster(vectors, 0.5) == [[0, 2], [1, 3]]  # the closer group wins, not the first
    assert cluster(vectors[:0], 0.9) == []
    # rows naming other options or code names never share a group, however close
    keys = [frozenset({"-v"}), frozenset(), frozenset({"-j"}), frozenset()]
    assert cluster(vectors, 0.5, keys) == [[1, 3], [0], [2]]


def test_a_question_s_names_are_its_options_and_code_like_names():
    """A new user's report grouped "ما الذي يفعله الخيار -v في time؟" with the -j one of ninja."""
    assert names("ما الذي يفعله الخيار -v في time؟") == {"-v"}
    assert names("What does nettle's SHA256_digest do?") == {"sha256_digest"}
    assert names("How do I use read.csv?") == {"read.csv"}
    assert names("What changed in version 2.0?") == frozenset()


async def test_page_escapes_user_text_and_loads_nothing():
    hostile = outcome(9, '<img src=x onerror="alert(1)"> & </li><script>x()</script>', "low",
                      missing="<b>bold</b>")
    report = await build_report([*OUTCOMES, hostile], HashingEmbedder(), course=None, days=7,
                                now=NOW)
    page = render_html(report, generated_at=NOW)
    assert "<script" not in page.lower() and "<img" not in page
    assert "&lt;img src=x onerror=&quot;alert(1)&quot;&gt; &amp; &lt;/li&gt;" in page
    assert "&lt;b&gt;bold&lt;/b&gt;" in page
    assert not re.search(r"""(src|href)=["']?(https?:)?//""", page)  # nothing fetched
    assert page.count('<li class="gap">') == len(report.gaps)
    assert 'data-chart="per-day"' in page and "Dijkstra" in page
    assert "ما هي شجرة الأحمر والأسود؟" in page


async def test_csv_files_and_formula_cells():
    formula = outcome(10, "=HYPERLINK(\"http://evil\")", "low")
    report = await build_report([*OUTCOMES, formula], HashingEmbedder(), course=None, days=7,
                                now=NOW)
    files = report_csv_files(report)
    assert set(files) == {"questions_per_day.csv", "gaps.csv", "unconfirmed.csv",
                          "documents.csv", "pages.csv", "feedback.csv"}
    gaps = list(csv.DictReader(io.StringIO(files["gaps.csv"])))
    assert {row["question"] for row in gaps} >= {"'=HYPERLINK(\"http://evil\")",
                                                 "How does merge sort work?"}
    assert len(gaps) == sum(g.count for g in report.gaps)
    days = list(csv.DictReader(io.StringIO(files["questions_per_day.csv"])))
    assert len(days) == 7 and days[-1]["total"] == "5"
    feedback = list(csv.DictReader(io.StringIO(files["feedback.csv"])))
    assert any(r["course"] == "CS101" and r["wrong"] == "1" for r in feedback)


async def test_an_empty_window_still_renders():
    report = await build_report([], HashingEmbedder(), course="NONE", days=1, now=NOW)
    page = render_html(report, generated_at=NOW)
    assert report.total == 0 and report.gaps == () and "No ⚠ answers" in page
    assert 'data-chart="per-day"' in page


def test_axis_ticks_are_whole_numbers():
    assert ticks(0) == [0, 1] and ticks(3) == [0, 1, 2, 3]
    assert ticks(17) == [0, 5, 10, 15, 20] and ticks(100)[-1] == 100
