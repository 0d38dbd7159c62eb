#!/usr/bin/env python3
"""Builds qa_en.jsonl for the realdocs_fresh4 benchmark from the questions in questions_en.py.

Assigns ids (fresh4-en-NNN) and the seeded fit/report split and writes qa_en.jsonl next to this
script (or --out). Stdlib only. Rerunning gives a byte-identical file. Run from anywhere, e.g.:

    python3 bench/realdocs_fresh4/build_en.py [--out /tmp/qa_en.jsonl] [--verify-sources]

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

HB = '/tmp/hb/pkg/usr/share/doc/debian-handbook/html/en-US/'  # dpkg-deb -x debian-handbook_11.20220922_all.deb /tmp/hb/pkg
ORIGINS = {
    # apt-get download auto-multiple-choice-doc-pdf; dpkg-deb -x auto-multiple-choice-doc-pdf_1.6.0-1_all.deb /tmp/f4/auto-multiple-choice-doc-pdf
    'en-auto-multiple-choice.pdf':
        '/tmp/f4/auto-multiple-choice-doc-pdf/usr/share/doc/auto-multiple-choice/auto-multiple-choice.en.pdf',
    'en-handbook-sect.dist-upgrade.html': HB + 'sect.dist-upgrade.html',
    'en-handbook-sect.apt-frontends.html': HB + 'sect.apt-frontends.html',
    'en-handbook-sect.rtc-services.html': HB + 'sect.rtc-services.html',
}
SEED = 2028


def build_rows():
    return qabuild.en_rows(EN, UNANS, 'fresh4-en', SEED)


if __name__ == '__main__':
    sys.exit(qabuild.main_en(None, HERE, build_rows, ORIGINS))
