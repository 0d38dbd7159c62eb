"""Hand-written Arabic questions for the realdocs_fresh2 benchmark (data only, stdlib only).

Imported by build_ar.py (which writes qa_ar.jsonl) and check_ar.py (which checks it).
Each answerable entry is (doc, question, answers, type); answers are short spans copied from the
document's visible text (any one of them is an acceptable gold answer).

- AR:    kind "ar"     - answered in an Arabic (translated) paragraph of an ar-MA page.
- AR_EN: kind "ar->en" - Arabic question answered only in an English (en-US) page.
- UNANS: kind "unanswerable" - (question, key terms); none of the documents answers it.
"""

# docs/<file> <- html/<lang dir>/<page>; file name -> (lang dir, page)
ADM = 'ar-handbook-advanced-administration.html'
PLAN = 'ar-handbook-sect.master-plan.html'
WHO = 'ar-handbook-sect.who-is-this-book-for.html'
PREF = 'ar-handbook-preface.html'
IPV6 = 'ar-src-en-handbook-sect.ipv6.html'
PKG = 'ar-src-en-handbook-sect.building-first-package.html'
SUP = 'ar-src-en-handbook-sect.supervision.html'

SOURCES = {
    ADM: ('ar-MA', 'advanced-administration.html'),
    PLAN: ('ar-MA', 'sect.master-plan.html'),
    WHO: ('ar-MA', 'sect.who-is-this-book-for.html'),
    PREF: ('ar-MA', 'preface.html'),
    IPV6: ('en-US', 'sect.ipv6.html'),
    PKG: ('en-US', 'sect.building-first-package.html'),
    SUP: ('en-US', 'sect.supervision.html'),
}

# sha256 of each file as copied (byte-identical) from debian-handbook 11.20220922
SHA256 = {
    ADM: '300b055a1bfe7d898d6f2ed3a22369e6882deb25b9f5aaf67dd6b9291a5a832f',
    PLAN: 'd583f4081926b9e92a8b75f9bc173e3199dfd60fad0e408075d2f7ba89d0cb79',
    WHO: '8b14889f18f34902372834b8eda270dc769213d3dfafd2c89a5a020e4a6e4a82',
    PREF: '49c67597123cc514a6f6b7fe707fa2503c173c5d325f8a333c41d82d0e9e19ae',
    IPV6: '7b3d523d1547abd99b4c4b7852c4c83313c545fd8c4fff24513537c73da29adb',
    PKG: 'f69bffe930fd02d15c309a47cc764f819a98b4f0a878542945cd4e063663227c',
    SUP: 'cddabd2a75b470617bb9c58c0445b9cbac9cbf8b6278339cb133f21f9d4b212c',
}

AR = [
    # --- advanced-administration (12.1 RAID and LVM; Arabic paragraphs only) ---
    (ADM, "ما الحزمة التي نحتاج تثبيتها لإعداد RAID برمجي؟", ["mdadm"], "fact"),
    (ADM, "اي ملف يعرض لي مصفوفات RAID الموجودة سابقا مع حالة كل منها", ["/proc/mdstat"], "fact"),
    (ADM, "كيف أحاكي عطل أحد الأقراص في مرآة RAID-1 لأجرّب سلوكها؟", ["--fail"], "command"),
    (ADM, "هل يوجد خيار لـ mdadm يتخطى مرحلة المزامنة الأولية عند إنشاء المرآة؟", ["--assume-clean"], "command"),
    (ADM, "ماذا أكتب مكان اسم القرص الثاني إذا أردت إنشاء مرآة RAID-1 بقرص واحد فقط في البداية؟", ["missing"], "command"),
    (ADM, "ما الملف الذي يُحرَّر عادةً لحفظ نسخة احتياطية من إعدادات مصفوفات RAID", ["/etc/mdadm/mdadm.conf"], "fact"),
    (ADM, "بماذا يُعرف مستوى RAID-1 أيضاً؟", ["RAID mirroring", "mirror"], "definition"),
    (ADM, "كم قرصاً يمكن أن يتعطل في RAID-6 من غير أن تتأثر البيانات", ["تعطل قرصين", "قرصين"], "numeric"),
    (ADM, "لو جمعت قرصين بسعتين مختلفتين في RAID-1، كم ستكون المساحة القابلة للاستخدام؟", ["سعة أصغر قرص في المصفوفة", "سعة أصغر قرص"], "fact"),
    (ADM, "ما المشكلة في RAID-4 التي جاء RAID-5 ليعالجها؟", ["مشكلة اللاتناظر", "اللاتناظر"], "fact"),
    (ADM, "كم قرصاً يكفي لثلاث مصفوفات RAID-1 محمية مع قرص احتياطي مشترك بينها؟", ["سبعة أقراص"], "numeric"),
    (ADM, "ما هو الاسم الكامل لاختصار LVM", ["Logical Volume Manager"], "definition"),
    (ADM, "ماذا يقصد بـ PV في مصطلحات LVM؟", ["Physical Volume", "الحيز الفيزيائي"], "definition"),
    (ADM, "ما الأمر الذي نبدأ به لتجهيز الأقسام كحيزات فيزيائية في LVM؟", ["pvcreate"], "command"),
    (ADM, "ماذا تسمى الكتل التي يُحسب بها حجم الحيز المنطقي عند استعمال الخيار -l؟", ["physical extents", "PEs"], "definition"),
    (ADM, "ما الأمر المستخدم في المثال لتكبير الحيز المنطقي lv_files", ["lvresize"], "command"),
    (ADM, "بعد توسعة الحيز المنطقي كيف أجعل نظام الملفات ext4 يأخذ الحجم الجديد؟", ["resize2fs"], "command"),
    (ADM, "ما الأمر الذي تشغّله وحدة lvm2-activation عند الإقلاع لتنشيط مجموعات الحيزات؟", ["vgchange -aay"], "command"),
    (ADM, "أين تُحفظ نسخة احتياطية من خريطة عناصر LVM؟", ["/etc/lvm/backup"], "fact"),
    (ADM, "أي نظام ملفات يقبل التكبير والتصغير وهو موصول؟", ["reiserfs"], "fact"),
    (ADM, "ما الميزة التي تسمح بنزع قرص من المخدم مباشرة دون إطفائه إذا كان العتاد يدعمها؟", ["hot-swap"], "fact"),
    # --- master plan ---
    (PLAN, "برمجيات قسم المحاسبة في فلكوت لا تعمل إلا على أي نظام تشغيل؟", ["Microsoft Windows"], "fact"),
    (PLAN, "ما الخطوة الأولى في خطة هجرة فلكوت إلى دبيان", ["تدريب طاقم تقنية المعلومات على إدارة دبيان", "تدريب طاقم تقنية المعلومات"], "fact"),
    # --- who is this book for ---
    (WHO, "ماذا يرجو المؤلفون من القراء المهتمين بمجتمع دبيان بعد قراءة الكتاب؟", ["للانضمام إلينا كمساهمين", "كمساهمين"], "fact"),
    # --- preface ---
    (PREF, "ما نسبة خوادم الويب على الإنترنت التي تستخدم دبيان بحسب المقدمة", ["10%", "حوالي 10%"], "numeric"),
    (PREF, "إذا احتسبنا أيضاً الأنظمة المشتقة من دبيان فما نسبة خوادم الويب التي تعمل بها؟", ["20%"], "numeric"),
    (PREF, "من كاتب مقدمة دفتر مدير دبيان؟", ["سام هارتمان"], "fact"),
]

AR_EN = [
    # --- IPv6 (en-US only) ---
    (IPV6, "ما الحزمة التي أحتاجها للحصول على الأمر ping6؟", ["iputils-ping"], "fact"),
    (IPV6, "اين اكتب اعدادات شبكة IPv6 في دبيان", ["/etc/network/interfaces"], "fact"),
    (IPV6, "كم طول قناع الشبكة المعتاد في الشبكات الفرعية لـ IPv6؟", ["64 bits"], "numeric"),
    (IPV6, "كيف أجعل الواجهة تفضّل العناوين العشوائية للاتصالات الصادرة في IPv6؟", ["privext 2"], "command"),
    (IPV6, "ما رقم بروتوكول IPv4 الذي يجب أن يسمح به الجدار الناري لتمرير نفق IPv6؟", ["protocol number 41"], "numeric"),
    (IPV6, "ما البرنامج الخدمي الذي أثبّته ليعمل حاسوبي كموجّه IPv6 لشبكة محلية", ["radvd"], "fact"),
    (IPV6, "ما اسم الجهة المجانية التي تقدم أنفاق IPv6 فوق IPv4 في الكتاب؟", ["Hurricane Electric"], "fact"),
    # --- building your first package (en-US only) ---
    (PKG, "أي حزمة توفر أوامر إنشاء الحزم الوهمية والحزم الفوقية؟", ["equivs"], "fact"),
    (PKG, "كيف أولّد حزمة دبيان من ملف الترويسة الذي حررته للحزمة الوهمية؟", ["equivs-build file", "equivs-build"], "command"),
    (PKG, "ما الأمر الذي نفّذه مدير فلكوت داخل falcot-data-1.0 لإضافة ملفات مجلد debian لحزمة أصلية؟", ["dh_make --native"], "command"),
    (PKG, "ما متغيرا البيئة اللذان تبحث فيهما أدوات صيانة الحزم عن اسمي الكامل وبريدي؟", ["DEBFULLNAME and DEBEMAIL", "DEBFULLNAME"], "fact"),
    (PKG, "كيف أبني الحزمة الثنائية بعد تجهيز الحزمة المصدرية falcot-data", ["dpkg-buildpackage -us -uc"], "command"),
    (PKG, "ما مستوى توافق debhelper المحدد في ملف control لحزمة falcot-data؟", ["debhelper-compat (= 13)"], "numeric"),
    (PKG, "في أي مجلد ستوضع المستندات على الجهاز عند تثبيت حزمة falcot-data", ["/usr/share/falcot-data/"], "fact"),
    # --- supervision (en-US only) ---
    (SUP, "كل كم يفحص logcheck ملفات السجل بشكل افتراضي؟", ["every hour", "hourly"], "numeric"),
    (SUP, "أين توجد قائمة الملفات التي يراقبها logcheck", ["/etc/logcheck/logcheck.logfiles"], "fact"),
    (SUP, "ما أكثر أوضاع logcheck تفصيلاً والذي يُنصح به للجدران النارية؟", ["paranoid"], "fact"),
    (SUP, "ما الأداة الرسومية المشابهة لـ top؟", ["gnome-system-monitor"], "fact"),
    (SUP, "بعد كم محاولة دخول فاشلة يحظر Fail2Ban عنوان IP في إعداد sshd الافتراضي", ["maxretry = 5", "five failed login attempts"], "numeric"),
    (SUP, "كم يبقى عنوان IP محظوراً في Fail2Ban بالإعداد الافتراضي لـ sshd؟", ["bantime = 10m", "10 minutes"], "numeric"),
    (SUP, "أين يُفترض أن أفعّل السجون jails في Fail2Ban بدلاً من تعديل jail.conf؟", ["/etc/fail2ban/jail.d/defaults-debian.conf"], "fact"),
    (SUP, "كيف أعرف أي ملفات من الحزم المثبتة قد عُدّلت؟", ["dpkg --verify", "dpkg -V"], "command"),
    (SUP, "ما الأمر الذي يهيئ قاعدة بيانات AIDE لأول مرة", ["aideinit"], "command"),
    (SUP, "ما المعامل في إعداد suricata الذي يحدد نطاق عناوين الشبكة المحلية؟", ["HOME_NET"], "fact"),
]

# (question, key terms searched in every document of the set)
UNANS = [
    ("كيف أحوّل مصفوفة RAID-1 موجودة إلى RAID-5 باستخدام mdadm دون فقدان البيانات؟", ["--grow", "--level=5", "reshape"]),
    ("ما الأمر الذي يأخذ لقطة snapshot لحيز منطقي في LVM؟", ["lvcreate -s", "--snapshot", "snapshot"]),
    ("كيف أحذف حيزاً منطقياً لم أعد أحتاجه في LVM", ["lvremove", "vgremove", "pvremove"]),
    ("ما أقصى عدد من الأقراص يمكن وضعه في مصفوفة RAID-6 واحدة؟", ["الحد الأقصى", "maximum", "أقصى"]),
    ("كيف أعطّل IPv6 تماماً في نواة دبيان؟", ["disable_ipv6", "ipv6.disable", "sysctl"]),
    ("ما الأمر الذي يلغي حظر عنوان IP يدوياً في Fail2Ban", ["unbanip", "fail2ban-client set", "unban"]),
    ("ما خوارزمية البصمة التي يستعملها AIDE افتراضياً لفحص الملفات؟", ["sha256", "sha512", "md5"]),
    ("كيف أرفع حزمة falcot-data بعد بنائها إلى مستودع الشركة باستخدام dput؟", ["dput", "dupload", "reprepro"]),
    ("كم عدد أفراد طاقم تقنية المعلومات في شركة فلكوت؟", ["طاقم تقنية المعلومات", "موظف", "أفراد"]),
    ("كم عدد المتطوعين الذين يساهمون في مشروع دبيان بحسب المقدمة؟", ["المتطوعين", "متطوع", "ألف مطور"]),
]
