"""The instructor report's Practice section: answers by document and topic, share right, the
hardest items, students counted (never named), on the page and in practice.csv."""
from __future__ import annotations

import csv
import io
from datetime import UTC, datetime, timedelta

from adapters.report_csv import report_csv_files
from adapters.report_page import render_html
from core.insight.report import InstructorReports
from core.ports.practice import Answer, Card, ItemSource, QuizItem
from core.stores.sqlite_outcomes import SqliteOutcomeStore
from core.stores.sqlite_practice import SqlitePracticeStore
from tests.support.fake_embedder import HashingEmbedder

NOW = datetime(2026, 3, 10, 12, tzinfo=UTC)


def item(n: int, document: str, term: str) -> QuizItem:
    return QuizItem(f"i{n}", "CS101", "en", "cloze", f"Fill in the blank: _____ is thing {n}.",
                    (term, "Heap sort", "Graph"), 0, f"{term} is thing {n}.",
                    ItemSource(document, "T", 2, "S"), term)


async def test_practice_section_counts_by_document_topic_and_finds_the_hardest(tmp_path):
    practice = SqlitePracticeStore(tmp_path / "p.db")
    outcomes = SqliteOutcomeStore(tmp_path / "p.db")
    await practice.open()
    await outcomes.open()
    try:
        items = [item(1, "02-sorting.md", "Quicksort"), item(2, "02-sorting.md", "Merge sort"),
                 item(3, "04-graphs.md", "Graph")]
        await practice.save_items(items)
        answers = [("a", "i1", True), ("b", "i1", True), ("a", "i2", False), ("b", "i2", False),
                   ("c", "i2", True), ("a", "i3", True)]
        for n, (who, item_id, right) in enumerate(answers):
            at = NOW - timedelta(hours=n)
            await practice.record(Card(who, item_id, "CS101", 1, at), Answer(
                who, item_id, "CS101", "telegram", right, at, "s"))
        old = NOW - timedelta(days=30)  # outside the 7-day window
        await practice.record(Card("d", "i3", "CS101", 1, old),
                              Answer("d", "i3", "CS101", "discord", False, old, "s"))
        report = await InstructorReports(outcomes, HashingEmbedder(), practice).build(
            course="CS101", days=7, now=NOW)
    finally:
        await practice.close()
        await outcomes.close()
    summary = report.practice
    assert summary is not None and (summary.answered, summary.students, summary.right) == (6, 3, 4)
    assert [(t.name, t.answered, t.right) for t in summary.documents] == [
        ("02-sorting.md", 5, 3), ("04-graphs.md", 1, 1)]
    assert summary.topics[0].name == "Merge sort" and summary.topics[0].share_right == 1 / 3
    assert [h.right_option for h in summary.hardest] == ["Merge sort", "Quicksort"]
    page = render_html(report, NOW)
    assert '<section id="practice">' in page and "6 quiz answers by 3" in page
    assert "Hardest items" in page and "Fill in the blank: _____ is thing 2." in page
    rows = list(csv.DictReader(io.StringIO(report_csv_files(report)["practice.csv"])))
    assert {"by": "document", "name": "04-graphs.md", "answers": "1", "right": "1"} in rows
