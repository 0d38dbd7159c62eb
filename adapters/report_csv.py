"""The instructor report as CSV files, for spreadsheets and further analysis.

Questions are student text: a cell that a spreadsheet would run as a formula (=, +, -, @ first)
is prefixed with an apostrophe (OWASP's CSV-injection advice).
"""
from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Sequence
from datetime import timedelta

from core.insight.outcomes import VOTE_REASONS
from core.insight.report import CONFIDENCES, Report
from core.insight.report_escalations import EscalationSummary

FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def _cell(value: object) -> object:
    if isinstance(value, str) and value.startswith(FORMULA_START):
        return "'" + value
    return value


def _csv(header: Sequence[str], rows: Iterable[Sequence[object]]) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(header)
    writer.writerows([_cell(v) for v in row] for row in rows)
    return out.getvalue()


def report_csv_files(report: Report) -> dict[str, str]:
    """File name -> CSV text: questions per day, gaps, 📖 answers to check, documents, pages,
    feedback (and practice and escalations, when the report has those sections)."""
    gap_rows = [(n, gap.count, " ".join(gap.languages), q.question, q.language,
                 int(q.low_confidence), q.down_votes, " ".join(q.reasons), q.missing,
                 int(q.from_photo), q.created_at.isoformat() if q.created_at else "",
                 gap.staff_answered.isoformat() if gap.staff_answered else "")
                for n, gap in enumerate(report.gaps, 1) for q in gap.questions]
    files = {
        "questions_per_day.csv": _csv(
            ["day", *CONFIDENCES, "total"],
            [(day.isoformat(), *(c.get(k, 0) for k in CONFIDENCES), sum(c.values()))
             for day, c in report.per_day]),
        "gaps.csv": _csv(["group", "group_size", "group_languages", "question", "language",
                          "low_confidence", "down_votes", "reasons", "missing", "from_photo",
                          "asked_at", "staff_answered"],
                         gap_rows),
        "unconfirmed.csv": _csv(["group", "group_size", "group_languages", "question",
                                 "language", "from_photo", "asked_at", "reply", "sources",
                                 "staff_answered"],
                                [(n, gap.count, " ".join(gap.languages), q.question,
                                  q.language, int(q.from_photo),
                                  q.created_at.isoformat() if q.created_at else "",
                                  q.answer, "; ".join(q.sources),
                                  gap.staff_answered.isoformat() if gap.staff_answered else "")
                                 for n, gap in enumerate(report.unconfirmed, 1)
                                 for q in gap.questions]),
        "documents.csv": _csv(["document", "source_type", "citations"],
                              [(d.document, d.source_type, d.citations)
                               for d in report.documents]),
        "pages.csv": _csv(["document", "unit", "page", "section", "citations"],
                          [(p.document, p.unit, "" if p.page is None else p.page, p.section,
                            p.citations) for p in report.pages]),
        "feedback.csv": _csv(
            ["course", "language", "answers", "up", "down", *VOTE_REASONS],
            [(f.course, f.language, f.answers, f.up, f.down,
              *(dict(f.reasons).get(r, 0) for r in VOTE_REASONS)) for f in report.feedback]),
    }
    if report.practice is not None:  # quiz answers by document and by topic
        files["practice.csv"] = _csv(
            ["by", "name", "answers", "right"],
            [("document", t.name, t.answered, t.right) for t in report.practice.documents]
            + [("topic", t.name, t.answered, t.right) for t in report.practice.topics])
    if report.escalations is not None:
        files["escalations.csv"] = _escalations(report.escalations)
    return files


def _escalations(summary: EscalationSummary) -> str:
    """Per course; answer times in minutes (empty when nothing was answered)."""
    def minutes(value: timedelta | None) -> object:
        return "" if value is None else round(value.total_seconds() / 60, 1)
    return _csv(["course", "opened", "answered", "median_answer_minutes",
                 "p90_answer_minutes", "still_open", "not_material", "closed",
                 "added_to_notes"],
                [(c.course, c.opened, c.answered, minutes(c.median_answer),
                  minutes(c.p90_answer), c.still_open, c.not_material, c.closed,
                  c.added_to_notes) for c in summary.courses])
