"""📖 answers in the instructor report: grouped like gaps, each with the bot's reply, on the page,
in unconfirmed.csv and as a line of the `/gaps` summary; ⚠, 👎, ✅ and guided replies stay out."""
from __future__ import annotations

import csv
import io
from datetime import UTC, datetime, timedelta

from adapters.report_csv import report_csv_files
from adapters.report_page import render_html
from core.insight.gaps_summary import summary
from core.insight.report import build_report
from core.ports import Outcome, Vote
from tests.support.fake_embedder import HashingEmbedder

NOW = datetime(2026, 3, 10, 15, 0, tzinfo=UTC)


CITED = ({"n": 1, "display_name": "bzip2.pdf", "page": 7, "source_type": "course"},
         {"n": 2, "display_name": "ninja.html", "page": None, "section": "Options"},
         {"n": 3, "display_name": "bzip2.pdf", "page": 7},  # the same page once
         {"n": 4, "display_name": "week3.pptx", "page": 4, "unit": "slide"})


def outcome(n: int, question: str, confidence: str = "unchecked", *, answer: str = "",
            route: tuple[str, ...] = ("triage", "generate"), votes: tuple[Vote, ...] = (),
            hours_ago: int = 1) -> Outcome:
    return Outcome(answer_id=f"a{n}", platform="telegram", user_hash=f"u{n}", space="",
                   course="TOOLS", language="en", question=question,
                   answer=answer or f"reply {n}", route=route, confidence=confidence,
                   citations=CITED, created_at=NOW - timedelta(hours=hours_ago), votes=votes)


OUTCOMES = [
    outcome(1, "What does bzip2 -k do?", answer="The -d flag forces decompression.",
            hours_ago=5),
    outcome(2, "what does bzip2 -k do", answer="-k --keep — Keep (don't delete) input files.",
            hours_ago=2),
    outcome(3, "What is <b>ninja</b>'s -j default?", answer="It is <script>x</script> 2 more."),
    outcome(4, "Is -s the small-memory mode?", votes=(Vote("a4", "v", -1, "wrong"),)),
    outcome(5, "Write my assignment 2 answer", route=("triage", "guide")),
    outcome(6, "What is bzip2?", "course"),
    outcome(7, "What is zstd?", "low"),
]


async def test_only_unvoted_course_answers_the_check_could_not_confirm_are_listed():
    report = await build_report(OUTCOMES, HashingEmbedder(), course="TOOLS", days=7, now=NOW)
    listed = [[q.answer_id for q in g.questions] for g in report.unconfirmed]
    assert listed[0] == ["a1", "a2"]  # one question asked twice: one group, oldest first
    assert sorted(a for group in listed for a in group) == ["a1", "a2", "a3"]
    in_gaps = {q.answer_id for g in report.gaps for q in g.questions}
    assert in_gaps == {"a4", "a7"}  # the 👎 one is a gap, not "to check"
    [(asked, latest)] = report.unconfirmed[0].replies().items()
    assert (asked, latest.answer_id, latest.answer) == (
        "What does bzip2 -k do?", "a2", "-k --keep — Keep (don't delete) input files.")
    assert latest.sources == ("bzip2.pdf p. 7", "ninja.html (Options)", "week3.pptx slide 4")


async def test_the_page_shows_each_question_with_its_reply_escaped():
    report = await build_report(OUTCOMES, HashingEmbedder(), course="TOOLS", days=7, now=NOW)
    page = render_html(report)
    section = page[page.index('<section id="unconfirmed">'):]
    section = section[:section.index("</section>")]
    assert section.count('<li class="gap unconfirmed">') == 2
    assert "What does bzip2 -k do?" in section and "×2" in section
    assert "-k --keep — Keep (don&#x27;t delete) input files." in section
    assert "cited: bzip2.pdf p. 7; ninja.html (Options); week3.pptx slide 4" in section
    assert "&lt;script&gt;x&lt;/script&gt;" in section and "<script>" not in page
    assert "&lt;b&gt;ninja&lt;/b&gt;" in section
    assert "Write my assignment" not in section and "What is bzip2?" not in section


async def test_a_long_reply_is_cut_on_the_page_and_whole_in_the_csv():
    long = "word " * 400
    report = await build_report([outcome(1, "What is a lexer?", answer=long)],
                                HashingEmbedder(), course="TOOLS", days=7, now=NOW)
    page = render_html(report)
    assert long.strip() not in page and "word word…" in page
    rows = list(csv.DictReader(io.StringIO(report_csv_files(report)["unconfirmed.csv"])))
    assert [(r["group"], r["question"], r["reply"], r["sources"]) for r in rows] == [
        ("1", "What is a lexer?", long, "bzip2.pdf p. 7; ninja.html (Options); week3.pptx slide 4")]


async def test_csv_cells_that_look_like_formulas_are_defused():
    report = await build_report([outcome(1, "=HYPERLINK(1)", answer="-2+3")],
                                HashingEmbedder(), course="TOOLS", days=7, now=NOW)
    rows = list(csv.DictReader(io.StringIO(report_csv_files(report)["unconfirmed.csv"])))
    assert (rows[0]["question"], rows[0]["reply"]) == ("'=HYPERLINK(1)", "'-2+3")


async def test_the_chat_summary_counts_them_in_both_languages():
    report = await build_report(OUTCOMES, HashingEmbedder(), course="TOOLS", days=7, now=NOW)
    assert "📖 3 answers from the course were not confirmed" in summary(report, 7, "en")
    assert "📖 3 إجابة من المقرر لم يُتحقَّق منها" in summary(report, 7, "ar")
    only = await build_report(OUTCOMES[:3], HashingEmbedder(), course="TOOLS", days=7, now=NOW)
    assert summary(only, 7, "en").splitlines()[1:] == [
        "📖 3 answers from the course were not confirmed; the full report lists them with the "
        "replies to check.",
        "No gaps: no answer was ⚠ low confidence and nothing was voted 👎."]  # not "all sure"
    none = await build_report(OUTCOMES[5:], HashingEmbedder(), course="TOOLS", days=7, now=NOW)
    assert "📖" not in summary(none, 7, "en")
    assert "Every answer from the course was confirmed in this period." in render_html(none)
