#!/usr/bin/env python3
"""Builds qa_ar.jsonl (Arabic questions) for the realdocs_fresh6 benchmark.

The hand-written questions live in questions_ar.py (AR, AR_EN, UNANS); this script assigns ids
(fresh6-ar-NNN, in the order ar, ar->en, unanswerable) and the seeded fit/report split, and
writes qa_ar.jsonl next to this script (or --out). Rerunning gives a byte-identical file.
Stdlib only. Run from anywhere, e.g. from the repository root:

    python3 bench/realdocs_fresh6/build_ar.py [--out /tmp/qa_ar.jsonl] [--verify-sources [PKG]]

--verify-sources [PKG] (optional; --pkg PKG is the same): PKG is the tree from
`dpkg-deb -x debian-handbook_11.20220922_all.deb PKG` (default /tmp/hb6/pkg); every document of this
set in docs/ is first checked byte for byte against
PKG/usr/share/doc/debian-handbook/html/<lang dir>/<page>, and nothing is written on a mismatch.
"""
import argparse
import collections
import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(1, str(HERE.parent / 'realdocs_fresh'))
from questions_ar import AR, AR_EN, SOURCES, UNANS  # noqa: E402
from split import seeded_split  # noqa: E402

DOCS = HERE / 'docs'
SEED = 2030
DEFAULT_PKG = Path('/tmp/hb6/pkg')
KEYS = ['id', 'question', 'lang', 'doc', 'page', 'answers', 'answerable', 'kind', 'type', 'half']


def check_docs_against_pkg(pkg):
    """Return a list of problems: documents of this set that are not byte-identical to pkg."""
    html_root = pkg / 'usr/share/doc/debian-handbook/html'
    if not html_root.is_dir():
        return [f'{html_root} is not a directory (expected the tree extracted with dpkg-deb -x)']
    problems = []
    for name, (lang_dir, page) in sorted(SOURCES.items()):
        orig, copy = html_root / lang_dir / page, DOCS / name
        if not orig.is_file():
            problems.append(f'{name}: original {orig} not found')
        elif not copy.is_file():
            problems.append(f'{name}: missing in docs/')
        elif orig.read_bytes() != copy.read_bytes():
            problems.append(f'{name}: differs from {orig}')
    return problems


def build_rows():
    rows = []

    def add(**kw):
        kw['id'] = f'fresh6-ar-{len(rows) + 1:03d}'
        kw['lang'] = 'ar'
        kw['page'] = None
        rows.append(kw)

    for questions, kind in ((AR, 'ar'), (AR_EN, 'ar->en')):
        for doc, q, ans, typ in questions:
            add(question=q, doc=doc, answers=list(ans), answerable=True, kind=kind, type=typ)
    for q, _terms in UNANS:
        add(question=q, doc=None, answers=[], answerable=False, kind='unanswerable', type='none')

    return seeded_split(rows, SEED)


def main(argv=None):
    ap = argparse.ArgumentParser(description='Write qa_ar.jsonl from the questions in questions_ar.py.')
    ap.add_argument('--verify-sources', '--pkg', dest='pkg', type=Path, metavar='PKG', nargs='?',
                    const=DEFAULT_PKG,
                    help='optional: extracted debian-handbook .deb (dpkg-deb -x DEB PKG, default '
                         f'{DEFAULT_PKG}); first check that each document of the set equals its '
                         'original, write nothing if not')
    ap.add_argument('-o', '--out', type=Path, default=HERE / 'qa_ar.jsonl', metavar='FILE',
                    help='output file (default: qa_ar.jsonl next to this script)')
    args = ap.parse_args(argv)
    if args.pkg is not None:
        problems = check_docs_against_pkg(args.pkg)
        for m in problems:
            print('ERROR', m, file=sys.stderr)
        if problems:
            return 1
        print(f'docs/ matches {args.pkg}')

    rows = build_rows()
    with args.out.open('w', encoding='utf-8') as f:
        for r in rows:
            f.write(json.dumps({k: r[k] for k in KEYS}, ensure_ascii=False) + '\n')
    c = collections.Counter((r['kind'], r['half']) for r in rows)
    print('wrote', len(rows), 'questions to', args.out, dict(sorted(c.items())))
    return 0


if __name__ == '__main__':
    sys.exit(main())
