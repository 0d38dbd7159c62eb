"""Checks shared by the English audit scripts (check_en.py) of realdocs_fresh2 to realdocs_fresh8.

Matching is textutil's: casefolded, whole words. A PDF document is checked page by page (the gold of
a row must be on its physical page), an HTML page on its visible text joined both ways at tags; the
body text (without headings) must hold the gold too, so no answer is only a title.
"""
import collections
import hashlib
import json
import re
from collections.abc import Callable, Iterable
from pathlib import Path

import qacheck
import textutil
from qacheck import Docs, Report, Row

# pages reserved for other uses: no set may take them (substrings of docs/ names)
RESERVED = ['r-admin', 'quotas', 'task-scheduling-cron-atd', 'manipulating-packages-with-dpkg',
            'asynchronous-task-scheduling-anacron', 'remote-login', 'rights-management']
# how the sets name a copied handbook page in docs/ (longest first)
HB_PREFIXES = ('ar-src-en-handbook-', 'en-handbook-', 'ar-handbook-', 'handbook-ar-', 'handbook-en-', 'en-', 'ar-')


def hb_base(name: str) -> str:
    """original handbook page name of a docs/ file name: 'en-handbook-sect.x.html' -> 'sect.x'."""
    stem = re.sub(r'\.(html|docx|pptx|pdf)$', '', name)
    for pre in HB_PREFIXES:
        if stem.startswith(pre):
            return stem[len(pre):]
    return stem


def check_files(origins: dict[str, str], sha256: dict[str, str], docs_dir: Path, docs: Docs,
                pdf_pages: tuple[int, int], rep: Report) -> None:
    """byte identity (sha256, originals), PDF page count and text layer."""
    for name, orig in origins.items():
        p = docs_dir / name
        if not p.is_file():
            continue
        h = hashlib.sha256(p.read_bytes()).hexdigest()
        if h != sha256.get(name):
            rep.err(f'{name}: sha256 {h} != recorded {sha256.get(name)}')
        o = Path(orig)
        if o.is_file():
            if o.read_bytes() != p.read_bytes():
                rep.err(f'{name}: differs from its original {o}')
            else:
                print(f'   {name}: sha256 ok, byte-identical to {o}')
        else:
            print(f'   {name}: sha256 ok (original {o} not extracted here; see SOURCES_en.md)')
    for name, d in docs.items():
        if 'pages' in d:
            n = len(d['pages'])
            if not pdf_pages[0] <= n <= pdf_pages[1]:
                rep.err(f'{name}: {n} pages, outside {pdf_pages}')
            empty = [k for k, (full, _b) in enumerate(d['pages'], 1) if len(re.findall(r'\w', full)) < 20]
            if empty:
                rep.err(f'{name}: pages without extractable text: {empty}')


def load_docs(origins: Iterable[str], docs_dir: Path, rep: Report,
              pdf_pages: Callable[[Path], list[tuple[str, str]]]) -> Docs:
    """Each document's text: a PDF's (full, body) per page, or an HTML page's full and body text
    joined both ways (' ' and '' at tags) so that a gold split by markup is still found."""
    docs = {}
    for name in origins:
        p = docs_dir / name
        if not p.is_file():
            rep.err(f'missing document {p}')
            continue
        if name.endswith('.pdf'):
            docs[name] = {'pages': pdf_pages(p)}
        else:
            raw = p.read_text(encoding='utf-8')
            docs[name] = {'full': [textutil.normalize(textutil.visible_text(raw, s)) for s in (' ', '')],
                          'body': [textutil.normalize(textutil.visible_text(raw, s, body_only=True))
                                   for s in (' ', '')]}
    print(f'== {len(docs)} documents: ' + ', '.join(
        f'{n} ({len(d["pages"])} pages)' if 'pages' in d else n for n, d in docs.items()))
    return docs


def doc_texts(d: dict) -> list[str]:
    """The texts searched for copied questions and key terms: a PDF's pages, an HTML page's text."""
    return [full for full, _b in d['pages']] if 'pages' in d else [d['full'][0]]


def check_names(origins: Iterable[str], docs_dir: Path, rep: Report, excluded: Iterable[str] = ()) -> None:
    """No English document (listed or lying in docs/) may be a reserved or excluded page."""
    for n in list(origins) + [p.name for p in docs_dir.iterdir() if p.name.startswith('en-')]:
        if any(r in n.lower() for r in RESERVED):
            rep.err(f'reserved document present: {n}')
        if any(r in n.lower() for r in excluded):
            rep.err(f'excluded document present: {n}')


def check_handbook_chapters(origins: Iterable[str], docs_dir: Path, chapters: set[str], rep: Report,
                            show: bool = False) -> None:
    """Each HTML page must be from one of the set's handbook `chapters` (by its <title>): the set's
    halves and the other sets draw on other chapters. With `show`, print each page's chapter."""
    listed = sorted(chapters, key=int)
    wanted = ', '.join(listed[:-1]) + ' or ' + listed[-1]
    for n in origins:
        if n.endswith('.html') and (docs_dir / n).is_file():
            m = re.search(r'<title[^>]*>\s*(?:Chapter\s+)?(\d+)\.', (docs_dir / n).read_text(encoding='utf-8'))
            if not m or m.group(1) not in chapters:
                rep.err(f'{n}: not a page of handbook chapters {wanted}')
            elif show:
                print(f'   {n}: handbook chapter {m.group(1)}')


def other_set_texts(here: Path) -> list[str]:
    """The docs/ file names and SOURCES*.md table rows of the other realdocs sets: the pages they
    use (not their prose, which also names pages they avoided or left to another set)."""
    texts = []
    for other in qacheck.other_set_dirs(here):
        texts += [p.name for p in (other / 'docs').glob('*')] if (other / 'docs').is_dir() else []
        texts += [line for p in other.glob('SOURCES*.md')
                  for line in p.read_text(encoding='utf-8', errors='replace').splitlines()
                  if line.startswith('|')]
    return texts


def used_sections(texts: Iterable[str]) -> set[str]:
    """Handbook sections (sect.*) named in `texts`."""
    return {m for t in texts for m in re.findall(r'sect\.[a-z0-9-]+', t)}


def page_used_by(texts: list[str]) -> Callable[[str], bool]:
    """Whether a handbook page is one `texts` (other_set_texts) use: its section (sect.*) or, for a
    chapter page (installation.html, workstation.html, ...), its name."""
    used = used_sections(texts)
    names = {hb_base(tok) for t in texts for tok in re.findall(r'[A-Za-z0-9_.-]+\.(?:html|docx|pptx)', t)}

    def used_by(name: str) -> bool:
        m = re.search(r'sect\.[a-z0-9-]+', name)
        return bool(m and m.group(0) in used) or hb_base(name) in names
    return used_by


def check_sections_unused(here: Path, origins: Iterable[str], rep: Report) -> None:
    """A handbook section another set already uses would not be blind: its text may have been tuned on."""
    used = used_sections(other_set_texts(here))
    for n in origins:
        m = re.search(r'sect\.[a-z0-9-]+', n)
        if m and m.group(0) in used:
            rep.err(f'handbook section already used by another set: {n}')


def check_questions(qa: Path, keys: list[str], build_rows: Callable[[], list[Row]], docs: Docs,
                    rep: Report, id_prefix: str, doc_label: str) -> tuple[list[Row], int]:
    """Read qa_en.jsonl, which must be exactly what build_en.py writes, then check its rows; returns
    (rows, number of gold strings checked)."""
    text = qa.read_text(encoding='utf-8')
    rows = qacheck.read_rows(text.splitlines(), rep)
    expected = ''.join(json.dumps({k: r[k] for k in keys}, ensure_ascii=False) + '\n' for r in build_rows())
    if expected != text:
        rep.err('qa_en.jsonl differs from what build_en.py generates (rerun build_en.py)')
    qacheck.check_duplicates(rows, rep, lambda q: textutil.normalize(q).rstrip('?'), 'duplicate question')
    n_gold = sum(_check_row(r, docs, rep, keys, id_prefix, doc_label) for r in rows)
    return rows, n_gold


def _check_row(r: Row, docs: Docs, rep: Report, keys: list[str], id_prefix: str, doc_label: str) -> int:
    """Schema of one English row, then (_check_gold) its gold answers; returns the gold strings checked."""
    rid = r.get('id')
    if list(r) != keys:
        rep.err(f'{rid}: fields {list(r)} != {keys}')
        return 0
    if not re.fullmatch(re.escape(id_prefix) + r'-\d{3}', rid or ''):
        rep.err(f'{rid}: bad id')
    if r['lang'] != 'en' or qacheck.has_arabic(r['question']):
        rep.err(f'{rid}: not an English row')
    if r['type'] not in qacheck.TYPES or r['half'] not in ('fit', 'report'):
        rep.err(f'{rid}: bad type/half')
    if r['kind'] == 'unanswerable':
        if (r['answerable'], r['doc'], r['page'], r['answers'], r['type']) != (False, None, None, [], 'none'):
            rep.err(f'{rid}: unanswerable needs answerable=false, doc/page=null, answers=[], type=none')
        return 0
    if r['kind'] != 'en' or r['answerable'] is not True or r['type'] == 'none':
        rep.err(f'{rid}: bad kind/answerable/type')
    doc = r['doc']
    if doc not in docs:
        rep.err(f'{rid}: doc {doc} is not one of the {doc_label}')
        return 0
    D = docs[doc]
    if 'pages' in D:
        if not isinstance(r['page'], int) or not 1 <= r['page'] <= len(D['pages']):
            rep.err(f'{rid}: bad page {r["page"]} for {doc}')
            return 0
        full, body = D['pages'][r['page'] - 1]
        fulls, bodies = [full], [body]
    else:
        if r['page'] is not None:
            rep.err(f'{rid}: page must be null for HTML')
        fulls, bodies = D['full'], D['body']
    return _check_gold(r, doc, D, fulls, bodies, rep)


def _check_gold(r: Row, doc: str, D: dict, fulls: list[str], bodies: list[str], rep: Report) -> int:
    """Each gold must be a whole word of `fulls` (the row's page, or the page joined both ways) and of
    `bodies` (the same without headings); returns how many gold strings were checked."""
    rid, ans = r['id'], r['answers']
    if not (1 <= len(ans) <= 3) or len(set(ans)) != len(ans):
        rep.err(f'{rid}: needs 1-3 distinct gold answers')
    for a in ans:
        if not any(textutil.contains_word(t, a) for t in fulls):
            where = f'page {r["page"]} of {doc}' if r['page'] else doc
            rep.err(f'{rid}: gold {a!r} not found as a whole word on {where}')
        elif not any(textutil.contains_word(t, a) for t in bodies):
            rep.err(f'{rid}: gold {a!r} only in a heading of {doc}')
        elif 'pages' not in D and not all(textutil.contains_word(t, a) for t in fulls):
            rep.warn(f'{rid}: gold {a!r} matches with only one tag-joining convention')
    qw = re.findall(r'\w+', textutil.normalize(r['question']))
    for k in range(len(qw) - 7):
        if any(' '.join(qw[k:k + 8]) in ' '.join(re.findall(r'\w+', t)) for t in doc_texts(D)):
            rep.warn(f'{rid}: question shares 8+ consecutive words with {doc}')
            break
    return len(ans)


def scan_unanswerable(rows: list[Row], unans: Iterable[tuple[str, list[str]]], scan: dict[str, list[str]],
                      rep: Report, title: str, first_term_absent: bool = False) -> None:
    """List where each key term of an unanswerable question occurs (whole word) in the `scan` texts
    (name -> pages); with `first_term_absent`, a hit of a question's first (core) term is an error."""
    for r, terms in qacheck.unanswerable_rows(rows, unans, textutil.normalize, rep, title, empty_ok=True):
        for ti, t in enumerate(terms):
            nt, hits = textutil.normalize(t), []
            for name, texts in scan.items():
                for pno, s in enumerate(texts, 1):
                    m = re.search(r'(?<!\w)' + re.escape(nt) + r'(?!\w)', s)
                    if m:
                        i = m.start()
                        loc = f'{name} p.{pno}' if name.endswith('.pdf') else name
                        hits.append(f'{loc}: ...{s[max(0, i - 60):i + len(nt) + 60]}...')
            print(f'      term {t!r}: ' + (f'{len(hits)} hit(s)' if hits else 'no hit'))
            for h in hits[:4]:
                print('         ' + h)
            if len(hits) > 4:
                print(f'         (+{len(hits) - 4} more)')
            if first_term_absent and ti == 0 and hits:
                rep.err(f'{r["id"]}: core key term {t!r} occurs in the documents')


def finish(rows: list[Row], origins: Iterable[str], rep: Report, n_gold: int) -> int:
    """Split, counts (per document by type) and the closing lines of an English check."""
    qacheck.report_split(rows, ('en', 'unanswerable'), rep)
    qacheck.print_kind_type_counts(rows, 'by')
    print('== counts by doc (type):')
    for d in origins:
        c = collections.Counter(r['type'] for r in rows if r.get('doc') == d)
        print(f'   {sum(c.values()):3d} {d} {dict(sorted(c.items()))}')
    return rep.finish(len(rows), n_gold)


def load_with_text(origins: Iterable[str], docs_dir: Path, rep: Report, heading: re.Pattern[str],
                   txt_bytes: tuple[int, int], text_doc: Callable[[Path], dict]) -> Docs:
    """PDF and HTML through load_docs, a plain-text or Markdown document through `text_doc` (its
    size within `txt_bytes`), in the order of `origins`."""
    txt = [n for n in origins if n.endswith(('.txt', '.md'))]
    docs = load_docs([n for n in origins if n not in txt], docs_dir, rep,
                     lambda p: textutil.pdf_pages(p, heading, rep.warnings))
    for n in txt:
        p = docs_dir / n
        if not p.is_file():
            rep.err(f'missing document {p}')
            continue
        size = p.stat().st_size
        if not txt_bytes[0] <= size <= txt_bytes[1]:
            rep.err(f'{n}: {size} bytes, outside {txt_bytes}')
        docs[n] = text_doc(p)
        print(f'   {n}: plain text, {size} bytes')
    return {n: docs[n] for n in origins if n in docs}


def check_pdf_coverage(rows: list[Row], minimum: int, rep: Report) -> None:
    """The PDF questions must spread over at least `minimum` different pages."""
    pdf_rows = [r for r in rows if r.get('kind') == 'en' and str(r.get('doc', '')).endswith('.pdf')]
    covered = sorted({r['page'] for r in pdf_rows if isinstance(r.get('page'), int)})
    print(f'== PDF questions: {len(pdf_rows)} on {len(covered)} different pages: {covered}')
    if len(covered) < minimum:
        rep.err(f'PDF questions cover only {len(covered)} pages (< {minimum})')


def scan_unanswerable_with_arabic_half(rows: list[Row], unans: Iterable[tuple[str, list[str]]], docs: Docs,
                                       docs_dir: Path, rep: Report) -> None:
    """scan_unanswerable over the set's documents and its Arabic half's pages (docs/ar-*): the unanswerable
    questions must not be answered by the Arabic half either."""
    scan = {n: doc_texts(D) for n, D in docs.items()}
    for p in sorted(docs_dir.iterdir()):
        if p.name.startswith('ar-') and p.suffix in ('.html', '.htm'):
            scan[p.name] = [textutil.normalize(textutil.visible_text(
                p.read_text(encoding='utf-8', errors='replace'), ' '))]
        elif p.name.startswith('ar-'):
            rep.warn(f'Arabic-half file {p.name} not scanned for the unanswerable key terms (not HTML)')
    scan_unanswerable(
        rows, unans, scan, rep, '== unanswerable questions: key terms and where they occur in the four documents '
        f'and in the {len(scan) - len(docs)} Arabic-half pages (the first term of each question must occur nowhere)',
        first_term_absent=True)
