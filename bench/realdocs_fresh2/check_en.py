#!/usr/bin/env python3
"""Sanity checks for the English realdocs_fresh2 question set (qa_en.jsonl).

Stdlib only, except pypdfium2 for the two PDFs, so run it with the project venv:

    /work/main/.venv/bin/python bench/realdocs_fresh2/check_en.py

Checks: row schema and ids, duplicates, that qa_en.jsonl equals what build_en.py generates, that
only the six English documents are used (and no reserved document), that every gold answer occurs
as a whole word in its document's visible text (PDF: on the given physical page; HTML: via
bench/realdocs_fresh/textutil.py) and not only in a heading, and the fit/report split balance.
Warns when a question shares 8+ consecutive words with its document. Lists where the key terms of
the unanswerable questions occur (whole-word, casefolded). Ends with a SUMMARY line; exit code 0 = no errors.
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
from build_en import KEYS, ORIGINS, build_rows  # noqa: E402
from questions_en import UNANS  # noqa: E402
from textutil import normalize  # noqa: E402

DOCS = HERE / 'docs'
QA = HERE / 'qa_en.jsonl'
# a PDF line is treated as a heading if it is a numbered section title or a function heading
HEADING = re.compile(r'^((\d+(\.\d+)*\.?|[A-Z]\.\d+|Appendix [A-Z])\s+[A-Z][^_]{0,50}|asn1 [a-z0-9 ]+|'
                     r'asn1 [a-zA-Z0-9 ]+startEnd)$')


def pdf_pages(path):
    """[(full_text, body_text)] per physical page; body drops the running header/footer and headings."""
    try:
        import pypdfium2
    except ImportError:
        sys.exit('pypdfium2 missing: run with /work/main/.venv/bin/python')
    pages = []
    pdf = pypdfium2.PdfDocument(str(path))
    for i in range(len(pdf)):
        t = pdf[i].get_textpage().get_text_range()
        t = re.sub('\ufffe\r?\n', '', t).replace('\ufffe', '').replace('\r\n', '\n')
        lines = [ln.strip() for ln in t.split('\n')]
        body = [ln for k, ln in enumerate(lines)
                if ln and k != 0 and not re.fullmatch(r'\d+|[ivx]+', ln) and not HEADING.match(ln)]
        pages.append((normalize(t), normalize(' '.join(body))))
    pdf.close()
    return pages


def main():
    rep = qacheck.Report()
    docs = qacheck_en.load_docs(ORIGINS, DOCS, rep, pdf_pages)
    qacheck_en.check_names(ORIGINS, DOCS, rep)
    rows, n_gold = qacheck_en.check_questions(QA, KEYS, build_rows, docs, rep, 'fresh2-en', 'six documents')
    scan = {n: qacheck_en.doc_texts(D) for n, D in docs.items()}
    qacheck_en.scan_unanswerable(
        rows, UNANS, scan, rep, '== unanswerable questions: key terms and where they occur in the six documents')
    return qacheck_en.finish(rows, ORIGINS, rep, n_gold)


if __name__ == '__main__':
    sys.exit(main())
