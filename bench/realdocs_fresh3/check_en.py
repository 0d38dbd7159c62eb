#!/usr/bin/env python3
"""Sanity checks for the English realdocs_fresh3 question set (qa_en.jsonl).

Stdlib only, except pypdfium2 for the PDF (falls back to `pdftotext` (pages split at form feeds) when
pypdfium2 is not importable; when started by a Python without pypdfium2 it first reruns itself with
/work/main/.venv/bin/python if that exists), so preferably run it with the project venv:

    /work/main/.venv/bin/python bench/realdocs_fresh3/check_en.py

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
EXCLUDED = ['libtasn1', 'shared-mime-info', 'r-data', 'r-intro', 'r-exts', 'r-lang', 'apt-cache', 'apt-get',
            'dhcp', 'firewall', 'kernel-compilation', 'network-config', 'vpn', 'virtual-private-network',
            'http-web-server', 'nfs', 'domain-name-servers', 'http-ftp-proxy', 'ldap', 'samba', 'bootloader',
            'package-authentication', 'x509', 'monitoring', 'apt-package-repository', 'building-first-package',
            'ipv6', 'supervision', 'inetd', 'shell-environment', 'apparmor', 'selinux', 'backup', 'syslog',
            'hotplug']
# a PDF line is treated as a heading if it is a numbered section title of the tutorial ("4. Elementary
# Arithmetic Functions.", "12.1. Elements.") or the Table of Contents page
HEADING = re.compile(r'^\d+(\.\d+)*\.\s+[A-Z].{0,70}\.$|^.*(\. ){5,}.*$')


def main():
    rep = qacheck.Report()
    docs = qacheck_en.load_docs(ORIGINS, DOCS, rep, lambda p: pdf_pages(p, HEADING, rep.warnings))
    qacheck_en.check_names(ORIGINS, DOCS, rep, EXCLUDED)
    # no handbook section may already be used by another realdocs set (docs/ names or SOURCES*.md)
    qacheck_en.check_sections_unused(HERE, ORIGINS, rep)
    rows, n_gold = qacheck_en.check_questions(QA, KEYS, build_rows, docs, rep, 'fresh3-en', 'four documents')
    scan = {n: qacheck_en.doc_texts(D) for n, D in docs.items()}
    qacheck_en.scan_unanswerable(
        rows, UNANS, scan, rep, '== unanswerable questions: key terms and where they occur in the four documents')
    return qacheck_en.finish(rows, ORIGINS, rep, n_gold)


if __name__ == '__main__':
    qacheck.reexec_with_venv(__file__, 'FRESH3_CHECK_REEXEC')
    sys.exit(main())
