"""The words around every answer: source labels, the confidence mark, page units, headings."""
from __future__ import annotations

from core.i18n import Catalog

LAYOUT = Catalog({
    "en": {
        "source_course": "Course", "source_wikipedia": "Wikipedia", "source_arxiv": "arXiv",
        "source_web": "Web",
        "mark_course": "✅ Answered from your course materials",
        "mark_course_cross": ("✅ Answered from your course materials (quoted from {source} "
                              "material)"),
        "language_en": "English", "language_ar": "Arabic",
        "mark_unchecked": ("📖 What your course materials say about this — not checked as "
                           "the answer: see the cited source"),
        "mark_supplemented": "🌐 Supplemented from outside sources (Wikipedia / arXiv / web)",
        "mark_low": ("⚠️ Low confidence: the sources did not fully answer this — "
                     "check with your course"),
        "unit_page": "p.", "unit_slide": "slide",
        "sources": "Sources:", "staff_answer": "Staff answer · {date}",
    },
    "ar": {
        "source_course": "المقرر", "source_wikipedia": "ويكيبيديا", "source_arxiv": "arXiv",
        "source_web": "الويب",
        "mark_course": "✅ الإجابة من مواد المقرر",
        "mark_course_cross": "✅ الإجابة من مواد المقرر (مقتبسة من مادة {source})",
        "language_en": "بالإنجليزية", "language_ar": "بالعربية",
        "mark_unchecked": ("📖 هذا ما تقوله مواد المقرر عن سؤالك — لم يُتحقق منه كإجابة: "
                           "راجع المصدر المذكور"),
        "mark_supplemented": "🌐 مدعومة بمصادر خارجية (ويكيبيديا / arXiv / الويب)",
        "mark_low": "⚠️ ثقة منخفضة: لم تُجب المصادر عن السؤال تمامًا — راجع مقررك",
        "unit_page": "ص", "unit_slide": "شريحة",
        "sources": "المصادر:", "staff_answer": "إجابة طاقم المقرر · {date}",
    },
})
# Confidence values that get a mark under the answer
MARKED = ("course", "unchecked", "supplemented", "low")
