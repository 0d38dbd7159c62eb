"""Hand-written Arabic questions for the realdocs_fresh8 benchmark (data only, stdlib only).

Imported by build_ar.py (which writes qa_ar.jsonl) and check_ar.py (which checks it).
Each answerable entry is (doc, question, answers, type); answers are short spans copied from the
document's visible text (any one of them is an acceptable gold answer).

- AR:    kind "ar"     - answered in an Arabic (translated) paragraph of an ar-MA page. EMPTY in this
         set: no unused ar-MA page of debian-handbook 11.20220922 has a translated paragraph left
         (see SOURCES_ar.md).
- AR_EN: kind "ar->en" - Arabic question answered only in an English (en-US) page.
- UNANS: kind "unanswerable" - (question, key terms); none of the documents answers it, and
         none of the key terms occurs in any document of this set nor in the English half's
         documents in docs/ (checked by check_ar.py).
"""

# docs/<file> <- html/<lang dir>/<page>; file name -> (lang dir, page)
APT = 'ar-src-en-handbook-sect.aptosid.html'
RPI = 'ar-src-en-handbook-sect.raspbian.html'
GRML = 'ar-src-en-handbook-sect.grml.html'
KALI = 'ar-src-en-handbook-sect.kali.html'
TAILS = 'ar-src-en-handbook-sect.tails.html'
PURE = 'ar-src-en-handbook-sect.pureos.html'
DEVU = 'ar-src-en-handbook-sect.devuan.html'

SOURCES = {
    APT: ('en-US', 'sect.aptosid.html'),
    RPI: ('en-US', 'sect.raspbian.html'),
    GRML: ('en-US', 'sect.grml.html'),
    KALI: ('en-US', 'sect.kali.html'),
    TAILS: ('en-US', 'sect.tails.html'),
    PURE: ('en-US', 'sect.pureos.html'),
    DEVU: ('en-US', 'sect.devuan.html'),
}

# sha256 of each file as copied (byte-identical) from debian-handbook 11.20220922
SHA256 = {
    APT: 'ccaacfb8217da9662977d0ae81f35caf0f803485a23fdf2d3f01cf68b36b1c42',
    RPI: '06b68c734f3b0b734c8824386c40ed159c325bca23602c433ac6033b5902897d',
    GRML: '63d693a99bf6039092552d7d4ede8563bfab6e599df163cc6f2ee576574f7f0f',
    KALI: '17b417fc9ecb465aab36c6a822548a6d6ee37348fd271fb568e726f2603589a1',
    TAILS: '5bb48866028b18ebadb0d60638ea49869feedb3d77bfc24e8d4b9d2080435243',
    PURE: 'c332e802d3dd5303d1901615566fb00a7287d8db99ddbdbb8cd1d9622b6c9d49',
    DEVU: '811ee1f45323f7fb30677b65e5b13707004f9f739c3407fd86d98987ed5ade23',
}

AR = []

AR_EN = [
    # --- en-US sect.aptosid (A.5 Aptosid and Siduction) ---
    (APT, "توزيعة aptosid بتتبع أي فرع من دبيان", ["Debian Sid", "Unstable"], "fact"),
    (APT, "شو كان اسم aptosid قبل", ["Sidux"], "fact"),
    (APT, "ما هو الفرع الأحدث المنشق عن aptosid؟", ["Siduction"], "fact"),
    (APT, "إذا جربت aptosid بقدر أرجع لدبيان الرسمية بعدين؟", ["switch back to the official Debian distribution"], "fact"),
    # --- en-US sect.raspbian (A.11 Raspbian) ---
    (RPI, "راسبيان معمولة لأي نوع أجهزة", ["Raspberry Pi"], "fact"),
    (RPI, "نسخة راسبيان لمعمارية arm64 شو بتشغّل فعلياً", ["pristine Debian Bullseye"], "fact"),
    (RPI, "شو الحزمة الأهم اللي بيضيفها مشروع راسبيان لدعم العتاد", ["custom kernel"], "fact"),
    (RPI, "وين بلاقي صور دبيان الرسمية لأجهزة الراسبيري", ["https://raspi.debian.net/"], "command"),
    # --- en-US sect.grml (A.6 Grml) ---
    (GRML, "توزيعة grml موجهة لمين", ["system administrators"], "fact"),
    (GRML, "شو نوع المهام اللي بتساعد فيها أدوات grml", ["installation, deployment, and system rescue"], "fact"),
    (GRML, "بكم نكهة بيجي القرص الحي تبع grml وشو أسماؤها", ["full and small"], "numeric"),
    # --- en-US sect.kali (A.8 Kali Linux) ---
    (KALI, "كالي لينكس متخصصة بإيش", ["penetration testing", "pentesting"], "definition"),
    (KALI, "برامج كالي بتساعد بتدقيق أمان شو بالضبط", ["an existing network or computer"], "fact"),
    (KALI, "تحليل الجهاز بعد ما ينضرب بهجوم شو بيسموه", ["computer forensics"], "definition"),
    # --- en-US sect.tails (A.7 Tails) ---
    (TAILS, "شو الاسم الكامل لتوزيعة Tails", ["The Amnesic Incognito Live System"], "definition"),
    (TAILS, "تيلز عن طريق أي شبكة بتتصل بالإنترنت لتخفي هويتك", ["Tor network"], "fact"),
    (TAILS, "هل تيلز بتترك أثر على الكمبيوتر اللي بتشتغل عليه؟", ["not leaving any trace"], "fact"),
    # --- en-US sect.pureos (A.12 PureOS) ---
    (PURE, "على شو بتركز توزيعة PureOS", ["privacy, convenience and security"], "fact"),
    (PURE, "أي إرشادات بتتبعها PureOS لتعتبر توزيعة حرة", ["GNU Free System Distribution Guidelines"], "fact"),
    (PURE, "مين الجهة اللي بتستخدم هالإرشادات لتحكم إذا التوزيعة حرة", ["Free Software Foundation"], "fact"),
    (PURE, "مين الشركة اللي بتوجه تطوير PureOS", ["Purism"], "fact"),
    # --- en-US sect.devuan (A.9 Devuan) ---
    (DEVU, "في أي سنة بدأت Devuan", ["2014"], "numeric"),
    (DEVU, "ليش انشقت ديفوان عن دبيان أصلاً", ["systemd as the default init system", "systemd"], "fact"),
    (DEVU, "شو هدف مشروع Devuan باختصار", ["systemd-less system"], "definition"),
    (DEVU, "المستخدمين اللي أسسوا Devuan كانوا متمسكين بأي نظام إقلاع", ["sysv"], "fact"),
]

UNANS = [
    ("شو الأمر اللي بيحدّث أدوات كالي كلها مرة وحدة", ["kali-rolling", "metasploit"]),
    ("كيف بفعّل التخزين الدائم Persistent Storage بتيلز", ["persistent"]),
    ("أي موبايل بيجي مع PureOS مثبت عليه", ["Librem"]),
    ("ديفوان شو بتستخدم بدل systemd بشكل افتراضي؟ OpenRC ولا runit", ["OpenRC", "runit"]),
    ("شو صار اسم راسبيان الجديد الرسمي", ["Raspberry Pi OS"]),
    ("كيف بحمّل grml كله عالرام وقت الإقلاع", ["toram"]),
    ("قديش حجم نسخة grml الصغيرة بالميغابايت", ["MB", "ميغابايت"]),
]
