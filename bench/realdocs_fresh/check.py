#!/usr/bin/env python3
"""Sanity checks for the realdocs_fresh benchmark question set (stdlib only).

Reads qa.jsonl and the HTML pages in docs/, both next to this script, and checks: the row schema
and ids, duplicate questions, forbidden or insufficiently Arabic documents, that every gold
answer occurs as a whole word in the visible body text of its document (and, for ar->en rows, in
no Arabic document), and the fit/report split balance. It also lists the key-term hits of the
unanswerable questions. Prints a report ending in a SUMMARY line; exit code 0 = no errors.

Run from anywhere, e.g. from the repository root:

    python3 bench/realdocs_fresh/check.py
"""
import collections
import hashlib
import json
import re
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from build_qa import UNANS  # noqa: E402  (key terms chosen for the unanswerable questions)
from textutil import arabic_share, contains_word, normalize, visible_text  # noqa: E402

DOCS = HERE / 'docs'
QA = HERE / 'qa.jsonl'
FIELDS = ['id', 'question', 'lang', 'doc', 'page', 'answers', 'answerable', 'kind', 'type', 'half']
KINDS = {'en', 'ar', 'ar->en', 'unanswerable'}
TYPES = {'fact', 'numeric', 'command', 'definition', 'none'}
FORBIDDEN_EN = ['sect.apt-get', 'sect.firewall-packet-filtering', 'sect.kernel-compilation', 'sect.network-config',
                'sect.dhcp', 'sect.http-web-server', 'sect.nfs-file-server', 'sect.virtual-private-network',
                'sect.inetd', 'sect.shell-environment', 'sect.backup', 'sect.syslog', 'sect.user-space',
                'sect.apparmor', 'existing-setup', 'sect.coexistence-with-other-packaging-systems',
                'sect.how-to-migrate', 'sect.common-procedures', 'sect.quotas', 'sect.task-scheduling-cron-atd',
                'sect.manipulating-packages-with-dpkg', 'sect.asynchronous-task-scheduling-anacron',
                'sect.remote-login', 'sect.rights-management']
FORBIDDEN_AR = ['basic-configuration', 'sect.after-first-boot', 'sect.automatic-upgrades',
                'sect.dealing-with-compromised-machine', 'sect.network-diagnosis-tools',
                'sect.other-security-considerations', 'sect.user-group-databases', 'sect.why-gnu-linux', 'security',
                'network-infrastructure', 'sect.administration-interfaces', 'sect.hostname-name-service',
                'sect.hotplug', 'short-remedial-course', 'sect.backup', 'sect.syslog', 'sect.user-space',
                'creating-accounts', 'sect.creating-accounts', 'sect.quotas', 'computer-layers',
                'sect.computer-layers', 'kernel-role-and-tasks', 'sect.kernel-role-and-tasks', *FORBIDDEN_EN]

errors, warnings = [], []


def err(m):
    errors.append(m)


def warn(m):
    warnings.append(m)


def load_docs():
    docs = {}
    for f in sorted(p.name for p in DOCS.iterdir()):
        raw = (DOCS / f).read_text(encoding='utf-8')
        docs[f] = {
            'full_sp': normalize(visible_text(raw, ' ')),
            'full_nosp': normalize(visible_text(raw, '')),
            'body_sp': normalize(visible_text(raw, ' ', body_only=True)),
            'body_nosp': normalize(visible_text(raw, '', body_only=True)),
            'ar_share': arabic_share(visible_text(raw, ' ')),
            'sha256': hashlib.sha256(raw.encode('utf-8')).hexdigest(),
        }
    return docs


def main():
    docs = load_docs()
    print(f'== {len(docs)} documents')
    en_docs = [d for d in docs if d.startswith('en-handbook-')]
    ar_docs = [d for d in docs if d.startswith('ar-handbook-')]
    if len(en_docs) != 6:
        err(f'expected 6 English docs, got {len(en_docs)}')
    if len(ar_docs) != 5:
        err(f'expected 5 Arabic docs, got {len(ar_docs)}')
    for d in docs:
        base = re.sub(r'^(en|ar)-handbook-', '', d)[:-len('.html')]
        forb = FORBIDDEN_EN if d.startswith('en-') else FORBIDDEN_AR
        if base in forb:
            err(f'forbidden document used: {d}')
        if d.startswith('ar-'):
            share = docs[d]['ar_share']
            print(f'   {d}: Arabic share {share:.3f}')
            if share <= 0.5:
                err(f'{d}: Arabic share {share:.3f} <= 0.5')

    rows = []
    with QA.open(encoding='utf-8') as f:
        for n, line in enumerate(f, 1):
            try:
                rows.append(json.loads(line))
            except json.JSONDecodeError as e:
                err(f'line {n}: bad JSON: {e}')
    print(f'== {len(rows)} questions')

    ids = collections.Counter(r.get('id') for r in rows)
    for i, c in ids.items():
        if c > 1:
            err(f'duplicate id {i}')
    qs = collections.Counter(normalize(r.get('question', '')) for r in rows)
    for q, c in qs.items():
        if c > 1:
            err(f'duplicate question text: {q}')

    n_gold_checked = 0
    for r in rows:
        rid = r.get('id')
        for k in FIELDS:
            if k not in r:
                err(f'{rid}: missing field {k}')
        if set(r) - set(FIELDS):
            err(f'{rid}: extra fields {set(r) - set(FIELDS)}')
        lang, kind = r.get('lang'), r.get('kind')
        if kind not in KINDS:
            err(f'{rid}: bad kind {kind}')
        if r.get('type') not in TYPES:
            err(f'{rid}: bad type {r.get("type")}')
        if r.get('half') not in ('fit', 'report'):
            err(f'{rid}: bad half')
        if r.get('page') is not None:
            err(f'{rid}: page must be null')
        if not re.fullmatch(r'fresh-(en|ar)-\d{3}', rid or ''):
            err(f'{rid}: bad id format')
        elif rid.split('-')[1] != lang:
            err(f'{rid}: id prefix does not match lang {lang}')
        q = r.get('question', '')
        has_ar = any('\u0600' <= c <= '\u06ff' for c in q)
        if lang == 'ar' and not has_ar:
            err(f'{rid}: Arabic question without Arabic letters')
        if lang == 'en' and has_ar:
            err(f'{rid}: English question with Arabic letters')
        if kind == 'en' and lang != 'en':
            err(f'{rid}: kind en but lang {lang}')
        if kind in ('ar', 'ar->en') and lang != 'ar':
            err(f'{rid}: kind {kind} but lang {lang}')

        if kind == 'unanswerable':
            if r.get('answerable') is not False or r.get('doc') is not None or r.get('answers') or r.get('type') != 'none':
                err(f'{rid}: unanswerable must have answerable=false, doc=null, answers=[], type=none')
            continue
        if r.get('answerable') is not True:
            err(f'{rid}: answerable must be true')
        doc = r.get('doc')
        if doc not in docs:
            err(f'{rid}: doc {doc} not found')
            continue
        if kind == 'en' and not doc.startswith('en-'):
            err(f'{rid}: kind en over non-English doc')
        if kind == 'ar' and not doc.startswith('ar-'):
            err(f'{rid}: kind ar over non-Arabic doc')
        if kind == 'ar->en' and not doc.startswith('en-'):
            err(f'{rid}: kind ar->en must point to an English doc')
        ans = r.get('answers') or []
        if not (1 <= len(ans) <= 3):
            err(f'{rid}: needs 1-3 gold answers, has {len(ans)}')
        D = docs[doc]
        ok_any = False
        for a in ans:
            n_gold_checked += 1
            in_full = contains_word(D['full_sp'], a) or contains_word(D['full_nosp'], a)
            in_body = contains_word(D['body_sp'], a) or contains_word(D['body_nosp'], a)
            robust = contains_word(D['full_sp'], a) and contains_word(D['full_nosp'], a)
            if not in_full:
                err(f'{rid}: gold {a!r} not in visible text of {doc}')
            elif not in_body:
                err(f'{rid}: gold {a!r} only appears in a heading/navigation of {doc}')
            elif not robust:
                warn(f'{rid}: gold {a!r} matches only with one tag-joining convention')
            if in_body:
                ok_any = True
            if kind == 'ar->en':
                if any('\u0600' <= c <= '\u06ff' for c in a):
                    err(f'{rid}: ar->en gold must be English: {a!r}')
                for ad in ar_docs:
                    if contains_word(docs[ad]['full_sp'], a):
                        err(f'{rid}: ar->en gold {a!r} also occurs in Arabic doc {ad}')
        if not ok_any:
            err(f'{rid}: no gold answer found in body text of {doc}')

    # unanswerable: report key-term hits in every chosen doc
    print('== unanswerable questions: key terms and hits in the chosen docs')
    terms_by_q = {normalize(q): terms for _l, q, terms in UNANS}
    for r in rows:
        if r.get('kind') != 'unanswerable':
            continue
        terms = terms_by_q.get(normalize(r['question']))
        if terms is None:
            err(f'{r["id"]}: no key terms recorded')
            continue
        print(f'  {r["id"]} [{r["lang"]}] {r["question"]}')
        for t in terms:
            hits = [d for d in docs if normalize(t) in docs[d]['full_sp']]
            print(f'      term {t!r}: ' + (', '.join(hits) if hits else 'no hit'))
            for d in hits:
                s = docs[d]['full_sp']
                i = s.find(normalize(t))
                print(f'         ...{s[max(0, i - 70):i + 70]}...')

    # split balance
    print('== split')
    kc = collections.Counter((r['kind'], r['half']) for r in rows)
    for k in sorted(KINDS):
        f_, rp = kc[(k, 'fit')], kc[(k, 'report')]
        print(f'  {k:13s} fit={f_:3d} report={rp:3d}')
        if abs(f_ - rp) > 1:
            err(f'half imbalance for kind {k}: {f_} vs {rp}')
    tot = collections.Counter(r['half'] for r in rows)
    print(f'  {"total":13s} fit={tot["fit"]:3d} report={tot["report"]:3d}')
    if abs(tot['fit'] - tot['report']) > 2:
        err('overall half imbalance')

    print('== counts per kind:', dict(collections.Counter(r['kind'] for r in rows)))
    print('== counts per doc:')
    for d, c in sorted(collections.Counter(r['doc'] for r in rows if r['doc']).items()):
        print(f'   {c:3d} {d}')
    print(f'== gold strings checked: {n_gold_checked}')
    for w in warnings:
        print('WARN', w)
    for e in errors:
        print('ERROR', e)
    print(f'SUMMARY: {len(rows)} questions, {len(errors)} errors, {len(warnings)} warnings')
    return 1 if errors else 0


if __name__ == '__main__':
    sys.exit(main())
