"""Does the retrieved material even mention what the question names?

A student who asks about "Parquet files", "WireGuard" or "Docker" names the thing they want;
when no retrieved passage mentions it anywhere, the materials do not cover the question, however
similar the passages sound (an embedding finds *something* close for any question). The names
are the tokens a reader would take for names: Latin-script words in an Arabic question (commands,
packages, products), and in English words with inner capitals, digits or marks (read.csv,
wpa_supplicant, UTF-8), all-caps words (JSON, DBI) and capitalised words after the first.

Measured on the two real-document QA sets (dev and unseen, 83 questions): every answerable
question had all its names in the documents, 10 of 12 unanswerable ones named something absent.
"""
from __future__ import annotations

import re
from collections.abc import Iterable

from core.text import STOPWORDS, detect_language, normalize

# Log-odds taken off every score per uncovered name: enough to take even a 0.999 passage below
# LOW (0.2). 0 of 71 answerable questions had one, so the evidence is strong; a name that is
# merely written differently (UTF8 / UTF-8, Wi-Fi / wifi) still counts as covered.
UNCOVERED_LOGIT = 8.0
STEM_MIN = 6  # names this long may differ in their last two letters (plural, adjective)
_LETTER_DIGIT = re.compile(r"(?<=[a-z])(?=\d)")
_LATIN_WORD = re.compile(r"[A-Za-z][A-Za-z0-9_.+-]*[A-Za-z0-9_+]|[A-Za-z]")


def named_terms(question: str) -> list[str]:
    """The words of a question that name something (see the module docstring)."""
    arabic = detect_language(question) == "ar"
    words = _LATIN_WORD.findall(question)
    names: list[str] = []
    for i, word in enumerate(words):
        if word.lower() in STOPWORDS or word == "I":
            continue
        if arabic:
            if len(word) >= 2:
                names.append(word)
            continue
        marked = any(c.isdigit() or c in "._+" for c in word)
        shouted = len(word) > 1 and word.isupper()
        inner_capital = any(c.isupper() for c in word[1:])
        capitalised = word[0].isupper() and not (i == 0 and question.lstrip().startswith(word))
        if marked or shouted or inner_capital or capitalised:
            names.append(word)
    return list(dict.fromkeys(names))


def _pattern(name: str) -> re.Pattern[str]:
    """The name as whole words, its marks optional: "Wi-Fi" finds "wifi", "wi-fi", "Wi Fi";
    "utf8" finds "UTF-8"; "ufw" is not found inside "stuff with". A long word may also end
    differently ("Panther" finds "Panthers", "Californian" finds "California")."""
    parts = [p for p in re.split(r"[^0-9a-z\u0600-\u06ff]+", normalize(name)) if p]
    pieces = [_piece(p) for p in parts]
    return re.compile(r"(?<![0-9a-z])" + r"[\W_]?".join(pieces) + r"(?![0-9a-z])")


def _piece(part: str) -> str:
    """One word of a name as a pattern: long words by their stem, short ones with or without
    a plural s ("Macs" finds "Mac", "LAN" finds "LANs")."""
    if part.isalpha() and part.isascii():
        if len(part) >= STEM_MIN:
            return re.escape(part[: max(STEM_MIN - 1, len(part) - 2)]) + "[a-z]{0,4}"
        base = part[:-1] if part.endswith("s") and len(part) >= 4 else part
        return re.escape(base) + "(?:e?s)?"
    return _LETTER_DIGIT.sub(lambda _: "[\\W_]?", re.escape(part))


def _spelled_out(name: str, haystack: str) -> bool:
    """An acronym the text writes out: "LAN" in "local area network"."""
    if not (name.isascii() and name.isalpha() and name.isupper() and 2 <= len(name) <= 5):
        return False
    run = r"\w*[\s-]+".join(re.escape(c) for c in name.lower())
    return re.search(r"(?<![0-9a-z])" + run + r"\w*", haystack) is not None


def uncovered_terms(question: str, passages: Iterable[str]) -> list[str]:
    """Names in the question that no passage mentions (a hyphenated name also counts as
    mentioned when each of its parts is: "DBI-based" is covered by "DBI" and "based")."""
    names = named_terms(question)
    if not names:
        return []
    haystack = normalize(" ".join(passages))
    missing = []
    for name in names:
        if _pattern(name).search(haystack) or _spelled_out(name, haystack):
            continue
        parts = [p for p in name.split("-") if p] if "-" in name else []
        if parts and all(_pattern(p).search(haystack) for p in parts):
            continue
        missing.append(name)
    return missing
