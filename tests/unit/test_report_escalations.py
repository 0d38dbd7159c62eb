"""The instructor report's Escalations section: per course, cards opened and answered, median and
90th-percentile time to the staff answer ("—" with none answered), still open, not course
material, closed, added to notes; within the window and the scope; on the page and in
escalations.csv."""
from __future__ import annotations

import csv
import io
from datetime import UTC, datetime, timedelta

from adapters.report_csv import report_csv_files
from adapters.report_page import render_html
from core.insight.report import InstructorReports
from core.insight.report_escalations import duration_text, median, percentile
from core.ports.escalations import ANSWERED, CLAIMED, CLOSED, NOT_MATERIAL, Asker, Escalation
from core.stores.sqlite_escalations import SqliteEscalationStore
from core.stores.sqlite_outcomes import SqliteOutcomeStore
from tests.support.fake_embedder import HashingEmbedder

NOW = datetime(2026, 3, 10, 12, tzinfo=UTC)


def card(n: int, course: str, hours_ago: float, status: str = "open", *,
         answer_minutes: float | None = None, note: str = "", scope: str = "-200"
         ) -> Escalation:
    created = NOW - timedelta(hours=hours_ago)
    answered = None if answer_minutes is None else created + timedelta(minutes=answer_minutes)
    return Escalation(f"c{n}", course, "telegram", "-100", f"Question {n}?", "en", scope=scope,
                      status=status, created_at=created, answered_at=answered,
                      note_document=note)


CARDS = [
    card(1, "CS101", 1, ANSWERED, answer_minutes=30, note="doc-1"),
    card(2, "CS101", 2, ANSWERED, answer_minutes=90),
    card(3, "CS101", 3, ANSWERED, answer_minutes=600, note="doc-3"),
    card(4, "CS101", 4, ANSWERED, answer_minutes=3000),
    card(5, "CS101", 5),
    card(6, "CS101", 6, CLAIMED),
    card(7, "CS101", 7, NOT_MATERIAL),
    card(8, "CS101", 8, CLOSED, scope=""),
    card(9, "BIO110", 9),  # nothing answered: times show "—"
    card(10, "CS101", 24 * 30, ANSWERED, answer_minutes=1),  # outside the 7-day window
]


async def _reports(tmp_path) -> tuple[InstructorReports, SqliteEscalationStore,
                                      SqliteOutcomeStore]:
    escalations = SqliteEscalationStore(tmp_path / "r.db")
    outcomes = SqliteOutcomeStore(tmp_path / "r.db")
    await escalations.open()
    await outcomes.open()
    for c in CARDS:
        await escalations.open_card(c, Asker(c.id, "u1", "telegram", "en",
                                             created_at=c.created_at))
    return (InstructorReports(outcomes, HashingEmbedder(), escalations=escalations),
            escalations, outcomes)


async def test_escalations_section_counts_and_times_per_course(tmp_path) -> None:
    reports, escalations, outcomes = await _reports(tmp_path)
    try:
        report = await reports.build(days=7, now=NOW)
        only = await reports.build(course="BIO110", days=7, now=NOW)
        scoped = await reports.build(course="CS101", days=7, now=NOW, scope="-200")
        past = await reports.build(days=7, now=NOW - timedelta(days=2))
    finally:
        await escalations.close()
        await outcomes.close()
    summary = report.escalations
    assert summary is not None and summary.opened == 9
    bio, cs = summary.courses
    assert (cs.course, cs.opened, cs.answered, cs.still_open, cs.not_material, cs.closed,
            cs.added_to_notes) == ("CS101", 8, 4, 2, 1, 1, 2)
    assert cs.median_answer == timedelta(minutes=345)  # (90 + 600) / 2
    assert cs.p90_answer == timedelta(minutes=3000)
    assert (bio.opened, bio.answered, bio.still_open) == (1, 0, 1)
    assert bio.median_answer is None and bio.p90_answer is None
    assert only.escalations is not None and [c.course for c in only.escalations.courses] == [
        "BIO110"]
    assert scoped.escalations is not None and scoped.escalations.opened == 7  # card 8: a DM
    assert past.escalations is not None and past.escalations.opened == 0  # all opened later

    page = render_html(report, NOW)
    assert '<section id="escalations"><h2>Escalations</h2>' in page
    assert "<td>CS101</td><td class=\"n\">8</td><td class=\"n\">4</td>" in page
    assert '<td class="n">5.8 h</td><td class="n">2.1 d</td>' in page
    assert '<td>BIO110</td><td class="n">1</td><td class="n">0</td><td class="n">—</td>' in page
    assert "No question was sent" in render_html(past, NOW)
    rows = list(csv.DictReader(io.StringIO(report_csv_files(report)["escalations.csv"])))
    assert rows[1] == {"course": "CS101", "opened": "8", "answered": "4",
                       "median_answer_minutes": "345.0", "p90_answer_minutes": "3000.0",
                       "still_open": "2", "not_material": "1", "closed": "1",
                       "added_to_notes": "2"}
    assert rows[0]["median_answer_minutes"] == ""


async def test_no_escalation_store_no_section(tmp_path) -> None:
    outcomes = SqliteOutcomeStore(tmp_path / "r.db")
    await outcomes.open()
    try:
        report = await InstructorReports(outcomes, HashingEmbedder()).build(days=7, now=NOW)
    finally:
        await outcomes.close()
    assert report.escalations is None
    assert 'id="escalations"' not in render_html(report, NOW)
    assert "escalations.csv" not in report_csv_files(report)


def test_median_percentile_and_durations() -> None:
    minutes = [timedelta(minutes=m) for m in (1, 2, 3, 4, 5, 6, 7, 8, 9, 10)]
    assert median(minutes) == timedelta(minutes=5, seconds=30)
    assert median(minutes[:3]) == timedelta(minutes=2) and median([]) is None
    assert percentile(minutes, 0.9) == timedelta(minutes=9)  # nearest rank
    assert percentile(minutes[:1], 0.9) == timedelta(minutes=1) and percentile([], 0.9) is None
    assert [duration_text(v) for v in (None, timedelta(seconds=20), timedelta(minutes=119),
                                       timedelta(hours=5, minutes=45), timedelta(days=3))] == [
        "—", "0 min", "119 min", "5.8 h", "3.0 d"]
