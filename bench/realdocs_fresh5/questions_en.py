"""Hand-written English questions for the realdocs_fresh5 benchmark (data only, stdlib only).

EN rows: (doc, page, question, answers, type); page = physical PDF page (1-based), None for HTML.
UNANS rows: (question, key terms) -- on-topic questions that none of the four documents answers;
check_en.py prints where each key term occurs so a reader can confirm that.
Imported by build_en.py (which writes qa_en.jsonl) and check_en.py.
"""

RL = 'en-reportlab-userguide.pdf'
INST = 'en-handbook-installation.html'
WS = 'en-handbook-workstation.html'
DESK = 'en-handbook-sect.graphical-desktops.html'

EN = [
    # --- ReportLab PDF Library User Guide 3.6.12 (PDF, 134 pages; physical page = printed page number) ---
    (RL, 8, "Which Python version do I need for ReportLab 3.6.12?", ["3.7+"], "numeric"),
    (RL, 8, "how can I override a reportlab setting temporarily without editing the settings files",
     ["prefixed with RL_", "RL_verbose=1"], "command"),
    (RL, 11, "the pagesize tuple of the canvas is in which unit", ["1/72 of an inch", "1/72"], "numeric"),
    (RL, 12, "My generated PDFs are huge because of all the text. Which canvas option compresses the page streams?",
     ["pageCompression=1"], "command"),
    (RL, 15, "drawImage mask parameter - how many values do I pass to it?", ["6 numbers"], "numeric"),
    (RL, 15, "After calling showPage, do my font and colour settings carry over to the next page?",
     ["FORGOTTEN"], "fact"),
    (RL, 21, "how do I flip the drawing horizontally so I get a mirror image on the pdfgen canvas",
     ["canvas.scale(-1.0, 1.0)", "scale(-1.0, 1.0)"], "command"),
    (RL, 23, "What alpha do RGB colours have if I don't set one?", ["fully opaque"], "fact"),
    (RL, 25, "overprint isn't showing in my pdf viewer on linux, is that a known viewer limitation?", ["evince"],
     "fact"),
    (RL, 29, "How many fonts are guaranteed to be available in pdfgen without embedding anything?",
     ["14 standard fonts", "14"], "numeric"),
    (RL, 34, "what does 'leading' mean for a text object", ["leading offset", "vertical offset"], "definition"),
    (RL, 36, "Which line join style does pdfgen use by default?", ["mitered join"], "fact"),
    (RL, 49, "In Type 1 font embedding, what is the PFB file?", ["Printer Font Binary"], "definition"),
    (RL, 50, "WinAnsiEncoding is the same as which Windows code page?", ["Code Page 1252", "1252"], "numeric"),
    (RL, 52, "register the Vera TrueType font so I can use it on the canvas",
     ["pdfmetrics.registerFont(TTFont('Vera', 'Vera.ttf'))", "registerFont(TTFont('Vera', 'Vera.ttf'))"],
     "command"),
    (RL, 56, "how to get rid of the visible box drawn around a linkAbsolute link", ["Border='[0 0 0]'"],
     "command"),
    (RL, 59, "Which cipher does PDF's standard encryption use?", ["RC4"], "fact"),
    (RL, 59, "encrypt my pdf with a user password but don't let people print it",
     ["canPrint=0", 'StandardEncryption("rptlab",canPrint=0)'], "command"),
    (RL, 65, "What's Platypus short for?", ["Page Layout and Typography Using Scripts"], "definition"),
    (RL, 74, "rule of thumb for choosing paragraph leading relative to font size", ["20% larger"], "numeric"),
    (RL, 77, "Paragraph style setting for Chinese/Japanese line wrapping", ["CJK", "wordWrap"], "command"),
    (RL, 82, "make a <seq> counter start again from 42 instead of 1", ['base="42"'], "command"),
    (RL, 85, "My table spans 3 pages; how do I get the header row printed again on each page?", ["repeatRows"],
     "command"),
    (RL, 86, "where do table cells align vertically unless I set VALIGN", ["BOTTOM"], "fact"),
    (RL, 89, "How can I merge table cells in a ReportLab TableStyle, like colspan/rowspan in HTML?", ["SPAN"],
     "command"),
    (RL, 94, "CondPageBreak forces a frame break, not really a page break - what name does the guide say it should "
     "have had?", ["CondFrameBreak"], "fact"),
    (RL, 95, "my table of contents comes out empty, which build method do I need instead of build()",
     ["multiBuild", "doc.multiBuild(story)"], "command"),
    (RL, 101, "What is a Drawing in the ReportLab graphics library?",
     ["platform-independent description", "collection of shapes"],
     "definition"),
    (RL, 103, "roughly how much slower are charts with shapeChecking attribute verification on", ["25%"],
     "numeric"),
    (RL, 112, "VerticalBarChart: default groupSpacing?", ["Defaults to 5", "5"], "numeric"),
    (RL, 118, "pie chart - where does the first slice start by default", ["twelve o'clock", "90"], "numeric"),

    # --- Debian Administrator's Handbook 11, chapter 4 page (4.1 Installation Methods) ---
    (INST, None, "Minimum RAM needed to install Debian Bullseye?", ["256 MB"], "numeric"),
    (INST, None, "how much disk space is really recommended for a basic office desktop install",
     ["10 GB"], "numeric"),
    (INST, None, "Which program takes care of installing Debian on a computer?", ["debian-installer"], "fact"),
    (INST, None, "I already run Debian — why shouldn't I just reinstall to get the new release?",
     ["could remove already installed programs", "without having to reinstall"], "fact"),
    (INST, None, "how big is the netinst image", ["150 to 280 MB", "280 MB"], "numeric"),
    (INST, None, "How many DVDs would I need for the complete set of Debian packages?",
     ["19 DVD-ROMs", "19"], "numeric"),
    (INST, None, "what is mini.iso",
     ["only contains the minimum required to configure the network", "by-product of the installer"],
     "definition"),
    (INST, None, "where are the netboot images kept on a Debian mirror",
     ["dists/release/main/installer-arch/current/images/netboot/", "images/netboot"], "command"),
    (INST, None, "How can I find out whether my USB stick is /dev/sdb or something else?", ["dmesg"], "command"),
    (INST, None, "command to copy the netinst ISO onto a USB key",
     ["cat debian-11.0.0-amd64-netinst.iso >/dev/sdb; sync", "cat debian-11.0.0-amd64-netinst.iso >/dev/sdb"],
     "command"),
    (INST, None, "What does TFTP stand for?", ["Trivial File Transfer Protocol"], "definition"),
    (INST, None, "when a PC boots from the network, what does the BIOS or network card send first to get an IP",
     ["BOOTP/DHCP request", "BOOTP/DHCP"], "fact"),
    (INST, None, "We need to install 200 identical machines; what does the handbook suggest instead of a manual "
     "install?", ["FAI", "Fully Automatic Installer", "preseeding"], "fact"),
    (INST, None, "what's an ISO image of the installation disk", ["ISO-9660 filesystem"], "definition"),

    # --- Debian Administrator's Handbook 11, chapter 13 page (13.1 Configuring the X11 Server) ---
    (WS, None, "Which X11 release does Debian Bullseye contain?", ["X11R7.7"], "numeric"),
    (WS, None, "what year did X.org fork off XFree86", ["2004"], "numeric"),
    (WS, None, "Why doesn't my Debian system have an /etc/X11/xorg.conf file?",
     ["auto-detect the available hardware", "auto-detect"], "fact"),
    (WS, None, "file where the keyboard layout for both console and X is set", ["/etc/default/keyboard"],
     "command"),
    (WS, None, "Which package provides the generic X server used by X.org 7.x?", ["xserver-xorg-core"], "fact"),
    (WS, None, "if none of the drivers supports my video card, what does X fall back to", ["vesa and fbdev", "fbdev"],
     "fact"),
    (WS, None, "X runs without root now, so where do I find its log file?",
     ["~/.local/share/xorg/Xorg.0.log"], "command"),
    (WS, None, "Where's the X log for servers started as root?", ["/var/log/Xorg.0.log"], "command"),
    (WS, None, "what is the VESA driver", ["generic driver that should work everywhere", "generic driver"],
     "definition"),
    (WS, None, "automatically build the kernel module for the proprietary NVIDIA driver, which package?",
     ["nvidia-kernel-dkms"], "command"),
    (WS, None, "What driver do NVIDIA cards get by default in Debian?", ["nouveau"], "fact"),
    (WS, None, "free drivers for ATI/AMD graphics cards", ["radeon and amdgpu", "amdgpu"], "fact"),
    (WS, None, "amdgpu needs non-free firmware, which package has it", ["firmware-amd-graphics"], "command"),
    (WS, None, "Strictly speaking, what does the term X11 refer to?", ["protocol specification"], "definition"),

    # --- Debian Administrator's Handbook 11, 13.3 Graphical Desktops ---
    (DESK, None, "Which GNOME version ships with Debian Bullseye?", ["3.38"], "numeric"),
    (DESK, None, "install gnome on debian", ["apt install gnome"], "command"),
    (DESK, None, "Where does GNOME keep application settings?", ["DConf database", "DConf"], "fact"),
    (DESK, None, "how can an admin query or change users' gnome settings from a script / command line",
     ["gsettings", "dconf"], "command"),
    (DESK, None, "what version of KDE Plasma is in bullseye", ["5.20"], "numeric"),
    (DESK, None, "What's the apt command to install KDE Plasma?", ["apt install kde-standard"], "command"),
    (DESK, None, "Why did GNOME get started when KDE already existed?",
     ["Qt was not free software", "not free software"], "fact"),
    (DESK, None, "KDE applications are mostly written in which programming language?", ["C++"], "fact"),
    (DESK, None, "which text editor comes with Xfce", ["mousepad"], "fact"),
    (DESK, None, "What is MATE?", ["continuation of GNOME 2"], "definition"),
    (DESK, None, "metapackage to install the Cinnamon desktop", ["cinnamon-desktop-environment"], "command"),
    (DESK, None, "Under which project do GNOME and KDE work together on interoperability standards?",
     ["FreeDesktop.org"], "fact"),
    (DESK, None, "since which Qt release is the KDE licence problem gone", ["Qt 4.0"], "numeric"),
    (DESK, None, "what is xfce", ["simple and lightweight graphical desktop", "lightweight graphical desktop"],
     "definition"),
]

# on-topic questions that none of the four documents answers; key terms checked (whole word) in all four
# documents and in the Arabic half's pages (docs/ar-*), hits printed by check_en.py; the first term of each
# question is its core term and must occur nowhere (an error in check_en.py), the others may have incidental hits
UNANS = [
    ("how do i put a QR code or a barcode into a pdf made with reportlab", ["qr", "barcode", "qrcode"]),
    ("Can ReportLab produce PDF/A files for long-term archiving?", ["pdf/a", "pdfa", "pdf/a-1b"]),
    ("How do I digitally sign a generated PDF with my certificate in ReportLab?",
     ["digitally", "digital signature", "certificate", "pyhanko"]),
    ("How do I check the SHA256 checksum of the Debian ISO I downloaded?", ["checksum", "sha256", "sha256sums"]),
    ("I'm on Windows, which tool should I use to write the installer image to a USB stick, Rufus or Etcher?",
     ["rufus", "etcher", "win32diskimager"]),
    ("can this installer put Debian Bullseye on a Raspberry Pi or another ARM board",
     ["raspberry", "arm", "arm64", "armhf"]),
    ("How do I switch my desktop session from X11 to Wayland?", ["wayland"]),
    ("set up two monitors side by side with xrandr", ["xrandr", "multiple monitors", "dual"]),
    ("tap-to-click on my laptop touchpad doesn't work under X, how do I turn it on?",
     ["touchpad", "libinput", "tap-to-click", "synaptics"]),
    ("How do I install the Budgie desktop on Debian?", ["budgie"]),
    ("gnome: how to enable fractional scaling on a HiDPI laptop screen", ["hidpi", "fractional", "scaling"]),
    ("How do I install GNOME Shell extensions?", ["shell extensions", "extension manager", "extensions"]),
]
