"""Hand-written Arabic questions for the realdocs_fresh7 benchmark (data only, stdlib only).

Imported by build_ar.py (which writes qa_ar.jsonl) and check_ar.py (which checks it).
Each answerable entry is (doc, question, answers, type); answers are short spans copied from the
document's visible text (any one of them is an acceptable gold answer).

- AR:    kind "ar"     - answered in an Arabic (translated) paragraph of an ar-MA page.
- AR_EN: kind "ar->en" - Arabic question answered only in an English (en-US) page.
- UNANS: kind "unanswerable" - (question, key terms); none of the documents answers it, and
         none of the key terms occurs in any document of this set nor in the English half's
         documents in docs/ (checked by check_ar.py).
"""

# docs/<file> <- html/<lang dir>/<page>; file name -> (lang dir, page)
POW = 'ar-handbook-sect.power-management.html'
DER = 'ar-handbook-derivative-distributions.html'
FUT = 'ar-handbook-sect.future-of-debian.html'
NEWS = 'ar-handbook-sect.follow-debian-news.html'
SEL = 'ar-handbook-sect.selected-approach.html'
CON = 'ar-src-en-handbook-conclusion.html'
KNO = 'ar-src-en-handbook-sect.knoppix.html'

SOURCES = {
    POW: ('ar-MA', 'sect.power-management.html'),
    DER: ('ar-MA', 'derivative-distributions.html'),
    FUT: ('ar-MA', 'sect.future-of-debian.html'),
    NEWS: ('ar-MA', 'sect.follow-debian-news.html'),
    SEL: ('ar-MA', 'sect.selected-approach.html'),
    CON: ('en-US', 'conclusion.html'),
    KNO: ('en-US', 'sect.knoppix.html'),
}

# sha256 of each file as copied (byte-identical) from debian-handbook 11.20220922
SHA256 = {
    POW: '803243d313500d629a5c7dccf332ac9bce8e35e19059245afbdbedb08b98e2f1',
    DER: 'e546e2c70c830f78b4b2d5abd8bce7da9dd03cbab1b81e49317209de4d612bf4',
    FUT: 'bbe423ceb3cafaea239fba8915ad80fdc5af5ac8aea87a1d112baaa3690589fb',
    NEWS: '42ef17ff1a4ce6ba75e988ae89bd90b29b9d3e86e1e88806ec364b4297eee192',
    SEL: '2f40bef73aab491f9fa0e4bcb0374b2c3fe38e1833b5701ac15209030e890f29',
    CON: '3bf9e41ed2fd36d26574a2126588a83afb0373cfa690b85b4370606e2294a679',
    KNO: 'cd3f71662918e8268a394ef2ad89ff7266af29578cb8682f13b7a91bfa8dcaae',
}

AR = [
    # --- ar-MA sect.power-management (9.12 Power Management: ACPI) ---
    (POW, "هل إدارة الطاقة على لينكس موضوع سهل ولا بيعمل مشاكل", ["غالباً ما يثير المشاكل"], "fact"),
    (POW, "لما الكمبيوتر يصحى من وضع الاستعداد، شو المطلوب من تعاريف القطع تعمله؟", ["تعيد ضبط القطعة بشكل سليم"], "definition"),
    (POW, "ليش في أجهزة ما بتقدر تدخل وضع الاستعداد منيح على لينكس؟", ["لم يوفروا التوصيفات المطلوبة"], "fact"),
    (POW, "وضع الاستعداد عندي خربان، تعريف أي قطعة غالباً هو السبب", ["تعريف بطاقة الرسوميات"], "fact"),
    (POW, "إذا المشكلة من كرت الشاشة والـ standby ما عم يشتغل، شو بجرب", ["أحدث نسخة من مخدم الرسوميات X.org", "X.org"], "fact"),
    (POW, "بعد جولة خدمات يونكس، على أي موضوع بيركز الكتاب بالفصل اللي بعده؟", ["بيئة الأجهزة المدارة", "البنية التحتية للشبكات"], "fact"),

    # --- ar-MA derivative-distributions (Appendix A: Derivative Distributions) ---
    (DER, "شو موقف مشروع دبيان من التوزيعات اللي مبنية عليه", ["التعاون مع كل الأطراف المشتركة"], "fact"),
    (DER, "ليش دبيان بتدمج التحسينات اللي بتطورها التوزيعات المشتقة عندها؟", ["عملية الصيانة على المدى الطويل", "حتى يستفيد منها الجميع"], "fact"),
    (DER, "إيش عنوان القائمة البريدية اللي بتتناقش فيها المشتقات مع دبيان", ["debian-derivatives@lists.debian.org"], "fact"),
    (DER, "ما الغاية من الإحصاء الذي تُدعى التوزيعات المشتقة للمشاركة فيه", ["تتبع حالة حزمهم", "المعلومات عن الأعمال التي تجري في المشتقات"], "definition"),
    (DER, "بدي رابط صفحة الويكي الخاصة بإحصاء المشتقات", ["https://wiki.debian.org/Derivatives/Census"], "fact"),

    # --- ar-MA sect.future-of-debian (16.2 Debian's Future) ---
    (FUT, "ليش متوقع تطلع توزيعات جديدة مبنية على دبيان بالمستقبل", ["الأدوات التي تستمر بتسهيل هذه المهمة"], "fact"),
    (FUT, "شو نوع المشاريع اللي رح تبلش داخل دبيان حتى توصله لآفاق جديدة؟", ["مشاريع فرعية متخصصة جديدة"], "fact"),
    (FUT, "مجتمع مستخدمي دبيان رح يصغر ولا يكبر حسب الكتاب", ["سيكبر مجتمع مستخدمي دبيان", "مساهمون جدد للمشروع"], "fact"),
    (FUT, "النقاشات على قوائم المطورين أحياناً بتبين متل الخناقات، شو تأثيرها فعلياً؟", ["ترفع من سوية العمل"], "fact"),
    (FUT, "دبيان مرات بيشبهوه بإيش؟ بسبب كثافته وجاذبيته", ["بالثقب السوداء"], "definition"),
    (FUT, "هل في خطر إنو مشروع دبيان يختفي وينتهي", ["غير مهدد بالانقراض"], "fact"),

    # --- ar-MA sect.follow-debian-news (1.4 Following Debian News) ---
    (NEWS, "مشروع دبيان بيتطور بشكل مركزي ولا كيف؟", ["موزعة جداً"], "definition"),
    (NEWS, "ليش صعب الواحد يلحق شو عم يصير جوا مشروع دبيان", ["التنبيهات الذي لا ينقطع"], "fact"),
    (NEWS, "بدي أعرف بس أهم أخبار دبيان بدون إزعاج، بأي قائمة بشترك", ["debian-announce@lists.debian.org"], "fact"),
    (NEWS, "قائمة الإعلانات الرسمية لدبيان قديش بتبعت رسائل بالسنة تقريباً", ["دزينة رسائل في كل عام"], "numeric"),
    (NEWS, "أعطني أمثلة على الإعلانات المهمة اللي بتنزل على هاي القائمة", ["انتخاب قائد جديد للمشروع", "مؤتمر دبيان السنوي", "توفر إصدار مستقر جديد"], "fact"),

    # --- ar-MA sect.selected-approach (Preface 3: Approach Undertaken) ---
    (SEL, "هل الوثائق العامة عن غنو/لينكس بتنفع لدبيان كمان؟ ليش", ["البرمجيات الحرة مفتوحة المصدر الأكثر شيوعاً"], "fact"),
    (SEL, "الكتاب اختار يشرح بشكل أساسي أي طريقة في تنفيذ الأمور", ["الطريقة الدبيانية"], "definition"),
    (SEL, "ليش الكاتبين ما اكتفوا بالشرح العام عن لينكس وركزوا على دبيان", ["التوزيعة تقدم العديد من التحسينات"], "fact"),
    (SEL, "هل يكفي إني أتبع توصيات دبيان وبس؟ شو الأفضل", ["فهم الدواعي المنطقية"], "fact"),
    (SEL, "الكتاب بيقتصر على الشرح العملي ولا بيحكي كمان عن المشروع نفسه؟", ["طريقة عمل المشروع"], "fact"),
]

AR_EN = [
    # --- en-US conclusion (Chapter 16: Conclusion: Debian's Future; 16.1 Upcoming Developments) ---
    (CON, "شو الاسم الرمزي للإصدار اللي بعد دبيان 11", ["Bookworm"], "fact"),
    (CON, "دبيان عم تتحول لنظام ملفات بتصير فيه /bin و /lib روابط لمجلدات داخل /usr، شو اسمه", ["merged-usr filesystem", "merged-usr"], "definition"),
    (CON, "مين رافض الحل التقني لدمج /usr وما عمل التعديلات المطلوبة لسا؟", ["the dpkg maintainer"], "fact"),
    (CON, "أي جهة بدبيان انطلبت مساعدتها أكتر من مرة بمشكلة المجلدات المدموجة", ["Debian technical committee"], "fact"),
    (CON, "أي أداة لإدارة مفاتيح المستودعات رح تصير متقادمة", ["apt-key"], "command"),
    (CON, "مفاتيح المستودعات الخارجية وين لازم تنحط بعد ما يوقف الأسلوب القديم", ["/etc/apt/trusted.gpg.d", "Signed-By"], "command"),
    (CON, "شو البرنامج الأسرع والأصغر اللي ممكن يحل محل mlocate", ["plocate"], "fact"),
    (CON, "الصلاحيات الافتراضية لمجلدات المستخدمين الرئيسية شو رح يتغير فيها", ["more restrictive"], "fact"),

    # --- en-US sect.knoppix (A.4 Knoppix) ---
    (KNO, "توزيعة Knoppix بإيش اشتهرت أول ما طلعت", ["live CD"], "definition"),
    (KNO, "قديش حجم البرامج المضغوطة على نسخة الـ DVD من Knoppix", ["4.5 GB"], "numeric"),
    (KNO, "Knoppix أي سطح مكتب بتستخدم بشكل افتراضي", ["LXDE"], "fact"),
    (KNO, "أي حزمة في دبيان بتسهل إنشاء أقراص حية", ["live-build"], "command"),
    (KNO, "ليش ممكن أثبت Knoppix على الهارد بدل ما ضل أشغلها live", ["better performance"], "fact"),
]

UNANS = [
    ("كيف أحط الجهاز بوضع السبات hibernate من سطر الأوامر", ["hibernate", "السبات"]),
    ("شو الأمر اللي بيعرض نسبة شحن البطارية عاللابتوب", ["upower", "acpitool"]),
    ("كيف بمنع اللابتوب يدخل وضع الاستعداد لما سكّر الغطا", ["HandleLidSwitch", "logind.conf"]),
    ("متى صدر دبيان 12 رسمياً؟", ["2023", "Debian 12"]),
    ("شو الاسم الرمزي لدبيان 13", ["Trixie"]),
    ("كيف بحوّل نظامي الحالي لنظام merged-usr، في حزمة بتعمل هالشي؟", ["usrmerge"]),
    ("وين رح ينعقد مؤتمر DebConf الجاي", ["DebConf"]),
    ("مين قائد مشروع دبيان الحالي (DPL)", ["DPL", "Carter"]),
    ("كيف أعمل فلاشة إقلاع لـ Knoppix من ملف ISO", ["dd if"]),  # not "ISO": listings.pdf has "iso c++"
    ("مين مطوّر توزيعة Knoppix الأصلي", ["Klaus"]),
]
