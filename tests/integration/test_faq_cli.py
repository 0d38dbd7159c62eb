"""`studybuddy faq import | export`: staff answers in and out of a course as JSONL. A bad line is
reported by number and skipped; what was imported is a course document (`docs list`) that
answers the same question with ✅, and export gives back what was imported."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tests.integration.test_cli import studybuddy
from tests.support.report_scenario import copy_store

pytestmark = pytest.mark.integration

ANSWERS = [
    {"question": "Is the final exam open book?",
     "answer": "No. The final is closed book; one handwritten A4 sheet of notes is allowed.",
     "language": "en", "answered_on": "2026-11-30"},
    {"question": "هل يُسمح بالآلة الحاسبة في الامتحان النهائي؟",
     "answer": "نعم، يُسمح بآلة حاسبة علمية غير قابلة للبرمجة.", "language": "ar",
     "answered_on": "2026-12-01"},
]


def test_import_then_export_round_trips_and_answers_with_the_staff_answer(sample_store,
                                                                          tmp_path: Path):
    data = tmp_path / "data"
    copy_store(Path(sample_store.path), data / "studybuddy.db")
    lines = [json.dumps(a, ensure_ascii=False) for a in ANSWERS]
    lines.insert(1, '{"question": "no answer here"}')
    lines.insert(2, "not json at all")
    source = tmp_path / "faq.jsonl"
    source.write_text("\n".join(lines) + "\n", encoding="utf-8")

    imported = studybuddy("faq", "import", "--course", "CS101", str(source), data_dir=data)
    assert imported.returncode == 1, imported.stderr  # some lines were skipped
    assert "skipped line 2: no \"answer\" text" in imported.stderr
    assert "skipped line 3:" in imported.stderr
    assert "2 staff answer(s) stored in CS101;" in imported.stderr  # nothing replaced
    assert "; 2 line(s) skipped" in imported.stderr

    listed = studybuddy("docs", "list", "--course", "CS101", data_dir=data)
    assert listed.returncode == 0, listed.stderr
    assert listed.stdout.count("staff-answer-") == 2
    shown = [line.split()[-1] for line in listed.stdout.splitlines() if "staff-answer-" in line]
    assert len(set(shown)) == 2 and all(re.fullmatch(r"staff-[0-9a-f]{8}", i) for i in shown)

    out = tmp_path / "export.jsonl"
    exported = studybuddy("faq", "export", "--course", "CS101", "--out", str(out), data_dir=data)
    assert exported.returncode == 0, exported.stderr
    rows = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert rows == ANSWERS

    asked = studybuddy("ask", "--json", "--course", "CS101", "is the final exam open book",
                       data_dir=data)
    reply = json.loads(asked.stdout)
    assert reply["answer"] == ANSWERS[0]["answer"] and reply["confidence"] == "course"
    assert reply["citations"][0]["title"] == "Staff answer · 2026-11-30"

    # a TA corrects an answer: the corrected one replaces it, whatever the case and spacing
    fixed = dict(ANSWERS[0], question="is the final exam  open book?",
                 answer="No. The final is closed book; no notes are allowed.")
    source.write_text(json.dumps(fixed) + "\n", encoding="utf-8")
    again = studybuddy("faq", "import", "--course", "CS101", str(source), data_dir=data)
    assert again.returncode == 0, again.stderr
    assert "1 staff answer(s) stored in CS101 (1 replacing the answer to the same question)" \
        in again.stderr
    exported = studybuddy("faq", "export", "--course", "CS101", data_dir=data)
    assert [json.loads(line) for line in exported.stdout.splitlines()] == [
        dict(fixed, question="is the final exam open book?"), ANSWERS[1]]


def test_errors_are_one_line(tmp_path: Path):
    missing = studybuddy("faq", "import", "--course", "CS101", str(tmp_path / "none.jsonl"),
                         data_dir=tmp_path)
    assert missing.returncode == 2 and missing.stderr.startswith("error: cannot read")
    unknown = studybuddy("faq", "export", "--course", "NOPE", data_dir=tmp_path,
                         AUTO_INGEST_SAMPLE="false")
    assert unknown.returncode == 2 and "no course named 'NOPE'" in unknown.stderr
