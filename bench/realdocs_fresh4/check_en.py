#!/usr/bin/env python3
"""Sanity checks for the English realdocs_fresh4 question set (qa_en.jsonl).

Stdlib only, except pypdfium2 for the PDF (falls back to `pdftotext` (pages split at form feeds) when
pypdfium2 is not importable; when started by a Python without pypdfium2 it first reruns itself with
/work/main/.venv/bin/python if that exists), so preferably run it with the project venv:

    /work/main/.venv/bin/python bench/realdocs_fresh4/check_en.py

Checks: row schema and ids, duplicates, that qa_en.jsonl equals what build_en.py generates, that
only the four English documents are used (no reserved or excluded document, and no handbook
section already used by another realdocs set), that every gold answer occurs
as a whole word in its document's visible text (PDF: on the given physical page; HTML: via
bench/realdocs_fresh/textutil.py) and not only in a heading, and the fit/report split balance.
Warns when a question shares 8+ consecutive words with its document. Lists where the key terms of
the unanswerable questions occur (whole-word, casefolded). Ends with a SUMMARY line; exit code 0 = no errors.
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
from build_en import KEYS, ORIGINS, build_rows  # noqa: E402
from questions_en import UNANS  # noqa: E402
from textutil import pdf_pages  # noqa: E402

DOCS = HERE / 'docs'
QA = HERE / 'qa_en.jsonl'
# already used elsewhere or excluded by the brief for this set
EXCLUDED = ['libtasn1', 'shared-mime-info', 'r-data', 'r-intro', 'r-exts', 'r-lang', 'pari',
            # handbook sections named in the brief as already used (or used by realdocs_fresh3)
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
            'kernel-role-and-tasks']
# the English handbook pages of this set must come from chapters 6, 8, 9, 10 or 11 (the Arabic half of
# realdocs_fresh4 takes its en-US pages from chapters 12-15); checked against the page's <title>
HB_CHAPTERS = {'6', '8', '9', '10', '11'}
# a PDF line is treated as a heading if it is a numbered section title of the AMC manual ("4.3.1 Questions
# options", "5.4.3.6.1 display section N°.question N°", "4.10Questions groups"), the running page header
# ("Auto Multiple Choice 12 / 92", "Auto Multiple Choice iv") or a table-of-contents line (dot leaders)
HEADING = re.compile(r'^\d+(\.\d+)*\s?[A-Za-z][^.!?:]{0,80}$|^Auto Multiple Choice( [ivx]+| \d+ / \d+)?$'
                     r'|^.*(\. ){5,}.*$')


def main():
    rep = qacheck.Report()
    docs = qacheck_en.load_docs(ORIGINS, DOCS, rep, lambda p: pdf_pages(p, HEADING, rep.warnings))
    qacheck_en.check_names(ORIGINS, DOCS, rep, EXCLUDED)
    qacheck_en.check_handbook_chapters(ORIGINS, DOCS, HB_CHAPTERS, rep)
    # no handbook section may already be used by another realdocs set (docs/ names or SOURCES*.md)
    qacheck_en.check_sections_unused(HERE, ORIGINS, rep)
    rows, n_gold = qacheck_en.check_questions(QA, KEYS, build_rows, docs, rep, 'fresh4-en',
                                              'four documents of this set')
    scan = {n: qacheck_en.doc_texts(D) for n, D in docs.items()}
    qacheck_en.scan_unanswerable(
        rows, UNANS, scan, rep, '== unanswerable questions: key terms and where they occur in the four documents')
    return qacheck_en.finish(rows, ORIGINS, rep, n_gold)


if __name__ == '__main__':
    qacheck.reexec_with_venv(__file__, 'FRESH4_CHECK_REEXEC')
    sys.exit(main())
