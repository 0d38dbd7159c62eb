#!/usr/bin/env python3
"""Builds qa_en.jsonl for the realdocs_fresh8 benchmark from the questions in questions_en.py.

Assigns ids (fresh8-en-NNN) and the seeded fit/report split and writes qa_en.jsonl next to this
script (or --out). Stdlib only. Rerunning gives a byte-identical file. Run from anywhere, e.g.:

    python3 bench/realdocs_fresh8/build_en.py [--out /tmp/qa_en.jsonl] [--verify-sources]

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

# apt-get download debian-handbook; dpkg-deb -x debian-handbook_11.20220922_all.deb /tmp/f8/hb
HB = '/tmp/f8/hb/usr/share/doc/debian-handbook/html/en-US/'
ORIGINS = {
    # apt-get download biber; dpkg-deb -x biber_2.18-1_all.deb /tmp/f8/x-biber
    # (/usr/share/doc/biber/biber.pdf is a symlink to this file)
    'en-biber.pdf': '/tmp/f8/x-biber/usr/share/texmf/doc/bibtex/biber/biber.pdf',
    # apt-get download vim-runtime; dpkg-deb -x vim-runtime_9.0.1378-2+deb12u2_all.deb /tmp/f8/vimrt
    'en-vim-usr_05.txt': '/tmp/f8/vimrt/usr/share/vim/vim90/doc/usr_05.txt',
    'en-handbook-sect.linux-mint.html': HB + 'sect.linux-mint.html',
    'en-handbook-sect.doudoulinux.html': HB + 'sect.doudoulinux.html',
}
# sha256 of each document as copied (checked by check_en.py on every run)
SHA256 = {
    'en-biber.pdf': 'fbb19c2845959f4ed76956f2fc1833c8a5fb7dc2f07a17641342bcff900f9d3e',
    'en-vim-usr_05.txt': '8587b3a725c6e5cb187e9384746db7ef89edf01ffe1edc9216f6b857d26c678a',
    'en-handbook-sect.linux-mint.html': 'bf0d46ba5ac95ad37c746ac5026c362ae423774ca5dfcb192f3ab209a706ea6f',
    'en-handbook-sect.doudoulinux.html': 'cc4d47b0d7e8b43c61eb0dccff11b55a10dbed3924367514bb1565c2e68bfdf2',
}
SEED = 2041


def build_rows():
    return qabuild.en_rows(EN, UNANS, 'fresh8-en', SEED)


if __name__ == '__main__':
    sys.exit(qabuild.main_en(None, HERE, build_rows, ORIGINS))
