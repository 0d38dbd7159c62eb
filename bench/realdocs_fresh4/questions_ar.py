"""Hand-written Arabic questions for the realdocs_fresh4 benchmark (data only, stdlib only).

Imported by build_ar.py (which writes qa_ar.jsonl) and check_ar.py (which checks it).
Each answerable entry is (doc, question, answers, type); answers are short spans copied from the
document's visible text (any one of them is an acceptable gold answer).

- AR:    kind "ar"     - answered in an Arabic (translated) paragraph of an ar-MA page.
- AR_EN: kind "ar->en" - Arabic question answered only in an English (en-US) page.
- UNANS: kind "unanswerable" - (question, key terms); none of the documents answers it, and
         none of the key terms occurs in any document of this set (checked by check_ar.py).
"""

# docs/<file> <- html/<lang dir>/<page>; file name -> (lang dir, page)
FOUND = 'ar-handbook-sect.foundation-documents.html'
SOLVE = 'ar-handbook-solving-problems.html'
META = 'ar-handbook-sect.package-meta-information.html'
INTERN = 'ar-handbook-sect.debian-internals.html'
PROJ = 'ar-handbook-the-debian-project.html'
PKG = 'ar-src-en-handbook-debian-packaging.html'
GUI = 'ar-src-en-handbook-sect.customizing-graphical-interface.html'

SOURCES = {
    FOUND: ('ar-MA', 'sect.foundation-documents.html'),
    SOLVE: ('ar-MA', 'solving-problems.html'),
    META: ('ar-MA', 'sect.package-meta-information.html'),
    INTERN: ('ar-MA', 'sect.debian-internals.html'),
    PROJ: ('ar-MA', 'the-debian-project.html'),
    PKG: ('en-US', 'debian-packaging.html'),
    GUI: ('en-US', 'sect.customizing-graphical-interface.html'),
}

# sha256 of each file as copied (byte-identical) from debian-handbook 11.20220922
SHA256 = {
    FOUND: '638cd40d4ddaee5d0d5deb05f2abb53aad66390c6c816de510ae6ac2c7120930',
    SOLVE: '52cb57df921ddac3d31fbeca6f10d3e8c8b5eb6a41d766e8239c8d0b9700fe2f',
    META: '902dbb6b206c067677f1dd683f9b57b374a11758b1890764edfff1f2bd22aaa6',
    INTERN: 'd5d05f07af0e05fc51823568dc82499560e73517925483872fcf866e0a41655e',
    PROJ: 'f02bf14e29062de121e44cc7571679ae2efb543068f487d287c6d31f9f6a2d7d',
    PKG: '1499aea33e9450f052dbc798efc91d3deaeb49055efd03abd321c3eb171f742c',
    GUI: '7978cf13f0404bb573ba43fc05475d6121f57f68afcb105cfb9e4addea5cf46c',
}

AR = [
    # --- ar-MA sect.foundation-documents (1.2 Foundation Documents) ---
    (FOUND, "ما هو أول التزام في العقد الاجتماعي لدبيان تجاه المستخدمين؟", ["سيبقى حراً 100%", "100%"], "fact"),
    (FOUND, "الشخص الذي يكتب البرنامج الأصلي وترسل له دبيان تحسيناتها، ماذا يسمى", ["upstream", "المنبع"], "definition"),
    (FOUND, "لماذا لا تعترف مؤسسة البرمجيات الحرة FSF بدبيان رسميا كنظام تشغيل حر", ["القسم غير الحر"], "fact"),
    (FOUND, "معظم الحزم غير الحرة تكون حرة تقريبا، فما هو القيد الأكثر انتشارا الذي يمنعها من أن تكون حرة؟", ["حظر استخدام البرمجيات تجارياً"], "fact"),
    (FOUND, "هل يحق لرخصة برنامج في دبيان أن تمنع استعماله في الشركات؟ ما اسم المبدأ الذي يمنع ذلك", ["عدم إقصاء أي مجال تطبيقي"], "fact"),
    (FOUND, "اذا كانت الرخصة لا تسمح بتوزيع الكود المصدري بعد تعديله، ما الشيء الذي يجب أن تسمح بتوزيعه مع المصدر حتى يقبلها دبيان", ["ملفات ترقيع"], "fact"),
    (FOUND, "ما المقصود بمفهوم الحقوق المتروكة copyleft", ["حرية العمل ومشتقاته"], "definition"),
    (FOUND, "ما العبارة التي كتبها صديق ستولمن على ظرف الرسالة وأوحت له بفكرة copyleft؟", ["all rights reversed"], "fact"),
    (FOUND, "ما نوع البرمجيات التي تحتاجها تعريفات بعض القطع العتادية وتسبب مشكلة لأنها غالبا غير حرة", ["المبيتة", "firmware"], "fact"),
    (FOUND, "اذكر أمثلة على رخص حرة تتوافق مع مبادئ دبيان للبرمجيات الحرة", ["GNU GPL", "BSD", "Artistic"], "fact"),

    # --- ar-MA solving-problems (chapter 7, 7.1 Documentation Sources) ---
    (SOLVE, "شو معنى RTFM اللي يردون فيها على المبتدئين", ["Read the F**king Manual", "Read the Fine Manual", "اقرأ الدليل"], "definition"),
    (SOLVE, "ما هي الصدفة shell الافتراضية الأكثر استخداما؟", ["bash"], "fact"),
    (SOLVE, "أريد قراءة توثيق نداء النظام read وليس الأمر الذي يحمل نفس الاسم، ماذا أكتب؟", ["man 2 read"], "command"),
    (SOLVE, "ما الأمر الذي يعطيني الوصف المختصر لأمر ما في سطر واحد دون فتح صفحة الدليل كاملة", ["whatis"], "command"),
    (SOLVE, "لا أعرف اسم الأمر الذي أحتاجه، كيف أبحث في أوصاف صفحات man بكلمات مفتاحية؟", ["apropos"], "command"),
    (SOLVE, "في أي جزء من صفحة الدليل أجد إشارات لصفحات أخرى مرتبطة بالموضوع", ["SEE ALSO"], "fact"),
    (SOLVE, "برنامج info الافتراضي معقد شوية، ما البديل الأسهل لتصفح وثائق info", ["pinfo"], "command"),
    (SOLVE, "بأي لغة تكون وثائق info في أغلب الأحيان", ["بالإنكليزية"], "fact"),
    (SOLVE, "في أي مجلد تثبت الوثائق الخاصة بكل حزمة؟", ["/usr/share/doc/"], "command"),
    (SOLVE, "البرنامج أعطاني رسالة خطأ واضحة ومحددة، ما أول شيء ينصح به الكتاب", ["محرك البحث"], "fact"),

    # --- ar-MA sect.package-meta-information (5.2 Package Meta-Information) ---
    (META, "أي حقل في ملف control يوضع داخل الحزمة المقترحة نفسها لا في الحزمة التي تستفيد منها", ["Enhances"], "fact"),
    (META, "ما اسم الحقل الذي نكتب فيه الاعتماديات الاستباقية", ["Pre-Depends"], "fact"),
    (META, "خوادم البريد مثل postfix و sendmail تقدم أي حزمة ظاهرية؟", ["mail-transport-agent"], "fact"),
    (META, "الاسم القياسي للحزمة الظاهرية الخاصة بمحاكيات الطرفية في الواجهة الرسومية", ["x-terminal-emulator"], "fact"),
    (META, "ما الفرق بين الحزمة الظاهرية والحزمة الفوقية، هل للحزمة الظاهرية ملف deb حقيقي؟", ["وجود لها فيزيائياً"], "definition"),
    (META, "أين يحفظ dpkg سكربتات الإعداد الخاصة بالحزم المثبتة", ["/var/lib/dpkg/info/"], "command"),
    (META, "كيف أحذف حزمة وأتخلص كذلك من ملفات إعدادها وبياناتها كليا", ["dpkg -P", "apt-get remove --purge", "aptitude purge"], "command"),
    (META, "عند الترقية قررت الإبقاء على ملف الإعداد القديم الذي عدلته، بأي لاحقة تحفظ النسخة الجديدة من الملف؟", [".dpkg-dist"], "fact"),
    (META, "ما خيار dpkg الذي يحتفظ تلقائيا بالنسخة القديمة من ملف الضبط بدون سؤال", ["--force-confold"], "command"),
    (META, "في أي ملف تخزن debconf ترجمات كل النصوص التي تظهر للمستخدم", ["templates"], "fact"),

    # --- ar-MA sect.debian-internals (1.3 The Internal Workings of the Debian Project) ---
    (INTERN, "ما دور اللجنة التقنية التي يحددها دستور دبيان", ["البت في القضايا التقنية"], "fact"),
    (INTERN, "من المسؤول في دبيان عن تنظيم التصويت في الانتخابات والاستفتاءات", ["سكرتاريا المشروع"], "fact"),
    (INTERN, "ماذا يعني الاختصار DAM", ["Debian Accounts Managers", "المسؤولين عن حسابات دبيان"], "definition"),
    (INTERN, "إلى أي عنوان بريد إلكتروني أرسل تقريرا عن علة جديدة في دبيان؟", ["submit@bugs.debian.org"], "fact"),
    (INTERN, "في اختصار i18n ماذا يمثل الرقم 18", ["عدد الأحرف المحذوفة"], "definition"),
    (INTERN, "ما الأداة التي تنتج ملف الرقعة patch بين نسخة قديمة وجديدة من ملف", ["diff"], "command"),
    (INTERN, "اسم dpkg اختصار لماذا", ["Debian PacKaGe"], "definition"),
    (INTERN, "أي حزمة كاذبة في نظام تتبع العلل نستعملها لنطلب حذف حزمة من الأرشيف", ["ftp.debian.org"], "fact"),
    (INTERN, "بأي اسم تعرف مجموعة الصيانة المسؤولة عن Xorg في دبيان", ["X Strike Force"], "fact"),

    # --- ar-MA the-debian-project (chapter 1, 1.1 What Is Debian?) ---
    (PROJ, "هل دبيان اختصار؟ من أين جاء اسم دبيان", ["ديبرا", "Debra"], "definition"),
    (PROJ, "من أي سنة إلى أي سنة قاد إيان موردك مشروع دبيان؟", ["1992 وحتى 1996", "1996"], "numeric"),
    (PROJ, "لمن سلم إيان موردك قيادة المشروع", ["بيرنز", "Bruce Perens"], "fact"),
    (PROJ, "ما اسم الشركة التي أنشأها مؤسس دبيان لتسويق توزيعة مشتقة منه", ["Progeny"], "fact"),
    (PROJ, "في أي سنة أفلست شركة Progeny", ["2007"], "numeric"),
    (PROJ, "ما الأداة الوحيدة التي بقيت من مشاريع Progeny وما وظيفتها", ["discover"], "fact"),
    (PROJ, "من يشرف على تطوير مثبت دبيان debian-installer", ["Cyril Brulebois"], "fact"),
    (PROJ, "كم مطور دبيان رسمي يوجد تقريبا في المشروع؟", ["حوالي ألف", "ألف"], "numeric"),
    (PROJ, "الجمعيات المحلية التي تجمع التبرعات لدبيان خارج أمريكا، ما اسمها في مصطلحات دبيان", ["Trusted Organizations"], "fact"),
]

AR_EN = [
    # --- en-US debian-packaging (chapter 15, 15.1 Rebuilding a Package from its Sources) ---
    (PKG, "ما أسهل أمر لتنزيل الكود المصدري لحزمة دبيان قبل إعادة بنائها", ["apt-get source"], "command"),
    (PKG, "ماذا تسمى عملية بناء نسخة أحدث من حزمة مأخوذة من testing أو unstable حتى تعمل على النسخة المستقرة", ["backporting"], "definition"),
    (PKG, "بأي أمر أغير رقم إصدار الحزمة المعاد بناؤها وأوثق التغيير في debian/changelog؟", ["dch"], "command"),
    (PKG, "كيف أثبت كل الحزم المذكورة في حقل Build-Depends لحزمة مصدرية دفعة واحدة", ["apt-get build-dep"], "command"),
    (PKG, "ما الأداة التي توهم البرنامج أنه يعمل بصلاحيات الجذر أثناء إنشاء أرشيف الحزمة، ويستخدمها dpkg-buildpackage افتراضيا", ["fakeroot"], "command"),
    (PKG, "اذكر برامج تسمح ببناء الحزمة داخل بيئة chroot نظيفة", ["sbuild", "pbuilder", "cowbuilder"], "fact"),

    # --- en-US sect.customizing-graphical-interface (13.2 Customizing the Graphical Interface) ---
    (GUI, "أي مدير عرض display manager اختاره مديرو شركة Falcot", ["gdm3"], "fact"),
    (GUI, "ما اسم مدير النوافذ المستخدم في بيئة GNOME", ["mutter"], "fact"),
    (GUI, "عندي جهاز قديم وثبتت مدير نوافذ خفيف، كيف أجعله هو المستعمل افتراضيا", ["update-alternatives --config x-window-manager"], "command"),
    (GUI, "في أي مجلد ينشئ سكربت update-alternatives الروابط الرمزية للبدائل؟", ["/etc/alternatives/"], "command"),
    (GUI, "أين تضع الحزم ملفات .desktop التي تظهر بها في قوائم التطبيقات", ["/usr/share/applications"], "fact"),
    (GUI, "ما ملف الإعداد الذي يتحكم بسلوك gdm3", ["/etc/gdm3/daemon.conf"], "command"),
]

UNANS = [
    ("هل رخصة MIT متوافقة مع مبادئ دبيان للبرمجيات الحرة", ["MIT", "Expat"]),
    ("ما الأمر الذي يعيد بناء فهرس صفحات الدليل بعد تثبيت صفحات man جديدة", ["mandb", "makewhatis"]),
    ("ما معنى الحقل Multi-Arch في ملف control الخاص بالحزمة؟", ["Multi-Arch", "multiarch"]),
    ("كيف أبني ملف deb مباشرة من مجلد جاهز دون حزمة مصدرية", ["dpkg-deb", "--build"]),
    ("كيف أفعل الدخول التلقائي لمستخدم معين في gdm3 دون كلمة مرور", ["AutomaticLogin", "autologin", "automatic login"]),
    ("كيف أغير خلفية سطح المكتب في GNOME من سطر الأوامر", ["gsettings", "wallpaper", "خلفية"]),
    ("كيف أحول وثائق info إلى ملف PDF للطباعة", ["PDF", "texi2pdf"]),
    ("كيف أضيف رقعة جديدة إلى الحزمة المصدرية باستخدام quilt", ["quilt", "dquilt"]),
    ("كم تدفع جمعية SPI سنويا من الدولارات لاستضافة خوادم دبيان", ["دولار", "dollar", "USD"]),
    ("في ملف lightdm.conf ما الخيار الذي يحدد الجلسة الافتراضية للمستخدمين", ["lightdm.conf", "user-session"]),
]
