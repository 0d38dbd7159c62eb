"""Canned replies for the fast paths and notices, in English and Arabic."""
from __future__ import annotations

from core.i18n import Catalog

CHITCHAT = Catalog({
    "en": {
        "greeting": "Hi! I'm Study Buddy. Ask me anything about your course materials.",
        "thanks": "You're welcome! Good luck with your studies.",
        "goodbye": "Goodbye, and good luck with your studies!",
        "smalltalk": "I'm Study Buddy, a study assistant: ask me a question about your course "
                     "materials and I'll answer with sources.",
    },
    "ar": {
        "greeting": "مرحبًا! أنا رفيق الدراسة. اسألني أي شيء عن مواد مقررك.",
        "thanks": "على الرحب والسعة! بالتوفيق في دراستك.",
        "goodbye": "مع السلامة، وبالتوفيق في دراستك!",
        "smalltalk": ("أنا رفيق الدراسة، مساعد للمذاكرة: "
                      "اسألني عن مواد مقررك وسأجيبك مع ذكر المصادر."),
    },
})
REFUSALS = Catalog({
    "en": {
        "gibberish": "I couldn't make sense of that. Could you rephrase it as a study question?",
        "default": "Sorry, I can't help with that. I'm here for questions about your course.",
    },
    "ar": {
        "gibberish": "لم أفهم رسالتك. هل يمكنك إعادة صياغتها كسؤال دراسي؟",
        "default": "عذرًا، لا يمكنني المساعدة في ذلك. أنا هنا للإجابة عن أسئلة مقررك.",
    },
})
FALLBACK = Catalog({
    "en": {
        "intro": "I couldn't find a reliable answer to this in the course materials or the other "
                 "sources I checked. Here is the closest material I found; please verify it with "
                 "your course:",
        "empty": "I couldn't find anything about this in the course materials or the other "
                 "sources I checked. Try rephrasing, or ask your instructor.",
    },
    "ar": {
        "intro": "لم أجد إجابة موثوقة لهذا السؤال في مواد المقرر أو في المصادر الأخرى التي "
                 "راجعتها. هذا أقرب ما وجدته، فتحقق منه في مقررك:",
        "empty": ("لم أجد شيئًا عن هذا في مواد المقرر أو في المصادر الأخرى. "
                  "جرّب إعادة الصياغة أو اسأل مدرّسك."),
    },
})
STAFF = Catalog({
    "en": {"similar": "Course staff answered a similar question, “{asked}”:\n{answer}"},
    "ar": {"similar": "أجاب فريق المقرر عن سؤال مشابه، «{asked}»:\n{answer}"},
})


def chitchat(kind: str, language: str) -> str:
    return CHITCHAT(kind if kind in CHITCHAT else "greeting", language)


def refusal(kind: str, language: str) -> str:
    return REFUSALS(kind if kind in REFUSALS else "default", language)
