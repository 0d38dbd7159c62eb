#!/usr/bin/env python3
"""Builds qa_en.jsonl for the realdocs_fresh2 benchmark from the questions in questions_en.py.

Assigns ids (fresh2-en-NNN) and the seeded fit/report split and writes qa_en.jsonl next to this
script (or --out). Stdlib only. Rerunning gives a byte-identical file. Run from anywhere, e.g.:

    python3 bench/realdocs_fresh2/build_en.py [--out /tmp/qa_en.jsonl] [--verify-sources]

--verify-sources: first check that every docs/ file used here is byte-identical to its original
(ORIGINS below); write nothing on a mismatch.
"""
import sys
from pathlib import Path

sys.dont_write_bytecode = True  # leave no __pycache__ here or in ../realdocs_fresh
HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(1, str(HERE.parent / 'realdocs_fresh'))
import qabuild  # noqa: E402
from qabuild import KEYS  # noqa: E402,F401  (check_en.py reads it from here)
from questions_en import EN, UNANS  # noqa: E402

HB = '/tmp/hb/pkg/usr/share/doc/debian-handbook/html/en-US/'  # dpkg-deb -x debian-handbook_11.20220922_all.deb /tmp/hb/pkg
ORIGINS = {
    'en-libtasn1.pdf': '/usr/share/doc/libtasn1-doc/libtasn1.pdf',
    'en-shared-mime-info-spec.pdf': '/usr/share/doc/shared-mime-info/shared-mime-info-spec.pdf',
    'en-handbook-sect.package-authentication.html': HB + 'sect.package-authentication.html',
    'en-handbook-sect.x509-cert.html': HB + 'sect.x509-cert.html',
    'en-handbook-sect.monitoring.html': HB + 'sect.monitoring.html',
    'en-handbook-sect.setup-apt-package-repository.html': HB + 'sect.setup-apt-package-repository.html',
}
SEED = 2026


def build_rows():
    return qabuild.en_rows(EN, UNANS, 'fresh2-en', SEED)


if __name__ == '__main__':
    sys.exit(qabuild.main_en(None, HERE, build_rows, ORIGINS))
