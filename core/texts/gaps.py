"""The `/gaps` chat summary's lines."""
from __future__ import annotations

from core.i18n import Catalog

GAPS = Catalog({
    "en": {
        "head": "{course} — last {days} days: {total} questions, {low} with ⚠ low confidence, "
                "{down} 👎.",
        "none": "No gaps: no answer was ⚠ low confidence and nothing was voted 👎.",
        "top": "Top gaps (questions the materials did not answer well):",
        "missing": "missing: {missing}",
        "answered": "✔ staff answered it on {day}",
        "more": "Full report with charts and every gap: studybuddy report --course {course}",
        "all": "all courses",
        "unconfirmed": "📖 {count} answers from the course were not confirmed; the full report "
                       "lists them with the replies to check.",
    },
    "ar": {
        "head": "{course} — آخر {days} أيام: {total} سؤالًا، منها {low} بثقة منخفضة ⚠، و{down} 👎.",
        "none": "لا فجوات: لا إجابة بثقة منخفضة ⚠ ولم يُصوَّت بـ 👎 على شيء.",
        "top": "أبرز الفجوات (أسئلة لم تُجب عنها المواد جيدًا):",
        "missing": "الناقص: {missing}",
        "answered": "✔ أجاب عنه فريق المقرر في {day}",
        "more": "التقرير الكامل بالرسوم وكل الفجوات: studybuddy report --course {course}",
        "all": "كل المقررات",
        "unconfirmed": "📖 {count} إجابة من المقرر لم يُتحقَّق منها؛ التقرير الكامل يسردها مع "
                       "الردود لمراجعتها.",
    },
})
