"""Hand-written Arabic questions for the realdocs_fresh3 benchmark (data only, stdlib only).

Imported by build_ar.py (which writes qa_ar.jsonl) and check_ar.py (which checks it).
Each answerable entry is (doc, question, answers, type); answers are short spans copied from the
document's visible text (any one of them is an acceptable gold answer).

- AR:    kind "ar"     - answered in an Arabic (translated) paragraph of an ar-MA page.
- AR_EN: kind "ar->en" - Arabic question answered only in an English (en-US) page.
- UNANS: kind "unanswerable" - (question, key terms); none of the documents answers it.
"""

# docs/<file> <- html/<lang dir>/<page>; file name -> (lang dir, page)
REL = 'ar-handbook-sect.release-lifecycle.html'
COEX = 'ar-handbook-sect.coexistence-with-other-packaging-systems.html'
MIG = 'ar-handbook-sect.how-to-migrate.html'
COMMON = 'ar-handbook-sect.common-procedures.html'
VIRT = 'ar-handbook-sect.virtualization.html'
AUTO = 'ar-handbook-sect.automated-installation.html'
PRINT = 'ar-src-en-handbook-sect.config-printing.html'
WINE = 'ar-src-en-handbook-sect.windows-emulation.html'

SOURCES = {
    REL: ('ar-MA', 'sect.release-lifecycle.html'),
    COEX: ('ar-MA', 'sect.coexistence-with-other-packaging-systems.html'),
    MIG: ('ar-MA', 'sect.how-to-migrate.html'),
    COMMON: ('ar-MA', 'sect.common-procedures.html'),
    VIRT: ('ar-MA', 'sect.virtualization.html'),
    AUTO: ('ar-MA', 'sect.automated-installation.html'),
    PRINT: ('en-US', 'sect.config-printing.html'),
    WINE: ('en-US', 'sect.windows-emulation.html'),
}

# sha256 of each file as copied (byte-identical) from debian-handbook 11.20220922
SHA256 = {
    REL: '6e191dd0f1037daeebbce67909a6efffbde8028c85db8cb7b5c56b295dd4bd0e',
    COEX: 'd0db4fe2c9d98dbd65eaa7560768089f8ccf403932491f11cef361e09b9a4123',
    MIG: '53a1f0842a7a5b583cf4d3705c4e1b2997d3c2876b24766ee890a644b2f3ce80',
    COMMON: '148838e2b7c63e0e155632497f8756d3b388cb541dd29424f4541541d4f35952',
    VIRT: '817f0d4c338bb8e33436994128f274ba541631a04f9649dc991a65079c0aa03a',
    AUTO: '804f5c8b72f4c8d3aaa6e68c75b6e79983a24c5f4150586922b74f07ba055bd3',
    PRINT: '61d39ff8e7c33dcc037ba738d3e656152b1bd20fff4769e061700163e5e1f7ab',
    WINE: 'a8405e430027e012d85e766cf0866c90b9c6f64c5216811dce3b510e03ea254d',
}

AR = [
    # --- sect.release-lifecycle (1.6 The Lifecycle of a Release) ---
    (REL, "ماذا يعني اسم البرنامج buildd", ["build daemon", "خدمة البناء"], "definition"),
    (REL, "كم سنة تقريبا يعيش الإصدار المستقر من دبيان؟", ["5 سنوات"], "numeric"),
    (REL, "كل كم من الوقت تظهر نسخة مستقرة جديدة من دبيان", ["كل سنتين"], "numeric"),
    (REL, "من الفريق المسؤول عن دعم الإصدارات القديمة بعد أن يتوقف فريق الأمن عن دعمها؟", ["LTS", "Long Term Support"], "fact"),
    (REL, "مين يقدر يتدخل يدويا في السكربت اللي ينقل الحزم للاختبارية ويفرض ضم حزم معينة", ["Release Managers"], "fact"),

    # --- sect.coexistence-with-other-packaging-systems (5.5) ---
    (COEX, "ما الصيغة التي تعد المنافس الرئيسي لحزم دبيان في عالم البرمجيات الحرة", ["RPM"], "fact"),
    (COEX, "بأي أداة أحول حزمة من صيغة ريدهات إلى حزمة deb؟", ["alien"], "command"),
    (COEX, "لماذا لا يُنصح بتثبيت حزم ريدهات على دبيان مباشرة بالبرنامج rpm", ["قاعدة بيانات خاصة"], "fact"),
    (COEX, "ما المعلومات التي تنقص الحزمة الناتجة عن التحويل بين الصيغتين؟", ["معلومات عن الاعتماديات"], "fact"),
    (COEX, "حزم توزيعة سلاكوير التي يدعمها alien ما هي صيغتها", ["tar.gz"], "fact"),

    # --- sect.how-to-migrate (3.2 How to Migrate) ---
    (MIG, "ما الأداة التي أكتشف بها الخدمات الشبكية على الأجهزة الأخرى دون أن أسجل الدخول إليها", ["nmap"], "command"),
    (MIG, "اي ملف اقرأ لأعرف رقم إصدار دبيان المثبت على مخدم ورثته من مدير سابق؟", ["/etc/debian_version"], "command"),
    (MIG, "ملف رقم الإصدار في دبيان يأتي مع أي حزمة؟", ["base-files"], "fact"),
    (MIG, "ما البرنامج الذي يقارن الحزم المثبتة بالنسخ المتوفرة منها", ["apt-show-versions"], "command"),
    (MIG, "في أي مجلد يفترض أن تكون البرامج التي جُمِّعت وثُبِّتت يدويًا", ["/usr/local/"], "fact"),
    (MIG, "ما المعمارية المرجحة لحاسوب شخصي حديث نسبيا عند اختيار نسخة دبيان", ["amd64"], "fact"),

    # --- sect.common-procedures (7.2 Common Procedures) ---
    (COMMON, "كيف أعرض كل الملفات التي تأتي بها حزمة ما لأبحث عن وثائقها؟", ["dpkg -L package", "dpkg -L"], "command"),
    (COMMON, "وفق سياسة دبيان، أين تُوضع ملفات الأمثلة الخاصة بحزمة", ["/usr/share/doc/package/examples/"], "command"),
    (COMMON, "ما المقصود بالخدمة daemon", ["برنامج لا يستدعيه المستخدم صراحة"], "definition"),
    (COMMON, "في أي مجلد تحفظ الخدمات سجلاتها عادة؟", ["/var/log/"], "fact"),
    (COMMON, "عندي ملف وأريد أن أعرف أي حزمة يتبع قبل ما أبلغ عن علة، أي أمر أستخدم", ["dpkg -S"], "command"),
    (COMMON, "ما الأمر الذي يرسل تقرير علة إلى دبيان؟", ["reportbug"], "command"),

    # --- sect.virtualization (12.2 Virtualization) ---
    (VIRT, "ما الوسيط الوحيد الإلزامي عند تشغيل xen-create-image", ["--hostname"], "command"),
    (VIRT, "ضمن أي نطاق عناوين تعطي KVM الجهاز الظاهري عنوانه الداخلي في الإعداد الافتراضي؟", ["192.168.122.0/24"], "numeric"),
    (VIRT, "ما الأمر الفرعي في virsh الذي يوقف الآلة الظاهرية قسرًا", ["destroy"], "command"),
    (VIRT, "أين يُنشأ نظام ملفات حاوية LXC أولا قبل نقله إلى مجلده النهائي", ["/var/cache/lxc"], "fact"),
    (VIRT, "ما هو الاسم الكامل لـ KVM؟", ["Kernel-based Virtual Machine"], "definition"),

    # --- sect.automated-installation (12.3 Automated Installation) ---
    (AUTO, "ما الحزمة التي يحتاجها الخادم في نظام FAI", ["fai-server", "fai-quickstart"], "fact"),
    (AUTO, "إذا أردت وضع ملف التغذية داخل initrd فما الاسم الذي يجب أن أعطيه له؟", ["preseed.cfg"], "command"),
    (AUTO, "كم جزءا في كل سطر من ملف preseed", ["أربعة أقسام"], "numeric"),
    (AUTO, "بعد تثبيت يدوي، كيف أحصل على إجابات المثبت لأبني منها ملف التغذية؟", ["debconf-get-selections --installer"], "command"),
    (AUTO, "ماذا نكتب في الحقل الأول من سطر التغذية إذا كان السؤال يخص المثبت نفسه", ["d-i"], "command"),
]

AR_EN = [
    # --- en-US sect.config-printing (8.7 Printer Configuration) ---
    (PRINT, "ما اسم المجدول scheduler الذي يشكل قلب نظام الطباعة CUPS؟", ["cupsd"], "fact"),
    (PRINT, "الطابعات التي تدعم AirPrint تقريبا كلها هي المصنعة خلال كم سنة أخيرة؟", ["ten years", "last ten years"], "numeric"),
    (PRINT, "ما أهم أداة لإعداد طابعة في CUPS؟", ["lpadmin"], "command"),
    (PRINT, "ما الحزمة التي تتيح استعمال أوامر الطباعة القديمة مثل lpr و lpq", ["cups-bsd"], "fact"),
    (PRINT, "ما هو العنوان المحلي لواجهة الويب لإدارة الطباعة", ["http://localhost:631/"], "command"),
    (PRINT, "من الشركة التي تملك مشروع CUPS وعلامته التجارية", ["Apple"], "fact"),
    (PRINT, "ماذا كان يعني اسم CUPS قبل ان تستحوذ عليه الشركة", ["Common Unix Printing System"], "definition"),
    (PRINT, "ما البروتوكول الذي يستخدمه خادم الطباعة CUPS", ["IPP", "Internet Printing Protocol"], "fact"),

    # --- en-US sect.windows-emulation (13.8 Emulating Windows: Wine) ---
    (WINE, "ما الأداة التي نشغلها لربط مواقع دبيان بأقراص ويندوز في Wine", ["winecfg"], "command"),
    (WINE, "ما اسم حزمة خطوط مايكروسوفت التي تثبت مع wine؟", ["ttf-mscorefonts-installer"], "command"),
    (WINE, "كيف نتأكد فعلا أن برنامج ويندوز معين يعمل جيدا تحت Wine قبل الاعتماد عليه", ["real-use test"], "fact"),
    (WINE, "من الشركة المنتجة لـ CrossOver؟", ["CodeWeavers"], "fact"),
    (WINE, "على نظام amd64 ما الحزمة التي نحتاجها من معمارية i386 لتشغيل تطبيقات ويندوز 32 بت", ["wine32"], "command"),
    (WINE, "ما عميل لينكس لبروتوكول RDP الذي يذكره الكتاب للوصول إلى تطبيقات ويندوز على خادم مركزي", ["rdesktop"], "command"),
    (WINE, "ما معنى المحاكاة emulation كما يشرحها الكتاب", ["executing a program (developed for a target system) on a different host system", "on a different host system"], "definition"),
]

UNANS = [
    ("كم تدفع الشركة سنويا للمشاركة في تمويل فريق دبيان LTS", ["يورو", "euro", "دولار", "€", "تكلفة"]),
    ("كيف اثبت برنامج ويندوز بصيغة msi في wine، هل يوجد امر مثل msiexec", ["msiexec", "msi"]),
    ("ما الاسم الرمزي codename لإصدار دبيان 12؟", ["bookworm", "12"]),
    ("كم تستمر فترة التجميد freeze عادة قبل إصدار النسخة المستقرة", ["أشهر", "months", "شهر"]),
    ("كيف أحول حزمة deb إلى حزمة snap أو flatpak", ["snap", "flatpak"]),
    ("ما الأمر الذي يحذف حاوية LXC نهائيا مع نظام ملفاتها", ["lxc-destroy"]),
    ("كيف أطبع صفحة اختبار من سطر الأوامر بعد إعداد الطابعة في CUPS", ["test page", "lp ", "cancel"]),
    ("ما نسخة Wine الموجودة في دبيان 11 bullseye", ["wine 5", "wine 6", "version"]),
    ("ما الخيار الذي أضيفه إلى nmap حتى يفحص منافذ UDP أيضا؟", ["-sU", "UDP"]),
    ("ما اسم الملف الذي يحوي إعدادات FAI الخاصة بكلمة سر الجذر للأجهزة المثبتة", ["ROOTPW", "rootpw", "كلمة سر"]),
]
