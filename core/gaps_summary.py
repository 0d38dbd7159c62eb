"""`/gaps` for staff in the chat: the last days of a course in two lines, then its top gaps.

The full page (charts, every gap, cited pages, CSV) is `studybuddy report`; this is the short
form that fits a chat message, built from the same report (core/report.py).
"""
from __future__ import annotations

from core.messages import Intent, Reply
from core.report import InstructorReports, Report

TOP = 5
TEXTS = {
    "en": {
        "head": "{course} — last {days} days: {total} questions, {low} with ⚠ low confidence, "
                "{down} 👎.",
        "none": "No gaps: every question was answered with confidence and nothing was voted 👎.",
        "top": "Top gaps (questions the materials did not answer well):",
        "missing": "missing: {missing}",
        "more": "Full report with charts and every gap: studybuddy report --course {course}",
        "all": "all courses",
    },
    "ar": {
        "head": "{course} — آخر {days} أيام: {total} سؤالًا، منها {low} بثقة منخفضة ⚠، و{down} 👎.",
        "none": "لا فجوات: أُجيب عن كل الأسئلة بثقة ولم يُصوَّت بـ 👎 على شيء.",
        "top": "أبرز الفجوات (أسئلة لم تُجب عنها المواد جيدًا):",
        "missing": "الناقص: {missing}",
        "more": "التقرير الكامل بالرسوم وكل الفجوات: studybuddy report --course {course}",
        "all": "كل المقررات",
    },
}


async def gaps_reply(reports: InstructorReports, course: str | None, *, days: int = 7,
                     language: str = "en", scope: str | None = None) -> Reply:
    """The short report of a course (None: all), of one scope's questions (None: all)."""
    report = await reports.build(course=course, days=days, scope=scope)
    return Reply(text=summary(report, days, language), intent=Intent.NOTICE, notice="gaps",
                 language=language)


def summary(report: Report, days: int, language: str) -> str:
    t = TEXTS.get(language, TEXTS["en"])
    low = sum(counts.get("low", 0) for _, counts in report.per_day)
    down = sum(f.down for f in report.feedback)
    name = report.course or t["all"]
    lines = [t["head"].format(course=name, days=days, total=report.total, low=low, down=down)]
    if not report.gaps:
        lines.append(t["none"])
        return "\n".join(lines)
    lines += ["", t["top"]]
    for n, gap in enumerate(report.gaps[:TOP], 1):
        first = gap.questions[0].question
        shown = first if len(first) <= 120 else first[:117] + "…"
        line = f"{n}. ×{gap.count} “{shown}” ({', '.join(gap.languages)})"
        if gap.missing:
            notes = "; ".join(note[:100] for note in gap.missing[:2])
            line += " — " + t["missing"].format(missing=notes)
        lines.append(line)
    lines += ["", t["more"].format(course=report.course or "")]
    return "\n".join(lines).replace(" --course \n", "\n").rstrip()
