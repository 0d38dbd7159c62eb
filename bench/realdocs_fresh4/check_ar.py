#!/usr/bin/env python3
"""Sanity checks for the Arabic questions of the realdocs_fresh4 benchmark.

Reads qa_ar.jsonl and the documents of this set (questions_ar.SOURCES) in docs/, all next to this
script; other files in docs/ (the English set's, en-*) are ignored. Checks: document sha256,
names and reserved/excluded pages; row schema and ids; duplicate questions; that every gold
answer occurs as a whole word in its document's visible body text; that "ar" gold occurs inside
an Arabic paragraph; that "ar->en" gold is English and occurs in no Arabic document of the set;
the fit/report split (balance, and equal to what build_ar.py rebuilds with its seed); that no
key term of an unanswerable question occurs in any document of the set (hits are listed and are
errors). Prints a
report ending in a SUMMARY line; exit code 0 = no errors.

Uses lxml when importable (e.g. /work/main/.venv/bin/python), else the stdlib html.parser.

    python3 bench/realdocs_fresh4/check_ar.py
"""
import collections
import hashlib
import json
import re
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(1, str(HERE.parent / 'realdocs_fresh'))
from pagetext import LH, arabic_share, contains_word, extract, in_any, longest_shared_run, normalize  # noqa: E402
from questions_ar import SHA256, SOURCES, UNANS  # noqa: E402

DOCS = HERE / 'docs'
QA = HERE / 'qa_ar.jsonl'
FIELDS = ['id', 'question', 'lang', 'doc', 'page', 'answers', 'answerable', 'kind', 'type', 'half']
KINDS = ('ar', 'ar->en', 'unanswerable')
TYPES = {'fact', 'numeric', 'command', 'definition', 'none'}
PREFIX = {'ar': 'ar-handbook-', 'ar->en': 'ar-src-en-handbook-'}
LANG_DIR = {'ar-handbook-': 'ar-MA', 'ar-src-en-handbook-': 'en-US'}
# reserved pages: never used for anything
RESERVED = {f'en-US/{p}.html' for p in (
    'sect.quotas', 'sect.task-scheduling-cron-atd', 'sect.manipulating-packages-with-dpkg',
    'sect.asynchronous-task-scheduling-anacron', 'sect.remote-login', 'sect.rights-management')}
RESERVED |= {f'ar-MA/{p}.html' for p in (
    'creating-accounts', 'sect.creating-accounts', 'quotas', 'sect.quotas', 'computer-layers',
    'sect.computer-layers', 'kernel-role-and-tasks', 'sect.kernel-role-and-tasks')}
RESERVED_WORDS = ('quotas', 'task-scheduling-cron-atd', 'manipulating-packages-with-dpkg',
                  'anacron', 'remote-login', 'rights-management', 'creating-accounts', 'computer-layers',
                  'kernel-role-and-tasks')
# topics already covered by earlier sets (or asked to be avoided): no page name may contain these
EXCLUDED_WORDS = (
    'apt-get', 'apt-cache', 'dhcp', 'firewall', 'kernel-compilation', 'network-config',
    'virtual-private-network', 'vpn', 'http', 'web-server', 'nfs', 'domain-name', 'dns', 'proxy',
    'ldap', 'samba', 'bootloader', 'package-authentication', 'x509', 'monitoring',
    'package-repository', 'building-first-package', 'ipv6', 'supervision', 'inetd',
    'shell-environment', 'apparmor', 'selinux', 'backup', 'syslog', 'hotplug', 'user-space',
    'hostname', 'administration-interfaces', 'network-infrastructure', 'short-remedial-course',
    'advanced-administration', 'preface', 'master-plan', 'who-is-this-book-for', 'case-study',
    'becoming-package-maintainer', 'installation-steps', 'role-of-distributions',
    'basic-configuration', 'after-first-boot', 'automatic-upgrades', 'compromised-machine',
    'network-diagnosis-tools', 'other-security-considerations', 'user-group-databases',
    'why-gnu-linux', 'security',
    # pages used by earlier sets (realdocs_fresh*, realdocs_suite, ...) or named in the brief
    'config-misc', 'quality-of-service', 'source-package-structure', 'config-printing',
    'windows-emulation', 'automated-installation', 'coexistence-with-other-packaging-systems',
    'common-procedures', 'how-to-migrate', 'release-lifecycle', 'virtualization', 'existing-setup',
    'dealing-with-compromised-machine', 'hostname-name-service', 'domain-name-servers',
    'http-ftp-proxy', 'http-web-server', 'apt-package-repository')
# documents of earlier sets (file names and SOURCES*.md) that must not be reused
EARLIER = [p for p in HERE.parent.glob('realdocs_*') if p.name != HERE.name]
EARLIER.append(Path('/work/shared/data/realdocs'))
COPY_NGRAM = 7  # a question sharing this many consecutive words with its document is flagged

errors, warnings = [], []
err, warn = errors.append, warnings.append
has_ar = lambda s: any('\u0600' <= c <= '\u06ff' for c in s)  # noqa: E731


def earlier_names():
    names = set()
    for d in EARLIER:
        if (d / 'docs').is_dir():
            names |= {p.name for p in (d / 'docs').iterdir()}
        for md in [*d.glob('SOURCES*.md'), *d.glob('README.md')]:
            names |= set(re.findall(r'[A-Za-z0-9_.-]+\.html', md.read_text(encoding='utf-8')))
    return names


def load_docs():
    docs = {}
    used = earlier_names()
    for name, (lang_dir, page) in sorted(SOURCES.items()):
        path = DOCS / name
        if not path.is_file():
            err(f'document missing: docs/{name}')
            continue
        data = path.read_bytes()
        raw = data.decode('utf-8')
        sha = hashlib.sha256(data).hexdigest()
        if sha != SHA256.get(name):
            err(f'{name}: sha256 {sha} differs from the recorded {SHA256.get(name)}')
        pre = next((p for p in LANG_DIR if name.startswith(p)), None)
        if pre is None or LANG_DIR[pre] != lang_dir or name[len(pre):] != page:
            err(f'{name}: name does not match its source {lang_dir}/{page}')
        low = page.lower()
        if f'{lang_dir}/{page}' in RESERVED or any(w in low for w in RESERVED_WORDS):
            err(f'{name}: reserved page {lang_dir}/{page} used')
        if any(w in low for w in EXCLUDED_WORDS):
            err(f'{name}: page {page} is on an excluded topic')
        stem = page[:-len('.html')]
        clash = sorted(u for u in used if u.endswith(page) or re.search(r'(^|[-/])' + re.escape(stem) + r'\.', u))
        if clash:
            err(f'{name}: page {page} already used by an earlier set: {clash}')
        (full, paras) = extract(raw)
        ar_paras = [p for p in paras if arabic_share(p[1]) > 0.5]
        docs[name] = {
            'full': full, 'paras': paras, 'ar_paras': ar_paras,
            'ar_share': arabic_share(full[1]),
            'lang_dir': lang_dir, 'size': len(data), 'sha': sha,
        }
    return docs


def main():
    docs = load_docs()
    ar_docs = [d for d in docs if docs[d]['lang_dir'] == 'ar-MA']
    print(f'== parser: {"lxml" if LH is not None else "html.parser (stdlib)"}')
    print(f'== {len(docs)} documents of this set ({len(ar_docs)} Arabic)')
    for d, D in docs.items():
        extra = (f', Arabic paragraphs {len(D["ar_paras"])}/{len(D["paras"])}'
                 if D['lang_dir'] == 'ar-MA' else '')
        print(f'   {d}: {D["size"]} bytes, Arabic share {D["ar_share"]:.3f}{extra}')
    ignored = sorted(p.name for p in DOCS.iterdir() if p.name not in SOURCES) if DOCS.is_dir() else []
    print(f'   (ignored, not in this set: {", ".join(ignored) or "none"})')

    rows = []
    with QA.open(encoding='utf-8') as f:
        for n, line in enumerate(f, 1):
            try:
                rows.append(json.loads(line))
            except json.JSONDecodeError as e:
                err(f'line {n}: bad JSON: {e}')
    print(f'== {len(rows)} questions')
    for i, c in collections.Counter(r.get('id') for r in rows).items():
        if c > 1:
            err(f'duplicate id {i}')
    for q, c in collections.Counter(normalize(r.get('question', '')) for r in rows).items():
        if c > 1:
            err(f'duplicate question text: {q}')
    expected = [f'fresh4-ar-{i:03d}' for i in range(1, len(rows) + 1)]
    if [r.get('id') for r in rows] != expected:
        err('ids are not fresh4-ar-001.. in order')

    n_gold = 0
    for r in rows:
        rid, kind, doc = r.get('id'), r.get('kind'), r.get('doc')
        if list(r) != FIELDS:
            err(f'{rid}: fields {list(r)} differ from {FIELDS}')
        if r.get('lang') != 'ar' or not has_ar(r.get('question', '')):
            err(f'{rid}: must be lang ar with an Arabic question')
        if kind not in KINDS:
            err(f'{rid}: bad kind {kind}')
        if r.get('type') not in TYPES:
            err(f'{rid}: bad type {r.get("type")}')
        if r.get('half') not in ('fit', 'report'):
            err(f'{rid}: bad half {r.get("half")}')
        if r.get('page') is not None:
            err(f'{rid}: page must be null')
        if doc is not None and any(w in str(doc).lower() for w in RESERVED_WORDS):
            err(f'{rid}: reserved page used: {doc}')
        if kind == 'unanswerable':
            if r.get('answerable') is not False or doc is not None or r.get('answers') != [] or r.get('type') != 'none':
                err(f'{rid}: unanswerable must have answerable=false, doc=null, answers=[], type=none')
            continue
        if r.get('answerable') is not True or r.get('type') == 'none':
            err(f'{rid}: answerable row must have answerable=true and a type other than none')
        if doc not in docs:
            err(f'{rid}: doc {doc} is not a document of this set')
            continue
        if kind in PREFIX and not doc.startswith(PREFIX[kind]):
            err(f'{rid}: kind {kind} needs a doc named {PREFIX[kind]}*')
        D = docs[doc]
        run = longest_shared_run(r['question'], D['full'][1])
        if run >= COPY_NGRAM:
            warn(f'{rid}: question shares {run} consecutive words with {doc}')
        ans = r.get('answers') or []
        if not 1 <= len(ans) <= 3 or len(set(map(normalize, ans))) != len(ans):
            err(f'{rid}: needs 1-3 distinct gold answers, has {ans}')
        for a in ans:
            n_gold += 1
            if a != a.strip() or not a:
                err(f'{rid}: gold {a!r} has surrounding whitespace or is empty')
            if contains_word(normalize(r['question']), a):
                warn(f'{rid}: gold {a!r} is given away in the question')
            if not in_any(D['full'], a):
                err(f'{rid}: gold {a!r} not in visible text of {doc}')
                continue
            if not any(in_any(p, a) for p in D['paras']):
                warn(f'{rid}: gold {a!r} only outside paragraphs (heading/code/navigation) of {doc}')
            if kind == 'ar' and not any(in_any(p, a) for p in D['ar_paras']):
                err(f'{rid}: ar gold {a!r} not inside an Arabic paragraph of {doc}')
            if kind == 'ar->en':
                if has_ar(a):
                    err(f'{rid}: ar->en gold must be English: {a!r}')
                for ad in ar_docs:
                    if in_any(docs[ad]['full'], a):
                        err(f'{rid}: ar->en gold {a!r} also occurs in Arabic doc {ad}')

    print('== unanswerable questions: key terms and hits in the documents of this set')
    terms_by_q = {normalize(q): terms for q, terms in UNANS}
    for r in rows:
        if r.get('kind') != 'unanswerable':
            continue
        terms = terms_by_q.get(normalize(r['question']))
        if not terms:
            err(f'{r["id"]}: no key terms recorded in UNANS')
            continue
        print(f'  {r["id"]} {r["question"]}')
        for t in terms:
            tn = normalize(t).lower()
            # Arabic terms: substring (clitics such as ال/ب/ل attach to words); others: whole word
            if has_ar(tn):
                hits = [d for d in docs if any(tn in x.lower() for x in docs[d]['full'])]
            else:
                hits = [d for d in docs if any(contains_word(x.lower(), tn) for x in docs[d]['full'])]
            print(f'      term {t!r}: ' + (', '.join(hits) if hits else 'no hit'))
            if hits:
                err(f'{r["id"]}: unanswerable key term {t!r} occurs in {", ".join(hits)}')
            for d in hits:
                s = docs[d]['full'][1]
                m = re.search(re.escape(tn) if has_ar(tn) else r'(?<!\w)' + re.escape(tn) + r'(?!\w)', s.lower())
                i = m.start() if m else 0
                print(f'         ...{s[max(0, i - 60):i + len(tn) + 60]}...')

    # the split (and ids, fields, order) must be exactly what build_ar.py produces (SEED there)
    try:
        from build_ar import KEYS as B_KEYS
        from build_ar import SEED as B_SEED
        from build_ar import build_rows
        rebuilt = [{k: r[k] for k in B_KEYS} for r in build_rows()]
        if rebuilt != rows:
            err('qa_ar.jsonl differs from what build_ar.py builds (rerun build_ar.py)')
        else:
            print(f'== qa_ar.jsonl equals build_ar.py output (seeded split, SEED={B_SEED})')
    except Exception as e:  # pragma: no cover
        err(f'cannot rebuild with build_ar.py: {e!r}')

    print('== split')
    kc = collections.Counter((r.get('kind'), r.get('half')) for r in rows)
    for k in KINDS:
        f_, rp = kc[(k, 'fit')], kc[(k, 'report')]
        print(f'  {k:13s} fit={f_:3d} report={rp:3d}')
        if abs(f_ - rp) > 1:
            err(f'half imbalance for kind {k}: {f_} vs {rp}')
    tot = collections.Counter(r.get('half') for r in rows)
    print(f'  {"total":13s} fit={tot["fit"]:3d} report={tot["report"]:3d}')
    if abs(tot['fit'] - tot['report']) > 1:
        err(f'overall half imbalance: {tot["fit"]} vs {tot["report"]}')

    print('== counts per kind:', dict(collections.Counter(r.get('kind') for r in rows)))
    print('== counts per type:', dict(collections.Counter(r.get('type') for r in rows)))
    print('== counts per kind/type:', dict(sorted(collections.Counter((r.get('kind'), r.get('type')) for r in rows).items())))
    print('== counts per doc:')
    per_doc = collections.Counter(r['doc'] for r in rows if r.get('doc'))
    for d in sorted(docs):
        print(f'   {per_doc[d]:3d} {d}')
        if docs[d]['lang_dir'] == 'ar-MA' and per_doc[d] < 5:
            err(f'{d}: fewer than 5 questions')
    print(f'== gold strings checked: {n_gold}')
    for w in warnings:
        print('WARN', w)
    for e in errors:
        print('ERROR', e)
    print(f'SUMMARY: {len(rows)} questions, {len(errors)} errors, {len(warnings)} warnings')
    return 1 if errors else 0


if __name__ == '__main__':
    sys.exit(main())
