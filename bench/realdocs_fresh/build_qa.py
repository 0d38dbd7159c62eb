#!/usr/bin/env python3
"""Builds qa.jsonl for the realdocs_fresh benchmark from the hand-written questions below.

Assigns ids and the seeded fit/report split and writes qa.jsonl next to this script (or --out).
check.py imports UNANS from here. Stdlib only. Run from the repository root, e.g.:

    python3 bench/realdocs_fresh/build_qa.py --out /tmp/qa.jsonl [--pkg PKG]

--pkg PKG (optional): the tree from `dpkg-deb -x debian-handbook_11.20220922_all.deb PKG`; if
given, docs/ is first checked byte for byte against it, and nothing is written on a mismatch.
"""
import argparse
import json
import sys
from pathlib import Path

from split import seeded_split  # this folder's: the script's own directory is on sys.path

HERE = Path(__file__).resolve().parent
DOCS = HERE / 'docs'
LANG_DIRS = {'en': 'en-US', 'ar': 'ar-MA'}  # docs/<lang>-handbook-<page> <- html/<LANG_DIR>/<page>

APT = 'en-handbook-sect.apt-cache.html'
PRX = 'en-handbook-sect.http-ftp-proxy.html'
DNS = 'en-handbook-sect.domain-name-servers.html'
SMB = 'en-handbook-sect.windows-file-server-with-samba.html'
LDP = 'en-handbook-sect.ldap-directory.html'
BOOT = 'en-handbook-sect.config-bootloader.html'
INST = 'ar-handbook-sect.installation-steps.html'
SEL = 'ar-handbook-sect.selinux.html'
MNT = 'ar-handbook-sect.becoming-package-maintainer.html'
ROLE = 'ar-handbook-sect.role-of-distributions.html'
CASE = 'ar-handbook-case-study.html'

# (doc, question, answers, type)
EN = [
    # --- apt-cache ---
    (APT, "How do I search for packages by keyword with apt-cache?", ["apt-cache search keyword", "apt-cache search"], "command"),
    (APT, "which command shows a package's description, dependencies and maintainer", ["apt-cache show package", "apt-cache show"], "command"),
    (APT, "Which directory holds the cache of already downloaded .deb packages?", ["/var/cache/apt/archives/"], "fact"),
    (APT, "What command displays the pinning priorities and distribution properties of each package source?", ["apt-cache policy"], "command"),
    (APT, "What is a cache?", ["a temporary storage system used to speed up frequent data access", "temporary storage system"], "definition"),
    (APT, "From which file's sources is the information shown by apt-cache gathered?", ["sources.list"], "fact"),
    (APT, "why do i have to run apt update regularly", ["to update the cache", "Otherwise your package search results will always miss the latest updates"], "fact"),
    (APT, "how do i install the bullseye-backports version of limnoria explicitly", ["apt install limnoria/bullseye-backports"], "command"),
    (APT, "In the apt-cache policy example, what priority do the bullseye main, contrib and non-free sources get?", ["990"], "numeric"),
    (APT, "apt-cache search is basically implementing what on package descriptions", ["grep"], "fact"),
    # --- proxy ---
    (PRX, "Which proxy server did Falcot Corp select?", ["Squid"], "fact"),
    (PRX, "What does an HTTP/FTP proxy act as?", ["an intermediary for HTTP and/or FTP connections", "intermediary"], "definition"),
    (PRX, "Which additional package turns Squid into a filtering server?", ["squidguard"], "fact"),
    (PRX, "what package gives a querying and administration interface for squid", ["squid-cgi"], "fact"),
    (PRX, "Which configuration file do I edit to enable Squid's caching server feature?", ["/etc/squid/squid.conf"], "fact"),
    (PRX, "What directive must be added to squid.conf so that Squid interacts with squidGuard?", ["url_rewrite_program", "url_rewrite_program /usr/bin/squidGuard -c /etc/squid/squidGuard.conf"], "command"),
    (PRX, "how do i enable the squidguard filter", ["systemctl reload squid"], "command"),
    (PRX, "What command regenerates the squidGuard working database after a configuration change?", ["update-squidguard"], "command"),
    (PRX, "What must hostname -f return before installing squid?", ["a fully-qualified name", "fully-qualified name (including a domain)"], "fact"),
    (PRX, "which file do i edit if the machine doesn't know its own full name", ["/etc/hosts"], "fact"),
    (PRX, "In squidGuard.cgi, which variable holds the administrator's contact email?", ["$proxymaster", "proxymaster"], "fact"),
    (PRX, "What DansGuardian fork can be used instead of squidguard?", ["e2guardian"], "fact"),
    (PRX, "what's the last http_access rule in Falcot's squid.conf", ["http_access deny all"], "command"),
    # --- DNS ---
    (DNS, "What does DNS do?", ["it maps host names to IP addresses (and vice-versa)", "maps host names to IP addresses"], "definition"),
    (DNS, "Which DNS record type is used for an alias?", ["CNAME"], "fact"),
    (DNS, "what record type holds an IPv6 address", ["AAAA"], "fact"),
    (DNS, "What does an MX record point to?", ["an email server"], "fact"),
    (DNS, "If a domain has several MX records, which server is tried first?", ["The highest-priority server (with the lowest number)", "the lowest number"], "fact"),
    (DNS, "Which record type maps an IP address to a name?", ["PTR"], "fact"),
    (DNS, "How many NS records must each domain have at minimum?", ["at least one NS record", "at least one"], "numeric"),
    (DNS, "Which Debian package provides the Bind name server?", ["bind9"], "fact"),
    (DNS, "who maintains bind", ["ISC", "Internet Software Consortium"], "fact"),
    (DNS, "What standard does Bind support for signing and authenticating DNS records?", ["DNSSEC"], "fact"),
    (DNS, "why does it matter that bind 9 can run as an unprivileged user", ["a security vulnerability in the server does not grant root privileges to the attacker", "does not grant root privileges to the attacker"], "fact"),
    (DNS, "What is the name of the reverse zone for the 192.168.0.0/16 network?", ["168.192.in-addr.arpa"], "fact"),
    (DNS, "what suffix do IPv6 reverse zones use", ["ip6.arpa"], "fact"),
    (DNS, "How can I test my DNS server's reply for a given name?", ["host machine.falcot.com localhost", "The host command"], "command"),
    (DNS, "Which package contains the host command?", ["bind9-host"], "fact"),
    (DNS, "In Falcot's bind configuration, which file stores the falcot.com zone data?", ["/etc/bind/db.falcot.com"], "fact"),
    (DNS, "What $TTL value is used in the falcot.com zone file?", ["604800"], "numeric"),
    (DNS, "what MX priority does mail2 have in the falcot.com zone", ["10"], "numeric"),
    (DNS, "How do I write a name from outside the current domain in a zone file?", ["machine.otherdomain.com. (with the final dot)", "with the final dot"], "fact"),
    # --- Samba ---
    (SMB, "What protocol does Samba implement?", ["the SMB protocol", "SMB", "CIFS"], "fact"),
    (SMB, "Which two servers are in the samba package?", ["smbd and nmbd"], "fact"),
    (SMB, "what's samba's main config file", ["/etc/samba/smb.conf"], "fact"),
    (SMB, "How do I adapt the initial Samba configuration with debconf?", ["dpkg-reconfigure samba-common"], "command"),
    (SMB, "What workgroup name does Falcot use for Samba?", ["FALCOTNET"], "fact"),
    (SMB, "Which smb.conf setting makes Samba act as the WINS server?", ["wins support = yes"], "command"),
    (SMB, "what server role did falcot set in smb.conf", ["standalone server"], "fact"),
    (SMB, "Which security setting requires a Unix account on the server for every Samba user?", ["security = user"], "command"),
    (SMB, "how do i add an existing user to the samba database", ["smbpasswd -a user"], "command"),
    (SMB, "How can I temporarily disable a Samba account?", ["smbpasswd -d user"], "command"),
    (SMB, "What command deletes a Samba user?", ["smbpasswd -x user"], "command"),
    (SMB, "Which tool lets administrators use a Windows server as an authentication server?", ["Winbind"], "fact"),
    (SMB, "how can i list all shares on a samba server", ["smbclient -L server"], "command"),
    (SMB, "Which packages contain the Samba client programs?", ["cifs-utils and smbclient"], "fact"),
    (SMB, "What file holds the username and password used when mounting the Windows share in the example?", ["/etc/smb-credentials"], "fact"),
    (SMB, "Which mount options force the owner and group of files on a CIFS mount?", ["uid and gid"], "fact"),
    (SMB, "On which port is the CUPS configuration interface reached in the printing steps?", ["631", "http://localhost:631/admin"], "numeric"),
    # --- LDAP ---
    (LDP, "Which package contains the OpenLDAP server?", ["slapd"], "fact"),
    (LDP, "what package has the command line tools for talking to ldap servers", ["ldap-utils"], "fact"),
    (LDP, "How do I reconfigure the LDAP database with more details after installing slapd?", ["dpkg-reconfigure slapd"], "command"),
    (LDP, "Which database backend was chosen for slapd?", ["MDB"], "fact"),
    (LDP, "What is an LDIF file?", ["a portable text file describing the contents of an LDAP database", "LDAP Data Interchange Format"], "definition"),
    (LDP, "which package helps import /etc/passwd, /etc/group etc into ldap", ["migrationtools"], "fact"),
    (LDP, "What script performs the actual migration of the Unix directories into LDAP?", ["migrate_all_online.sh"], "command"),
    (LDP, "What does the -c option of ldapadd do?", ["processing doesn't stop in case of error"], "fact"),
    (LDP, "Is there a graphical tool to browse and edit an LDAP database?", ["jxplorer"], "fact"),
    (LDP, "Which package is needed to use LDAP as a data source for NSS?", ["libnss-ldap"], "fact"),
    (LDP, "what file do i change so nss uses the ldap module", ["/etc/nsswitch.conf"], "fact"),
    (LDP, "Why is DNS consulted before LDAP for the hosts service?", ["an infinite loop", "contacting the LDAP server requires consulting DNS first"], "fact"),
    (LDP, "Which package provides the LDAP module for PAM?", ["libpam-ldap"], "fact"),
    (LDP, "Which tool can enable or disable PAM modules?", ["pam-auth-update"], "command"),
    (LDP, "Under which user identity does the LDAP server run?", ["openldap"], "fact"),
    (LDP, "What command updates the slapd configuration in cn=config?", ["ldapmodify"], "command"),
    (LDP, "which variable in /etc/default/slapd do i change to disable unsecured ldap", ["SLAPD_SERVICES"], "fact"),
    (LDP, "On which TCP port can slapd serve ldaps requests?", ["636"], "numeric"),
    (LDP, "On which TCP port does slapd normally serve ldap?", ["389"], "numeric"),
    (LDP, "How do I make the system trust the Falcot CA certificate?", ["update-ca-certificates"], "command"),
    (LDP, "where do i set the default LDAP URI and base DN for the command line tools", ["/etc/ldap/ldap.conf"], "fact"),
    # --- Bootloader ---
    (BOOT, "How big is the Master Boot Record?", ["the first 512 bytes", "512 bytes"], "numeric"),
    (BOOT, "How many primary partitions per disk does the MS-DOS partition table allow?", ["four"], "numeric"),
    (BOOT, "from which number are secondary partitions numbered", ["5"], "numeric"),
    (BOOT, "What is the maximum disk size supported by the MS-DOS partition table format?", ["2 TiB"], "numeric"),
    (BOOT, "Up to what disk size does GPT go?", ["8 ZiB"], "numeric"),
    (BOOT, "what is /dev/sdb3", ["the third partition on the second disk"], "definition"),
    (BOOT, "Which commands show and change identifier information for partitions?", ["lsblk and blkid"], "command"),
    (BOOT, "how do i force old PS/2 mouse modules to load at boot", ["/etc/modules", "/etc/modules-load.d/"], "fact"),
    (BOOT, "What is LILO's configuration file?", ["/etc/lilo.conf"], "fact"),
    (BOOT, "What command regenerates /boot/grub/grub.cfg?", ["update-grub"], "command"),
    (BOOT, "Which file holds the variables used to add kernel command line parameters or change the GRUB menu duration?", ["/etc/default/grub"], "fact"),
    (BOOT, "which grub.d script adds Windows and other OSes to the boot menu", ["30_os-prober"], "fact"),
    (BOOT, "How does GRUB name the first partition of the first disk with MS-DOS partitions?", ["(hd0,msdos1)"], "fact"),
    (BOOT, "Which GRUB package is chosen for legacy BIOS systems?", ["grub-pc"], "fact"),
    (BOOT, "In which Debian release was LILO removed?", ["Debian 11 Bullseye"], "fact"),
]

AR = [
    # --- installation steps ---
    (INST, "ما اسم قائمة محمل الإقلاع التي تظهر بعد أن يُقلع البيوس من قرص التثبيت؟", ["Isolinux"], "fact"),
    (INST, "ما المفتاح الذي أضغطه لتخصيص أمر الإقلاع في قائمة المثبت قبل المصادقة على المدخلة؟", ["TAB"], "fact"),
    (INST, "ما الوضع المتاح في قائمة Advanced options الذي يعرض جميع الخيارات الممكنة أثناء التثبيت؟", ["expert"], "fact"),
    (INST, "ما التركيبة التي تسمح بالتبديل بين تخطيط QWERTY والتخطيط العربي أثناء التثبيت؟", ["Alt+Shift"], "fact"),
    (INST, "كيف يحاول المثبت ضبط الشبكة آلياً في شبكات IPv4؟", ["DHCP"], "fact"),
    (INST, "ما البرنامج الذي يُنصح به لتوليد كلمات السر؟", ["pwgen"], "fact"),
    (INST, "عبر أي نوع من المخدمات تُحدَّث ساعة النظام أثناء التثبيت؟", ["NTP", "مخدم NTP"], "fact"),
    (INST, "كم طريقة للتجزيء توفرها أداة التجزيء الموجّه؟", ["ثلاث طرق", "ثلاث"], "numeric"),
    (INST, "ما اسم طريقة التجزيء الموجّه الأولى المناسبة للحواسيب الشخصية؟", ["جميع الملفّات في جزء واحد"], "fact"),
    (INST, "ما نظام الملفات القياسي الذي يقترحه المثبت عند التجزيء؟", ["ext4"], "fact"),
    (INST, "ما مستوى RAID المستخدم في مثال التثبيت؟", ["RAID1"], "fact"),
    (INST, "ماذا يعني الاختصار LUKS؟", ["Linux Unified Key Setup"], "definition"),
    (INST, "ما عنوان بروكسي HTTP الذي تستخدمه شركة فلكوت أثناء ضبط APT؟", ["http://proxy.falcot.com:3128"], "fact"),
    (INST, "ما اسم الحزمة التي تجمع إحصائيات استخدام الحزم وترسلها إلى مشروع دبيان؟", ["popularity-contest"], "fact"),
    # --- SELinux ---
    (SEL, "ماذا يعني اسم SELinux؟", ["Security Enhanced Linux"], "definition"),
    (SEL, "على أي واجهة في لينكس يُبنى SELinux؟", ["LSM", "Linux Security Modules"], "fact"),
    (SEL, "ما هما السياستان القياسيتان المتاحتان في SELinux؟", ["targeted و strict"], "fact"),
    (SEL, "كيف أعرف السياق الأمني الحالي في الصدفة؟", ["id -Z"], "command"),
    (SEL, "ما الأمر الذي يجب استدعاؤه لوسم جميع الملفات بعد تثبيت السياسة؟", ["fixfiles relabel"], "command"),
    (SEL, "ما المتغير الذي يضع قواعد SELinux في حيز التطبيق عند إضافته إلى النواة؟", ["enforcing=1"], "command"),
    (SEL, "ما الوضع الافتراضي الذي يعمل فيه SELinux إذا لم يُضف المتغير enforcing=1؟", ["permissive"], "fact"),
    (SEL, "ما الأمر الذي يسرد وحدات SELinux المثبتة حالياً مع أرقام إصداراتها؟", ["semodule -l"], "command"),
    (SEL, "في أي مجلد تُخزَّن وحدات SELinux؟", ["/usr/share/selinux/default/"], "fact"),
    (SEL, "كيف أسمح لمخدم الوب بالإنصات للمنفذ 8080 في SELinux؟", ["semanage port -m -t http_port_t -p tcp 8080"], "command"),
    (SEL, "ما الحزمة اللازمة لإنشاء وحدة SELinux جديدة؟", ["selinux-policy-dev"], "fact"),
    (SEL, "ما أداة الماكرو التي تُستخدم لترجمة قواعد سياسة SELinux؟", ["m4"], "fact"),
    # --- becoming a package maintainer ---
    (MNT, "ما الأداة التي يشغلها debuild للتحقق من توافق الحزمة مع سياسة دبيان؟", ["lintian"], "fact"),
    (MNT, "ما الملف الذي يسمح dch بتحريره بسرعة؟", ["debian/changelog"], "fact"),
    (MNT, "ما الملف الذي يحتاجه uscan لتحديد موقع الإصدارات الجديدة؟", ["debian/watch"], "fact"),
    (MNT, "من أي حزمة يأتي السكربت dh_make؟", ["dh-make"], "fact"),
    (MNT, "ما الذي يمكن أن تساعد أداة piuparts على اكتشافه؟", ["الاعتماديات المفقودة", "بقاء بعض الملفات بالخطأ بعد تطهير الحزمة"], "fact"),
    (MNT, "في أي حزمة يوجد Debian Developer's Reference؟", ["developers-reference"], "fact"),
    (MNT, "باستخدام أي برنامج يجب أن يولد المرشح زوج مفاتيح RSA؟", ["GnuPG"], "fact"),
    (MNT, "ما اختصار مرحلة الفلسفة والروتين في عملية قبول مطوري دبيان؟", ["P&P"], "fact"),
    (MNT, "من يراجع العملية كلها في خطوة القبول النهائي لمطور دبيان؟", ["Debian Account Manager", "DAM", "أحد مديري حسابات دبيان"], "fact"),
    # --- role of distributions ---
    (ROLE, "ما اسم مثبت دبيان؟", ["debian-installer"], "fact"),
    (ROLE, "ما الهدفان الأساسيان لأي توزيعة غنو/لينكس؟", ["تثبيت نظام حر على الحاسوب", "مجموعة من البرمجيات التي تغطي كل احتياجات المستخدمين"], "fact"),
    (ROLE, "بأي معماريات تتقيد غالباً برامج التثبيت في التوزيعات المشتقة من دبيان؟", ["i386 أو amd64"], "fact"),
    # --- case study ---
    (CASE, "ماذا تصنع شركة فلكوت؟", ["معدات صوتية عالية الجودة"], "fact"),
    (CASE, "كم موظفاً تقريباً في منشأة سانت-إتيين؟", ["150", "حوالي 150 موظفاً"], "numeric"),
    (CASE, "ماذا تنتج منشأة مون-بلييه؟", ["مضخمات الصوت"], "fact"),
]

AR_EN = [
    (APT, "ما الأمر الذي يعرض قائمة بكل الحزم التي تظهر مرة واحدة على الأقل في الذاكرة المخبئية؟", ["apt-cache pkgnames"], "command"),
    (APT, "كيف أعرض ترويسات جميع النسخ المتاحة لجميع الحزم باستخدام apt-cache؟", ["apt-cache dumpavail"], "command"),
    (APT, "ما محرك البحث الذي يستخدمه axi-cache؟", ["Xapian", "the Xapian search engine"], "fact"),
    (APT, "في أي مجلد تحتفظ APT بنسخة محلية من ملفات Packages؟", ["/var/lib/apt/lists/"], "fact"),
    (APT, "ما قيمة Pin-Priority التي أُضيفت لجعل APT يثبت نسخة limnoria من bullseye-backports؟", ["1001", "Pin-Priority: 1001"], "numeric"),
    (BOOT, "كم قسماً يسمح به جدول التقسيم GPT بالإعدادات القياسية؟", ["128", "up to 128 partitions"], "numeric"),
    (BOOT, "ما الأمر الذي يثبت GRUB على سجل الإقلاع الرئيسي للقرص الأول؟", ["grub-install /dev/sda"], "command"),
    (BOOT, "أين يُخزَّن ملف إعدادات GRUB 2؟", ["/boot/grub/grub.cfg"], "fact"),
    (BOOT, "في أي مجلد توجد الروابط الرمزية ذات الأسماء الثابتة للأقراص المبنية على أرقامها التسلسلية؟", ["/dev/disk/by-id/"], "fact"),
    (BOOT, "أي ملف أعدّل لإضافة مدخلات إلى قائمة GRUB؟", ["/etc/grub.d/40_custom", "/boot/grub/custom.cfg"], "fact"),
]

# (lang, question, key terms searched in all docs)
UNANS = [
    ("en", "What command checks a bind zone file for syntax errors?", ["named-checkzone", "named-checkconf", "checkzone"]),
    ("en", "how do i reload bind's configuration without restarting it", ["rndc", "reload bind", "systemctl reload bind"]),
    ("en", "Which command joins a Samba server to an Active Directory domain as a member?", ["net ads", "ads join", "net rpc join", "realm join"]),
    ("en", "On which TCP ports does smbd listen?", ["445", "139", "smbd listen", "tcp port"]),
    ("en", "How do I set the size of Squid's disk cache?", ["cache_dir", "cache_mem", "cache size"]),
    ("en", "What is the default GRUB menu timeout in seconds?", ["GRUB_TIMEOUT", "timeout", "seconds"]),
    ("en", "how do i password protect the grub menu", ["superusers", "password_pbkdf2", "grub-mkpasswd"]),
    ("en", "Which apt-cache subcommand lists the reverse dependencies of a package?", ["rdepends", "reverse depend", "showpkg"]),
    ("en", "What command exports the whole OpenLDAP database to an LDIF file?", ["slapcat", "slapadd", "ldapsearch -x -b dc=falcot,dc=com >"]),
    ("en", "How do I turn on DNSSEC validation in bind's options?", ["dnssec-validation", "dnssec-enable", "named.conf.options"]),
    ("ar", "ما الأمر الذي يحوّل SELinux مؤقتاً إلى الوضع permissive دون إعادة الإقلاع؟", ["setenforce", "getenforce"]),
    ("ar", "ما الأمر المستخدم لنسخ صورة ISO لمثبت دبيان إلى مفتاح USB؟", ["dd if", "of=/dev/sd", "cp debian", ".iso"]),
    ("ar", "ما المساحة الدنيا المطلوبة على القرص الصلب لتثبيت دبيان؟", ["المساحة الدنيا", "الحد الأدنى", "minimum", "disk space"]),
    ("ar", "ما خوارزمية التعمية الافتراضية التي يستخدمها LUKS في مثبت دبيان؟", ["aes", "xts", "cipher", "serpent"]),
    ("ar", "كم عدد مطوري دبيان الرسميين حالياً؟", ["1000", "ألف مطور", "developers", "عدد المطورين"]),
]


def check_docs_against_pkg(pkg):
    """Return a list of problems: docs/ files that are not byte-identical to their original in pkg."""
    html_root = pkg / 'usr/share/doc/debian-handbook/html'
    if not html_root.is_dir():
        return [f'{html_root} is not a directory (expected the tree extracted with dpkg-deb -x)']
    problems = []
    for doc in sorted(DOCS.iterdir()):
        lang, _, page = doc.name.partition('-handbook-')
        orig = html_root / LANG_DIRS.get(lang, f'<unknown prefix {lang!r}>') / page
        if not orig.is_file():
            problems.append(f'{doc.name}: original {orig} not found')
        elif orig.read_bytes() != doc.read_bytes():
            problems.append(f'{doc.name}: differs from {orig}')
    return problems


def main(argv=None):
    ap = argparse.ArgumentParser(description='Write qa.jsonl from the questions in this script.')
    ap.add_argument('--pkg', type=Path, metavar='PKG',
                    help='optional: extracted debian-handbook .deb (dpkg-deb -x DEB PKG); first check '
                         'that each docs/ file equals PKG/usr/share/doc/debian-handbook/html/'
                         '{en-US,ar-MA}/<page>, write nothing if not')
    ap.add_argument('-o', '--out', type=Path, default=HERE / 'qa.jsonl', metavar='FILE',
                    help='output file (default: qa.jsonl next to this script)')
    args = ap.parse_args(argv)
    if args.pkg is not None:
        problems = check_docs_against_pkg(args.pkg)
        for m in problems:
            print('ERROR', m, file=sys.stderr)
        if problems:
            return 1
        print(f'docs/ matches {args.pkg}')

    rows = []
    n_en = n_ar = 0

    def nid(lang):
        nonlocal n_en, n_ar
        if lang == 'en':
            n_en += 1
            return f'fresh-en-{n_en:03d}'
        n_ar += 1
        return f'fresh-ar-{n_ar:03d}'

    for questions, lang, kind in ((EN, 'en', 'en'), (AR, 'ar', 'ar'), (AR_EN, 'ar', 'ar->en')):
        for doc, q, ans, typ in questions:
            rows.append(dict(id=nid(lang), question=q, lang=lang, doc=doc, page=None, answers=ans,
                             answerable=True, kind=kind, type=typ))
    for lang, q, _terms in UNANS:
        rows.append(dict(id=nid(lang), question=q, lang=lang, doc=None, page=None, answers=[],
                         answerable=False, kind='unanswerable', type='none'))

    seeded_split(rows, 26)  # stratified by kind, as every later set is split

    keys = ['id', 'question', 'lang', 'doc', 'page', 'answers', 'answerable', 'kind', 'type', 'half']
    with args.out.open('w', encoding='utf-8') as f:
        for r in rows:
            f.write(json.dumps({k: r[k] for k in keys}, ensure_ascii=False) + '\n')
    print('wrote', len(rows), 'questions')
    return 0


if __name__ == '__main__':
    sys.exit(main())
