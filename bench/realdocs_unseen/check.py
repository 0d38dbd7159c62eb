#!/usr/bin/env python3
"""Re-verify bench/realdocs_unseen: every gold answer, every unanswerable key term, the
schema and the counts. Needs pypdfium2 (the project's PDF library), python-docx and
python-pptx; the rest is stdlib.

    python3 bench/realdocs_unseen/check.py        # exit status 0 = all checks pass

Text extraction (the same rules as the dev set, shared/data/realdocs/README.md):
* PDF  - PDFium's text of the PHYSICAL 1-based page (pypdf's when the set was written); a word
         hyphenated across a line break is joined (letter '-' newline letter -> letters joined).
* HTML - tags removed, <head>/<script>/<style> contents dropped, character entities decoded.
         Tags are removed in two ways - replaced by nothing and replaced by a space - and a
         gold must be found in BOTH, so that it does not depend on that choice.
* DOCX - the text of the body: every paragraph and every table cell, in document order.
* PPTX - the text on the slide given by ``page`` (all text frames and table cells of that
         slide; speaker notes are not part of it).
Then every run of whitespace is collapsed to one space, and each gold must be an exact
substring of the text of its document (PDF / PPTX: of its stated page / slide).
"""
import collections
import json
import os
import re
import sys
import unicodedata

BASE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, BASE)
from doc_texts import load_docs, ws  # noqa: E402

QA = os.path.join(BASE, "qa.jsonl")
TERMS = os.path.join(BASE, "unanswerable_terms.json")

KEYS = ["id", "question", "lang", "doc", "page", "answers", "answerable", "kind"]
KINDS = {"en", "ar", "ar->en", "unanswerable"}
# expected number of questions per (kind, document) - document None for unanswerable
EXPECTED = {
    ("en", "R-intro.pdf"): 13,
    ("ar->en", "R-intro.pdf"): 4,
    ("ar", "handbook-ar-sect.user-space.html"): 3,
    ("ar", "handbook-ar-sect.syslog.html"): 3,
    ("ar", "handbook-ar-sect.backup.html"): 3,
    ("en", "handbook-en-ch3-existing-setup.docx"): 5,
    ("en", "handbook-en-apparmor-slides.pptx"): 5,
    ("unanswerable", None): 6,
}
MAX_GOLD_WORDS = 6
MAX_SHARED_RUN = 3  # a question may share at most 3 consecutive words with its source

AR_LETTER = re.compile(r"[\u0621-\u064A\u0671-\u06D3]")
AR_MARKS = re.compile(r"[\u0610-\u061A\u064B-\u065F\u0670\u06D6-\u06ED\u0640]")  # tashkeel, tatweel


def words(s):
    s = unicodedata.normalize("NFKC", AR_MARKS.sub("", s)).lower()
    return re.findall(r"[\w.+/<>%*-]+", s)


def longest_shared_run(question, source):
    q, src = words(question), words(source)
    best = 0
    for n in range(MAX_SHARED_RUN + 1, len(q) + 1):
        grams = {tuple(src[i:i + n]) for i in range(len(src) - n + 1)}
        if any(tuple(q[i:i + n]) in grams for i in range(len(q) - n + 1)):
            best = n
        else:
            break
    return best


# ---------------------------------------------------------------- checks
def main():
    docs = load_docs()
    with open(QA, encoding="utf-8") as f:
        rows = [json.loads(line) for line in f if line.strip()]
    with open(TERMS, encoding="utf-8") as f:
        terms = json.load(f)
    errors = []
    err = errors.append
    ids = collections.Counter(r.get("id") for r in rows)
    for i, n in ids.items():
        if n > 1:
            err(f"duplicate id {i}")
    counts = collections.Counter()
    n_gold = 0
    for r in rows:
        rid = r.get("id")
        if list(r.keys()) != KEYS:
            err(f"{rid}: keys {list(r.keys())} != {KEYS}")
            continue
        kind, lang, q = r["kind"], r["lang"], r["question"]
        if kind not in KINDS:
            err(f"{rid}: bad kind {kind}")
            continue
        counts[(kind, r["doc"])] += 1
        want_lang = {"en": "en", "ar": "ar", "ar->en": "ar"}.get(kind, lang)
        if lang not in ("en", "ar") or lang != want_lang:
            err(f"{rid}: lang {lang} does not fit kind {kind}")
        if lang == "ar" and not q.endswith("؟"):
            err(f"{rid}: Arabic question must end with ؟")
        if lang == "en" and not q.endswith("?"):
            err(f"{rid}: English question must end with ?")
        if lang == "ar" and not AR_LETTER.search(q):
            err(f"{rid}: Arabic question without Arabic letters")
        if lang == "en" and AR_LETTER.search(q):
            err(f"{rid}: English question with Arabic letters")
        if kind == "unanswerable":
            if r["answerable"] is not False or r["answers"] != [] or r["doc"] is not None \
                    or r["page"] is not None:
                err(f"{rid}: unanswerable needs answerable false, answers [], doc/page null")
            t = terms.get(rid)
            if not t:
                err(f"{rid}: no key terms in unanswerable_terms.json")
                continue
            if not any(x.lower() in q.lower() for x in t):
                err(f"{rid}: none of its key terms occurs in the question")
            for term in t:
                for name, d in docs.items():
                    if any(term.lower() in s.lower() for s in d["search"]):
                        err(f"{rid}: key term {term!r} occurs in {name}")
            continue
        # answerable
        if r["answerable"] is not True or not r["answers"]:
            err(f"{rid}: answerable question needs answerable true and answers")
            continue
        d = docs.get(r["doc"])
        if d is None:
            err(f"{rid}: unknown doc {r['doc']}")
            continue
        page = r["page"]
        if d["kind"] in ("pdf", "pptx"):
            if not isinstance(page, int) or page not in d["units"]:
                err(f"{rid}: page {page} out of range for {r['doc']}")
                continue
        elif page is not None:
            err(f"{rid}: page must be null for {r['doc']}")
            continue
        texts = d["units"][page]
        if kind == "en" and d["kind"] == "html":
            err(f"{rid}: kind en on an Arabic page")
        if (kind in ("en", "ar->en") and d["kind"] == "html") or (kind == "ar" and d["kind"] != "html"):
            err(f"{rid}: kind {kind} does not fit document {r['doc']}")
        for g in r["answers"]:
            n_gold += 1
            if g != ws(g) or not g:
                err(f"{rid}: gold {g!r} has stray whitespace")
            if len(g.split()) > MAX_GOLD_WORDS:
                err(f"{rid}: gold {g!r} longer than {MAX_GOLD_WORDS} words")
            if kind == "ar->en" and AR_LETTER.search(g):
                err(f"{rid}: ar->en gold {g!r} contains Arabic letters")
            for t in texts:
                if g not in t:
                    err(f"{rid}: gold {g!r} not found in {r['doc']} page {page}")
                    break
        source = " ".join(texts)
        if d["kind"] == "pptx":
            source += " " + d["notes"][page]
        run = longest_shared_run(q, source)
        if run > MAX_SHARED_RUN:
            err(f"{rid}: question shares {run} consecutive words with its source")
    for tid in terms:
        if tid not in ids:
            err(f"unanswerable_terms.json: unknown id {tid}")
    if dict(counts) != EXPECTED:
        err(f"counts {dict(counts)} != expected {EXPECTED}")

    by_kind = collections.Counter(r["kind"] for r in rows)
    print("documents:")
    for name, d in docs.items():
        units = len(d["units"]) if d["kind"] in ("pdf", "pptx") else "-"
        print(f"  {name:42s} {d['kind']:5s} pages/slides: {units}")
    print("questions per kind and document:")
    for (kind, doc), n in sorted(counts.items(), key=lambda x: (x[0][0], str(x[0][1]))):
        print(f"  {kind:13s} {doc!s:42s} {n}")
    print(f"total: {len(rows)} questions ({', '.join(f'{k} {v}' for k, v in sorted(by_kind.items()))}), "
          f"{n_gold} gold strings, {sum(len(v) for v in terms.values())} key terms")
    if errors:
        print(f"\n{len(errors)} FAILED:")
        for e in errors:
            print("  " + e)
        return 1
    print("all checks pass")
    return 0


if __name__ == "__main__":
    sys.exit(main())
