"""Hand-written Arabic questions for the realdocs_fresh6 benchmark (data only, stdlib only).

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
BOOK = 'ar-handbook-sect.book-structure.html'
FORE = 'ar-handbook-foreword.html'
FTP = 'ar-handbook-sect.ftp-file-server.html'
ACK = 'ar-handbook-sect.acknowledgments.html'
UBU = 'ar-handbook-sect.ubuntu.html'
SRCH = 'ar-handbook-sect.searching-packages.html'
UPG = 'ar-handbook-sect.regular-upgrades.html'
RTC = 'ar-src-en-handbook-sect.rtc-clients.html'
DEV = 'ar-src-en-handbook-sect.development.html'

SOURCES = {
    BOOK: ('ar-MA', 'sect.book-structure.html'),
    FORE: ('ar-MA', 'foreword.html'),
    FTP: ('ar-MA', 'sect.ftp-file-server.html'),
    ACK: ('ar-MA', 'sect.acknowledgments.html'),
    UBU: ('ar-MA', 'sect.ubuntu.html'),
    SRCH: ('ar-MA', 'sect.searching-packages.html'),
    UPG: ('ar-MA', 'sect.regular-upgrades.html'),
    RTC: ('en-US', 'sect.rtc-clients.html'),
    DEV: ('en-US', 'sect.development.html'),
}

# sha256 of each file as copied (byte-identical) from debian-handbook 11.20220922
SHA256 = {
    BOOK: '75fc3d9e13f2445bb5a89d71accaf5e258d21098841fde4c0615a032f2f3e84a',
    FORE: '7b83964dd56bc604026528fd0b132f41c76458fd249669ea2f8b291a160bcabb',
    FTP: '2bcef11ed0b8772e8496103c5141bd05019d66564016d3f810b163318ebe2b2a',
    ACK: '096f5c031610bd86f44e2d34783c4b5410533203e683d551f3184fc958f3d89d',
    UBU: 'd20a5d8a2c7b5d16500eb8d85f250d9676b8b907741489b5b68147f33b1b0a26',
    SRCH: '46dff89f90bffe472630d00b759041a756d573184b442c7546f19c079ebb07f7',
    UPG: 'ab15118f84f122a06dd8cbd237a96a372989a64f5c057f3dafa3f270f94e043b',
    RTC: '0c104c8d0a93bc954893dee31e7009bf7737b3b12721584fe33539c76e229eae',
    DEV: 'e4990d3c15d7fb86bf9e971b80e393d6bf6f54dadfc73bd887a042677528cf17',
}

AR = [
    # --- ar-MA sect.book-structure (Preface 4: Book Structure) ---
    (BOOK, "انا مبتدئ وما بعرف مفاهيم يونكس الأساسية، وين لازم أروح بالكتاب قبل ما أكمل؟", ["الملحق B"], "fact"),
    (BOOK, "في أي فصل يشرح الكتاب عملية تثبيت دبيان", ["الفصل 4"], "numeric"),
    (BOOK, "ملف حزمة دبيان عادة بأي لاحقة ينتهي اسمه؟", ["اللاحقة .deb"], "fact"),
    (BOOK, "ما الأداة التي نتعامل بها مع ملف الحزمة حسب تعريف الكتاب لحزمة دبيان", ["الأمر dpkg"], "command"),
    (BOOK, "الحزم المصدرية شو بتحتوي بالضبط؟", ["الشِّفرة المصدرية"], "definition"),
    (BOOK, "رقم الفصل الخاص بأمن المعلومات كم", ["الفصل 14"], "numeric"),
    (BOOK, "الملاحظة الجانبية اللي عنوانها مصطلحات، إيش الهدف منها", ["تعريف مصطلح تقني"], "definition"),

    # --- ar-MA foreword (Foreword) ---
    (FORE, "هل لينكس نظام تشغيل كامل ولا شو هو بالضبط", ["مجرد نواة", "الجزء البرمجي الأساسي"], "definition"),
    (FORE, "النواة موقعها فين بالنسبة لباقي مكونات الكمبيوتر؟", ["بين العتاد والتطبيقات"], "definition"),
    (FORE, "أول طبعة من دفتر مدير دبيان طلعت سنة كم؟", ["عام 2004"], "numeric"),
    (FORE, "النسخة الأولى من الكتاب كانت بأي لغة", ["فرنسي"], "fact"),
    (FORE, "أعط مثالا على توزيعة لينكس تجارية طورتها شركة Canonical", ["Ubuntu"], "fact"),
    (FORE, "هل في شركة بتتحكم بمشروع دبيان أو بيتبع لها؟", ["غير مرتبط بأي شركة محددة"], "fact"),

    # --- ar-MA sect.ftp-file-server (11.3 FTP File Server) ---
    (FTP, "FTP اختصار لإيش", ["File Transfer Protocol", "بروتوكول نقل الملفات"], "definition"),
    (FTP, "في أي RFC صدر بروتوكول FTP", ["RFC 959"], "numeric"),
    (FTP, "الإصدار 1.0 من HTTP تم تعريفه رسمياً في أي وثيقة RFC؟", ["RFC 1945"], "numeric"),
    (FTP, "ماذا يسمى نمط تشغيل مخدم FTP الذي يوزع الملفات للعموم دون الحاجة لمصادقة حقيقية", ["anonymous FTP"], "definition"),
    (FTP, "لما أدخل على مخدم FTP كمستخدم مجهول شو بكتب بالعادة مكان كلمة السر", ["عنوان البريد الإلكتروني للمستخدم"], "fact"),
    (FTP, "في vsftpd ما المجلد الذي يعتبر جذر الملفات المتاحة للاتصالات المجهولة؟", ["/srv/ftp/"], "fact"),
    (FTP, "شو السطر اللي بحطه بإعدادات vsftpd حتى أفعّل الدخول المجهول", ["anonymous_enable=YES"], "command"),
    (FTP, "كيف أعطّل دخول المستخدمين المحليين في إعدادات vsftpd", ["local_enable=NO"], "command"),
    (FTP, "ليش مهم نمنع المستخدمين المحليين من الدخول على مخدم FTP", ["لا يستخدم أي شكل من أشكال التشفير"], "fact"),

    # --- ar-MA sect.acknowledgments (Preface 6: Acknowledgments) ---
    (ACK, "في أي عام طُلب من رافائيل لأول مرة تأليف كتاب عن دبيان", ["عام 2003"], "numeric"),
    (ACK, "متى بالضبط نُشرت الطبعة الأولى من الكتاب (اليوم والشهر والسنة)؟", ["14 أكتوبر 2004"], "numeric"),
    (ACK, "الطبعة الأولى خلصت نسخها كلها خلال قديش", ["أقل من أربعة أشهر"], "numeric"),
    (ACK, "ما هي دار النشر الفرنسية التي أصدرت الكتاب في الأصل", ["Eyrolles"], "fact"),
    (ACK, "شو اسم السلسلة اللي انضم إليها الكتاب عند الناشر الفرنسي", ["Cahier de l'Admin", "دفتر المدير"], "fact"),
    (ACK, "بأي برنامج حولوا الكتاب من DocBook إلى LaTeX وبعدين PDF", ["dblatex"], "fact"),

    # --- ar-MA sect.ubuntu (A.2 Ubuntu) ---
    (UBU, "أوبونتو تعتمد بشكل أساسي على أي سطح مكتب", ["سطح المكتب جنوم"], "fact"),
    (UBU, "مقارنة بدبيان، عدد الحزم في أوبونتو أكثر أم أقل؟", ["عدد أقل من الحزم"], "fact"),
    (UBU, "كم سنة تقدم Canonical تحديثات أمنية لإصدارات أوبونتو طويلة الدعم", ["5 سنوات"], "numeric"),
    (UBU, "ما القسمان من مستودعات أوبونتو اللذان تلتزم الشركة بتحديثاتهما الأمنية", ["main و restricted"], "fact"),
    (UBU, "مين بيدير حزم universe و multiverse بأوبونتو؟", ["فريق MOTU", "Masters Of The Universe"], "fact"),
    (UBU, "لو اعتمدت على حزم من universe، مين المسؤول عن الترقيعات الأمنية", ["الترقيعات الأمنية وحدك"], "fact"),

    # --- ar-MA sect.searching-packages (6.10 Searching for Packages) ---
    (SRCH, "كيف أتأكد بسرعة إذا كانت حزمة موجودة وأنا أعرف اسمها بالضبط", ["apt show package", "apt show"], "command"),
    (SRCH, "وحدة بيرل XML::Handler::Composer بأي اسم تكون حزمتها في دبيان؟", ["libxml-handler-composer-perl"], "fact"),
    (SRCH, "ما الأداة المناسبة للبحث عن الحزم بتعبير منطقي قائم على حقول البيانات الفوقية", ["aptitude"], "fact"),
    (SRCH, "البحث عن حزمة اسمها فيها kino ووصفها فيه video والمشرف paul، كم نتيجة رجعت", ["حزمة واحدة فقط"], "numeric"),
    (SRCH, "أي وسوم debtags أختار حتى ألاقي برامج تحرير الفيديو", ["works-with::video", "use::editing"], "command"),
    (SRCH, "غير kino، ما محرر الفيديو الآخر الذي يظهر عند البحث بالوسوم", ["pitivi"], "fact"),
    (SRCH, "لو بدي أبحث عن حزم حسب الوسوم بس من سطر الأوامر، شو بستخدم", ["axi-cache"], "command"),
    (SRCH, "عندما أريد البحث بعلاقات بين الحزم أو باسم المشرف عليها، ما الأداة الأنسب؟", ["synaptic"], "fact"),

    # --- ar-MA sect.regular-upgrades (6.8 Keeping a System Up to Date) ---
    (UPG, "في أداة بتبعتلي إيميل بالتحديثات المتوفرة لجهازي؟ شو اسمها", ["apticron"], "fact"),
    (UPG, "كل قديش apticron بتشغل السكربت تبعها", ["سكربت يومياً"], "fact"),
    (UPG, "هل تقوم apticron بتثبيت التحديثات التي تنزلها؟", ["لا تثبتها"], "fact"),
    (UPG, "apticron مصممة لمستخدمي أي نسخة من دبيان", ["دبيان المستقرة"], "fact"),
    (UPG, "الخيار AutocleanInterval ما الذي يفعله ولا تفعله apticron", ["إزالة الحزم المَيْتَة"], "definition"),
    (UPG, "متغيرات APT::Periodic التي تحدد تواتر التحديث والتنزيل، بأي وحدة زمنية تقاس", ["بالأيام"], "fact"),
]

AR_EN = [
    # --- en-US sect.rtc-clients (13.9 Real-Time Communications software) ---
    (RTC, "في مصطلحات SIP شو بيسموا تطبيق أو جهاز العميل", ["user agent"], "definition"),
    (RTC, "ما عميل الاتصالات الذي يقترحه سطح مكتب جنوم افتراضيا", ["Empathy"], "fact"),
    (RTC, "برنامج Jami كان اسمه إيش قبل", ["formerly known as Ring"], "fact"),
    (RTC, "أي تطبيق مكالمات لا يحتاج سوى متصفح ويب ويدعم المكالمات المشفرة؟", ["Jitsi"], "fact"),
    (RTC, "المكالمات الصوتية بتتقطع ورا الجدار الناري والـ NAT، أي بروتوكولات لازم يدعمها العميل", ["ICE and TURN"], "fact"),
    (RTC, "أسماء قنوات IRC تبدأ بأي رمز", ["hash sign"], "fact"),
    (RTC, "اذكر عميل IRC يشتغل في الوضع النصي", ["Irssi"], "fact"),

    # --- en-US sect.development (13.6 Development) ---
    (DEV, "IDE اختصار لشو", ["Integrated Development Environments"], "definition"),
    (DEV, "اقترح بيئة تطوير متكاملة لبرامج GTK+ على جنوم", ["Anjuta", "GNOME Builder"], "fact"),
    (DEV, "برنامج Glade يحفظ الواجهات الرسومية التي أصممها في أي نوع ملف؟", ["XML file"], "fact"),
    (DEV, "ما الحزمة التي يجب تثبيتها للحصول على Qt Designer", ["qttools5-dev-tools"], "command"),
    (DEV, "أي مكوّن في مكتبة GTK+ يعيد إنشاء الواجهات المحفوظة", ["GtkBuilder"], "fact"),
]

UNANS = [
    ("كيف أفعّل FTPS في vsftpd وأحدد مسار الشهادة", ["ssl_enable", "rsa_cert_file"]),
    ("ما الفرق بين النمط النشط والنمط السلبي passive في FTP", ["passive", "PASV", "pasv_min_port"]),
    ("كيف أحدد أقصى سرعة تنزيل للمستخدمين المجهولين في vsftpd؟", ["anon_max_rate", "local_max_rate"]),
    ("بدي سجل بكل الملفات اللي انرفعت وانسحبت من مخدم FTP، شو الخيار", ["xferlog", "xferlog_enable"]),
    ("كيف أخلي unattended-upgrades يعيد تشغيل الجهاز تلقائيا بعد التحديث", ["Automatic-Reboot", "Automatic-Reboot-Time"]),
    ("ما هو الاسم الرمزي لإصدار أوبونتو 22.04", ["22.04", "Jammy"]),
    ("من هو مؤسس شركة Canonical", ["Shuttleworth"]),
    ("هل يوجد Qt Creator في دبيان وما اسم حزمته", ["Qt Creator", "qtcreator"]),
    ("على أي منفذ يعمل بروتوكول SIP افتراضيا؟", ["5060"]),
    ("كم جمعت حملة التمويل الجماهيري لترجمة الكتاب إلى الإنكليزية من المال", ["euros", "EUR", "يورو"]),
]
