#!/usr/bin/env python3
"""Builds qa_en.jsonl for the realdocs_fresh5 benchmark from the questions in questions_en.py.

Assigns ids (fresh5-en-NNN) and the seeded fit/report split and writes qa_en.jsonl next to this
script (or --out). Stdlib only. Rerunning gives a byte-identical file. Run from anywhere, e.g.:

    python3 bench/realdocs_fresh5/build_en.py [--out /tmp/qa_en.jsonl] [--verify-sources]

--verify-sources: first check that every docs/ file used here is byte-identical to its original
(ORIGINS below); write nothing on a mismatch.
"""
import argparse
import json
import sys
from pathlib import Path

sys.dont_write_bytecode = True  # leave no __pycache__ here
HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(1, str(HERE.parent / 'realdocs_fresh'))
from questions_en import EN, UNANS  # noqa: E402
from split import seeded_split  # noqa: E402

DOCS = HERE / 'docs'
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
KEYS = ['id', 'question', 'lang', 'doc', 'page', 'answers', 'answerable', 'kind', 'type', 'half']
SEED = 2029


def verify_sources():
    problems = []
    for name, orig in ORIGINS.items():
        d, o = DOCS / name, Path(orig)
        if not d.is_file():
            problems.append(f'{d} missing')
        elif not o.is_file():
            problems.append(f'{name}: original {o} not found')
        elif d.read_bytes() != o.read_bytes():
            problems.append(f'{name}: differs from {o}')
    return problems


def build_rows():
    rows = []
    for doc, page, q, ans, typ in EN:
        rows.append(dict(question=q, lang='en', doc=doc, page=page, answers=list(ans), answerable=True,
                         kind='en', type=typ))
    for q, _terms in UNANS:
        rows.append(dict(question=q, lang='en', doc=None, page=None, answers=[], answerable=False,
                         kind='unanswerable', type='none'))
    for n, r in enumerate(rows, 1):
        r['id'] = f'fresh5-en-{n:03d}'

    return seeded_split(rows, SEED)


def main(argv=None):
    ap = argparse.ArgumentParser(description='Write qa_en.jsonl from questions_en.py.')
    ap.add_argument('-o', '--out', type=Path, default=HERE / 'qa_en.jsonl', metavar='FILE',
                    help='output file (default: qa_en.jsonl next to this script)')
    ap.add_argument('--verify-sources', action='store_true',
                    help='check docs/ against the original files first; write nothing on a mismatch')
    args = ap.parse_args(argv)
    if args.verify_sources:
        problems = verify_sources()
        for m in problems:
            print('ERROR', m, file=sys.stderr)
        if problems:
            return 1
        print('docs/ matches the original files')
    rows = build_rows()
    with args.out.open('w', encoding='utf-8') as f:
        for r in rows:
            f.write(json.dumps({k: r[k] for k in KEYS}, ensure_ascii=False) + '\n')
    print('wrote', len(rows), 'questions to', args.out)
    return 0


if __name__ == '__main__':
    sys.exit(main())
