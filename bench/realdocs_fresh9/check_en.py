#!/usr/bin/env python3
"""Sanity checks for the English realdocs_fresh9 question set (qa_en.jsonl).

Stdlib only (the documents are all HTML, read with bench/realdocs_fresh/textutil.py as the earlier sets'
HTML pages are: tags, scripts and styles stripped, whitespace collapsed, casefolded). Run from anywhere:

    python3 bench/realdocs_fresh9/check_en.py

Checks: that the ten documents are byte-identical to the copies recorded in build_en.SHA256 (and to their
installed originals in ORIGINS when present), that docs/ holds exactly these ten files and under 3 MB in
all, that no other bench/realdocs_* set uses them (its docs/ file names and the table rows of its
SOURCES*.md must not name Valgrind, Node.js or any of the ten original pages), row schema and ids,
duplicates, that qa_en.jsonl equals what build_en.py generates, the question mix (30 what-is, 20
defaults/values, 20 how-to/why, 20 unanswerable; 90 in all), that every gold answer occurs as a whole word
in its document's visible text and not only in a heading, and the fit/report split balance. Warns when a
question shares 8+ consecutive words with its document. Lists where the key terms of the unanswerable
questions occur (whole-word, casefolded) in the ten documents; the first (core) term of each must occur
nowhere. Ends with a SUMMARY line; exit code 0 = no errors.
The checks shared with the other sets are in bench/realdocs_fresh/qacheck*.py.
"""
import re
import sys
from pathlib import Path

sys.dont_write_bytecode = True  # leave no __pycache__ here or in ../realdocs_fresh
HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(1, str(HERE.parent / 'realdocs_fresh'))
import qacheck  # noqa: E402
import qacheck_en  # noqa: E402
from build_en import KEYS, ORIGINS, SHA256, build_rows  # noqa: E402
from questions_en import HOWTO, UNANS, VALUES, WHAT  # noqa: E402

DOCS = HERE / 'docs'
QA = HERE / 'qa_en.jsonl'
MAX_TOTAL_BYTES = 3_000_000
MIX = {'what': (WHAT, 30), 'values': (VALUES, 20), 'howto': (HOWTO, 20), 'unanswerable': (UNANS, 20)}
# names that would show another set uses one of this set's documents (casefolded substrings of the other
# sets' docs/ file names and SOURCES*.md table rows)
TOKENS = ['valgrind', 'nodejs', 'node.js', 'memcheck', 'massif', 'cachegrind',
          *[Path(o).name.lower() for o in ORIGINS.values()]]


def other_sets():
    """The other bench/realdocs_* folders (not the shared data: this set's brief limits what it reads)."""
    return sorted(d for d in HERE.parent.glob('realdocs_*') if d.is_dir() and d.resolve() != HERE)


def check_unused_elsewhere(rep):
    """No other realdocs set may name this set's documents in its docs/ file names or SOURCES*.md table rows.
    Bare page names (path.html, os.html, ...) are matched as whole file names, the rest as substrings."""
    n_sets = 0
    for other in other_sets():
        n_sets += 1
        names = [p.name.lower() for p in (other / 'docs').glob('*')] if (other / 'docs').is_dir() else []
        rows = [ln.lower() for p in other.glob('SOURCES*.md')
                for ln in p.read_text(encoding='utf-8', errors='replace').splitlines() if ln.startswith('|')]
        for tok in TOKENS:
            if tok.endswith('.html'):
                pat = re.compile(r'(?<![\w.-])' + re.escape(tok) + r'(?![\w.-])')
                hit = [s for s in names + rows if pat.search(s) or s.endswith('-' + tok)]
            else:
                hit = [s for s in names + rows if tok in s]
            if hit:
                rep.err(f'{other.name} names {tok!r}: {hit[:3]}')
    print(f'   checked {n_sets} other realdocs sets: docs/ names and SOURCES*.md table rows')


def check_docs_dir(rep):
    present = sorted(p.name for p in DOCS.iterdir())
    extra = [n for n in present if n not in ORIGINS]
    if extra:
        rep.err(f'unexpected files in docs/: {extra}')
    for n in ORIGINS:
        if 'r-admin' in n.lower():
            rep.err(f'reserved document present: {n}')
    total = sum((DOCS / n).stat().st_size for n in present)
    print(f'   docs/: {len(present)} files, {total} bytes')
    if total > MAX_TOTAL_BYTES:
        rep.err(f'docs/ holds {total} bytes (> {MAX_TOTAL_BYTES})')


def check_mix(rows, rep):
    for name, (lst, want) in MIX.items():
        print(f'   {name}: {len(lst)}')
        if len(lst) != want:
            rep.err(f'{name}: {len(lst)} questions, expected {want}')
    if len(rows) != sum(w for _l, w in MIX.values()):
        rep.err(f'{len(rows)} rows, expected {sum(w for _l, w in MIX.values())}')
    lower = sum(1 for r in rows if r['question'] == r['question'].lower())
    short = sum(1 for r in rows if len(r['question'].split()) <= 5)
    print(f'   chat style: {lower} all lower case, {short} of 5 words or fewer, '
          f'{sum(1 for r in rows if r["question"].endswith("?"))} ending with "?"')


def main():
    rep = qacheck.Report()
    docs = qacheck_en.load_docs(ORIGINS, DOCS, rep, lambda p: [])
    qacheck_en.check_files(ORIGINS, SHA256, DOCS, docs, (0, 0), rep)
    qacheck_en.check_names(ORIGINS, DOCS, rep, ['r-admin'])
    check_docs_dir(rep)
    check_unused_elsewhere(rep)
    rows, n_gold = qacheck_en.check_questions(QA, KEYS, build_rows, docs, rep, 'fresh9-en',
                                              'ten documents of this set')
    print('== question mix:')
    check_mix(rows, rep)
    scan = {n: qacheck_en.doc_texts(D) for n, D in docs.items()}
    qacheck_en.scan_unanswerable(
        rows, UNANS, scan, rep, '== unanswerable questions: key terms and where they occur in the ten documents '
        '(the first term of each question must occur nowhere)', first_term_absent=True)
    return qacheck_en.finish(rows, ORIGINS, rep, n_gold)


if __name__ == '__main__':
    sys.exit(main())
