#!/usr/bin/env python3
"""Builds qa_en.jsonl for the realdocs_fresh6 benchmark from the questions in questions_en.py.

Assigns ids (fresh6-en-NNN) and the seeded fit/report split and writes qa_en.jsonl next to this
script (or --out). Stdlib only. Rerunning gives a byte-identical file. Run from anywhere, e.g.:

    python3 bench/realdocs_fresh6/build_en.py [--out /tmp/qa_en.jsonl] [--verify-sources]

--verify-sources: first check that every docs/ file used here is byte-identical to its original
(ORIGINS below); write nothing on a mismatch.
"""
import sys
from pathlib import Path

sys.dont_write_bytecode = True  # leave no __pycache__ here
HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(1, str(HERE.parent / 'realdocs_fresh'))
import qabuild  # noqa: E402
from qabuild import KEYS  # noqa: E402,F401  (check_en.py reads it from here)
from questions_en import EN, UNANS  # noqa: E402

# apt-get download debian-handbook; dpkg-deb -x debian-handbook_11.20220922_all.deb /tmp/f6/hb/pkg
HB = '/tmp/f6/hb/pkg/usr/share/doc/debian-handbook/html/en-US/'
ORIGINS = {
    # apt-get download glpk-doc; dpkg-deb -x glpk-doc_5.0-1_all.deb /tmp/f6/glpk-doc
    'en-glpk-gmpl.pdf': '/tmp/f6/glpk-doc/usr/share/doc/glpk-doc/gmpl.pdf',
    'en-handbook-sect.web-browsers.html': HB + 'sect.web-browsers.html',
    'en-handbook-sect.main-desktop-tools.html': HB + 'sect.main-desktop-tools.html',
    'en-handbook-sect.office-suites.html': HB + 'sect.office-suites.html',
}
# sha256 of each document as copied (checked by check_en.py on every run)
SHA256 = {
    'en-glpk-gmpl.pdf': 'df54ba811d1fe3c041447b575997298d63b0a6366e39454ef2efc382f08203c2',
    'en-handbook-sect.web-browsers.html': '0c8a7c94dd3b4c1548c8f2fac014931a633eac83aafb3e0ea2e364a6aef87bef',
    'en-handbook-sect.main-desktop-tools.html': '0b12f86bc7292eaa353d828da4cf5bda27f3a2d5a4f432d0649042348625a405',
    'en-handbook-sect.office-suites.html': '00e7afa682549d3521465f8225a2bed5f3cfb27abcfd9a804faf9c865aad048b',
}
SEED = 2030


def build_rows():
    return qabuild.en_rows(EN, UNANS, 'fresh6-en', SEED)


if __name__ == '__main__':
    sys.exit(qabuild.main_en(None, HERE, build_rows, ORIGINS))
