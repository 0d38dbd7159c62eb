"""Text helpers shared by ingestion, retrieval and extractive answers (English + Arabic).

Normalisation here defines chunk identity (SHA-256 of normalised text), so change it only with a
migration of stored ids in mind.
"""
from __future__ import annotations

import hashlib
import re
import unicodedata

from core.spelling import IRREGULAR_PAST, american

_ARABIC = re.compile(r"[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF]")
# Zero-width and direction characters, soft hyphens, and lone surrogates (what a JSON "\ud800"
# escape decodes to: no store can encode it).
_INVISIBLE = re.compile(r"[\u200B-\u200F\u202A-\u202E\u2066-\u2069\uFEFF\u00AD"
                        r"\uD800-\uDFFF]")
# clean_input's "controls become spaces, then space/tab runs collapse" as one pass: a run of two
# or more blanks, or a lone tab/control (a lone space is already right and is left alone).
_BLANKS = re.compile(r"[ \t\x00-\x08\x0B\x0C\x0E-\x1F\x7F]{2,}|[\t\x00-\x08\x0B\x0C\x0E-\x1F\x7F]")
# normalize's deletions (Arabic diacritics, tatweel, invisibles) in one pass; none is ASCII.
_DELETED = re.compile(r"[\u064B-\u065F\u0670\u06D6-\u06ED\u0640"
                      r"\u200B-\u200F\u202A-\u202E\u2066-\u2069\uFEFF\u00AD]")
# clean_label: controls (C0, DEL, C1, line and paragraph separators) become spaces; format
# characters (direction marks and overrides, zero-width ones) and lone surrogates are deleted.
_LABEL_CONTROLS = re.compile(r"[\x00-\x1F\x7F-\x9F\u2028\u2029]+")
_LABEL_DELETED = frozenset({"Cf", "Cs"})
_ARABIC_RUN = re.compile(r"[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF]+")
_LATIN_RUN = re.compile(r"[A-Za-z]+")
# Words: \w covers Arabic letters and digits; Arabic punctuation (، ؛ ؟ ٪ ۔) separates words
# like its Latin twins ("الضوئية؟" is the word "الضوئية"). The Arabic marks `normalize` keeps
# (U+0610-061A) stay inside their word.
_WORD = re.compile(r"[\w\u0610-\u061A]+")
_NOT_WORD_OR_SPACE = re.compile(r"[^\w\s\u0610-\u061A]")  # \s is exactly str.isspace
LANGUAGE_SAMPLE_CHARS = 300
DISPLAY_NAME_CHARS = 100  # document names as shown in citations and `docs list`
STOPWORDS = frozenset(
    """a an the is are was were be been being of to in on at by for with from as and or not no
    what which who whom whose when where why how does do did done can could should would will
    shall may might must it its this that these those there their them they he she his her we
    you your our i me my about into than then so such if else also just only very more most
    explain describe tell define give list please between difference compare use used using
    ما ماذا من في على عن إلى الى هل كيف لماذا متى أين اين هو هي هذا هذه ذلك تلك التي الذي
    و أو او ثم مع كان كانت يكون بين اشرح عرف أي اي كم كيفية
    مين شو إيش ايش وش شنو ليش اللي منين وين امتى ازاي""".split()
)  # the last line: question words of spoken Arabic ("شو يعني…", "إيش الأمر اللي…")


MAX_INDENT = 24


def clean_input(text: str) -> str:
    """Drop control and zero-width characters and collapse whitespace runs (user input).

    Controls become spaces and space/tab runs collapse to one space, in a single regex pass.
    ASCII text (O(1) to test) is already NFC and has no zero-width characters, so it skips both.
    """
    if not text.isascii():
        text = _INVISIBLE.sub("", unicodedata.normalize("NFC", text))
    return _BLANKS.sub(" ", text).strip()


def clean_passage(text: str) -> str:
    """`clean_input` for a passage quoted in answers: each line cleaned on its own, its leading
    indentation kept (tabs as four spaces, at most MAX_INDENT), so a code example or a JSON
    block reads as it was written instead of flush left."""
    lines = []
    for line in text.split("\n"):
        body = line.lstrip(" \t")
        indent = line[: len(line) - len(body)].replace("\t", "    ")[:MAX_INDENT]
        body = clean_input(body)
        lines.append(indent + body if body else "")
    return "\n".join(lines).strip()


def clean_label(text: str, limit: int) -> str:
    """A name shown to people or stored as a key (document names, user ids): one line, no
    controls or direction overrides (``lecture\u202egnp.md`` would show as "lecturedm.png"),
    at most `limit` characters. May be empty: the caller picks the fallback."""
    text = _LABEL_CONTROLS.sub(" ", text)
    if not text.isascii():
        text = "".join(c for c in text if unicodedata.category(c) not in _LABEL_DELETED)
        text = unicodedata.normalize("NFC", text)
    return " ".join(text.split())[:limit].strip()


def whole_number(text: str, low: int, high: int) -> int | None:
    """`text` as an integer from `low` to `high`, or None. ASCII digits only: "²" and "٣" pass
    str.isdigit, and int() refuses the first and reads the second."""
    text = text.strip()
    if not text.isascii() or not text.isdigit() or len(text) > len(str(high)):
        return None
    value = int(text)
    return value if low <= value <= high else None


def normalize(text: str) -> str:
    """Canonical form used for ids and matching: NFKC, casefold, no diacritics, single spaces.

    Diacritics, tatweel and invisibles are deleted in one pass, skipped for ASCII (none there).
    """
    text = unicodedata.normalize("NFKC", text).casefold()
    if not text.isascii():
        text = _DELETED.sub("", text)
    return " ".join(text.split())


def content_id(text: str) -> str:
    """Stable chunk id: SHA-256 of the normalised text (same text -> same id, on any machine)."""
    return hashlib.sha256(normalize(text).encode("utf-8")).hexdigest()


_ARABIC_VARIANTS = str.maketrans({"أ": "ا", "إ": "ا", "آ": "ا", "ٱ": "ا", "ى": "ي", "ة": "ه"})
_ARTICLE = re.compile(r"(?<![\w\u0600-\u06FF])(?:وال|بال|كال|فال|لل|ال)(?=[\u0600-\u06FF]{2})")


def search_form(text: str) -> str:
    """What lexical search indexes and queries: `normalize` plus light Arabic stemming
    (letter variants unified, the article family stripped), as in Arabic IR practice."""
    text = normalize(text)
    if not _ARABIC.search(text):
        return text
    return _ARTICLE.sub("", text.translate(_ARABIC_VARIANTS))


def detect_language(text: str) -> str:
    """'ar' when Arabic letters dominate the letters present, else 'en'.

    Only the first LANGUAGE_SAMPLE_CHARS count (a message's language shows early; keeps triage
    O(1)). Latin letters are counted first: with none (most Arabic messages) one Arabic letter
    decides, and letters are counted as run lengths, not one match object per letter.
    """
    if text.isascii():
        return "en"
    sample = text[:LANGUAGE_SAMPLE_CHARS]
    latin = sum(map(len, _LATIN_RUN.findall(sample)))
    if not latin:
        return "ar" if _ARABIC.search(sample) else "en"
    arabic = sum(map(len, _ARABIC_RUN.findall(sample)))
    return "ar" if arabic >= latin else "en"


def tokens(text: str) -> list[str]:
    """Lower-cased word tokens with Arabic diacritics and tatweel removed."""
    return split_words(normalize(text))


def split_words(normalized: str) -> list[str]:
    """Word tokens of text already passed through `normalize`.

    When nothing but whitespace separates the words, bar one final mark (most questions),
    `str.split` yields the same tokens as the word regex, without a match object per word.
    """
    other = _NOT_WORD_OR_SPACE.search(normalized)
    if other is None:
        return normalized.split()
    if other.end() == len(normalized):  # the first non-word mark is the last character
        return normalized[:-1].split()
    return _WORD.findall(normalized)


_ARABIC_PROCLITICS = ("وال", "بال", "كال", "فال", "لل", "ال")


# English suffixes, longest first, each with what replaces it ("libraries" -> "library")
_SUFFIXES = (("ations", ""), ("ation", ""), ("ings", ""), ("ing", ""), ("ies", "y"),
             ("ied", "y"), ("es", ""), ("ed", ""), ("s", ""))
_DOUBLED = re.compile(r"([b-df-hj-kmnp-rtv-y])\1$")  # "stopp(ed)", "embedd(ed)"; not ll/ss/zz


def _stem(word: str) -> str:
    """One suffix off, then a final "e", so a word and its plural or past meet: "file" /
    "files", "package" / "packages", "class" / "classes", "library" / "libraries",
    "commit" / "committed" (only while a stem of 3+ letters is left)."""
    if _ARABIC.match(word):
        return _arabic_stem(word)
    for suffix, replacement in _SUFFIXES:
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            if suffix == "s" and word.endswith(("ss", "us")):  # "class", "status": no plural
                break
            word = word[: -len(suffix)] + replacement
            if suffix in ("ing", "ings", "ed"):
                word = _DOUBLED.sub(r"\1", word)
            break
    return word[:-1] if word.endswith("e") and len(word) > 3 else word


def _arabic_stem(word: str) -> str:
    """Light stemming as in Arabic IR (light10-like, prefixes only): letter variants unified,
    the article family or one attached preposition/conjunction dropped ("لبروتوكول" ~
    "البروتوكول"), only while a stem of 3+ letters is left."""
    word = word.translate(_ARABIC_VARIANTS)
    for prefix in _ARABIC_PROCLITICS:
        if word.startswith(prefix) and len(word) - len(prefix) >= 3:
            return word[len(prefix):]
    if word[0] in "وبلفك" and len(word) >= 5:
        return word[1:]
    return word


# "'s", "n't", "'ll"... after a word: tokenised alone they would be stray terms ("s", "isn").
_CLITIC = re.compile(r"(?<=\w)(?:n['\u2019]t|['\u2019](?:s|t|d|m|ll|re|ve))\b", re.IGNORECASE)


def query_words(text: str, stopwords: frozenset[str] = STOPWORDS) -> list[str]:
    """Search terms: content words in first-use order, not stemmed (search engines stem their
    own way). Single letters stay, since in course text they name things ("vitamin D",
    "T-cell", "type B"); clitic fragments ("it's", "isn't") and lone Arabic letters (the "بـ" of
    "مقارنة بـ TCP", a preposition cut from its word) go."""
    words = (w for w in tokens(_CLITIC.sub("", text))
             if w.strip("_") and w not in stopwords and not (len(w) == 1 and _ARABIC.match(w)))
    return list(dict.fromkeys(words))


def keywords(text: str) -> list[str]:
    """`query_words` lightly stemmed, for matching a question against sentences ("sorting" ~
    "sorted"); single letters stay here too ("vitamin D" must not match a vitamin C sentence)."""
    return list(dict.fromkeys(_stem(w) for w in query_words(text)))


_ARABIC_SUFFIXES = ("ات", "ون", "ين", "ان", "يه", "ها", "ه", "ي")  # light10's, ة already ه


# A command-line option as written: "-k", "-V", "--keep", "--track-fds" (not the "-based" of
# "tree-based", a "-5" or a "--" alone). Its case is its meaning: "-v" is verbose, "-V" version.
OPTION = re.compile(r"(?<![\w-])--?[A-Za-z][A-Za-z0-9]*(?:-[A-Za-z0-9]+)*(?![\w-])")


def options(text: str) -> list[str]:
    """The command-line options a text names, as written, each once."""
    return list(dict.fromkeys(OPTION.findall(text)))


def keyword_forms(text: str) -> dict[str, frozenset[str]]:
    """`keywords` with the spellings each may take: for matching a question against sentences.

    One light stem per Arabic word misses pairs that differ by a clitic the stemmer cannot tell
    from the word: "لبروتوكول" stems to "بروتوكول" but "بروتوكول" itself to "روتوكول", and
    "الأساسي" / "الأساسية" differ by a suffix it never strips. Two words match when any of their
    forms agree (with and without the article family, one proclitic, one light10 suffix; stems
    of 3+ letters). English words have their `keywords` stem, its American spelling and, for an
    irregular past ("wrote", "built"), the stem of its verb.

    A command-line option is a keyword of its own, matched only as written: a question about
    "-v" once matched every sentence with a "V" in it ("bzip2 -V", "type V"), and "-k" the
    "100 k" of a block size. A one-letter option is that keyword only; a long one ("--keep")
    keeps its words too."""
    named = options(text)
    out: dict[str, frozenset[str]] = {option: frozenset({option}) for option in named}
    if any(len(option) == 2 for option in named):
        text = OPTION.sub(lambda m: " " if len(m.group()) == 2 else m.group(), text)
    for word in query_words(text):
        stem = _stem(word)
        if stem in out:
            continue
        if _ARABIC.match(word):
            out[stem] = _arabic_forms(word) | {stem}
        else:
            verb = IRREGULAR_PAST.get(word)
            out[stem] = frozenset({stem, american(stem)} | ({_stem(verb)} if verb else set()))
    return out


def _arabic_forms(word: str) -> frozenset[str]:
    word = word.translate(_ARABIC_VARIANTS)
    bases = {word}
    bases.update(word[len(p):] for p in _ARABIC_PROCLITICS
                 if word.startswith(p) and len(word) - len(p) >= 3)
    if word[0] in "وبلفك" and len(word) >= 5:
        bases.add(word[1:])
    forms = set(bases)
    forms.update(b[: -len(x)] for b in bases for x in _ARABIC_SUFFIXES
                 if b.endswith(x) and len(b) - len(x) >= 3)
    return frozenset(forms)
