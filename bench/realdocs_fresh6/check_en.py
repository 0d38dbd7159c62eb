#!/usr/bin/env python3
"""Sanity checks for the English realdocs_fresh6 question set (qa_en.jsonl).

Stdlib only, except pypdfium2 for the PDF (falls back to `pdftotext` (pages split at form feeds) when
pypdfium2 is not importable; when started by a Python without pypdfium2 it first reruns itself with
/work/main/.venv/bin/python if that exists), so preferably run it with the project venv:

    /work/main/.venv/bin/python bench/realdocs_fresh6/check_en.py

Checks: that the four English documents are byte-identical to the copies recorded in build_en.SHA256
(and to their originals in the extracted .deb trees when those are present), that the PDF has 40-150
pages with extractable text on every page, row schema and ids, duplicates, that qa_en.jsonl equals what
build_en.py generates, that only the four English documents are used (no reserved or excluded document,
no PDF package named by another realdocs set, only the three handbook pages of chapter 13 the brief
allows, none used by another set or by this set's Arabic half), that every gold answer occurs as a
whole word in its document's visible text (PDF: on the given physical page; HTML: via
bench/realdocs_fresh/textutil.py) and not only in a heading, that the PDF questions cover at least 20
different pages, and the fit/report split balance. Warns when a question shares 8+ consecutive words
with its document. Lists where the key terms of the unanswerable questions occur (whole-word,
casefolded) in the four documents and in the Arabic half's pages (docs/ar-*); the first (core) term of
each must occur nowhere. Ends with a SUMMARY line; exit code 0 = no errors.
The checks shared with the other sets are in bench/realdocs_fresh/qacheck*.py.
"""
import re
import sys
from pathlib import Path

sys.dont_write_bytecode = True  # leave no __pycache__ here or in ../realdocs_fresh
HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(1, str(HERE.parent / 'realdocs_fresh'))
import qacheck  # noqa: E402
import qacheck_en  # noqa: E402
from build_en import KEYS, ORIGINS, SHA256, build_rows  # noqa: E402
from questions_en import UNANS  # noqa: E402
from textutil import pdf_pages  # noqa: E402

DOCS = HERE / 'docs'
QA = HERE / 'qa_en.jsonl'
# already used elsewhere, rejected, or excluded by the brief for this set (substrings of docs/ names)
EXCLUDED = ['libtasn1', 'shared-mime-info', 'r-data', 'r-intro', 'r-exts', 'r-lang', 'pari',
            # PDF packages used or rejected by earlier sets (brief and /tmp/f4)
            'auto-multiple-choice', 'gnuplot', 'flex', 'sqlite', 'camlidl',
            # PDF packages used or rejected by realdocs_fresh5, and its handbook pages
            'reportlab', 'gri', 'docbook-xsl', 'installation', 'workstation', 'graphical-desktops',
            # handbook sections used by earlier sets (docs/ names or SOURCES*.md), including realdocs_fresh4
            'apt-cache', 'apt-get', 'dhcp', 'firewall', 'kernel-compilation', 'network-config', 'vpn',
            'virtual-private-network', 'http-web-server', 'nfs', 'domain-name-servers', 'http-ftp-proxy', 'ldap',
            'samba', 'bootloader', 'package-authentication', 'x509', 'monitoring', 'apt-package-repository',
            'building-first-package', 'ipv6', 'supervision', 'inetd', 'shell-environment', 'apparmor', 'selinux',
            'backup', 'syslog', 'hotplug', 'config-misc', 'quality-of-service', 'source-package-structure',
            'config-printing', 'windows-emulation', 'automated-installation',
            'coexistence-with-other-packaging-systems', 'common-procedures', 'how-to-migrate', 'release-lifecycle',
            'virtualization', 'case-study', 'becoming-package-maintainer', 'installation-steps',
            'role-of-distributions', 'advanced-administration', 'preface', 'master-plan', 'who-is-this-book-for',
            'basic-configuration', 'after-first-boot', 'automatic-upgrades', 'dealing-with-compromised-machine',
            'network-diagnosis-tools', 'other-security-considerations', 'user-group-databases', 'why-gnu-linux',
            'security', 'network-infrastructure', 'administration-interfaces', 'hostname-name-service',
            'short-remedial-course', 'user-space', 'existing-setup', 'creating-accounts', 'computer-layers',
            'kernel-role-and-tasks', 'dist-upgrade', 'apt-frontends', 'rtc-services', 'debian-internals',
            'foundation-documents', 'package-meta-information', 'solving-problems', 'the-debian-project',
            'debian-packaging', 'customizing-graphical-interface', 'selected-approach']
# the brief allows only these three en-US handbook pages (the last unused ones of chapter 13 besides rtc-clients
# and development, which go to the Arabic half); chapter checked against the page's <title>
ALLOWED_HB = {'sect.web-browsers', 'sect.office-suites', 'sect.main-desktop-tools'}
HB_CHAPTERS = {'13'}
# the PDF package must not be named by any other set (docs/ names or SOURCES*.md)
PDF_TOKENS = ['glpk', 'gmpl', 'mathprog']
# a PDF line is treated as a heading if it is a numbered section title of the MathProg reference
# ("3.1.5 Function references", "B.2 Converting character string to calendar time", "4.11 Table statement"),
# a chapter/appendix label line ("Chapter 4", "Appendix C"), a chapter title on its own line, or a
# table-of-contents line (dot leaders); the page numbers (footer) are dropped by textutil.pdf_pages
HEADING = re.compile(r'^([A-E]|\d+)\.\d+(\.\d+)*\s[A-Za-z\u201c].{0,90}$|^(Chapter \d+|Appendix [A-E])$'
                     r'|^(Contents|Introduction|Coding model description|Expressions|Statements|Model data|Using suffixes'
                     r'|Date and time functions|Table drivers|Solving models with glpsol|Example model description'
                     r'|Acknowledgements)$|^.*(\. ){5,}.*$')
PDF_PAGES = (40, 150)   # page count allowed by the brief
MIN_PDF_PAGES_COVERED = 20


def check_pages_unused(rep):
    """No handbook page may already be used by another realdocs set (docs/ names or SOURCES*.md), whether
    it is a section page (sect.*) or a chapter page (installation.html, workstation.html, ...), nor by
    the Arabic half of this set (its en-US source pages are docs/ar-src-en-handbook-*)."""
    texts = qacheck_en.other_set_texts(HERE)
    used_elsewhere = qacheck_en.page_used_by(texts)
    for n in ORIGINS:
        if not n.endswith('.html'):
            continue
        base = qacheck_en.hb_base(n)
        if used_elsewhere(n):
            rep.err(f'handbook page already used by another set: {n}')
        if base not in ALLOWED_HB:
            rep.err(f'{n}: not one of the handbook pages the brief allows ({sorted(ALLOWED_HB)})')
    for n in ORIGINS:
        if n.endswith('.pdf'):
            hits = sorted({tok for tok in PDF_TOKENS for t in texts if tok in t.lower()})
            if hits:
                rep.err(f'{n}: another realdocs set names {hits}')
    ar_files = sorted(p for p in DOCS.iterdir() if p.name.startswith('ar-'))
    ar_src = {qacheck_en.hb_base(p.name) for p in ar_files if p.name.startswith('ar-src-en-')}
    for n in ORIGINS:
        if n.endswith('.html') and qacheck_en.hb_base(n) in ar_src:
            rep.err(f'{n}: also used as an English source page by the Arabic half')
    print(f'   Arabic half files present: {len(ar_files)}; its en-US source pages: {sorted(ar_src) or "none"}')


def main():
    rep = qacheck.Report()
    docs = qacheck_en.load_docs(ORIGINS, DOCS, rep, lambda p: pdf_pages(p, HEADING, rep.warnings))
    qacheck_en.check_files(ORIGINS, SHA256, DOCS, docs, PDF_PAGES, rep)
    qacheck_en.check_names(ORIGINS, DOCS, rep, EXCLUDED)
    for n in [p.name for p in DOCS.iterdir() if p.name.startswith('en-')]:
        if n not in ORIGINS:
            rep.err(f'unexpected English document in docs/: {n}')
    qacheck_en.check_handbook_chapters(ORIGINS, DOCS, HB_CHAPTERS, rep, show=True)
    check_pages_unused(rep)
    rows, n_gold = qacheck_en.check_questions(QA, KEYS, build_rows, docs, rep, 'fresh6-en',
                                              'four documents of this set')

    qacheck_en.check_pdf_coverage(rows, MIN_PDF_PAGES_COVERED, rep)
    qacheck_en.scan_unanswerable_with_arabic_half(rows, UNANS, docs, DOCS, rep)
    return qacheck_en.finish(rows, ORIGINS, rep, n_gold)


if __name__ == '__main__':
    qacheck.reexec_with_venv(__file__, 'FRESH6_CHECK_REEXEC')
    sys.exit(main())
