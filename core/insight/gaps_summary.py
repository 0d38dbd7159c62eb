"""`/gaps` for staff in the chat: the last days of a course in two lines, then its top gaps.

The full page (charts, every gap, cited pages, CSV) is `studybuddy report`; this is the short
form that fits a chat message, built from the same report (core/insight/report.py).
"""
from __future__ import annotations

from core.insight.report import InstructorReports, Report
from core.messages import Reply
from core.texts.gaps import GAPS

TOP = 5


async def gaps_reply(reports: InstructorReports, course: str | None, *, days: int = 7,
                     language: str = "en", scope: str | None = None) -> Reply:
    """The short report of a course (None: all), of one scope's questions (None: all)."""
    report = await reports.build(course=course, days=days, scope=scope)
    return Reply.notice_of(summary(report, days, language), "gaps", language)


def summary(report: Report, days: int, language: str) -> str:
    low = sum(counts.get("low", 0) for _, counts in report.per_day)
    down = sum(f.down for f in report.feedback)
    name = report.course or GAPS("all", language)
    lines = [GAPS("head", language, course=name, days=days, total=report.total, low=low,
                  down=down)]
    unconfirmed = sum(g.count for g in report.unconfirmed)
    if unconfirmed:
        lines.append(GAPS("unconfirmed", language, count=unconfirmed))
    if not report.gaps:
        lines.append(GAPS("none", language))
        return "\n".join(lines)
    lines += ["", GAPS("top", language)]
    for n, gap in enumerate(report.gaps[:TOP], 1):
        first = gap.questions[0]
        shown = first.question if len(first.question) <= 120 else first.question[:117] + "…"
        line = f"{n}. ×{gap.count} “{shown}” ({', '.join(gap.languages)})"
        if note := first.missing.strip():  # the shown question's own (the group's read as its)
            line += " — " + GAPS("missing", language, missing=note[:100])
        if gap.staff_answered:
            line += " — " + GAPS("answered", language, day=gap.staff_answered.isoformat())
        lines.append(line)
    lines += ["", GAPS("more", language, course=report.course or "")]
    return "\n".join(lines).replace(" --course \n", "\n").rstrip()
