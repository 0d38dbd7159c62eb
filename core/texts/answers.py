"""What the buttons under a study answer say: Sources, 👍 / 👎 and the 👎 reasons."""
from __future__ import annotations

from core.i18n import Catalog

text = Catalog({
    "en": {
        "sources": "Sources of this answer:",
        "no_sources": "This answer has no cited passages.",
        "unknown": "I no longer have that answer (answers are kept {days} days). Ask again?",
        "thanks_up": "Thanks, glad it helped!",
        "ask_reason": "Thanks for telling me. What was wrong with it?",
        "thanks_down": "Thanks: noted as “{reason}”. Your instructor sees this feedback.",
        "failed": "Sorry, I could not save that right now. Please try again later.",
        "wrong": "Wrong", "not_in_materials": "Not in the materials",
        "gave_solution": "Gave away a solution", "wrong_language": "Wrong language",
        "page": "p.", "slide": "slide",
    },
    "ar": {
        "sources": "مصادر هذه الإجابة:",
        "no_sources": "لا توجد مقاطع مستشهد بها في هذه الإجابة.",
        "unknown": "لم تعد هذه الإجابة متاحة (تُحفظ الإجابات {days} يومًا). هل تعيد السؤال؟",
        "thanks_up": "شكرًا، يسعدني أنها أفادتك!",
        "ask_reason": "شكرًا لإخباري. ما المشكلة فيها؟",
        "thanks_down": "شكرًا: سُجلت الملاحظة «{reason}». يرى مدرسك هذه الملاحظات.",
        "failed": "عذرًا، تعذر حفظ ذلك الآن. أعد المحاولة لاحقًا.",
        "wrong": "خاطئة", "not_in_materials": "ليست في المواد",
        "gave_solution": "أعطت الحل جاهزًا", "wrong_language": "بلغة خاطئة",
        "page": "ص", "slide": "شريحة",
    },
})


def reason_label(reason: str, language: str) -> str:
    """The button label of a 👎 reason (core.insight.outcomes.VOTE_REASONS)."""
    return text(reason, language)
