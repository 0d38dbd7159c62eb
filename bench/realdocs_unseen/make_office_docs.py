#!/usr/bin/env python3
"""Generate the DOCX and PPTX documents of bench/realdocs_unseen from real text.

Source: the English (en-US) HTML pages of *The Debian Administrator's Handbook*,
Debian package ``debian-handbook`` 11.20220922 (GPL-2.0+ or CC-BY-SA-3.0), e.g.

    cd /tmp && apt-get download debian-handbook && dpkg-deb -x debian-handbook_*.deb /tmp/x
    python3 make_office_docs.py /tmp/x/usr/share/doc/debian-handbook/html/en-US  [OUT_DIR]

Needs python-docx and python-pptx (lxml comes with them). OUT_DIR defaults to ``docs/``
beside this script.

* DOCX: chapter 3 "Analyzing the Existing Setup and Migrating" (existing-setup.html +
  sect.how-to-migrate.html) converted as it is: chapter/section titles become Word
  Heading 1-4 styles, paragraphs become paragraphs, the chapter's table of contents becomes
  a bulleted list (List Bullet / List Bullet 2), Table 3.1 becomes a Word table, command
  output becomes monospace paragraphs, sidebars keep their bold title, figure captions are
  kept (images are dropped).
* PPTX: 9 slides summarising section 14.4 "Introduction to AppArmor"
  (sect.apparmor.html). Slide bullets and speaker notes are passages of the real text; the
  script stops with an error if any of them is not found verbatim (after whitespace
  collapsing) in the source page, so nothing in a bullet or a note is invented.
"""
import os
import sys

DOCX_NAME = "handbook-en-ch3-existing-setup.docx"
PPTX_NAME = "handbook-en-apparmor-slides.pptx"
DOCX_TITLE = "Chapter 3. Analyzing the Existing Setup and Migrating"
DOCX_SOURCES = ["existing-setup.html", "sect.how-to-migrate.html"]
PPTX_TITLE = "Introduction to AppArmor"
PPTX_SOURCE = "sect.apparmor.html"

# (title, [bullets], [speaker-note sentences]); bullets and notes are verbatim passages
# of sect.apparmor.html (checked in main with office_docs.check_verbatim).
SLIDES = [
    ("Introduction to AppArmor",
     ["Section 14.4 of The Debian Administrator's Handbook"],
     ["AppArmor is a Mandatory Access Control (MAC) system built on Linux's LSM "
      "(Linux Security Modules) interface."]),
    ("Principles",
     ["In practice, the kernel queries AppArmor before each system call",
      "AppArmor confines programs to a limited set of resources",
      "AppArmor applies a set of rules (known as “profile”) on each program",
      "The profile applied by the kernel depends on the installation path of the program "
      "being executed"],
     ["All users face the same set of rules when they are executing the same program "
      "(but traditional user permissions still apply and might result in different "
      "behavior!)."]),
    ("Profiles and modes",
     ["AppArmor profiles are stored in /etc/apparmor.d/",
      "The profiles are compiled and loaded into the kernel by the apparmor_parser command",
      "Each profile can be loaded either in enforcing or complaining mode"],
     ["The former enforces the policy and reports violation attempts, while the latter "
      "does not enforce the policy but still logs the system calls that would have been "
      "denied."]),
    ("Enabling AppArmor",
     ["AppArmor support is built into the standard kernels provided by Debian",
      "apt install apparmor apparmor-profiles apparmor-utils",
      "aa-status will confirm it quickly"],
     ["Enabling AppArmor is thus just a matter of installing some packages by executing "
      "apt install apparmor apparmor-profiles apparmor-utils with root privileges."]),
    ("Where profiles come from",
     ["The apparmor-profiles package contains profiles managed by the upstream AppArmor "
      "community",
      "apparmor-profiles-extra which contains profiles developed by Ubuntu and Debian"],
     ["To get even more profiles you can install apparmor-profiles-extra which contains "
      "profiles developed by Ubuntu and Debian."]),
    ("Switching profile states",
     ["switched between enforcing and complaining with calls to aa-enforce and aa-complain",
      "a profile can be entirely disabled with aa-disable",
      "put in audit mode (to log accepted system calls too) with aa-audit"],
     ["The state of each profile can be switched between enforcing and complaining with "
      "calls to aa-enforce and aa-complain giving as parameter either the path of the "
      "executable or the path to the policy file.",
      "Additionally a profile can be entirely disabled with aa-disable or put in audit mode "
      "(to log accepted system calls too) with aa-audit."]),
    ("Which programs to confine first",
     ["The most important programs that need to be confined are the network facing programs",
      "an aa-unconfined command to list the programs which have no associated profile",
      "With the --paranoid option you get all unconfined processes that have at least one "
      "active network connection"],
     ["That is why AppArmor conveniently provides an aa-unconfined command to list the "
      "programs which have no associated profile and which expose an open network socket."]),
    ("Creating a new profile",
     ["aa-genprof dhclient",
      "you can run the program with the profile of the parent process (the “Inherit” choice)",
      "you can run it without any profile (the “Unconfined” choice)",
      "An abstraction provides a reusable set of access rules"],
     ["It will invite you to use the application in another window and when done to come "
      "back to aa-genprof to scan for AppArmor events in the system logs and convert those "
      "logs into access rules.",
      "At the kernel level, the special powers of the root user have been split in "
      "“capabilities”."]),
    ("Refining the profile",
     ["aa-genprof is in fact only a smart wrapper around aa-logprof",
      "So you can re-run that tool later to improve the profile that you just created",
      "you should use the program in all the ways that it is legitimately used"],
     ["If you want the generated profile to be complete, you should use the program in all "
      "the ways that it is legitimately used.",
      "In the case of dhclient, it means running it via Network Manager, running it via "
      "ifupdown, running it manually, etc."]),
]
NOT_FROM_SOURCE = {"Section 14.4 of The Debian Administrator's Handbook"}  # title-slide label


def main(argv):
    # The shared converter is bench/office_docs.py, one folder up from this script.
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    import office_docs as od

    if len(argv) < 2:
        raise SystemExit(__doc__)
    html_dir = argv[1]
    out_dir = argv[2] if len(argv) > 2 else os.path.join(os.path.dirname(os.path.abspath(__file__)), "docs")
    os.makedirs(out_dir, exist_ok=True)
    od.make_docx(os.path.join(out_dir, DOCX_NAME), DOCX_TITLE, od.comment("en-US", DOCX_SOURCES),
                 [os.path.join(html_dir, name) for name in DOCX_SOURCES], toc_and_figures=True)
    od.check_verbatim(SLIDES, os.path.join(html_dir, PPTX_SOURCE), exempt=NOT_FROM_SOURCE)
    od.make_pptx(os.path.join(out_dir, PPTX_NAME), PPTX_TITLE, od.comment("en-US", [PPTX_SOURCE]),
                 SLIDES, title_slide=True)
    print("wrote", os.path.join(out_dir, DOCX_NAME), "and", os.path.join(out_dir, PPTX_NAME))


if __name__ == "__main__":
    main(sys.argv)
