#!/usr/bin/env python3
"""Builds qa_en.jsonl for the realdocs_fresh6 benchmark from the questions in questions_en.py.

Assigns ids (fresh6-en-NNN) and the seeded fit/report split and writes qa_en.jsonl next to this
script (or --out). Stdlib only. Rerunning gives a byte-identical file. Run from anywhere, e.g.:

    python3 bench/realdocs_fresh6/build_en.py [--out /tmp/qa_en.jsonl] [--verify-sources]

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
KEYS = ['id', 'question', 'lang', 'doc', 'page', 'answers', 'answerable', 'kind', 'type', 'half']
SEED = 2030


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
        r['id'] = f'fresh6-en-{n:03d}'

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
