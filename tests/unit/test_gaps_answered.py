"""Gaps staff have answered since (core/insight/gaps_answered.py): marked with the date of the
latest staff answer of their course to a question close to one of theirs, listed after the
gaps still open, in the report page, its CSV and the chat's /gaps."""
from __future__ import annotations

from dataclasses import replace
from datetime import UTC, date, datetime

from adapters.report_csv import report_csv_files
from adapters.report_page import render_html
from core.escalation.notes import StaffAnswer, StaffNotes
from core.insight.gaps_answered import mark_answered
from core.insight.gaps_summary import summary
from core.insight.report import InstructorReports, build_report
from core.stores.errors import StoreError
from core.stores.sqlite_outcomes import SqliteOutcomeStore
from tests.support.fake_embedder import HashingEmbedder
from tests.unit.test_report import NOW, OUTCOMES, outcome


def staff(question: str, day: int) -> StaffAnswer:
    return StaffAnswer(question, "See lecture 7.", "en", date(2026, 3, day))


async def test_a_gap_staff_answered_is_marked_with_the_latest_answer_and_listed_last():
    report = await build_report(OUTCOMES, HashingEmbedder(), course="CS101", days=7, now=NOW)
    assert report.gaps[0].questions[0].question.startswith("what is dijkstra")
    answers = {"CS101": [staff("What is Dijkstra's shortest path algorithm?", 2),
                         staff("what is dijkstra's shortest path algorithm", 5),
                         staff("How do I register for the exam?", 6)]}
    gaps = await mark_answered(report.gaps, answers, HashingEmbedder())
    assert [g.staff_answered for g in gaps[:-1]] == [None] * (len(gaps) - 1)
    assert gaps[-1].questions[0].question.startswith("what is dijkstra")
    assert gaps[-1].staff_answered == date(2026, 3, 5)


async def test_only_the_gap_s_own_course_and_close_questions_count():
    gaps = (await build_report([outcome(1, "What is a red-black tree?", "low"),
                                outcome(2, "Where does glycolysis happen?", "low",
                                        course="BIO110")],
                               HashingEmbedder(), course=None, days=7, now=NOW)).gaps
    answers = {"BIO110": [staff("What is a red-black tree?", 3),  # another course's answer
                          staff("where does glycolysis happen", 4)],
               "CS101": [staff("When is the midterm exam?", 4)]}  # another question
    marked = await mark_answered(gaps, answers, HashingEmbedder())
    by_course = {q.course: g.staff_answered for g in marked for q in g.questions}
    assert by_course == {"CS101": None, "BIO110": date(2026, 3, 4)}
    assert await mark_answered(gaps, {}, HashingEmbedder()) == gaps  # no staff answer at all


async def test_the_page_the_csv_and_the_chat_summary_say_so():
    report = await build_report(OUTCOMES, HashingEmbedder(), course="CS101", days=7, now=NOW)
    answers = {"CS101": [staff("what is dijkstra's shortest path algorithm", 5)]}
    report = replace(report, gaps=await mark_answered(report.gaps, answers, HashingEmbedder()))
    assert '<li class="gap answered">' in render_html(report)
    assert "✔ staff answered 2026-03-05" in render_html(report)
    rows = report_csv_files(report)["gaps.csv"].splitlines()
    assert rows[0].endswith(",staff_answered") and rows[-1].endswith(",2026-03-05")
    assert "✔ staff answered it on 2026-03-05" in summary(report, 7, "en")
    assert "✔ أجاب عنه فريق المقرر في 2026-03-05" in summary(report, 7, "ar")


class DownStore:
    """A course store that is down (the staff answers live in it)."""

    async def documents(self, course: str | None = None) -> list:
        raise StoreError("course store unreachable")


async def test_a_course_store_outage_leaves_the_gaps_unmarked_not_the_report_missing(tmp_path,
                                                                                    caplog):
    outcomes = SqliteOutcomeStore(tmp_path / "o.db")
    await outcomes.open()
    try:
        await outcomes.record(replace(outcome(1, "What is a red-black tree?", "low"),
                                      created_at=datetime.now(UTC)))
        notes = StaffNotes(DownStore(), HashingEmbedder())  # type: ignore[arg-type]
        report = await InstructorReports(outcomes, HashingEmbedder(), staff=notes).build(
            course="CS101")
    finally:
        await outcomes.close()
    assert [g.staff_answered for g in report.gaps] == [None]
    assert "staff answers for the report" in caplog.text
