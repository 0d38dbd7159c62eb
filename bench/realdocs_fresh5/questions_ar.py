"""Hand-written Arabic questions for the realdocs_fresh5 benchmark (data only, stdlib only).

Imported by build_ar.py (which writes qa_ar.jsonl) and check_ar.py (which checks it).
Each answerable entry is (doc, question, answers, type); answers are short spans copied from the
document's visible text (any one of them is an acceptable gold answer).

- AR:    kind "ar"     - answered in an Arabic (translated) paragraph of an ar-MA page.
- AR_EN: kind "ar->en" - Arabic question answered only in an English (en-US) page.
- UNANS: kind "unanswerable" - (question, key terms); none of the documents answers it, and
         none of the key terms occurs in any document of this set (checked by check_ar.py).
"""

# docs/<file> <- html/<lang dir>/<page>; file name -> (lang dir, page)
NET = 'ar-handbook-network-services.html'
APT = 'ar-handbook-apt.html'
UNIX = 'ar-handbook-unix-services.html'
FHS = 'ar-handbook-sect.filesystem-hierarchy.html'
WHY = 'ar-handbook-sect.why-debian.html'
BIN = 'ar-src-en-handbook-packaging-system.html'
ROUTE = 'ar-src-en-handbook-sect.dynamic-routing.html'

SOURCES = {
    NET: ('ar-MA', 'network-services.html'),
    APT: ('ar-MA', 'apt.html'),
    UNIX: ('ar-MA', 'unix-services.html'),
    FHS: ('ar-MA', 'sect.filesystem-hierarchy.html'),
    WHY: ('ar-MA', 'sect.why-debian.html'),
    BIN: ('en-US', 'packaging-system.html'),
    ROUTE: ('en-US', 'sect.dynamic-routing.html'),
}

# sha256 of each file as copied (byte-identical) from debian-handbook 11.20220922
SHA256 = {
    NET: 'd767aae48d895793f0f00ea6ab05c845e53dda925653416121a45268a360627c',
    APT: '6a67343b8e38a7dd79d2caa0e60b3efdbb72020c1fc6c77506411eeb7914f48c',
    UNIX: '4eecb1af9ef09d72eee2ca78c2c4cfd519a29f266ba82eeb408f69f4a0d1597a',
    FHS: 'd7eef05384f4c930b120c13176dd3921dfbeb86a9e557e12580687aa24ba50da',
    WHY: '99326cf7b62c1fc6cd74a0a4ac34c888221a33a04d576b6568e77b5ba0eb7e52',
    BIN: '2a7d6703fd07f120e1fa3b4a2dcd9831221260ec51a9f63040502498cd54bcc5',
    ROUTE: 'bddf558667feeaf5eb3592866199908451db03c9b5faf1724bc391944f1f4a9a',
}

AR = [
    # --- ar-MA network-services (chapter 11 page with 11.1 Mail Server: Postfix) ---
    (NET, "ما هو مخدم البريد الإلكتروني الذي يأتي افتراضيا مع تثبيت دبيان", ["Exim4"], "fact"),
    (NET, "بروتوكول SMTP معرف في أي RFC؟", ["RFC 5321", "5321"], "numeric"),
    (NET, "أثناء تثبيت postfix أريد أن يستقبل المخدم البريد عاديا لكن يرسل الصادر عبر مخدم وسيط بدل الإرسال المباشر، أي نوع إعداد أختار", ["Internet with smarthost"], "fact"),
    (NET, "أين أضع كل أسماء النطاقات التي يستقبل لها الجهاز البريد؟ أقصد اسم المتغير في main.cf", ["mydestination"], "fact"),
    (NET, "بعد تثبيت postgrey على أي منفذ يستمع؟", ["10023"], "numeric"),
    (NET, "ما القاعدة الإلزامية في قيود المستقبل التي تمنع أن يصبح المخدم محطة ترحيل مفتوحة للسبام", ["reject_unauth_destination"], "command"),
    (NET, "كلمة milter اختصار لأي عبارة", ["mail filter"], "definition"),
    (NET, "ما الأمر المستخدم لتسجيل كلمة سر لمستخدم في قاعدة بيانات SASL حتى يستطيع المصادقة مع مخدم SMTP", ["saslpasswd2"], "command"),
    (NET, "حسب الإحصائيات المذكورة، ما النسبة التي قد تصل إليها الرسائل الدعائية من كل البريد المتداول على الإنترنت؟", ["95%"], "numeric"),
    (NET, "في ملف vmailbox إذا كان مسار صندوق البريد ينتهي بشرطة مائلة /، بأي صيغة تخزن الرسائل", ["maildir"], "fact"),

    # --- ar-MA apt (chapter 6 page with 6.1 Filling in the sources.list File) ---
    (APT, "APT اختصار لماذا", ["Advanced Package Tool"], "definition"),
    (APT, "لا أفهم الفرق بين الحزمة المصدرية ومصدر الحزم، ماذا يقصد بمصدر الحزم؟", ["المستودع"], "definition"),
    (APT, "الملفات ذات الامتداد .bz2 تنتجها أي أداة ضغط", ["bzip2"], "fact"),
    (APT, "كل سطر فعال في sources.list يتكون من كم جزء على الأقل", ["ثلاث أجزاء", "ثلاث"], "numeric"),
    (APT, "ما البرنامج المكتبي الذي كان في البداية ضمن contrib لأنه كان يحتاج بيئة Java غير حرة؟", ["OpenOffice.org"], "fact"),
    (APT, "عندي مصادر حزم كثيرة وأريد تقسيمها على عدة ملفات بدل ملف واحد، في أي مجلد أضعها", ["/etc/apt/sources.list.d/"], "command"),
    (APT, "كيف أضيف قرص DVD لدبيان كمصدر للحزم؟", ["apt-cdrom"], "command"),
    (APT, "لو كانت الحزمة التي أريدها متوفرة في أكثر من مستودع، من أي مستودع ستأخذها APT", ["المستودع الأول"], "fact"),
    (APT, "بعد صدور النسخة المستقرة كم مرة تقريبا يتم تحديثها", ["كل شهرين", "شهرين"], "numeric"),
    (APT, "ما اسم المستودع الذي يوفر نسخا حديثة من البرمجيات أعيدت ترجمتها لتعمل على التوزيعة المستقرة؟", ["stable-backports"], "fact"),

    # --- ar-MA unix-services (chapter 9 page with 9.1 System Boot) ---
    (UNIX, "قبل أن يصبح systemd افتراضيا، على أي نظام إقلاع كانت تعتمد إصدارات دبيان السابقة", ["System V init", "sysv-rc"], "fact"),
    (UNIX, "برنامج init في الحقيقة رابط رمزي، إلى أين يشير افتراضيا؟", ["/lib/systemd/systemd"], "fact"),
    (UNIX, "ما الخيار الذي يمكن أن يمرره شخص للنواة عند شاشة محمل الإقلاع ليحصل على صلاحيات الجذر بدون كلمة السر", ["init=/bin/sh"], "command"),
    (UNIX, "كيف أجعل خدمة تشتغل تلقائيا كلما أقلع الجهاز في systemd؟", ["systemctl enable"], "command"),
    (UNIX, "في نظام System V ما هو مستوى التشغيل الافتراضي عادة", ["المستوى 2"], "numeric"),
    (UNIX, "ما البرنامج الذي أصبح يجدول سكربتات الإقلاع آليا حسب الاعتماديات بدلا من الترقيم الثابت", ["insserv"], "fact"),
    (UNIX, "بأي أمر أنتقل من مستوى تشغيل إلى مستوى آخر في System V init؟", ["telinit"], "command"),
    (UNIX, "ماذا يسمى المستوى 1 الذي يحمل الخدمات الأساسية فقط ويستعمل للصيانة", ["single-user mode", "المستخدم الوحيد"], "definition"),
    (UNIX, "سكربتات صيانة الحزم في دبيان لا يجب أن تستدعي service مباشرة، ما البرنامج الذي عليها استعماله لتشغيل سكربتات تهيئة الخدمات", ["invoke-rc.d"], "command"),
    (UNIX, "كم console ظاهرية في الوضع النصي توفرها معظم أنظمة GNU/Linux", ["ست"], "numeric"),

    # --- ar-MA sect.filesystem-hierarchy (B.2 The Filesystem Hierarchy) ---
    (FHS, "ما اسم المعيار الذي يحدد الغرض من كل مجلد في نظام الملفات عند دبيان", ["File Hierarchy Standard", "FHS"], "definition"),
    (FHS, "برنامج تجاري من طرف ثالث، في أي مجلد من المستوى الأعلى يفترض أن يثبت", ["/opt/"], "fact"),
    (FHS, "أين توضع البيانات التي تستخدمها المخدمات المستضافة على الجهاز؟", ["/srv/"], "fact"),
    (FHS, "أي مجلد غالبا ما يتم تفريغه عند الإقلاع", ["/tmp/"], "fact"),
    (FHS, "إذا أردت تثبيت برنامج يدويا بدون أن أكتب فوق ملفات dpkg، ما المجلد المخصص لمدير النظام لهذا؟", ["/usr/local/"], "fact"),
    (FHS, "ما المجلدان المخصصان لنواة لينكس لتصدير البيانات وهما ليسا جزءا من المعيار FHS", ["/proc/", "/sys/"], "fact"),
    (FHS, "ما الرمز الذي تستبدله مفسرات الأوامر تلقائيا بمجلد بيت المستخدم", ["التيلدا", "~"], "definition"),
    (FHS, "الملفات التي يبدأ اسمها بنقطة لا يعرضها ls، أي خيار أضيف لأراها", ["-a"], "command"),
    (FHS, "أين يحفظ عميل البريد mutt ملف إعداداته", ["~/.muttrc"], "fact"),

    # --- ar-MA sect.why-debian (2.4 Why the Debian Distribution?) ---
    (WHY, "لماذا يجب أن تبقى التوزيعة التي تختارها الشركة صالحة لسنوات؟ ما مشكلة الانتقال من توزيعة لأخرى", ["تكاليف إضافية"], "fact"),
    (WHY, "التوزيعات المجتمعية متى تصدر نسخها الجديدة", ["عندما تصبح مستقرة"], "fact"),
    (WHY, "كل كم شهر تصدر نسخة جديدة من دبيان إحصائيا؟", ["18 إلى 24 شهر", "24 شهر"], "numeric"),
    (WHY, "كم سنة تبقى كل نسخة مستقرة من دبيان مدعومة", ["5 سنوات"], "numeric"),
    (WHY, "ماذا أظهر استطلاع شركات الخدمات الفرنسية المتخصصة في البرمجيات الحرة بخصوص دبيان", ["دعم تقني لدبيان", "دعم تقني"], "fact"),
    (WHY, "ما المعمارية التي جعلت تثبيت دبيان ممكنا على مخدمات IBM الحديثة لدى فلكوت؟", ["ppc64el"], "fact"),
    (WHY, "في أي سنة انطلق مشروع LTS لدبيان", ["2014"], "numeric"),
    (WHY, "ما معنى LTS", ["Long Term Support", "الدعم طويل الأمد"], "definition"),
    (WHY, "من أي النواحي تعتبر دبيان أبرز التوزيعات المجتمعية؟ اذكر واحدة", ["عدد المساهمين", "عدد حزم البرمجيات"], "fact"),
]

AR_EN = [
    # --- en-US packaging-system (chapter 5 page with 5.1 Structure of a Binary Package) ---
    (BIN, "برنامج ar الذي يتعامل مع أرشيفات الحزم يأتي من أي حزمة", ["binutils"], "fact"),
    (BIN, "لو حذفت dpkg بالخطأ ولم تعد حتى أدوات tar و ar تعمل، أي حزمة فيها نسخة مستقلة تماما تساعدني في فك الحزمة", ["busybox-static", "busybox"], "fact"),
    (BIN, "ما اسم الملف النصي داخل أرشيف deb الذي يبين إصدار صيغة الحزمة", ["debian-binary"], "fact"),
    (BIN, "ما هو إصدار صيغة حزم deb المستخدم في دبيان Bullseye؟", ["2.0"], "numeric"),
    (BIN, "بأي أمر أستخرج محتويات ملف deb إلى المجلد الحالي باستخدام ar", ["ar x"], "command"),
    (BIN, "عندما أرى ar (1) في الكتب ماذا يعني الرقم 1 بين القوسين", ["section 1"], "definition"),

    # --- en-US sect.dynamic-routing (10.5 Dynamic Routing) ---
    (ROUTE, "ما هي الأداة المرجعية حاليا للتوجيه الديناميكي على دبيان", ["frr", "FRRouting"], "fact"),
    (ROUTE, "قبل frr ما اسم الأداة التي كانت تستعمل للتوجيه الديناميكي؟", ["quagga", "zebra"], "fact"),
    (ROUTE, "في FRR ما الخدمتان اللتان تعملان دائما وتجمعان المعلومات من باقي الخدمات", ["zebra", "staticd"], "fact"),
    (ROUTE, "ملف إعداد أي daemon في frr يجب أن تكون صلاحياته كم حتى يشتغل", ["0640"], "numeric"),
    (ROUTE, "أي بروتوكول توجيه ديناميكي هو الأنسب للشبكات الخاصة؟", ["OSPF", "Open Shortest Path First"], "fact"),
    (ROUTE, "الأمر route قديم ومهمل، ما الأمر الذي يستعمل بدلا منه لتعريف المسارات وعرضها", ["ip"], "command"),
]

UNANS = [
    ("كيف أربط Postfix مع Dovecot حتى يقرأ المستخدمون بريدهم عبر IMAP", ["Dovecot", "IMAP"]),
    ("ما الأمر الذي يعرض الرسائل العالقة في طابور انتظار Postfix", ["mailq", "postqueue", "طابور"]),
    ("كيف أمنع ترقية حزمة معينة وأثبت نسختها الحالية حتى لا تحدثها APT", ["apt-mark", "apt-mark hold", "تثبيت النسخة"]),
    ("ما الأمر الذي يبين كم استغرقت كل خدمة من الوقت أثناء الإقلاع مع systemd؟", ["systemd-analyze", "blame"]),
    ("كيف أغير الهدف target الافتراضي الذي يقلع إليه systemd", ["set-default", "get-default", "default.target"]),
    ("ما المنفذ الذي يستخدمه عملاء البريد لإرسال الرسائل عبر submission مع المصادقة", ["587", "submission"]),
    ("كيف أعرض جدول التوجيه الحالي من داخل واجهة vtysh في FRR", ["vtysh", "show ip route"]),
    ("أريد تحويل حزمة rpm إلى deb، ما الأداة التي تقوم بذلك", ["alien", "rpm"]),
    ("ما هو مشروع Extended LTS لدبيان وكم سنة يمدد الدعم بعد انتهاء LTS", ["ELTS", "Extended"]),
    ("في أي ملف أحدد الحجم الأقصى لسجلات journald على القرص", ["journald.conf", "SystemMaxUse"]),
]
