#!/usr/bin/env python3
"""Sanity checks for the English realdocs_fresh8 question set (qa_en.jsonl).

Stdlib only, except pypdfium2 for the PDF (falls back to `pdftotext` (pages split at form feeds) when
pypdfium2 is not importable; when started by a Python without pypdfium2 it first reruns itself with
/work/main/.venv/bin/python if that exists), so preferably run it with the project venv:

    /work/main/.venv/bin/python bench/realdocs_fresh8/check_en.py

Checks: that the four English documents are byte-identical to the copies recorded in build_en.SHA256
(and to their originals in the extracted .deb trees when those are present), that the PDF has 40-150
pages with extractable text on every page, that the plain-text document is 5-60 kB, row schema and ids,
duplicates, that qa_en.jsonl equals what build_en.py generates, that only the four English documents are
used (no reserved or excluded document, no PDF or text package named by another realdocs set, only the
two handbook pages of appendix A chosen for this half, none used by another set or by this set's
Arabic half), that every gold answer occurs as a whole word in its document's visible text (PDF: on the
given physical page; HTML: via bench/realdocs_fresh/textutil.py; plain text: the file as it is) and not
only in a heading, that the PDF questions cover at least 20 different pages, and the fit/report split
balance. Warns when a question shares 8+ consecutive words with its document. Lists where the key terms
of the unanswerable questions occur (whole-word, casefolded) in the four documents and in the Arabic
half's pages (docs/ar-*); the first (core) term of each must occur nowhere. Ends with a SUMMARY line;
exit code 0 = no errors.
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
import qacheck_pages  # noqa: E402
from build_en import KEYS, ORIGINS, SHA256, build_rows  # noqa: E402
from questions_en import UNANS  # noqa: E402
from textutil import normalize  # noqa: E402

DOCS = HERE / 'docs'
QA = HERE / 'qa_en.jsonl'
# already used elsewhere, rejected, or excluded by the brief for this set (substrings of docs/ names)
EXCLUDED = ['libtasn1', 'shared-mime-info', 'r-data', 'r-intro', 'r-exts', 'r-lang', 'pari',
            # PDF packages used or rejected by earlier sets (brief and /tmp/f4)
            'auto-multiple-choice', 'gnuplot', 'flex', 'sqlite', 'camlidl',
            # PDF packages used or rejected by realdocs_fresh5, and its handbook pages (the chapter page
            # installation.html is named in full: sect.kernel-installation is a different, unused page)
            'reportlab', 'gri', 'docbook-xsl', 'handbook-installation.html', 'workstation', 'graphical-desktops',
            # PDF package used by realdocs_fresh6 (the brief adds glpk/gmpl/mathprog), the packages it rejected,
            # its handbook pages (both halves)
            'glpk', 'gmpl', 'mathprog', 'ddd', 'ragel', 'prawn', 'latexmk',
            'web-browsers', 'office-suites', 'main-desktop-tools', 'rtc-clients', 'sect.development',
            'foreword', 'acknowledgments', 'book-structure', 'ftp-file-server', 'regular-upgrades',
            'searching-packages', 'ubuntu',
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
            'debian-packaging', 'customizing-graphical-interface', 'selected-approach', 'npm-package-json',
            'filesystem-hierarchy', 'why-debian', 'dynamic-routing', 'packaging-system', 'network-services',
            'unix-services',
            # documents used by realdocs_fresh7 (both halves): its PDF and text packages and its handbook pages
            'listings', 'texlive', 'git-subtree', 'subtree', 'kernel-installation', 'apt-file', 'power-management',
            'derivative-distributions', 'future-of-debian', 'follow-debian-news', 'selected-approach',
            'conclusion', 'knoppix',
            # reserved by the brief
            'r-admin', 'task-scheduling', 'manipulating-packages', 'anacron', 'remote-login', 'rights-management']
# the two en-US handbook pages chosen for this half (written to PAGES_en.txt when chosen); both are pages of
# appendix A (checked against the page's <title>, "A.<n>. ...")
ALLOWED_HB = {'sect.linux-mint', 'sect.doudoulinux'}
HB_APPENDIX = 'A'
# the PDF's and the text document's packages/manuals must not be named by any other set (docs/ names or
# SOURCES*.md)
PDF_TOKENS = ['biber', 'biblatex']
TXT_TOKENS = ['usr_05', 'vimrc', 'vim-runtime']
# headings of the Biber manual dropped from the body text: numbered section titles ("3.1.1 The output-format
# option", "2 Introduction"), table/figure captions, and table-of-contents lines (dot leaders); page numbers
# (footer) are dropped by textutil.pdf_pages.
HEADING = re.compile(r'^\d+(\.\d+)*\s+[A-Z][^.]{0,70}$|^(Table|Figure) \d+: .*$|^.*(\. ){4,}.*$')
PDF_PAGES = (40, 150)   # page count allowed by the brief
TXT_BYTES = (5000, 60000)  # size allowed by the brief for the Markdown / plain-text document
MIN_PDF_PAGES_COVERED = 20


def text_doc(p: Path) -> dict:
    """A plain-text (Vim help) document as qacheck_en treats an HTML page: 'full' and 'body' texts (twice,
    standing in for the two tag-joining conventions, which do not apply here). The body drops the section
    title lines ('*05.1*\tThe vimrc file ...') and the header line ('*usr_05.txt* For Vim ...'). The file is
    read as it is, not through the HTML parser, which would take '<F5>' or '<Esc>' for tags."""
    lines = p.read_text(encoding='utf-8').split('\n')
    titles = {i for i, ln in enumerate(lines) if re.match(r'\*(05\.\d+|usr_05\.txt)\*', ln)}
    full = normalize('\n'.join(lines))
    body = normalize('\n'.join(ln for i, ln in enumerate(lines) if i not in titles))
    return {'full': [full, full], 'body': [body, body]}


def check_appendix(rep):
    """Each handbook page must be a page of appendix A (its <title> starts with 'A.<n>.')."""
    for n in ORIGINS:
        if n.endswith('.html') and (DOCS / n).is_file():
            m = re.search(r'<title[^>]*>\s*([A-Z])\.\d+\.', (DOCS / n).read_text(encoding='utf-8'))
            if not m or m.group(1) != HB_APPENDIX:
                rep.err(f'{n}: not a page of handbook appendix {HB_APPENDIX}')
            else:
                print(f'   {n}: handbook appendix {m.group(1)}')


def main():
    rep = qacheck.Report()
    docs = qacheck_en.load_with_text(ORIGINS, DOCS, rep, HEADING, TXT_BYTES, text_doc)
    qacheck_en.check_files(ORIGINS, SHA256, DOCS, docs, PDF_PAGES, rep)
    qacheck_en.check_names(ORIGINS, DOCS, rep, EXCLUDED)
    for n in [p.name for p in DOCS.iterdir() if p.name.startswith('en-')]:
        if n not in ORIGINS:
            rep.err(f'unexpected English document in docs/: {n}')
    check_appendix(rep)
    qacheck_pages.check_pages_unused(HERE, ORIGINS, ALLOWED_HB, PDF_TOKENS, TXT_TOKENS, rep)
    rows, n_gold = qacheck_en.check_questions(QA, KEYS, build_rows, docs, rep, 'fresh8-en',
                                              'four documents of this set')

    qacheck_en.check_pdf_coverage(rows, MIN_PDF_PAGES_COVERED, rep)
    qacheck_en.scan_unanswerable_with_arabic_half(rows, UNANS, docs, DOCS, rep)
    return qacheck_en.finish(rows, ORIGINS, rep, n_gold)


if __name__ == '__main__':
    qacheck.reexec_with_venv(__file__, 'FRESH8_CHECK_REEXEC')
    sys.exit(main())
