"""Checks shared by the Arabic audit scripts (check_ar.py) of realdocs_fresh2 to realdocs_fresh7.

An Arabic set's documents are Debian handbook pages listed in its questions_ar.SOURCES: ar-MA pages
for the "ar" questions, en-US pages for the "ar->en" ones (English gold to an Arabic question). The
row schema, the source checks and the closing report are the same for all four sets; realdocs_fresh3
to realdocs_fresh5 also share the document loading, the gold checks (pagetext matching: case and
diacritics kept, gold inside a paragraph) and, from realdocs_fresh4 on, the strict unanswerable scan
(from realdocs_fresh5 on, the checks against the package and the English half: qacheck_ar_outside).
"""
import collections
import hashlib
import re
from collections.abc import Callable, Iterable
from pathlib import Path

import pagetext
import qacheck
from qacheck import Docs, Report, Row

KINDS = ('ar', 'ar->en', 'unanswerable')
FIELDS = ['id', 'question', 'lang', 'doc', 'page', 'answers', 'answerable', 'kind', 'type', 'half']
PREFIX = {'ar': 'ar-handbook-', 'ar->en': 'ar-src-en-handbook-'}   # docs/ name prefix per kind
LANG_DIR = {'ar-handbook-': 'ar-MA', 'ar-src-en-handbook-': 'en-US'}   # handbook language per prefix
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
COPY_NGRAM = 7  # a question sharing this many consecutive words with its document is flagged
UNANS_TITLE = '== unanswerable questions: key terms and hits in the documents of this set'


# ---- documents -----------------------------------------------------------------------------------
def check_source(name: str, data: bytes, lang_dir: str, page: str, sha256: dict[str, str], rep: Report,
                 reserved: set[str] = RESERVED, reserved_words: Iterable[str] = RESERVED_WORDS) -> str:
    """A document must be the recorded bytes of the handbook page its name says, and not a reserved
    page; returns its sha256."""
    sha = hashlib.sha256(data).hexdigest()
    if sha != sha256.get(name):
        rep.err(f'{name}: sha256 {sha} differs from the recorded {sha256.get(name)}')
    pre = next((p for p in LANG_DIR if name.startswith(p)), None)
    if pre is None or LANG_DIR[pre] != lang_dir or name[len(pre):] != page:
        rep.err(f'{name}: name does not match its source {lang_dir}/{page}')
    if f'{lang_dir}/{page}' in reserved or any(w in page.lower() for w in reserved_words):
        rep.err(f'{name}: reserved page {lang_dir}/{page} used')
    return sha


def earlier_names(here: Path, readme: bool) -> set[str]:
    """Page file names used by the other sets: their docs/ files and the .html names in their
    SOURCES*.md (and README.md with `readme`)."""
    names = set()
    for d in qacheck.other_set_dirs(here):
        if (d / 'docs').is_dir():
            names |= {p.name for p in (d / 'docs').iterdir()}
        for md in [*d.glob('SOURCES*.md'), *(d.glob('README.md') if readme else [])]:
            names |= set(re.findall(r'[A-Za-z0-9_.-]+\.html', md.read_text(encoding='utf-8')))
    return names


def load_docs(sources: dict[str, tuple[str, str]], sha256: dict[str, str], here: Path, rep: Report,
              excluded_words: Iterable[str], readme: bool) -> Docs:
    """Check and read the set's pages (realdocs_fresh3 on): besides check_source, no page may be on an
    excluded topic or already used by an earlier set. Keeps the text joined both ways and the paragraphs."""
    docs = {}
    used = earlier_names(here, readme)
    for name, (lang_dir, page) in sorted(sources.items()):
        path = here / 'docs' / name
        if not path.is_file():
            rep.err(f'document missing: docs/{name}')
            continue
        data = path.read_bytes()
        raw = data.decode('utf-8')
        sha = check_source(name, data, lang_dir, page, sha256, rep)
        if any(w in page.lower() for w in excluded_words):
            rep.err(f'{name}: page {page} is on an excluded topic')
        stem = page[:-len('.html')]
        clash = sorted(u for u in used if u.endswith(page) or re.search(r'(^|[-/])' + re.escape(stem) + r'\.', u))
        if clash:
            rep.err(f'{name}: page {page} already used by an earlier set: {clash}')
        (full, paras) = pagetext.extract(raw)
        ar_paras = [p for p in paras if pagetext.arabic_share(p[1]) > 0.5]
        docs[name] = {
            'full': full, 'paras': paras, 'ar_paras': ar_paras,
            'ar_share': pagetext.arabic_share(full[1]),
            'lang_dir': lang_dir, 'size': len(data), 'sha': sha,
        }
    return docs


def print_docs(docs: Docs, sources: dict, docs_dir: Path, describe: Callable[[dict], str]) -> list[str]:
    """List the documents (size, Arabic share, `describe` of an Arabic one) and the ignored docs/ files
    (the English half's); returns the names of the Arabic documents."""
    ar_docs = [d for d in docs if docs[d]['lang_dir'] == 'ar-MA']
    print(f'== {len(docs)} documents of this set ({len(ar_docs)} Arabic)')
    for d, D in docs.items():
        extra = describe(D) if D['lang_dir'] == 'ar-MA' else ''
        print(f'   {d}: {D["size"]} bytes, Arabic share {D["ar_share"]:.3f}{extra}')
    ignored = sorted(p.name for p in docs_dir.iterdir() if p.name not in sources) if docs_dir.is_dir() else []
    print(f'   (ignored, not in this set: {", ".join(ignored) or "none"})')
    return ar_docs


def print_para_docs(docs: Docs, sources: dict, docs_dir: Path) -> list[str]:
    """print_docs for documents read by load_docs, after the parser in use (lxml or the stdlib)."""
    print(f'== parser: {"lxml" if pagetext.LH is not None else "html.parser (stdlib)"}')
    return print_docs(docs, sources, docs_dir,
                      lambda D: f', Arabic paragraphs {len(D["ar_paras"])}/{len(D["paras"])}')


# ---- rows --------------------------------------------------------------------------------------
def read_questions(qa: Path, rep: Report, normalize: Callable[[str], str],
                   ids_prefix: str | None = None) -> list[Row]:
    """Read qa_ar.jsonl and check ids and questions are unique (and, with `ids_prefix`, numbered in order)."""
    with qa.open(encoding='utf-8') as f:
        rows = qacheck.read_rows(f, rep)
    qacheck.check_duplicates(rows, rep, normalize, 'duplicate question text')
    if ids_prefix:
        qacheck.check_ids_in_order(rows, ids_prefix, rep)
    return rows


def check_row(r: Row, docs: Docs, rep: Report, reserved_words: Iterable[str] = RESERVED_WORDS,
              id_pattern: str | None = None) -> bool:
    """Schema of one row; True when it is an answerable row on a document of the set (its gold is
    then to be checked)."""
    rid, kind, doc = r.get('id'), r.get('kind'), r.get('doc')
    if list(r) != FIELDS:
        rep.err(f'{rid}: fields {list(r)} differ from {FIELDS}')
    if id_pattern and not re.fullmatch(id_pattern, str(rid)):
        rep.err(f'{rid}: bad id format')
    if r.get('lang') != 'ar' or not qacheck.has_arabic(r.get('question', '')):
        rep.err(f'{rid}: must be lang ar with an Arabic question')
    if kind not in KINDS:
        rep.err(f'{rid}: bad kind {kind}')
    if r.get('type') not in qacheck.TYPES:
        rep.err(f'{rid}: bad type {r.get("type")}')
    if r.get('half') not in ('fit', 'report'):
        rep.err(f'{rid}: bad half {r.get("half")}')
    if r.get('page') is not None:
        rep.err(f'{rid}: page must be null')
    if doc is not None and any(w in str(doc).lower() for w in reserved_words):
        rep.err(f'{rid}: reserved page used: {doc}')
    if kind == 'unanswerable':
        if r.get('answerable') is not False or doc is not None or r.get('answers') != [] or r.get('type') != 'none':
            rep.err(f'{rid}: unanswerable must have answerable=false, doc=null, answers=[], type=none')
        return False
    if r.get('answerable') is not True or r.get('type') == 'none':
        rep.err(f'{rid}: answerable row must have answerable=true and a type other than none')
    if doc not in docs:
        rep.err(f'{rid}: doc {doc} is not a document of this set')
        return False
    if kind in PREFIX and not doc.startswith(PREFIX[kind]):
        rep.err(f'{rid}: kind {kind} needs a doc named {PREFIX[kind]}*')
    return True


def check_gold_count(rid: str, ans: list[str], normalize: Callable[[str], str], rep: Report) -> None:
    if not 1 <= len(ans) <= 3 or len(set(map(normalize, ans))) != len(ans):
        rep.err(f'{rid}: needs 1-3 distinct gold answers, has {ans}')


def check_en_gold(rid: str, a: str, docs: Docs, ar_docs: list[str], rep: Report,
                  in_any: Callable[[list[str], str], bool]) -> None:
    """An ar->en gold must be English and in no Arabic document: it has to come from the en-US page."""
    if qacheck.has_arabic(a):
        rep.err(f'{rid}: ar->en gold must be English: {a!r}')
    for ad in ar_docs:
        if in_any(docs[ad]['full'], a):
            rep.err(f'{rid}: ar->en gold {a!r} also occurs in Arabic doc {ad}')


def check_rows(rows: list[Row], docs: Docs, ar_docs: list[str], rep: Report) -> int:
    """Every row's schema, then (realdocs_fresh3 on) that each gold is a whole word of its page, inside
    a paragraph (an Arabic one for "ar"); returns the number of gold strings checked."""
    n_gold = 0
    for r in rows:
        if not check_row(r, docs, rep):
            continue
        rid, kind, doc = r.get('id'), r.get('kind'), r.get('doc')
        D = docs[doc]
        run = pagetext.longest_shared_run(r['question'], D['full'][1])
        if run >= COPY_NGRAM:
            rep.warn(f'{rid}: question shares {run} consecutive words with {doc}')
        ans = r.get('answers') or []
        check_gold_count(rid, ans, pagetext.normalize, rep)
        for a in ans:
            n_gold += 1
            if a != a.strip() or not a:
                rep.err(f'{rid}: gold {a!r} has surrounding whitespace or is empty')
            if pagetext.contains_word(pagetext.normalize(r['question']), a):
                rep.warn(f'{rid}: gold {a!r} is given away in the question')
            if not pagetext.in_any(D['full'], a):
                rep.err(f'{rid}: gold {a!r} not in visible text of {doc}')
                continue
            if not any(pagetext.in_any(p, a) for p in D['paras']):
                rep.warn(f'{rid}: gold {a!r} only outside paragraphs (heading/code/navigation) of {doc}')
            if kind == 'ar' and not any(pagetext.in_any(p, a) for p in D['ar_paras']):
                rep.err(f'{rid}: ar gold {a!r} not inside an Arabic paragraph of {doc}')
            if kind == 'ar->en':
                check_en_gold(rid, a, docs, ar_docs, rep, pagetext.in_any)
    return n_gold


# ---- unanswerable questions, rebuild, closing report -------------------------------------------
def term_pattern(tn: str) -> str:
    """Arabic terms match as substrings (clitics such as ال/ب/ل attach to words), others as whole words."""
    return re.escape(tn) if qacheck.has_arabic(tn) else r'(?<!\w)' + re.escape(tn) + r'(?!\w)'


def check_unanswerable_absent(rows: list[Row], unans: Iterable[tuple[str, list[str]]], docs: Docs,
                              rep: Report) -> None:
    """No key term of an unanswerable question may occur in a document of the set (realdocs_fresh4 on):
    print each term's hits, and each hit is an error."""
    for r, terms in qacheck.unanswerable_rows(rows, unans, pagetext.normalize, rep, UNANS_TITLE, empty_ok=False):
        for t in terms:
            tn = pagetext.normalize(t).lower()
            if qacheck.has_arabic(tn):
                hits = [d for d in docs if any(tn in x.lower() for x in docs[d]['full'])]
            else:
                hits = [d for d in docs if any(pagetext.contains_word(x.lower(), tn) for x in docs[d]['full'])]
            print(f'      term {t!r}: ' + (', '.join(hits) if hits else 'no hit'))
            if hits:
                rep.err(f'{r["id"]}: unanswerable key term {t!r} occurs in {", ".join(hits)}')
            for d in hits:
                s = docs[d]['full'][1]
                m = re.search(term_pattern(tn), s.lower())
                i = m.start() if m else 0
                print(f'         ...{s[max(0, i - 60):i + len(tn) + 60]}...')


def check_build(rows: list[Row], rep: Report) -> None:
    """The split (and ids, fields, order) must be exactly what the set's build_ar.py builds (SEED there)."""
    try:
        from build_ar import KEYS, SEED, build_rows  # the calling set's, first on sys.path
        rebuilt = [{k: r[k] for k in KEYS} for r in build_rows()]
        if rebuilt != rows:
            rep.err('qa_ar.jsonl differs from what build_ar.py builds (rerun build_ar.py)')
        else:
            print(f'== qa_ar.jsonl equals build_ar.py output (seeded split, SEED={SEED})')
    except Exception as e:  # pragma: no cover
        rep.err(f'cannot rebuild with build_ar.py: {e!r}')


def finish(rows: list[Row], docs: Docs, rep: Report, n_gold: int) -> int:
    """Split, counts (an Arabic document needs 5+ questions) and the closing lines (realdocs_fresh3 on)."""
    qacheck.report_split(rows, KINDS, rep, overall_counts=True)
    qacheck.print_kind_type_counts(rows, 'per')
    kind_type = collections.Counter((r.get('kind'), r.get('type')) for r in rows)
    print('== counts per kind/type:', dict(sorted(kind_type.items())))
    print('== counts per doc:')
    per_doc = collections.Counter(r['doc'] for r in rows if r.get('doc'))
    for d in sorted(docs):
        print(f'   {per_doc[d]:3d} {d}')
        if docs[d]['lang_dir'] == 'ar-MA' and per_doc[d] < 5:
            rep.err(f'{d}: fewer than 5 questions')
    return rep.finish(len(rows), n_gold)

