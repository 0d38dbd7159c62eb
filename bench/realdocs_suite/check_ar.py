#!/usr/bin/env python3
"""Quality check for the Arabic part of the realdocs suite (qa_ar.jsonl).

Standard library only for HTML; DOCX/PPTX documents need python-docx /
python-pptx. For every answerable question, verifies that at least one gold
string (or an alternative) occurs in the text of its document, whitespace
normalised: HTML visible text (tags stripped, script/style dropped); DOCX
paragraphs + tables; Markdown raw text; PPTX per slide (shapes + speaker
notes), on the stated 1-based slide or its neighbours +-1. Also checks
the schema, the half-split rule, the kind counts, and reports the share of
Arabic letters in each ar-* document.

Usage: python check_ar.py [-v]
"""
import collections
import json
import os
import re
import sys
import unicodedata
from html.parser import HTMLParser

HERE = os.path.dirname(os.path.abspath(__file__))
DOCS = os.path.join(HERE, 'docs')
QA = os.path.join(HERE, 'qa_ar.jsonl')

KINDS = {'ar', 'ar->en', 'unanswerable'}
TYPES = {'code', 'numeric', 'definition', 'procedure', 'fact', 'none'}
KEYS = ['id', 'question', 'lang', 'doc', 'page', 'answers', 'answerable', 'kind', 'type', 'half']


class _Text(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.parts = []
        self.skip = 0

    def handle_starttag(self, tag, attrs):
        if tag in ('script', 'style'):
            self.skip += 1

    def handle_endtag(self, tag):
        if tag in ('script', 'style') and self.skip:
            self.skip -= 1

    def handle_data(self, data):
        if not self.skip:
            self.parts.append(data)


def norm(s):
    # whitespace normalisation only (plus NFC); bidi marks are treated as spaces
    s = unicodedata.normalize('NFC', s)
    s = re.sub('[\u200e\u200f\u202a-\u202e\u2066-\u2069]', ' ', s)
    return ' '.join(s.split())


def visible_text(path):
    p = _Text()
    with open(path, encoding='utf-8') as f:
        p.feed(f.read())
    p.close()
    return norm(' '.join(p.parts))


def docx_text(path):
    import docx
    d = docx.Document(path)
    parts = [p.text for p in d.paragraphs]
    parts += [c.text for t in d.tables for row in t.rows for c in row.cells]
    return norm(' '.join(parts))


def pptx_slides(path):
    from pptx import Presentation
    out = []
    for slide in Presentation(path).slides:
        parts = [sh.text_frame.text for sh in slide.shapes if sh.has_text_frame]
        if slide.has_notes_slide:
            parts.append(slide.notes_slide.notes_text_frame.text)
        out.append(norm(' '.join(parts)))
    return out


def load(name):
    """List of texts: one per PPTX slide, a single one for HTML / DOCX / Markdown."""
    path = os.path.join(DOCS, name)
    if name.endswith('.pptx'):
        return pptx_slides(path)
    if name.endswith('.docx'):
        return [docx_text(path)]
    if name.endswith('.md'):
        with open(path, encoding='utf-8') as f:
            return [norm(f.read())]
    return [visible_text(path)]


def arabic_share(text):
    ar = len(re.findall('[\u0621-\u064A\u0671-\u06D3]', text))
    lat = len(re.findall('[A-Za-z]', text))
    return ar / (ar + lat) if ar + lat else 0.0


def main():
    verbose = '-v' in sys.argv
    texts = {}
    for name in sorted(os.listdir(DOCS)):
        if name.startswith('ar-') and name.endswith(('.html', '.docx')):
            texts[name] = load(name)

    print('Documents (Arabic-letter share of visible text):')
    for name, t in texts.items():
        print(f'  {name:<60} {arabic_share(t[0]):.2f}  ({len(t[0])} chars)')

    rows = []
    with open(QA, encoding='utf-8') as f:
        for ln, line in enumerate(f, 1):
            line = line.strip()
            if line:
                rows.append((ln, json.loads(line)))

    errors = []
    passed = failed = 0
    ids = set()
    seen_half = collections.defaultdict(int)
    for ln, r in rows:
        where = f"{r.get('id')} (line {ln})"
        if list(r.keys()) != KEYS:
            errors.append(f'{where}: keys {list(r.keys())}')
        if r['id'] in ids:
            errors.append(f'{where}: duplicate id')
        ids.add(r['id'])
        if r['kind'] not in KINDS:
            errors.append(f'{where}: bad kind')
        if r['type'] not in TYPES:
            errors.append(f'{where}: bad type')
        is_pptx = (r['doc'] or '').endswith('.pptx')
        if r['lang'] != 'ar' or (r['page'] is not None and not is_pptx):
            errors.append(f'{where}: lang/page')
        if is_pptx and not isinstance(r['page'], int):
            errors.append(f'{where}: PPTX row needs a slide number')
        # half rule: alternate fit/report within (doc, kind), first = fit
        key = (r['doc'], r['kind'])
        expect = 'fit' if seen_half[key] % 2 == 0 else 'report'
        seen_half[key] += 1
        if r['half'] != expect:
            errors.append('{}: half {}, expected {}'.format(where, r['half'], expect))
        if r['kind'] == 'unanswerable':
            if r['answerable'] or r['doc'] is not None or r['answers'] or r['type'] != 'none':
                errors.append(f'{where}: unanswerable fields')
            continue
        if not r['answerable'] or not r['answers']:
            errors.append(f'{where}: answerable fields')
            continue
        doc = r['doc']
        if doc not in texts and doc.startswith('en-') and os.path.exists(os.path.join(DOCS, doc)):
            texts[doc] = load(doc)
        if doc not in texts:
            errors.append(f'{where}: unknown doc {doc}')
            failed += 1
            continue
        if r['kind'] == 'ar' and not doc.startswith('ar-handbook-'):
            errors.append(f'{where}: kind ar on non-Arabic doc')
        if r['kind'] == 'ar->en' and not doc.startswith(('ar-src-en-handbook-', 'en-')):
            errors.append(f'{where}: kind ar->en on non-English doc')
        pages = texts[doc]
        if is_pptx:
            p = r['page']
            if not isinstance(p, int) or not 1 <= p <= len(pages):
                errors.append(f'{where}: bad slide {p}')
                failed += 1
                continue
            hay = ' '.join(pages[max(0, p - 2):p + 1])
        else:
            hay = pages[0]
        hits = [a for a in r['answers'] if norm(a) and norm(a) in hay]
        if hits:
            passed += 1
            if verbose:
                print('  ok   {} {!r}'.format(r['id'], hits[0]))
        else:
            failed += 1
            errors.append('{}: no gold string found in {}: {!r}'.format(where, doc, r['answers']))

    c = collections.Counter
    print(f'\nQuestions: {len(rows)}')
    print('  by kind: {}'.format(dict(c(r['kind'] for _, r in rows))))
    print('  by type: {}'.format(dict(c(r['type'] for _, r in rows))))
    print('  by half: {}'.format(dict(c(r['half'] for _, r in rows))))
    print('  by doc : {}'.format(dict(c(r['doc'] for _, r in rows))))
    how = sum(1 for _, r in rows if r['kind'] == 'ar' and 'كيف' in r['question'])
    print(f'  "كيف" questions (kind ar): {how}')
    print(f'\nGold check: {passed} passed, {failed} failed (answerable: {passed + failed})')
    for e in errors:
        print('ERROR', e)
    return 1 if errors else 0


if __name__ == '__main__':
    sys.exit(main())
