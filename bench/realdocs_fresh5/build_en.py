#!/usr/bin/env python3
"""Builds qa_en.jsonl for the realdocs_fresh5 benchmark from the questions in questions_en.py.

Assigns ids (fresh5-en-NNN) and the seeded fit/report split and writes qa_en.jsonl next to this
script (or --out). Stdlib only. Rerunning gives a byte-identical file. Run from anywhere, e.g.:

    python3 bench/realdocs_fresh5/build_en.py [--out /tmp/qa_en.jsonl] [--verify-sources]

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
    # apt-get download python-reportlab-doc; dpkg-deb -x python-reportlab-doc_3.6.12-1+deb12u1_all.deb /tmp/f5/python-reportlab-doc
    'en-reportlab-userguide.pdf':
        '/tmp/f5/python-reportlab-doc/usr/share/doc/python-reportlab-doc/reportlab-userguide.pdf',
    'en-handbook-installation.html': HB + 'installation.html',
    'en-handbook-workstation.html': HB + 'workstation.html',
    'en-handbook-sect.graphical-desktops.html': HB + 'sect.graphical-desktops.html',
}
# sha256 of each document as copied (checked by check_en.py on every run)
SHA256 = {
    'en-reportlab-userguide.pdf': '91ad5429d7b2907b8efefd7b95facfe2fb01ec31b8cefb024e47b0a7ac713420',
    'en-handbook-installation.html': 'e29e4b0ac19d0afc0c450e2af09ef2821781cbb450f4c16615ea21bd066a1d8b',
    'en-handbook-workstation.html': '7ded94b6171e4b247bc5044be101f465ad8b4b647baceffab15b89bbd76e0455',
    'en-handbook-sect.graphical-desktops.html': '9c6f73a3401a683f44c028c66ebde0b4518d76f7942955e6aff691d18a9e8bb4',
}
SEED = 2029


def build_rows():
    return qabuild.en_rows(EN, UNANS, 'fresh5-en', SEED)


if __name__ == '__main__':
    sys.exit(qabuild.main_en(None, HERE, build_rows, ORIGINS))
