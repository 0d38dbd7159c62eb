"""What each chat platform's bot says itself (the core's replies are in the other modules):
/help, usage and error lines, button labels, the Telegram command menu, the console's help."""
from __future__ import annotations

from core.i18n import Catalog

TELEGRAM = Catalog({
    "en": {
        "help": ("I'm Study Buddy. Ask me anything about your course and I'll answer from the "
                 "course materials, with numbered sources.\n\n"
                 "In a private chat, just type your question. In a group, mention me or use "
                 "/ask <question>.\n\n"
                 "Photos: send a photo of a printed question (in a group, caption it /ask or "
                 "mention me) and I'll read it and answer; a caption is part of the question.\n\n"
                 "/ask <question> — ask a study question\n"
                 "/forget — erase what I remember about you\n/help — this message\n"
                 "/quiz [topic] [n] — a quiz from the course materials (/quiz stats: your "
                 "progress)\n/review — the quiz questions due again, the ones you missed first\n\n"
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
                 "/ta here [COURSE] [all] — in a staff group: students' “Ask a TA” questions "
                 "come here; reply to a card to answer, then Send (/ta off stops it)\n"
                 "Staff are the group's administrators, for the courses their group owns; the "
                 "users listed in TELEGRAM_STAFF_IDS act as the bot's operator everywhere."),
        "usage": "Usage: /ask <your question>, for example: /ask What is merge sort?",
        "error": "Sorry, something went wrong while answering. Please try again in a moment.",
    },
    "ar": {
        "help": ("أنا Study Buddy. اسألني أي سؤال عن مقررك وسأجيب من مواد المقرر مع مصادر "
                 "مرقمة.\n\nفي المحادثة الخاصة اكتب سؤالك مباشرة. في المجموعات اذكرني أو استخدم "
                 "/ask <سؤالك>.\n\n"
                 "الصور: أرسل صورة لسؤال مطبوع (في المجموعات اكتب /ask في التعليق أو اذكرني) "
                 "وسأقرؤها وأجيب؛ والتعليق جزء من السؤال.\n\n"
                 "/ask <سؤالك> — اطرح سؤالًا دراسيًا\n"
                 "/forget — امسح ما أتذكره عنك\n/help — هذه الرسالة\n"
                 "‎/quiz [الموضوع] [العدد] — اختبار من مواد المقرر (‎/quiz stats: تقدّمك)\n"
                 "/review — أسئلة الاختبار المستحقة للمراجعة، تبدأ بالتي أخطأت فيها\n\n"
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
                 "‎/ta here [COURSE] [all] — في مجموعة المشرفين: تصل إليها أسئلة «اسأل المعيد»؛ "
                 "ردّوا على البطاقة ثم اضغطوا أرسل (‎/ta off يوقفها)\n"
                 "المشرفون هم مديرو المجموعة، للمقررات التي تملكها مجموعتهم؛ والمستخدمون "
                 "المدرجون في TELEGRAM_STAFF_IDS يعملون كمشغّل البوت في كل مكان."),
        "usage": "الاستخدام: /ask <سؤالك>، مثلًا: /ask ما هو الفرز بالدمج؟",
        "error": "عذرًا، حدث خطأ أثناء الإجابة. حاول مرة أخرى بعد قليل.",
    },
})
TELEGRAM_DESK = Catalog({
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
})
TELEGRAM_BUTTONS = Catalog({
    "en": {"sources": "📚 Sources", "stale": "This button no longer works. Ask again?",
           "posted": "The sources are posted just below this answer."},
    "ar": {"sources": "📚 المصادر", "stale": "لم يعد هذا الزر يعمل. هل تعيد السؤال؟",
           "posted": "المصادر منشورة أسفل هذه الإجابة مباشرة."},
})
TELEGRAM_COMMANDS = [("ask", "Ask a study question"), ("forget", "Erase your history"),
                     ("help", "How to use Study Buddy")]
TELEGRAM_QUIZ_COMMANDS = [("quiz", "A quiz from the course: /quiz [topic] [n], /quiz stats"),
                          ("review", "The quiz questions due for review")]
TELEGRAM_DESK_COMMANDS = [("course", "Show, set or share this chat's course"),
                           ("mode", "Study mode: guide (no finished solutions) or explain"),
                           ("upload", "Staff: send a file captioned /upload [course]"),
                           ("remove", "Staff: remove a document from this chat's course"),
                           ("gaps", "Staff: what students could not get answered here")]
TELEGRAM_TA_COMMANDS = [("ta", "Staff: /ta here [course] [all] or /ta off: the TA desk")]

DISCORD = Catalog({
    "en": {
        "apology": "Sorry, something went wrong while answering. Please try again in a moment.",
        "sources": "Sources", "confirm": "Confirm", "cancel": "Cancel",
        "staff_role": " or the role “{role}”",
        "help": """\
**Study Buddy: courses**
Each channel answers from its course. A thread uses its own course, else its channel's, else \
the server's; in DMs you choose your own.
• `/course show`: this chat's course. `/course list`: all courses.
• `/course set name:NAME [scope:channel|server]`: staff choose this channel's (or the whole \
server's) course among this server's, shared and open ones; a new name becomes this server's \
course. In DMs, anyone chooses among their servers' courses and public ones.
• `/course share`: staff get a one-time code; another server's staff use it with \
`/course join code:CODE` to answer from the course (read only). `/course unshare` stops it.
• `/mode [mode:guide|explain] [scope:channel|server]`: this chat's study mode; staff set it. In \
guide mode, requests to solve homework, assignments, exams or quizzes get the key ideas, steps \
to try and a question back, never a finished solution or full code.
• `/upload file:FILE [course:NAME]`: staff add a file ({formats}, up to {limit_mb} MB) to this \
channel's course. You see a preview first, then Confirm or Cancel.
• `/remove name:FILE [course:NAME]`: staff remove a document, after Confirm.
• `/gaps [days:7]`: staff see the questions this channel's course did not answer well.
• `/ta here [course] [all]`: in a forum or text channel, staff receive students' "Ask a TA" \
questions as cards; answer in the card's thread (mention me, or `/ta answer`), then Send. \
`/ta off` stops it.
• `/ask` or a mention asks a question; `/forget` erases what I remember about you.
• Photos: attach a photo of a printed question to a DM, a mention or `/ask` (its `image` \
option) and I read it and answer it; your words with it are part of the question.
Staff here: members with the Manage Server permission{role}, for this server's courses.""",
    },
    "ar": {
        "apology": "عذرًا، حدث خطأ أثناء الإجابة. حاول مرة أخرى بعد قليل.",
        "sources": "المصادر", "confirm": "تأكيد", "cancel": "إلغاء",
        "staff_role": " أو الدور «{role}»",
        "help": """\
**Study Buddy: المقررات**
تجيب كل قناة من مقررها. يستخدم الموضوع (thread) مقرره، وإلا فمقرر قناته، وإلا فمقرر الخادم؛ \
وفي الرسائل الخاصة تختار مقررك بنفسك.
• `/course show`: مقرر هذه المحادثة. `/course list`: كل المقررات.
• `/course set name:الاسم [scope:channel|server]`: يختار المشرفون مقرر هذه القناة (أو الخادم \
كله) من مقررات الخادم والمُشارَكة والمفتوحة؛ والاسم الجديد يصبح مقررًا لهذا الخادم. في الرسائل \
الخاصة يختار أي شخص من مقررات خوادمه والمقررات العامة.
• `/course share`: يحصل المشرفون على رمز لمرة واحدة يستخدمه مشرفو خادم آخر بالأمر \
`/course join code:الرمز` ليجيبوا من المقرر (قراءة فقط). `/course unshare` يوقف ذلك.
• `/mode [mode:guide|explain] [scope:channel|server]`: وضع الدراسة هنا؛ يضبطه المشرفون. في وضع \
التوجيه تحصل طلبات حل الواجبات والتكليفات والامتحانات على الأفكار الأساسية وخطوات للتجربة \
وسؤال، لا على حل جاهز أو كود كامل.
• `/upload file:الملف [course:الاسم]`: يضيف المشرفون ملفًا ({formats}، حتى {limit_mb} ميغابايت) \
إلى مقرر هذه القناة. تظهر معاينة أولًا ثم تأكيد أو إلغاء.
• `/remove name:الملف [course:الاسم]`: يحذف المشرفون مستندًا بعد التأكيد.
• `/gaps [days:7]`: يرى المشرفون الأسئلة التي لم يُجب عنها مقرر هذه القناة جيدًا.
• `/ta here [course] [all]`: في قناة منتدى أو قناة نصية يستقبل المشرفون أسئلة «اسأل المعيد» \
كبطاقات؛ أجيبوا في خيط البطاقة (بالإشارة إليّ أو `/ta answer`) ثم اضغطوا أرسل. `/ta off` يوقفها.
• `/ask` أو الإشارة إليّ لطرح سؤال؛ `/forget` يمسح ما أتذكره عنك.
• الصور: أرفق صورة لسؤال مطبوع برسالة خاصة أو برسالة تذكرني فيها أو بالأمر `/ask` (خيار \
`image`) وسأقرؤها وأجيب عنها؛ وكلماتك المرفقة بها جزء من السؤال.
المشرفون هنا: الأعضاء الذين لديهم صلاحية Manage Server{role}، لمقررات هذا الخادم.""",
    },
})

CONSOLE_HELP = ("Ask any study question and press Enter (or /ask QUESTION, as in the bots).\n"
                "/course         which course answers you, and the list of courses\n"
                "/course list    the courses you may choose\n"
                "/course NAME    answer from that course (when there are several)\n"
                "/mode           how requests for graded work are answered here\n"
                "/mode guide     steps and hints for graded work, no solution (/mode explain)\n"
                "/photo PATH     ask with a photo of the question (words after it join it)\n"
                "/forget         erase your history\n/help           this message\n"
                "/quit           leave (or Ctrl-D)")
