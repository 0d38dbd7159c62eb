#!/usr/bin/env python3
"""Builds qa_en.jsonl for the realdocs_fresh7 benchmark from the questions in questions_en.py.

Assigns ids (fresh7-en-NNN) and the seeded fit/report split and writes qa_en.jsonl next to this
script (or --out). Stdlib only. Rerunning gives a byte-identical file. Run from anywhere, e.g.:

    python3 bench/realdocs_fresh7/build_en.py [--out /tmp/qa_en.jsonl] [--verify-sources]

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

# apt-get download debian-handbook; dpkg-deb -x debian-handbook_11.20220922_all.deb /tmp/hb6/pkg
HB = '/tmp/hb6/pkg/usr/share/doc/debian-handbook/html/en-US/'
ORIGINS = {
    # apt-get download texlive-latex-recommended-doc; dpkg-deb -x texlive-latex-recommended-doc_2022.20230122-3_all.deb
    #   /tmp/f7en/rec
    'en-listings.pdf': '/tmp/f7en/rec/usr/share/doc/texlive-doc/latex/listings/listings.pdf',
    # apt-get download git; dpkg-deb -x git_2.39.5-0+deb12u3_amd64.deb /tmp/f7en/git
    'en-git-subtree.txt': '/tmp/f7en/git/usr/share/doc/git/contrib/subtree/git-subtree.txt',
    'en-handbook-sect.kernel-installation.html': HB + 'sect.kernel-installation.html',
    'en-handbook-sect.apt-file.html': HB + 'sect.apt-file.html',
}
# sha256 of each document as copied (checked by check_en.py on every run)
SHA256 = {
    'en-listings.pdf': '9a6e55d925a56c2e84f131242b1d0aa607e22ea2c385539f5561b00bc2e94839',
    'en-git-subtree.txt': 'cbefc75701b670748b30393318187a2390c709d5b75364a1d1c4ae20936cd4f6',
    'en-handbook-sect.kernel-installation.html': 'b1053ad94ba8f04ad6f256624b078dd11267d07e6ac7f40a370c947298e487fe',
    'en-handbook-sect.apt-file.html': '1659a0d4805a9b2b0dc768ae9e943c87d6583a02f527c0a8206c9dd175912965',
}
SEED = 2031


def build_rows():
    return qabuild.en_rows(EN, UNANS, 'fresh7-en', SEED)


if __name__ == '__main__':
    sys.exit(qabuild.main_en(None, HERE, build_rows, ORIGINS))
