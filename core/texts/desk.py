"""What the course desk (course spaces, uploads, removals) says, in English and Arabic."""
from __future__ import annotations

from core.i18n import Catalog

say = Catalog({
    "en": {
        "space_course": "This chat answers from the course {course} ({origin}).",
        "space_empty": "This course has no documents yet: staff can add one with /upload.",
        "space_none": ("This chat has no course yet, so I can't tell which materials to answer "
                       "from. {how}\nCourses: {courses}"),
        "space_none_empty": "No course materials have been added yet. {how}",
        "how_staff": "Staff (server managers or the staff role on Discord, group admins on "
                     "Telegram) can set one with /course.",
        "how_dm": "Choose one with /course NAME.",
        "origin_space": "set by staff",
        "origin_personal": "your choice",
        "origin_default": "the default course",
        "origin_only": "the only course",
        "course_list": "Courses: {courses}",
        "course_list_empty": "No course materials have been added yet.",
        "course_set": "Done: this {where} now answers from {course}.",
        "course_set_new": "Done: this {where} now answers from {course}. It has no "
                          "documents yet: add them with /upload.",
        "course_set_own": "Done: your private questions now answer from {course}.",
        "course_unknown": ("You can't choose “{course}” here: in private chats you can choose "
                           "the courses of your class's server or group and public ones. "
                           "Courses you can choose: {courses}"),
        "space_none_here": "This chat has no course yet. {how}",
        "space_none_dm": ("You have no course here yet. Courses your class's server or group "
                          "uses become available in private chats to its members. {how}"),
        "course_unavailable": ("“{course}” isn't available here: it belongs to another class, "
                               "or the name is taken. Choose another name, or ask the staff "
                               "who own it for a share code (/course join CODE)."),
        "course_not_yours": ("You can use {course} here, but only the staff of the server or "
                             "group that owns it (or the bot's operator) can change it. Nothing "
                             "was changed."),
        "share_code": ("Share code for {course}: {code}\nStaff of another server or group can "
                       "use it once, within {hours} hours, with /course join {code} — their "
                       "chat then answers from {course} (read only). Shared with: {shares}"),
        "share_no_course": "This chat has no course of its own to share. Set one with /course.",
        "join_usage": "Use /course join CODE with a share code from the course's staff.",
        "join_bad": "That share code is unknown, used or expired. Ask for a new one.",
        "joined": ("Done: this {where} now answers from {course} (shared with you, read only). "
                   "Its staff can stop sharing at any time."),
        "unshare_usage": ("Use /course unshare NAME to stop using a course shared with you, or "
                          "/course unshare SCOPE (e.g. telegram:chat:-100123) to stop sharing "
                          "your courses with that server or group. Shared: {shares}"),
        "unshared": "Done: {course} is no longer shared with {scope}.",
        "unshare_none": "Nothing was shared that way. Shared: {shares}",
        "course_bad_name": "A course name is 1–64 characters on one line, for example CS101.",
        "where_channel": "channel",
        "where_server": "server",
        "where_group": "group",
        "where_chat": "chat",
        "not_staff": "Only staff can do that here ({who}). Nothing was changed.",
        "who_discord": "Manage Server permission or the staff role",
        "who_telegram": "group administrators, or listed staff in private chats",
        "upload_type": "I can't read “{name}”: supported files are {formats}.",
        "upload_size": "“{name}” is {size_mb:.1f} MB; the limit is {limit_mb} MB.",
        "upload_failed": "I couldn't read “{name}”: {reason}. Nothing was stored.",
        "upload_no_course": ("Which course is this for? This chat has no course yet: add "
                             "course:NAME (Discord) or /upload NAME (Telegram), or set one "
                             "with /course first."),
        "upload_cap": "The course {course} already holds {count} documents (the limit is "
                      "{limit}). Remove one with /remove first.",
        "upload_unchanged": "“{name}” is already in {course} with exactly this content. "
                            "Nothing to do.",
        "upload_empty": "“{name}” has no text I can use (is it a scanned document?). "
                        "Nothing was stored.",
        "preview": ("Ready to add to {course}:\n• File: {name} ({kind})\n{extent}"
                    "• Passages: {chunks}\n{status}Confirm to store it, or Cancel."),
        "extent_pages": "• Pages: {pages}\n",
        "extent_slides": "• Slides: {pages}\n",
        "status_replaces": "• Replaces the earlier “{name}” (uploaded {when}).\n",
        "status_duplicates": "• Same content as “{other}”, already in this course.\n",
        "status_warnings": "• Note: {warnings}\n",
        "progress": "Adding {name}: {done}/{total} passages ({percent}%)…",
        "done": ("Added “{name}” to {course}: {chunks} passages ({new} new) in {seconds:.0f} "
                 "s. Students can ask about it now."),
        "done_replaced": ("Updated “{name}” in {course}: {chunks} passages ({new} changed) "
                          "in {seconds:.0f} s."),
        "store_failed": "Storing “{name}” failed, and the course is as it was. Please try again "
                        "later.",
        "remove_unknown": "There is no document “{name}” in {course}. Documents: {names}",
        "remove_preview": "Remove “{name}” ({chunks} passages) from {course}? Students will "
                          "no longer get answers from it.",
        "removed": "Removed “{name}” from {course}.",
        "cancelled": "Cancelled. Nothing was changed.",
        "expired": "That request has expired or was already handled. Please start again.",
        "not_yours": "Only the person who started this can confirm or cancel it.",
        "mode_is_explain": "Study mode: explain (questions are answered in full).",
        "mode_is_guide": ("Study mode: guide (requests to solve homework, assignments, exams "
                          "or quizzes get the key ideas, steps to try and a question back, "
                          "never a finished solution or full code)."),
        "mode_how": "Staff can change it with /mode guide or /mode explain.",
        "mode_bad": "The mode is guide or explain, for example /mode guide.",
        "mode_set_guide": ("Done: this {where} is now in guide mode. Requests to solve graded "
                           "work get concepts, steps to try and a question back, never a "
                           "finished solution or full code; other questions are answered as "
                           "usual."),
        "mode_set_explain": "Done: this {where} is now in explain mode: questions are answered "
                            "in full.",
    },
    "ar": {
        "space_course": "تجيب هذه المحادثة من مقرر {course} ({origin}).",
        "space_empty": "لا توجد مستندات في هذا المقرر بعد: يمكن للمشرفين إضافتها بـ /upload.",
        "space_none": ("لم يُحدَّد مقرر لهذه المحادثة بعد، فلا أعرف من أي مواد أجيب. {how}\n"
                       "المقررات: {courses}"),
        "space_none_empty": "لم تُضف أي مواد دراسية بعد. {how}",
        "how_staff": "يمكن للمشرفين (مديري الخادم أو دور المشرفين في ديسكورد، ومديري المجموعة "
                     "في تيليجرام) تحديده بالأمر /course.",
        "how_dm": "اختر مقررًا بالأمر /course الاسم.",
        "origin_space": "حدده المشرفون",
        "origin_personal": "اختيارك",
        "origin_default": "المقرر الافتراضي",
        "origin_only": "المقرر الوحيد",
        "course_list": "المقررات: {courses}",
        "course_list_empty": "لم تُضف أي مواد دراسية بعد.",
        "course_set": "تم: أصبحت هذه {where} تجيب من {course}.",
        "course_set_new": "تم: أصبحت هذه {where} تجيب من {course}. لا توجد فيه مستندات بعد: "
                          "أضفها بـ /upload.",
        "course_set_own": "تم: أسئلتك الخاصة تُجاب الآن من {course}.",
        "course_unknown": ("لا يمكنك اختيار «{course}» هنا: في المحادثات الخاصة تختار مقررات "
                           "خادم صفك أو مجموعته والمقررات العامة. المقررات المتاحة لك: "
                           "{courses}"),
        "space_none_here": "لا مقرر لهذه المحادثة بعد. {how}",
        "space_none_dm": ("لا مقرر لك هنا بعد. المقررات التي يستخدمها خادم صفك أو مجموعته "
                          "تصبح متاحة لأعضائها في المحادثات الخاصة. {how}"),
        "course_unavailable": ("«{course}» غير متاح هنا: إما أنه لصف آخر أو أن الاسم مستخدم. "
                               "اختر اسمًا آخر، أو اطلب من مشرفيه رمز مشاركة "
                               "(‎/course join الرمز)."),
        "course_not_yours": ("يمكنك استخدام {course} هنا، لكن تعديله لمشرفي الخادم أو المجموعة "
                             "التي تملكه (أو مشغّل البوت) فقط. لم يتغير شيء."),
        "share_code": ("رمز مشاركة {course}: {code}\nيمكن لمشرفي خادم أو مجموعة أخرى استخدامه "
                       "مرة واحدة خلال {hours} ساعة بالأمر ‎/course join {code}، فتجيب "
                       "محادثتهم من {course} (قراءة فقط). مُشارَك مع: {shares}"),
        "share_no_course": "لا مقرر خاص بهذه المحادثة لمشاركته. حدّد مقررًا بالأمر ‎/course.",
        "join_usage": "استخدم ‎/course join الرمز مع رمز مشاركة من مشرفي المقرر.",
        "join_bad": "رمز المشاركة غير معروف أو مستخدم أو منتهي الصلاحية. اطلب رمزًا جديدًا.",
        "joined": ("تم: أصبحت هذه {where} تجيب من {course} (مُشارَك معكم، قراءة فقط). يمكن "
                   "لمشرفيه إيقاف المشاركة في أي وقت."),
        "unshare_usage": ("استخدم ‎/course unshare الاسم للتوقف عن استخدام مقرر مُشارَك معكم، أو "
                          "‎/course unshare النطاق (مثل telegram:chat:-100123) لإيقاف مشاركة "
                          "مقرراتكم معه. المشاركات: {shares}"),
        "unshared": "تم: لم يعد {course} مُشارَكًا مع {scope}.",
        "unshare_none": "لا توجد مشاركة كهذه. المشاركات: {shares}",
        "course_bad_name": "اسم المقرر من 1 إلى 64 حرفًا في سطر واحد، مثل CS101.",
        "where_channel": "القناة",
        "where_server": "الخادم",
        "where_group": "المجموعة",
        "where_chat": "المحادثة",
        "not_staff": "هذا الأمر للمشرفين فقط هنا ({who}). لم يتغير شيء.",
        "who_discord": "صلاحية إدارة الخادم أو دور المشرفين",
        "who_telegram": "مديرو المجموعة، أو المشرفون المسجلون في المحادثات الخاصة",
        "upload_type": "لا أستطيع قراءة «{name}»: الأنواع المدعومة هي {formats}.",
        "upload_size": "حجم «{name}» ‏{size_mb:.1f} ميغابايت؛ والحد {limit_mb} ميغابايت.",
        "upload_failed": "تعذرت قراءة «{name}»: {reason}. لم يُخزَّن شيء.",
        "upload_no_course": ("لأي مقرر هذا الملف؟ لم يُحدَّد مقرر لهذه المحادثة: أضف "
                             "course:الاسم (ديسكورد) أو ‎/upload الاسم (تيليجرام)، "
                             "أو حدد مقررًا بـ /course أولًا."),
        "upload_cap": "يحتوي المقرر {course} على {count} مستندًا (الحد {limit}). احذف أحدها بـ "
                      "/remove أولًا.",
        "upload_unchanged": "«{name}» موجود في {course} بالمحتوى نفسه تمامًا. لا شيء لفعله.",
        "upload_empty": "لا يحتوي «{name}» على نص يمكن استخدامه (هل هو مستند ممسوح ضوئيًا؟). "
                        "لم يُخزَّن شيء.",
        "preview": ("جاهز للإضافة إلى {course}:\n• الملف: {name} ({kind})\n{extent}"
                    "• المقاطع: {chunks}\n{status}اضغط تأكيد للتخزين أو إلغاء."),
        "extent_pages": "• الصفحات: {pages}\n",
        "extent_slides": "• الشرائح: {pages}\n",
        "status_replaces": "• يحل محل «{name}» السابق (رُفع {when}).\n",
        "status_duplicates": "• المحتوى نفسه موجود في «{other}» في هذا المقرر.\n",
        "status_warnings": "• ملاحظة: {warnings}\n",
        "progress": "جارٍ إضافة {name}: {done}/{total} مقطعًا ({percent}%)…",
        "done": ("أُضيف «{name}» إلى {course}: {chunks} مقطعًا ({new} جديدًا) في {seconds:.0f} "
                 "ث. يمكن للطلاب السؤال عنه الآن."),
        "done_replaced": ("حُدّث «{name}» في {course}: {chunks} مقطعًا ({new} متغيرًا) في "
                          "{seconds:.0f} ث."),
        "store_failed": "فشل تخزين «{name}» وبقي المقرر كما كان. أعد المحاولة لاحقًا.",
        "remove_unknown": "لا يوجد مستند «{name}» في {course}. المستندات: {names}",
        "remove_preview": "حذف «{name}» ({chunks} مقطعًا) من {course}؟ لن يحصل الطلاب على "
                          "إجابات منه بعد ذلك.",
        "removed": "حُذف «{name}» من {course}.",
        "cancelled": "أُلغي الطلب. لم يتغير شيء.",
        "expired": "انتهت صلاحية هذا الطلب أو سبق تنفيذه. ابدأ من جديد من فضلك.",
        "not_yours": "فقط من بدأ هذا الطلب يمكنه تأكيده أو إلغاؤه.",
        "mode_is_explain": "وضع الدراسة: الشرح (تُجاب الأسئلة كاملة).",
        "mode_is_guide": ("وضع الدراسة: التوجيه (طلبات حل الواجبات والتكليفات والامتحانات "
                          "والاختبارات تحصل على الأفكار الأساسية وخطوات للتجربة وسؤال، "
                          "لا على حل جاهز أو كود كامل)."),
        "mode_how": "يمكن للمشرفين تغييره بالأمر ‎/mode guide أو ‎/mode explain.",
        "mode_bad": "الوضع إما guide أو explain، مثل ‎/mode guide.",
        "mode_set_guide": ("تم: أصبحت هذه {where} في وضع التوجيه. طلبات حل الأعمال المُقيَّمة "
                           "تحصل على المفاهيم وخطوات للتجربة وسؤال، لا على حل جاهز أو كود "
                           "كامل؛ وتُجاب الأسئلة الأخرى كالمعتاد."),
        "mode_set_explain": "تم: أصبحت هذه {where} في وضع الشرح: تُجاب الأسئلة كاملة.",
    },
})
