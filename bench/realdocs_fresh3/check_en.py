#!/usr/bin/env python3
"""Sanity checks for the English realdocs_fresh3 question set (qa_en.jsonl).

Stdlib only, except pypdfium2 for the PDF (falls back to `pdftotext` (pages split at form feeds) when
pypdfium2 is not importable; when started by a Python without pypdfium2 it first reruns itself with
/work/main/.venv/bin/python if that exists), so preferably run it with the project venv:

    /work/main/.venv/bin/python bench/realdocs_fresh3/check_en.py

Checks: row schema and ids, duplicates, that qa_en.jsonl equals what build_en.py generates, that
only the four English documents are used (no reserved or excluded document, and no handbook
section already used by another realdocs set), that every gold answer occurs
as a whole word in its document's visible text (PDF: on the given physical page; HTML: via
bench/realdocs_fresh/textutil.py) and not only in a heading, and the fit/report split balance.
Warns when a question shares 8+ consecutive words with its document. Lists where the key terms of
the unanswerable questions occur (whole-word, casefolded). Ends with a SUMMARY line; exit code 0 = no errors.
"""
import collections
import json
import re
import sys
from pathlib import Path

sys.dont_write_bytecode = True  # leave no __pycache__ here or in ../realdocs_fresh
HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(1, str(HERE.parent / 'realdocs_fresh'))
from build_en import KEYS, ORIGINS, build_rows  # noqa: E402
from questions_en import UNANS  # noqa: E402
from textutil import contains_word, normalize, pdf_pages, visible_text  # noqa: E402

DOCS = HERE / 'docs'
QA = HERE / 'qa_en.jsonl'
TYPES = {'fact', 'numeric', 'command', 'definition', 'none'}
RESERVED = ['r-admin', 'quotas', 'task-scheduling-cron-atd', 'manipulating-packages-with-dpkg',
            'asynchronous-task-scheduling-anacron', 'remote-login', 'rights-management']
# already used elsewhere or excluded by the brief for this set
EXCLUDED = ['libtasn1', 'shared-mime-info', 'r-data', 'r-intro', 'r-exts', 'r-lang', 'apt-cache', 'apt-get',
            'dhcp', 'firewall', 'kernel-compilation', 'network-config', 'vpn', 'virtual-private-network',
            'http-web-server', 'nfs', 'domain-name-servers', 'http-ftp-proxy', 'ldap', 'samba', 'bootloader',
            'package-authentication', 'x509', 'monitoring', 'apt-package-repository', 'building-first-package',
            'ipv6', 'supervision', 'inetd', 'shell-environment', 'apparmor', 'selinux', 'backup', 'syslog',
            'hotplug']
# a PDF line is treated as a heading if it is a numbered section title of the tutorial ("4. Elementary
# Arithmetic Functions.", "12.1. Elements.") or the Table of Contents page
HEADING = re.compile(r'^\d+(\.\d+)*\.\s+[A-Z].{0,70}\.$|^.*(\. ){5,}.*$')
errors, warnings = [], []


def load_docs():
    docs = {}
    for name in ORIGINS:
        p = DOCS / name
        if not p.is_file():
            errors.append(f'missing document {p}')
            continue
        if name.endswith('.pdf'):
            docs[name] = {'pages': pdf_pages(p, HEADING, warnings)}
        else:
            raw = p.read_text(encoding='utf-8')
            docs[name] = {'full': [normalize(visible_text(raw, s)) for s in (' ', '')],
                          'body': [normalize(visible_text(raw, s, body_only=True)) for s in (' ', '')]}
    return docs


def doc_texts(d):
    return [full for full, _b in d['pages']] if 'pages' in d else [d['full'][0]]


def main():
    docs = load_docs()
    print(f'== {len(docs)} documents: ' + ', '.join(
        f'{n} ({len(d["pages"])} pages)' if 'pages' in d else n for n, d in docs.items()))
    for n in list(ORIGINS) + [p.name for p in DOCS.iterdir() if p.name.startswith('en-')]:
        if any(r in n.lower() for r in RESERVED):
            errors.append(f'reserved document present: {n}')
        if any(r in n.lower() for r in EXCLUDED):
            errors.append(f'excluded document present: {n}')
    # no handbook section may already be used by another realdocs set (docs/ names or SOURCES*.md)
    used = set()
    for other in [*HERE.parent.glob('realdocs_*'), HERE.parents[2] / 'shared/data/realdocs']:
        if other.resolve() == HERE:
            continue
        names = [p.name for p in (other / 'docs').glob('*')] if (other / 'docs').is_dir() else []
        names += [p.read_text(encoding='utf-8', errors='replace') for p in other.glob('SOURCES*.md')]
        for t in names:
            used.update(re.findall(r'sect\.[a-z0-9-]+', t))
    for n in ORIGINS:
        m = re.search(r'sect\.[a-z0-9-]+', n)
        if m and m.group(0) in used:
            errors.append(f'handbook section already used by another set: {n}')

    rows = []
    text = QA.read_text(encoding='utf-8')
    for n, line in enumerate(text.splitlines(), 1):
        try:
            rows.append(json.loads(line))
        except json.JSONDecodeError as e:
            errors.append(f'line {n}: bad JSON: {e}')
    print(f'== {len(rows)} questions')
    expected = ''.join(json.dumps({k: r[k] for k in KEYS}, ensure_ascii=False) + '\n' for r in build_rows())
    if expected != text:
        errors.append('qa_en.jsonl differs from what build_en.py generates (rerun build_en.py)')

    for i, c in collections.Counter(r.get('id') for r in rows).items():
        if c > 1:
            errors.append(f'duplicate id {i}')
    for q, c in collections.Counter(normalize(r.get('question', '')).rstrip('?') for r in rows).items():
        if c > 1:
            errors.append(f'duplicate question: {q}')

    n_gold = 0
    for r in rows:
        rid = r.get('id')
        if list(r) != KEYS:
            errors.append(f'{rid}: fields {list(r)} != {KEYS}')
            continue
        if not re.fullmatch(r'fresh3-en-\d{3}', rid or ''):
            errors.append(f'{rid}: bad id')
        if r['lang'] != 'en' or any('\u0600' <= c <= '\u06ff' for c in r['question']):
            errors.append(f'{rid}: not an English row')
        if r['type'] not in TYPES or r['half'] not in ('fit', 'report'):
            errors.append(f'{rid}: bad type/half')
        if r['kind'] == 'unanswerable':
            if (r['answerable'], r['doc'], r['page'], r['answers'], r['type']) != (False, None, None, [], 'none'):
                errors.append(f'{rid}: unanswerable needs answerable=false, doc/page=null, answers=[], type=none')
            continue
        if r['kind'] != 'en' or r['answerable'] is not True or r['type'] == 'none':
            errors.append(f'{rid}: bad kind/answerable/type')
        doc = r['doc']
        if doc not in docs:
            errors.append(f'{rid}: doc {doc} is not one of the four documents')
            continue
        D = docs[doc]
        if 'pages' in D:
            if not isinstance(r['page'], int) or not 1 <= r['page'] <= len(D['pages']):
                errors.append(f'{rid}: bad page {r["page"]} for {doc}')
                continue
            full, body = D['pages'][r['page'] - 1]
            fulls, bodies = [full], [body]
        else:
            if r['page'] is not None:
                errors.append(f'{rid}: page must be null for HTML')
            fulls, bodies = D['full'], D['body']
        ans = r['answers']
        if not (1 <= len(ans) <= 3) or len(set(ans)) != len(ans):
            errors.append(f'{rid}: needs 1-3 distinct gold answers')
        for a in ans:
            n_gold += 1
            if not any(contains_word(t, a) for t in fulls):
                where = f'page {r["page"]} of {doc}' if r['page'] else doc
                errors.append(f'{rid}: gold {a!r} not found as a whole word on {where}')
            elif not any(contains_word(t, a) for t in bodies):
                errors.append(f'{rid}: gold {a!r} only in a heading of {doc}')
            elif 'pages' not in D and not all(contains_word(t, a) for t in fulls):
                warnings.append(f'{rid}: gold {a!r} matches with only one tag-joining convention')
        qw = re.findall(r'\w+', normalize(r['question']))
        for k in range(len(qw) - 7):
            if any(' '.join(qw[k:k + 8]) in ' '.join(re.findall(r'\w+', t)) for t in doc_texts(D)):
                warnings.append(f'{rid}: question shares 8+ consecutive words with {doc}')
                break

    print('== unanswerable questions: key terms and where they occur in the four documents')
    terms_by_q = {normalize(q): t for q, t in UNANS}
    for r in rows:
        if r.get('kind') != 'unanswerable':
            continue
        terms = terms_by_q.get(normalize(r['question']))
        if terms is None:
            errors.append(f'{r["id"]}: no key terms recorded in UNANS')
            continue
        print(f'  {r["id"]} {r["question"]}')
        for t in terms:
            nt, hits = normalize(t), []
            for name, D in docs.items():
                for pno, s in enumerate(doc_texts(D), 1):
                    m = re.search(r'(?<!\w)' + re.escape(nt) + r'(?!\w)', s)
                    if m:
                        i = m.start()
                        loc = f'{name} p.{pno}' if 'pages' in D else name
                        hits.append(f'{loc}: ...{s[max(0, i - 60):i + len(nt) + 60]}...')
            print(f'      term {t!r}: ' + (f'{len(hits)} hit(s)' if hits else 'no hit'))
            for h in hits[:4]:
                print('         ' + h)
            if len(hits) > 4:
                print(f'         (+{len(hits) - 4} more)')

    print('== split')
    kc = collections.Counter((r.get('kind'), r.get('half')) for r in rows)
    for k in ('en', 'unanswerable'):
        f_, rp = kc[(k, 'fit')], kc[(k, 'report')]
        print(f'  {k:13s} fit={f_:3d} report={rp:3d}')
        if abs(f_ - rp) > 1:
            errors.append(f'half imbalance for kind {k}: {f_} vs {rp}')
    tot = collections.Counter(r.get('half') for r in rows)
    print(f'  {"total":13s} fit={tot["fit"]:3d} report={tot["report"]:3d}')
    if abs(tot['fit'] - tot['report']) > 1:
        errors.append('overall half imbalance')
    print('== counts by kind:', dict(collections.Counter(r.get('kind') for r in rows)))
    print('== counts by type:', dict(collections.Counter(r.get('type') for r in rows)))
    print('== counts by doc (type):')
    for d in ORIGINS:
        c = collections.Counter(r['type'] for r in rows if r.get('doc') == d)
        print(f'   {sum(c.values()):3d} {d} {dict(sorted(c.items()))}')
    print(f'== gold strings checked: {n_gold}')
    for w in warnings:
        print('WARN', w)
    for e in errors:
        print('ERROR', e)
    print(f'SUMMARY: {len(rows)} questions, {len(errors)} errors, {len(warnings)} warnings')
    return 1 if errors else 0


def _reexec_with_venv():
    """When run by a Python without pypdfium2, rerun this script with the project venv if it has it."""
    try:
        import pypdfium2  # noqa: F401
        return
    except ImportError:
        pass
    import os
    venv = HERE.parents[1] / '.venv' / 'bin' / 'python'
    if venv.is_file() and os.environ.get('FRESH3_CHECK_REEXEC') != '1':
        os.environ['FRESH3_CHECK_REEXEC'] = '1'
        os.execv(str(venv), [str(venv), str(Path(__file__).resolve()), *sys.argv[1:]])


if __name__ == '__main__':
    _reexec_with_venv()
    sys.exit(main())
