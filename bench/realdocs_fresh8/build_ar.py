#!/usr/bin/env python3
"""Builds qa_ar.jsonl (Arabic questions) for the realdocs_fresh8 benchmark.

The hand-written questions live in questions_ar.py (AR, AR_EN, UNANS); this script assigns ids
(fresh8-ar-NNN, in the order ar, ar->en, unanswerable) and the seeded fit/report split, and
writes qa_ar.jsonl next to this script (or --out). Rerunning gives a byte-identical file.
Stdlib only. Run from anywhere, e.g. from the repository root:

    python3 bench/realdocs_fresh8/build_ar.py [--out /tmp/qa_ar.jsonl] [--verify-sources [PKG]]

--verify-sources [PKG] (optional; --pkg PKG is the same): PKG is the tree from
`dpkg-deb -x debian-handbook_11.20220922_all.deb PKG` (default /tmp/f8/hb); every document of this
set in docs/ is first checked byte for byte against
PKG/usr/share/doc/debian-handbook/html/<lang dir>/<page>, and nothing is written on a mismatch.
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(1, str(HERE.parent / 'realdocs_fresh'))
import qabuild  # noqa: E402
from qabuild import KEYS  # noqa: E402,F401  (check_ar.py reads it from here)
from questions_ar import AR, AR_EN, SOURCES, UNANS  # noqa: E402

DOCS = HERE / 'docs'
SEED = 2042
DEFAULT_PKG = Path('/tmp/f8/hb')


def check_docs_against_pkg(pkg):
    """Return a list of problems: documents of this set that are not byte-identical to pkg."""
    return qabuild.handbook_problems(SOURCES, DOCS, pkg)


def build_rows():
    return qabuild.ar_rows(AR, AR_EN, UNANS, 'fresh8-ar', SEED)


if __name__ == '__main__':
    sys.exit(qabuild.main_ar(None, HERE, build_rows, SOURCES, DEFAULT_PKG))
