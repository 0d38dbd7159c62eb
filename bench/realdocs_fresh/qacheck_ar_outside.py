"""Checks of an Arabic half against what lies outside it, shared by the check_ar.py scripts of
realdocs_fresh5 to realdocs_fresh7: the extracted package its pages were copied from, and the
English half's documents in the same docs/ (an unanswerable question must stay unanswerable there).
"""
import re
from collections.abc import Callable, Iterable
from pathlib import Path

import pagetext
from qacheck import Report
from qacheck_ar import term_pattern


def check_against_package(rep: Report, n_docs: int, pkg: Path,
                          check_docs_against_pkg: Callable[[Path], list[str]]) -> None:
    """Byte-identity with the extracted package, when it is available (sha256 is always checked)."""
    if (pkg / 'usr/share/doc/debian-handbook/html').is_dir():
        problems = check_docs_against_pkg(pkg)
        for m in problems:
            rep.err(f'source check: {m}')
        if not problems:
            print(f'== all {n_docs} documents are byte-identical to their originals in {pkg}')
    else:
        print(f'== {pkg} not present: byte comparison with the package skipped (sha256 checked)')


def check_english_half(rep: Report, docs_dir: Path, sources: dict,
                       unans: Iterable[tuple[str, list[str]]]) -> None:
    """The answer of an unanswerable question must not be in the English half's documents either
    (docs/ files not in SOURCES): their key terms are searched there too (HTML, text, and PDF when
    pypdfium2 is importable); a hit is an error."""
    try:
        import pypdfium2 as pdfium
    except ImportError:  # pragma: no cover
        pdfium = None
    others = sorted(p for p in docs_dir.iterdir() if p.name not in sources) if docs_dir.is_dir() else []
    print(f'== unanswerable key terms in the other documents of docs/ ({len(others)} files)')
    other_text = {}
    for p in others:
        if p.suffix == '.html':
            other_text[p.name] = pagetext.extract(p.read_bytes().decode('utf-8'))[0][1]
        elif p.suffix == '.pdf' and pdfium is not None:
            pdf = pdfium.PdfDocument(str(p))
            other_text[p.name] = pagetext.normalize(' '.join(pdf[i].get_textpage().get_text_range()
                                                             for i in range(len(pdf))))
        elif p.suffix in ('.txt', '.md'):
            other_text[p.name] = pagetext.normalize(p.read_bytes().decode('utf-8'))
        else:
            rep.warn(f'docs/{p.name}: not searched for unanswerable key terms (unsupported format)')
    n_hits = 0
    for q, terms in unans:
        for t in terms:
            tn = pagetext.normalize(t).lower()
            for name, text in other_text.items():
                text = text.lower()
                m = re.search(term_pattern(tn), text)
                if m:
                    n_hits += 1
                    rep.err(f'unanswerable key term {t!r} ({q}) occurs in docs/{name}: '
                            f'...{text[max(0, m.start() - 60):m.end() + 60]}...')
    print(f'   searched {len(other_text)} files: {n_hits} hits')
