"""Service-level messages (limits, erasure, failures) in English and Arabic."""
from __future__ import annotations

from core.i18n import Catalog

notice = Catalog({
    "en": {
        "empty": "Please type a question — for example: What is the time complexity of merge sort?",
        "too_long": "Your question is too long ({length} characters; the limit is {limit}). "
                    "Please shorten it or split it into smaller questions.",
        "rate_limited": "You're asking faster than I can keep up ({limit} questions per minute). "
                        "Please wait about {wait} seconds and try again.",
        "busy": "I'm answering a lot of questions right now. Please try again in a minute.",
        "forgot": "Done: I erased your conversation history (saved exchanges erased: {count}).",
        "forget_failed": "Sorry, I could not erase your history right now — nothing was deleted. "
                         "Please try /forget again in a minute.",
        "timeout": "Sorry, this took longer than expected and I had to stop. Please try again, "
                   "perhaps with a shorter question.",
        "error": "Sorry, something went wrong while answering. Please try again.",
        "unknown_course": "There is no course named “{course}” here. Courses: {courses}.",
        "no_context": "Which one do you mean? I have no earlier question of yours to go on: "
                      "please ask the whole question — for example: What is the time "
                      "complexity of merge sort?",
    },
    "ar": {
        "empty": "من فضلك اكتب سؤالًا، مثل: ما التعقيد الزمني للترتيب بالدمج؟",
        "too_long": "سؤالك طويل جدًا ({length} حرفًا؛ الحد {limit}). من فضلك اختصره أو قسّمه.",
        "rate_limited": ("أنت تسأل أسرع مما أستطيع ({limit} أسئلة في الدقيقة). "
                         "انتظر نحو {wait} ثانية ثم أعد المحاولة."),
        "busy": "أجيب عن أسئلة كثيرة الآن. من فضلك أعد المحاولة بعد دقيقة.",
        "forgot": "تم: حذفت سجل محادثتك ({count} من التبادلات المحفوظة).",
        "forget_failed": ("عذرًا، لم أستطع حذف سجلك الآن ولم يُحذف شيء. "
                          "أعد المحاولة بـ /forget بعد دقيقة."),
        "timeout": "عذرًا، استغرق الأمر وقتًا أطول من المتوقع فتوقفت. أعد المحاولة بسؤال أقصر.",
        "error": "عذرًا، حدث خطأ أثناء الإجابة. من فضلك أعد المحاولة.",
        "unknown_course": "لا يوجد مقرر باسم «{course}» هنا. المقررات: {courses}.",
        "no_context": ("ماذا تقصد؟ ليس لدي سؤال سابق منك أبني عليه: من فضلك اكتب السؤال كاملًا، "
                       "مثل: ما التعقيد الزمني للترتيب بالدمج؟"),
    },
})
