"""`studybuddy report --out DIR` as a user runs it: a subprocess over an embedded store holding
recorded outcomes writes report.html and the CSV files; bad options end in one line."""
from __future__ import annotations

import asyncio
import csv
import json
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from core.ports import Outcome, Vote
from core.ports.escalations import ANSWERED, Asker, Escalation
from core.stores.sqlite_escalations import SqliteEscalationStore
from core.stores.sqlite_outcomes import SqliteOutcomeStore
from tests.integration.test_cli import studybuddy

pytestmark = pytest.mark.integration


def _outcome(n: int, question: str, confidence: str, course: str, days_ago: int = 0) -> Outcome:
    return Outcome(answer_id=f"r{n}", platform="telegram", user_hash=f"h{n}", space="",
                   course=course, language="en", question=question, answer="...",
                   route=("triage",), confidence=confidence, missing="no red-black trees",
                   citations=({"n": 1, "display_name": "lecture.pdf", "page": 7,
                               "source_type": "course"},),
                   created_at=datetime.now(UTC) - timedelta(days=days_ago))


async def _record(data: Path) -> None:
    store = SqliteOutcomeStore(data / "studybuddy.db")
    await store.open()
    try:
        await store.record(_outcome(1, "What is a red-black tree?", "low", "CS101"))
        await store.record(_outcome(2, "What is quicksort?", "course", "CS101", days_ago=2))
        await store.record(_outcome(3, "Krebs cycle?", "low", "BIO110"))
        await store.record(_outcome(4, "Last month", "low", "CS101", days_ago=20))
        await store.record(_outcome(5, "What is a heap?", "unchecked", "CS101", days_ago=1))
        await store.vote(Vote("r2", "v1", -1, "wrong"))
    finally:
        await store.close()
    desk = SqliteEscalationStore(data / "studybuddy.db")
    await desk.open()
    try:
        asked = datetime.now(UTC) - timedelta(hours=3)
        await desk.open_card(Escalation("c1", "CS101", "telegram", "-100", "What is a red-black"
                                        " tree?", "en", "r1", status=ANSWERED, created_at=asked,
                                        answered_at=asked + timedelta(minutes=42)),
                             Asker("c1", "h1", "telegram", "en", created_at=asked))
    finally:
        await desk.close()


def test_report_writes_html_and_csv(tmp_path):
    data = tmp_path / "data"
    data.mkdir()
    asyncio.run(_record(data))
    # a TA answered the red-black tree question since: the gap is marked, listed last
    notes = tmp_path / "notes.md"
    notes.write_text("# Trees\n\nA binary search tree keeps smaller keys on the left.\n",
                     encoding="utf-8")
    assert studybuddy("ingest", str(notes), "--course", "CS101", data_dir=data).returncode == 0
    faq = tmp_path / "faq.jsonl"
    faq.write_text(json.dumps({"question": "what is a red-black tree?", "answer": "A balanced "
                               "binary search tree; see lecture 7.", "answered_on": "2026-12-01"})
                   + "\n", encoding="utf-8")
    added = studybuddy("faq", "import", "--course", "CS101", str(faq), data_dir=data)
    assert added.returncode == 0, added.stderr
    out = tmp_path / "out"
    done = studybuddy("report", "--out", str(out), "--course", "cs101", data_dir=data)
    assert done.returncode == 0, done.stderr
    # CS101's, whatever the case typed
    assert "3 question(s), 2 gap group(s) (1 answered by staff), 1 📖 answer(s) to check" \
        in done.stdout
    assert "1 question(s) sent to the TA desk" in done.stdout
    assert {p.name for p in out.iterdir()} == {
        "report.html", "questions_per_day.csv", "gaps.csv", "unconfirmed.csv", "documents.csv",
        "pages.csv", "feedback.csv", "practice.csv", "escalations.csv"}
    escalated = list(csv.DictReader((out / "escalations.csv").open(encoding="utf-8")))
    assert [(e["course"], e["answered"], e["median_answer_minutes"]) for e in escalated] == [
        ("CS101", "1", "42.0")]
    page = (out / "report.html").read_text(encoding="utf-8")
    assert "What is a red-black tree?" in page and "Krebs" not in page
    assert '<section id="escalations">' in page and '<td class="n">42 min</td>' in page
    assert "no red-black trees" in page and "<svg" in page and "Last month" not in page
    gaps = list(csv.DictReader((out / "gaps.csv").open(encoding="utf-8")))
    assert [(g["question"], g["staff_answered"]) for g in gaps] == [
        ("What is quicksort?", ""), ("What is a red-black tree?", "2026-12-01")]
    assert "✔ staff answered 2026-12-01" in page
    pages = list(csv.DictReader((out / "pages.csv").open(encoding="utf-8")))
    assert pages == [{"document": "lecture.pdf", "unit": "page", "page": "7", "section": "",
                      "citations": "3"}]
    to_check = list(csv.DictReader((out / "unconfirmed.csv").open(encoding="utf-8")))
    assert [(u["question"], u["reply"]) for u in to_check] == [("What is a heap?", "...")]
    assert '<section id="unconfirmed">' in page and "What is a heap?" in page

    month = studybuddy("report", "--out", str(out), "--days", "30", data_dir=data)
    assert month.returncode == 0 and "5 question(s)" in month.stdout
    # BIO110 has no files, only questions: a course; a typo is none (not an empty report)
    asked_only = studybuddy("report", "--out", str(out), "--course", "bio110", data_dir=data)
    assert asked_only.returncode == 0 and "1 question(s)" in asked_only.stdout
    typo = studybuddy("report", "--out", str(tmp_path / "typo"), "--course", "CS110",
                      data_dir=data)
    assert typo.returncode == 2 and not (tmp_path / "typo").exists()
    assert typo.stderr.strip().splitlines() == [
        "error: there is no course named 'CS110' (courses: BIO110, CS101)"]


def test_bad_options_are_one_line(tmp_path):
    data = tmp_path / "data"
    data.mkdir()
    days = studybuddy("report", "--out", str(tmp_path / "o"), "--days", "0", data_dir=data)
    assert days.returncode == 2 and "--days" in days.stderr
    (tmp_path / "file").write_text("x")
    onto_file = studybuddy("report", "--out", str(tmp_path / "file"), data_dir=data)
    assert onto_file.returncode == 2
    assert onto_file.stderr.strip().splitlines() == [
        f"error: --out {tmp_path / 'file'} is a file; give a folder"]
    under_file = studybuddy("report", "--out", str(tmp_path / "file" / "x"), data_dir=data)
    assert under_file.returncode == 2
    assert under_file.stderr.strip().splitlines() == [
        f"error: cannot write into --out {tmp_path / 'file' / 'x'}: Not a directory"]
