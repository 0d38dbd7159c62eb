"""Canned replies for the fast paths and notices, in English and Arabic."""
from __future__ import annotations

from collections.abc import Sequence

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
        "intro": "I couldn't find a reliable answer to this in {where}. Here is the closest "
                 "material I found; please verify it with your course:",
        "empty": "I couldn't find anything about this in {where}. Try rephrasing, or ask your "
                 "instructor.",
        # what the question names and the course never mentions (core/rag/coverage.py)
        "intro_named": "I couldn't find {terms} in {where}. Here is the closest material I "
                       "found; please verify it with your course:",
        "empty_named": "I couldn't find anything about {terms} in {where}. Try rephrasing, or "
                       "ask your instructor.",
        # {where}: no other source is claimed when none was reachable (offline, or all failed)
        "where_outside": "the course materials or the other sources I checked",
        "where_course": "the course materials",
    },
    "ar": {
        "intro": "لم أجد إجابة موثوقة لهذا السؤال في {where}. هذا أقرب ما وجدته، فتحقق منه في "
                 "مقررك:",
        "empty": "لم أجد شيئًا عن هذا في {where}. جرّب إعادة الصياغة أو اسأل مدرّسك.",
        "intro_named": "لم أجد {terms} في {where}. هذا أقرب ما وجدته، فتحقق منه في مقررك:",
        "empty_named": "لم أجد شيئًا عن {terms} في {where}. جرّب إعادة الصياغة أو اسأل مدرّسك.",
        "where_outside": "مواد المقرر أو في المصادر الأخرى التي راجعتها",
        "where_course": "مواد المقرر",
    },
})
STAFF = Catalog({
    "en": {"similar": "Course staff answered a similar question, “{asked}”:\n{answer}"},
    "ar": {"similar": "أجاب فريق المقرر عن سؤال مشابه، «{asked}»:\n{answer}"},
})


NAMED_MAX = 3  # terms named in a "couldn't find" reply; more read as a list, not a sentence


def fallback(kind: str, language: str, terms: Sequence[str] = (), *,
             outside: bool = True) -> str:
    """The ⚠ reply's opening ("intro", "empty"), naming what the course never mentions when
    the question names it: “radix sort”, “knapsack” or “dynamic”; `outside`: whether a source
    beyond the course was there to check."""
    where = FALLBACK("where_outside" if outside else "where_course", language)
    if not terms:
        return FALLBACK(kind, language, where=where)
    quoted = [f"«{t}»" if language == "ar" else f"“{t}”" for t in terms[:NAMED_MAX]]
    joined = quoted[0] if len(quoted) == 1 else \
        ", ".join(quoted[:-1]) + (" أو " if language == "ar" else " or ") + quoted[-1]
    return FALLBACK(f"{kind}_named", language, terms=joined, where=where)


def chitchat(kind: str, language: str) -> str:
    return CHITCHAT(kind if kind in CHITCHAT else "greeting", language)


def refusal(kind: str, language: str) -> str:
    return REFUSALS(kind if kind in REFUSALS else "default", language)
