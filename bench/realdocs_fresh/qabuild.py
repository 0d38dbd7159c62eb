"""Writing a blind set's qa_ar.jsonl / qa_en.jsonl from its hand-written questions: ids, the
seeded split (split.py), the check that docs/ holds the original files, the file itself. The
build scripts of realdocs_fresh2 to realdocs_fresh6 call it; each carried a copy before, differing
only in its set's name, seed and sources. Stdlib only; the rows must stay byte-identical."""
import argparse
import collections
import json
import sys
from pathlib import Path

from split import seeded_split

KEYS = ['id', 'question', 'lang', 'doc', 'page', 'answers', 'answerable', 'kind', 'type', 'half']
HANDBOOK_HTML = 'usr/share/doc/debian-handbook/html'


def ar_rows(ar, ar_en, unans, prefix, seed):
    """Arabic rows in the order ar, ar->en, unanswerable, ids `<prefix>-NNN`, split by `seed`."""
    rows = []
    for questions, kind in ((ar, 'ar'), (ar_en, 'ar->en')):
        for doc, q, ans, typ in questions:
            rows.append(dict(question=q, doc=doc, answers=list(ans), answerable=True, kind=kind,
                             type=typ))
    for q, _terms in unans:
        rows.append(dict(question=q, doc=None, answers=[], answerable=False, kind='unanswerable',
                         type='none'))
    for n, r in enumerate(rows, 1):
        r.update(id=f'{prefix}-{n:03d}', lang='ar', page=None)
    return seeded_split(rows, seed)


def en_rows(en, unans, prefix, seed):
    """English rows, answerable then unanswerable, ids `<prefix>-NNN`, split by `seed`."""
    rows = [dict(question=q, lang='en', doc=doc, page=page, answers=list(ans), answerable=True,
                 kind='en', type=typ) for doc, page, q, ans, typ in en]
    rows += [dict(question=q, lang='en', doc=None, page=None, answers=[], answerable=False,
                  kind='unanswerable', type='none') for q, _terms in unans]
    for n, r in enumerate(rows, 1):
        r['id'] = f'{prefix}-{n:03d}'
    return seeded_split(rows, seed)


def handbook_problems(sources, docs, pkg):
    """Documents of `sources` ({name: (lang dir, page)}) in `docs` that are not byte-identical to
    the debian-handbook tree extracted at `pkg`."""
    html_root = pkg / HANDBOOK_HTML
    if not html_root.is_dir():
        return [f'{html_root} is not a directory (expected the tree extracted with dpkg-deb -x)']
    return _problems({name: html_root / lang_dir / page
                      for name, (lang_dir, page) in sorted(sources.items())}, docs)


def origin_problems(origins, docs):
    """Documents of `origins` ({name: original path}) in `docs` that are not byte-identical."""
    return _problems({name: Path(orig) for name, orig in origins.items()}, docs)


def _problems(originals, docs):
    problems = []
    for name, orig in originals.items():
        copy = docs / name
        if not orig.is_file():
            problems.append(f'{name}: original {orig} not found')
        elif not copy.is_file():
            problems.append(f'{name}: missing in docs/')
        elif orig.read_bytes() != copy.read_bytes():
            problems.append(f'{name}: differs from {orig}')
    return problems


def main_ar(argv, here, build_rows, sources, default_pkg):
    """`build_ar.py`: check docs/ against the handbook package when asked, write qa_ar.jsonl."""
    ap = argparse.ArgumentParser(description='Write qa_ar.jsonl from the questions in questions_ar.py.')
    ap.add_argument('--verify-sources', '--pkg', dest='pkg', type=Path, metavar='PKG', nargs='?',
                    const=default_pkg,
                    help='optional: extracted debian-handbook .deb (dpkg-deb -x DEB PKG, default '
                         f'{default_pkg}); first check that each document of the set equals its '
                         'original, write nothing if not')
    ap.add_argument('-o', '--out', type=Path, default=here / 'qa_ar.jsonl', metavar='FILE',
                    help='output file (default: qa_ar.jsonl next to this script)')
    args = ap.parse_args(argv)
    if args.pkg is not None:
        if _report(handbook_problems(sources, here / 'docs', args.pkg)):
            return 1
        print(f'docs/ matches {args.pkg}')
    rows = build_rows()
    _write(rows, args.out)
    c = collections.Counter((r['kind'], r['half']) for r in rows)
    print('wrote', len(rows), 'questions to', args.out, dict(sorted(c.items())))
    return 0


def main_en(argv, here, build_rows, origins):
    """`build_en.py`: check docs/ against the original files when asked, write qa_en.jsonl."""
    ap = argparse.ArgumentParser(description='Write qa_en.jsonl from questions_en.py.')
    ap.add_argument('-o', '--out', type=Path, default=here / 'qa_en.jsonl', metavar='FILE',
                    help='output file (default: qa_en.jsonl next to this script)')
    ap.add_argument('--verify-sources', action='store_true',
                    help='check docs/ against the original files first; write nothing on a mismatch')
    args = ap.parse_args(argv)
    if args.verify_sources:
        if _report(origin_problems(origins, here / 'docs')):
            return 1
        print('docs/ matches the original files')
    rows = build_rows()
    _write(rows, args.out)
    print('wrote', len(rows), 'questions to', args.out)
    return 0


def _report(problems):
    for m in problems:
        print('ERROR', m, file=sys.stderr)
    return bool(problems)


def _write(rows, out):
    with out.open('w', encoding='utf-8') as f:
        for r in rows:
            f.write(json.dumps({k: r[k] for k in KEYS}, ensure_ascii=False) + '\n')
