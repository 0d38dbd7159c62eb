"""What the Telegram bot says itself (the core writes the rest): /help (en + ar), usage and error
lines, the answer buttons and the course desk's buttons and usage lines, and the command menu
set with setMyCommands."""
from __future__ import annotations

TEXTS = {
    "en": {
        "help": ("I'm Study Buddy. Ask me anything about your course and I'll answer from the "
                 "course materials, with numbered sources.\n\n"
                 "In a private chat, just type your question. In a group, mention me or use "
                 "/ask <question>.\n\n/ask <question> — ask a study question\n"
                 "/forget — erase what I remember about you\n/help — this message\n\n"
                 "Courses: each group answers from its own course (its space), a private chat "
                 "from the course you choose.\n"
                 "/course — show this chat's course and the list of courses\n"
                 "/course NAME — set the course (groups: administrators, among the group's own "
                 "courses, shared ones and open ones; a new name becomes the group's course; "
                 "private chats: your own choice among your groups' courses and public ones)\n"
                 "/course share — a one-time code another group's admins redeem with "
                 "/course join CODE to answer from this course (read only); /course unshare "
                 "NAME|telegram:chat:ID stops it\n"
                 "Staff: send a file as a document with the caption /upload, or /upload COURSE, "
                 "to preview it, then Confirm to add it.\n"
                 "/remove NAME — remove a document from this chat's course (staff)\n"
                 "/mode — this chat's study mode; /mode guide or /mode explain (staff): in "
                 "guide mode, requests to solve homework or exams get concepts and steps, "
                 "not solutions\n"
                 "/gaps [days] — what students could not get answered here (staff)\n"
                 "Staff are the group's administrators, for the courses their group owns; the "
                 "users listed in TELEGRAM_STAFF_IDS act as the bot's operator everywhere."),
        "usage": "Usage: /ask <your question>, for example: /ask What is merge sort?",
        "error": "Sorry, something went wrong while answering. Please try again in a moment.",
    },
    "ar": {
        "help": ("أنا Study Buddy. اسألني أي سؤال عن مقررك وسأجيب من مواد المقرر مع مصادر "
                 "مرقمة.\n\nفي المحادثة الخاصة اكتب سؤالك مباشرة. في المجموعات اذكرني أو استخدم "
                 "/ask <سؤالك>.\n\n/ask <سؤالك> — اطرح سؤالًا دراسيًا\n"
                 "/forget — امسح ما أتذكره عنك\n/help — هذه الرسالة\n\n"
                 "المقررات: تجيب كل مجموعة من مقررها (مساحتها)، والمحادثة الخاصة من المقرر "
                 "الذي تختاره.\n"
                 "/course — اعرض مقرر هذه المحادثة وقائمة المقررات\n"
                 "‎/course الاسم — حدد المقرر (في المجموعات: المديرون، من مقررات المجموعة "
                 "والمُشارَكة والمفتوحة؛ والاسم الجديد يصبح مقرر المجموعة؛ في المحادثة الخاصة: "
                 "اختيارك من مقررات مجموعاتك والمقررات العامة)\n"
                 "‎/course share — رمز لمرة واحدة يستخدمه مديرو مجموعة أخرى بالأمر "
                 "‎/course join الرمز ليجيبوا من هذا المقرر (قراءة فقط)؛ ويوقفه "
                 "‎/course unshare\n"
                 "المشرفون: أرسلوا الملف كمستند مع التعليق /upload أو ‎/upload المقرر لمعاينته، "
                 "ثم اضغطوا تأكيد لإضافته.\n"
                 "‎/remove الاسم — احذف مستندًا من مقرر هذه المحادثة (للمشرفين)\n"
                 "/mode — وضع الدراسة في هذه المحادثة؛ ‎/mode guide أو ‎/mode explain "
                 "(للمشرفين): في وضع التوجيه تحصل طلبات حل الواجبات والامتحانات على المفاهيم "
                 "والخطوات لا على الحلول\n"
                 "‎/gaps [أيام] — ما لم يجد الطلاب إجابة جيدة عنه هنا (للمشرفين)\n"
                 "المشرفون هم مديرو المجموعة، للمقررات التي تملكها مجموعتهم؛ والمستخدمون "
                 "المدرجون في TELEGRAM_STAFF_IDS يعملون كمشغّل البوت في كل مكان."),
        "usage": "الاستخدام: /ask <سؤالك>، مثلًا: /ask ما هو الفرز بالدمج؟",
        "error": "عذرًا، حدث خطأ أثناء الإجابة. حاول مرة أخرى بعد قليل.",
    },
}
COMMANDS = [("ask", "Ask a study question"), ("forget", "Erase your history"),
            ("help", "How to use Study Buddy")]
DESK_COMMANDS = [("course", "Show, set or share this chat's course"),
                 ("mode", "Study mode: guide (no finished solutions) or explain"),
                 ("upload", "Staff: send a file captioned /upload [course]"),
                 ("remove", "Staff: remove a document from this chat's course"),
                 ("gaps", "Staff: what students could not get answered here")]
DESK_TEXTS = {
    "en": {
        "confirm": "✅ Confirm", "cancel": "✖️ Cancel", "working": "Working on it…",
        "remove_usage": "Usage: /remove NAME — the document's file name in this chat's course.",
        "gaps_usage": "Usage: /gaps [days] — days is a whole number from 1 to {max} (default 7).",
        "upload_usage": ("To add course material, send the file as a document with the caption "
                         "/upload, or /upload COURSE to choose the course (staff only)."),
        "download_failed": ("I couldn't download “{name}” from Telegram (files over 20 MB need "
                            "a self-hosted Bot API server). Nothing was stored."),
    },
    "ar": {
        "confirm": "✅ تأكيد", "cancel": "✖️ إلغاء", "working": "جارٍ التنفيذ…",
        "remove_usage": "الاستخدام: /remove الاسم — اسم ملف المستند في مقرر هذه المحادثة.",
        "gaps_usage": ("الاستخدام: ‎/gaps [أيام] — عدد الأيام رقم صحيح من 1 إلى {max} "
                       "(الافتراضي 7)."),
        "upload_usage": ("لإضافة مادة دراسية أرسل الملف كمستند مع التعليق /upload، أو "
                         "‎/upload المقرر لاختيار المقرر (للمشرفين فقط)."),
        "download_failed": ("تعذر تنزيل «{name}» من تيليجرام (الملفات الأكبر من 20 ميغابايت "
                            "تحتاج خادم Bot API مستضافًا ذاتيًا). لم يُخزَّن شيء."),
    },
}
BUTTON_TEXTS = {
    "en": {"sources": "📚 Sources", "stale": "This button no longer works. Ask again?",
           "posted": "The sources are posted just below this answer."},
    "ar": {"sources": "📚 المصادر", "stale": "لم يعد هذا الزر يعمل. هل تعيد السؤال؟",
           "posted": "المصادر منشورة أسفل هذه الإجابة مباشرة."},
}


def bot_texts(language: str | None) -> dict[str, str]:
    """/help, usage and error lines in `language` (a primary subtag), English by default."""
    return TEXTS.get(language or "en", TEXTS["en"])
