#!/usr/bin/env python3
"""Builds qa_en.jsonl for the realdocs_fresh4 benchmark from the questions in questions_en.py.

Assigns ids (fresh4-en-NNN) and the seeded fit/report split and writes qa_en.jsonl next to this
script (or --out). Stdlib only. Rerunning gives a byte-identical file. Run from anywhere, e.g.:

    python3 bench/realdocs_fresh4/build_en.py [--out /tmp/qa_en.jsonl] [--verify-sources]

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
    # apt-get download auto-multiple-choice-doc-pdf; dpkg-deb -x auto-multiple-choice-doc-pdf_1.6.0-1_all.deb /tmp/f4/auto-multiple-choice-doc-pdf
    'en-auto-multiple-choice.pdf':
        '/tmp/f4/auto-multiple-choice-doc-pdf/usr/share/doc/auto-multiple-choice/auto-multiple-choice.en.pdf',
    'en-handbook-sect.dist-upgrade.html': HB + 'sect.dist-upgrade.html',
    'en-handbook-sect.apt-frontends.html': HB + 'sect.apt-frontends.html',
    'en-handbook-sect.rtc-services.html': HB + 'sect.rtc-services.html',
}
KEYS = ['id', 'question', 'lang', 'doc', 'page', 'answers', 'answerable', 'kind', 'type', 'half']
SEED = 2028


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
        r['id'] = f'fresh4-en-{n:03d}'

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
