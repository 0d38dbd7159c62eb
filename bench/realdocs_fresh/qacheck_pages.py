"""Which handbook pages an English half may use (realdocs_fresh7 and later): none another set uses or
names, none of its own Arabic half's, only the ones chosen for it; and no other set may name its PDF's
or text document's package. Shared by their check_en.py scripts."""
import re
from collections.abc import Iterable
from pathlib import Path

import qacheck_en
from qacheck import Report


def check_pages_unused(here: Path, origins: Iterable[str], allowed: set[str], pdf_tokens: list[str],
                       txt_tokens: list[str], rep: Report) -> None:
    """No handbook page may already be used by another realdocs set (docs/ names or SOURCES*.md), whether
    it is a section page (sect.*) or a chapter page (installation.html, workstation.html, ...), nor by
    the Arabic half of this set (its en-US source pages are docs/ar-src-en-handbook-*, its pages are listed
    in PAGES_ar.txt); every page must be one of `allowed`, and no other set may name the PDF's or the
    text document's package (`pdf_tokens`, `txt_tokens`)."""
    docs_dir = here / 'docs'
    texts = qacheck_en.other_set_texts(here)
    used_elsewhere = qacheck_en.page_used_by(texts)
    for n in origins:
        if not n.endswith('.html'):
            continue
        base = qacheck_en.hb_base(n)
        if used_elsewhere(n):
            rep.err(f'handbook page already used by another set: {n}')
        if base not in allowed:
            rep.err(f'{n}: not one of the handbook pages chosen for this half ({sorted(allowed)})')
    for n in origins:
        tokens = pdf_tokens if n.endswith('.pdf') else txt_tokens if n.endswith(('.txt', '.md')) else []
        hits = sorted({tok for tok in tokens for t in texts if tok in t.lower()})
        if hits:
            rep.err(f'{n}: another realdocs set names {hits}')
    ar_files = sorted(p for p in docs_dir.iterdir() if p.name.startswith('ar-'))
    ar_pages = {qacheck_en.hb_base(p.name) for p in ar_files}
    pages_ar = here / 'PAGES_ar.txt'
    if pages_ar.is_file():
        ar_pages |= {re.sub(r'\.html$', '', ln.strip()) for ln in pages_ar.read_text(encoding='utf-8').splitlines()
                     if ln.strip()}
    for n in origins:
        if n.endswith('.html') and qacheck_en.hb_base(n) in ar_pages:
            rep.err(f'{n}: also used by the Arabic half')
    print(f'   Arabic half files present: {len(ar_files)}; its pages (docs/ar-* and PAGES_ar.txt): '
          f'{sorted(ar_pages) or "none"}')
