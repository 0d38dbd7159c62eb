"""What quizzes and reviews say: questions, explanations, scores, /review and /quiz stats."""
from __future__ import annotations

from core.i18n import Catalog

text = Catalog({
    "en": {
        "fill_blank": "Fill in the blank: {sentence}",
        "what_is": "What is {term}?",
        "explanation": "Right answer: {right}. “{quote}” ({source})",
        "page": "p.", "slide": "slide",
        "not_covered": "The course materials do not cover “{topic}”, so I cannot make a quiz "
                       "on it.",
        "no_facts": "The course materials treat “{topic}”, but none of their sentences on it "
                    "says what a named thing is (“X is …”), which is what quiz questions are "
                    "made from.",
        "other_topic": "Try another topic, or /quiz without one.",
        "empty": "I could not make quiz questions from this course's materials yet.",
        "fewer": "The materials give {count} question(s) on this; here they are.",
        "start": "Quiz: {count} question(s){on}. Answer each one; wrong answers come back in "
                 "/review.",
        "on_topic": " on “{topic}”",
        "right": "✅ Right!",
        "wrong": "❌ Not quite: the answer is “{right}”.",
        "done": "Quiz done: {right} of {total} right. Due for review: {due}.",
        "no_review": "Nothing is due for review. Try /quiz for new questions.",
        "review_start": "Review: {count} question(s) due, the ones you missed first.",
        "stats_title": "Your practice:",
        "stats_line": "{name}: {right}/{answered} right, box {box} on average",
        "stats_none": "You have not answered any quiz question yet. Try /quiz.",
        "stats_due": "Due for review now: {due}.",
        "unknown_item": "That question is no longer available. Try /quiz again.",
        "answered": "You already answered this question.",
        "scores": "Scores so far: {lines}",
    },
    "ar": {
        "fill_blank": "أكمل الفراغ: {sentence}",
        "what_is": "ما {term}؟",
        "explanation": "الإجابة الصحيحة: {right}. «{quote}» ({source})",
        "page": "ص", "slide": "شريحة",
        "not_covered": "مواد المقرر لا تتناول «{topic}»، لذا لا أستطيع إعداد اختبار عنه.",
        "no_facts": "تتناول مواد المقرر «{topic}»، لكن لا توجد فيها عنه جملة تعرّف شيئًا مسمًّى "
                    "(«س هو …»)، وهي ما تُعدّ منه أسئلة الاختبار.",
        "other_topic": "جرّب موضوعًا آخر، أو /quiz دون موضوع.",
        "empty": "لم أتمكن بعد من إعداد أسئلة اختبار من مواد هذا المقرر.",
        "fewer": "تكفي المواد لإعداد {count} سؤال عن هذا؛ ها هي.",
        "start": "اختبار: {count} سؤال{on}. أجب عن كل سؤال؛ تعود الأسئلة التي تخطئ فيها في "
                 "/review.",
        "on_topic": " عن «{topic}»",
        "right": "✅ إجابة صحيحة!",
        "wrong": "❌ ليس تمامًا: الإجابة هي «{right}».",
        "done": "انتهى الاختبار: {right} من {total} صحيحة. المستحق للمراجعة: {due}.",
        "no_review": "لا شيء مستحق للمراجعة الآن. جرّب /quiz لأسئلة جديدة.",
        "review_start": "مراجعة: {count} سؤال مستحق، تبدأ بالتي أخطأت فيها.",
        "stats_title": "تقدّمك في التدريب:",
        "stats_line": "{name}: {right}/{answered} صحيحة، في الصندوق {box} في المتوسط",
        "stats_none": "لم تجب بعد عن أي سؤال اختبار. جرّب /quiz.",
        "stats_due": "المستحق للمراجعة الآن: {due}.",
        "unknown_item": "هذا السؤال لم يعد متاحًا. جرّب /quiz مرة أخرى.",
        "answered": "لقد أجبت عن هذا السؤال من قبل.",
        "scores": "النتائج حتى الآن: {lines}",
    },
})
