#!/usr/bin/env python3
"""Sanity checks for the Arabic questions of the realdocs_fresh8 benchmark.

Reads qa_ar.jsonl and the documents of this set (questions_ar.SOURCES) in docs/, all next to this
script; other files in docs/ (the English set's, en-*) are ignored. Checks: document sha256,
names and reserved/excluded pages; row schema and ids; duplicate questions; that every gold
answer occurs as a whole word in its document's visible body text; that "ar" gold occurs inside
an Arabic paragraph; that "ar->en" gold is English and occurs in no Arabic document of the set;
the fit/report split (balance, and equal to what build_ar.py rebuilds with its seed); that no
key term of an unanswerable question occurs in any document of the set (hits are listed and are
errors). Prints a report ending in a SUMMARY line; exit code 0 = no errors.

Uses lxml when importable (e.g. /work/main/.venv/bin/python), else the stdlib html.parser.

    python3 bench/realdocs_fresh8/check_ar.py

The checks shared with the other sets are in bench/realdocs_fresh/qacheck*.py.
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(1, str(HERE.parent / 'realdocs_fresh'))
import qacheck  # noqa: E402
import qacheck_ar  # noqa: E402
import qacheck_ar_outside  # noqa: E402
from pagetext import normalize  # noqa: E402
from questions_ar import SHA256, SOURCES, UNANS  # noqa: E402

DOCS = HERE / 'docs'
QA = HERE / 'qa_ar.jsonl'
# topics already covered by earlier sets (or asked to be avoided): no page name may contain these
EXCLUDED_WORDS = (
    'apt-get', 'apt-cache', 'dhcp', 'firewall', 'kernel-compilation', 'network-config',
    'virtual-private-network', 'vpn', 'http', 'web-server', 'nfs', 'domain-name', 'dns', 'proxy',
    'ldap', 'samba', 'bootloader', 'package-authentication', 'x509', 'monitoring',
    'package-repository', 'building-first-package', 'ipv6', 'supervision', 'inetd',
    'shell-environment', 'apparmor', 'selinux', 'backup', 'syslog', 'hotplug', 'user-space',
    'hostname', 'administration-interfaces', 'network-infrastructure', 'short-remedial-course',
    'advanced-administration', 'preface', 'master-plan', 'who-is-this-book-for', 'case-study',
    'becoming-package-maintainer', 'installation-steps', 'role-of-distributions',
    'basic-configuration', 'after-first-boot', 'automatic-upgrades', 'compromised-machine',
    'network-diagnosis-tools', 'other-security-considerations', 'user-group-databases',
    'why-gnu-linux', 'security',
    # pages used by earlier sets (realdocs_fresh*, realdocs_suite, ...) or named in the brief
    'config-misc', 'quality-of-service', 'source-package-structure', 'config-printing',
    'windows-emulation', 'automated-installation', 'coexistence-with-other-packaging-systems',
    'common-procedures', 'how-to-migrate', 'release-lifecycle', 'virtualization', 'existing-setup',
    'dealing-with-compromised-machine', 'hostname-name-service', 'domain-name-servers',
    'http-ftp-proxy', 'http-web-server', 'apt-package-repository',
    # pages used by realdocs_fresh4 (both halves)
    'foundation-documents', 'solving-problems', 'package-meta-information', 'debian-internals',
    'the-debian-project', 'debian-packaging', 'customizing-graphical-interface', 'apt-frontends',
    'dist-upgrade', 'rtc-services',
    # pages used by realdocs_fresh5 (both halves)
    'network-services', 'unix-services', 'filesystem-hierarchy', 'why-debian.', 'packaging-system',
    'dynamic-routing', 'graphical-desktops', 'workstation', 'installation.html',
    # pages used by realdocs_fresh6 (both halves)
    'book-structure', 'foreword', 'ftp-file-server', 'acknowledgments', 'sect.ubuntu',
    'searching-packages', 'regular-upgrades', 'rtc-clients', 'sect.development',
    'main-desktop-tools', 'office-suites', 'web-browsers',
    # pages used by realdocs_fresh7 (both halves)
    'kernel-installation', 'apt-file', 'power-management', 'derivative-distributions', 'future-of-debian',
    'follow-debian-news', 'selected-approach', 'conclusion', 'knoppix')


def check_own_english_half(rep):
    """No page of this set may also be a page of the English half written at the same time (its
    en-* files in docs/ are named en-handbook-<page>, its pages are listed in PAGES_en.txt): the two
    halves must not share a page."""
    mine = {page for _lang, page in SOURCES.values()}
    others = sorted(p.name for p in DOCS.iterdir() if p.name not in SOURCES) if DOCS.is_dir() else []
    shared = sorted(n for n in others if any(n.endswith('-' + page) for page in mine))
    # the page names the English helper announced in PAGES_en.txt (before its docs/ files exist)
    pages_en = HERE / 'PAGES_en.txt'
    listed = pages_en.read_text(encoding='utf-8').split() if pages_en.is_file() else []
    shared += sorted(f'PAGES_en.txt:{n}' for n in listed if n in mine)
    print(f'== pages shared with the English half of this set: {", ".join(shared) or "none"}'
          f' (PAGES_en.txt: {", ".join(listed) or "absent"})')
    for n in shared:
        rep.err(f'{n} is the same handbook page as one of this set')


def main():
    rep = qacheck.Report()
    docs = qacheck_ar.load_docs(SOURCES, SHA256, HERE, rep, EXCLUDED_WORDS, readme=True)
    ar_docs = qacheck_ar.print_para_docs(docs, SOURCES, DOCS)
    from build_ar import DEFAULT_PKG, check_docs_against_pkg
    qacheck_ar_outside.check_against_package(rep, len(SOURCES), DEFAULT_PKG, check_docs_against_pkg)
    rows = qacheck_ar.read_questions(QA, rep, normalize, 'fresh8-ar')
    n_gold = qacheck_ar.check_rows(rows, docs, ar_docs, rep)
    qacheck_ar.check_unanswerable_absent(rows, UNANS, docs, rep)
    qacheck_ar_outside.check_english_half(rep, DOCS, SOURCES, UNANS)
    check_own_english_half(rep)
    qacheck_ar.check_build(rows, rep)
    return qacheck_ar.finish(rows, docs, rep, n_gold)


if __name__ == '__main__':
    sys.exit(main())
