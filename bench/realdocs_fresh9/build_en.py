#!/usr/bin/env python3
"""Builds qa_en.jsonl for the realdocs_fresh9 benchmark from the questions in questions_en.py.

Assigns ids (fresh9-en-NNN) and the seeded fit/report split and writes qa_en.jsonl next to this
script (or --out). Stdlib only. Rerunning gives a byte-identical file. Run from anywhere, e.g.:

    python3 bench/realdocs_fresh9/build_en.py [--out /tmp/qa_en.jsonl] [--verify-sources]

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

# installed packages on this machine (dpkg -l): valgrind 1:3.19.0-1 (Debian) and
# nodejs 20.20.2-1nodesource1+repack1 (NodeSource repository); the files are copied as they are installed
VG = '/usr/share/doc/valgrind/html/'
NODE = '/usr/share/doc/nodejs/api/'
ORIGINS = {
    'en-valgrind-quick-start.html': VG + 'quick-start.html',
    'en-valgrind-mc-manual.html': VG + 'mc-manual.html',
    'en-valgrind-manual-core.html': VG + 'manual-core.html',
    'en-valgrind-ms-manual.html': VG + 'ms-manual.html',
    'en-valgrind-cg-manual.html': VG + 'cg-manual.html',
    'en-nodejs-path.html': NODE + 'path.html',
    'en-nodejs-os.html': NODE + 'os.html',
    'en-nodejs-timers.html': NODE + 'timers.html',
    'en-nodejs-querystring.html': NODE + 'querystring.html',
    'en-nodejs-events.html': NODE + 'events.html',
}
# sha256 of each document as copied (checked by check_en.py on every run)
SHA256 = {
    'en-valgrind-quick-start.html': '2647941ea76d5b40feb2971d687da7c622a5babcfe694f2dbd702de78a8c1b66',
    'en-valgrind-mc-manual.html': 'b3798d930e99064295600ee98156bf8f76d1bba711c9ac60702bf3134f623950',
    'en-valgrind-manual-core.html': 'c66d6de5436219059c0880459bfbc9505cfcc1f9abf422906b92174e0aa56f88',
    'en-valgrind-ms-manual.html': '16d9269ef80f9b57794408b6ff332291ae2155b771de41f24e2431111c2e65b7',
    'en-valgrind-cg-manual.html': 'b5ae35e64c23dbbfa416e050198a43b964f73d91efc65bd61f1e4508709a7ac6',
    'en-nodejs-path.html': 'c3d4e05a7af5e149559bca515e2ebf4d9e0092c4ba158028b34c8eaebc8a248b',
    'en-nodejs-os.html': 'd205d1ee022ba36d0acf6859ac32e79af9b5682f0a4f09d00a9923b9bf70f533',
    'en-nodejs-timers.html': '785f8aadd5f58fd0dc2126606ac03e5d27f7f2e7251938657f3ac4d95a324e4f',
    'en-nodejs-querystring.html': '76e3aedf63cc6fbbfaed583d78daa42720085637880f3b6df6178d9e80cea723',
    'en-nodejs-events.html': '576fca13ea2723f12c27258a54039a33d0de11d21d90123b84924b80eae49d60',
}
SEED = 2285  # the first seed in 2090-2399 that splits each question group and the Valgrind/Node.js halves evenly


def build_rows():
    return qabuild.en_rows(EN, UNANS, 'fresh9-en', SEED)


if __name__ == '__main__':
    sys.exit(qabuild.main_en(None, HERE, build_rows, ORIGINS))
