#!/usr/bin/env python3
"""Sanity checks for the Arabic questions of the realdocs_fresh2 benchmark (stdlib only).

Reads qa_ar.jsonl and the documents of this set (questions_ar.SOURCES) in docs/, all next to this
script; other files in docs/ (the English set's) are ignored. Checks: document sha256 and
reserved pages, row schema and ids, duplicate questions, that every gold answer occurs as a
whole word in its document's visible body text (not only in headings/navigation), that "ar"
gold occurs inside an Arabic paragraph, that "ar->en" gold is English and occurs in no Arabic
document of the set, and the fit/report split balance. Lists the key-term hits of the
unanswerable questions. Prints a report ending in a SUMMARY line; exit code 0 = no errors.

    python3 bench/realdocs_fresh2/check_ar.py

The checks shared with the other sets are in bench/realdocs_fresh/qacheck*.py.
"""
import collections
import html
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent / 'realdocs_fresh'))
import qacheck  # noqa: E402
import qacheck_ar  # noqa: E402
import textutil  # noqa: E402  (bench/realdocs_fresh/textutil.py, shared, not copied)
from pagetext import longest_shared_run  # noqa: E402
from questions_ar import SHA256, SOURCES, UNANS  # noqa: E402
from textutil import arabic_share, contains_word, normalize, visible_text  # noqa: E402

DOCS = HERE / 'docs'
QA = HERE / 'qa_ar.jsonl'
# reserved pages: never used for anything (this set also kept R-admin.pdf out)
RESERVED = qacheck_ar.RESERVED | {'R-admin.pdf'}
RESERVED_WORDS = ('r-admin', *qacheck_ar.RESERVED_WORDS)
BLOCK_TAGS = {'p', 'div', 'li', 'pre', 'td', 'th', 'dt', 'dd', 'table', 'ul', 'ol', 'blockquote'}


class _Blocks(textutil._P):
    """Body-only visible text with a NUL mark at every block boundary."""

    def handle_starttag(self, tag, attrs):
        if tag in BLOCK_TAGS:
            self.out.append('\x00')
        super().handle_starttag(tag, attrs)

    def handle_endtag(self, tag):
        if tag in BLOCK_TAGS:
            self.out.append('\x00')
        super().handle_endtag(tag)


def arabic_blocks(raw):
    p = _Blocks(' ', True)
    p.feed(raw)
    p.close()
    text = html.unescape(''.join(p.out))
    return [normalize(b) for b in text.split('\x00') if arabic_share(b) > 0.5 and b.strip()]


def load_docs(rep):
    docs = {}
    for name, (lang_dir, page) in sorted(SOURCES.items()):
        path = DOCS / name
        if not path.is_file():
            rep.err(f'document missing: docs/{name}')
            continue
        data = path.read_bytes()
        raw = data.decode('utf-8')
        qacheck_ar.check_source(name, data, lang_dir, page, SHA256, rep, RESERVED, RESERVED_WORDS)
        docs[name] = {
            'full': [normalize(visible_text(raw, s)) for s in (' ', '')],
            'body': [normalize(visible_text(raw, s, body_only=True)) for s in (' ', '')],
            'ar_blocks': arabic_blocks(raw) if lang_dir == 'ar-MA' else [],
            'ar_share': arabic_share(visible_text(raw, ' ')),
            'lang_dir': lang_dir, 'size': len(data),
        }
    return docs


def in_any(texts, a):
    return any(contains_word(t, a) for t in texts)


def check_gold(r, docs, ar_docs, rep):
    """The gold of an answerable row: a whole word of the page's body text (an Arabic paragraph's for
    "ar"); returns the number of gold strings checked."""
    rid, kind, doc = r.get('id'), r.get('kind'), r.get('doc')
    D = docs[doc]
    # longest_shared_run normalises pagetext's way, which leaves textutil-normalised text as it is
    run = longest_shared_run(normalize(r['question']), D['full'][0])
    if run >= qacheck_ar.COPY_NGRAM:
        rep.warn(f'{rid}: question shares {run} consecutive words with {doc}')
    ans = r.get('answers') or []
    qacheck_ar.check_gold_count(rid, ans, normalize, rep)
    for a in ans:
        if contains_word(normalize(r['question']), a):
            rep.warn(f'{rid}: gold {a!r} is given away in the question')
        if not in_any(D['full'], a):
            rep.err(f'{rid}: gold {a!r} not in visible text of {doc}')
            continue
        if not in_any(D['body'], a):
            rep.err(f'{rid}: gold {a!r} only in a heading/navigation of {doc}')
        elif not all(contains_word(t, a) for t in D['body']):
            rep.warn(f'{rid}: gold {a!r} matches only with one tag-joining convention')
        if kind == 'ar' and not in_any(D['ar_blocks'], a):
            rep.err(f'{rid}: ar gold {a!r} not inside an Arabic paragraph of {doc}')
        if kind == 'ar->en':
            qacheck_ar.check_en_gold(rid, a, docs, ar_docs, rep, in_any)
    return len(ans)


def main():
    rep = qacheck.Report()
    docs = load_docs(rep)
    ar_docs = qacheck_ar.print_docs(docs, SOURCES, DOCS, lambda D: f', Arabic paragraphs {len(D["ar_blocks"])}')
    rows = qacheck_ar.read_questions(QA, rep, normalize)
    n_gold = 0
    for r in rows:
        if qacheck_ar.check_row(r, docs, rep, RESERVED_WORDS, id_pattern=r'fresh2-ar-\d{3}'):
            n_gold += check_gold(r, docs, ar_docs, rep)
    for _r, terms in qacheck.unanswerable_rows(rows, UNANS, normalize, rep, qacheck_ar.UNANS_TITLE, empty_ok=False):
        for t in terms:
            tn = normalize(t)
            hits = [d for d in docs if tn in docs[d]['full'][0]]
            print(f'      term {t!r}: ' + (', '.join(hits) if hits else 'no hit'))
            for d in hits:
                s = docs[d]['full'][0]
                i = s.find(tn)
                print(f'         ...{s[max(0, i - 60):i + len(tn) + 60]}...')
    qacheck.report_split(rows, qacheck_ar.KINDS, rep, overall_counts=True)
    qacheck.print_kind_type_counts(rows, 'per')
    print('== counts per doc:')
    for d, c in sorted(collections.Counter(r['doc'] for r in rows if r.get('doc')).items()):
        print(f'   {c:3d} {d}')
    return rep.finish(len(rows), n_gold)


if __name__ == '__main__':
    sys.exit(main())
