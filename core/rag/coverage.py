"""Does the retrieved material even mention what the question names?

A student who asks about "Parquet files", "WireGuard" or "Docker" names the thing they want;
when no retrieved passage mentions it anywhere, the materials do not cover the question, however
similar the passages sound (an embedding finds *something* close for any question). The names
are the tokens a reader would take for names: Latin-script words in an Arabic question (commands,
packages, products), and in English words with inner capitals, digits or marks (read.csv,
wpa_supplicant, UTF-8), all-caps words (JSON, DBI) and capitalised words after the first.

Measured on the two real-document QA sets (dev and unseen, 83 questions): every answerable
question had all its names in the documents, 10 of 12 unanswerable ones named something absent.

A question can also ask about something with ordinary words ("the knapsack problem with dynamic
programming", "rotations in a red-black tree"). Those are checked against the whole course's
vocabulary (the store's lexical index, stemmed as search stems): when at least
ABSENT_WORDS_MIN of an English question's content words occur nowhere in the course, the course
does not cover it. One absent word is not enough: questions paraphrase ("copes", "occupies",
"trouble" are in answerable dev questions and nowhere in the R manual they ask about), and a
typo is absent too. Only Latin-script words are checked: Arabic words take prefixes and inner
changes a light stemmer cannot undo (8 of 10 answerable Arabic dev questions had a content word
the pages do not spell that way), and the Latin words of an Arabic question are names already.

A definitional question's term of plain words is checked in core/rag/defined_terms.py.

Code-like names (archive_style, globs2, read.csv) are found the same way to rank passages: the
ones that have them before the ones that do not (core/rag/nodes/rerank.py).
"""
from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from core.sentences import asks, split_sentences
from core.text import STOPWORDS, detect_language, normalize

# Log-odds taken off every score per uncovered name: enough to take even a 0.999 passage below
# LOW (0.2). 0 of 71 answerable questions had one, so the evidence is strong; a name that is
# merely written differently (UTF8 / UTF-8, Wi-Fi / wifi) still counts as covered.
UNCOVERED_LOGIT = 8.0
STEM_MIN = 6  # names this long may differ in their last two letters (plural, adjective)
_LETTER_DIGIT = re.compile(r"(?<=[a-z])(?=\d)")
# Words start where a token starts: the "T00" of "2008-12-04T00:23:45Z" or the "x20" of "20x20"
# is no name, and could never be found as one (a name is matched as a whole word).
_LATIN_WORD = re.compile(r"(?<![0-9A-Za-z])(?:[A-Za-z][A-Za-z0-9_.+-]*[A-Za-z0-9_+]|[A-Za-z])")
ABSENT_WORDS_MIN = 2  # content words absent from the whole course that mean "not covered"...
ABSENT_SHARE_MIN = 1 / 3  # ...when they are also this share of the words looked up
# A Latin-script word (accented letters too: "Temüjin"), with inner marks ("read.csv", "UTF-8",
# "red-black") and an English clitic ("isn't"), which course_words then drops.
COURSE_WORD = re.compile(r"(?<![^\W_\u0600-\u06ff])[^\W\d_\u0600-\u06ff](?:[\w.+'’-]*[^\W_])?")
CLITIC = re.compile(r"(?:n['’]t|['’](?:s|t|d|m|ll|re|ve))$", re.IGNORECASE)
COURSE_WORD_MIN_LEN = 3  # shorter words ("R", "PC", "go") say too little to be checked
# Words of how a question is asked rather than of what it asks about: a course need not use them.
GENERIC_WORDS = frozenset("""kind kinds type types sort sorts way ways example examples instance
    instances mean means meaning meant purpose purposes role reason reasons advantage advantages
    disadvantage disadvantages benefit benefits drawback drawbacks main basic important common
    happen happens happened work works working step steps idea ideas concept concepts thing
    things something anything someone better best good bad big small new old usually often
    really actually exactly first second last need needs want wants get gets got make makes
    made do does help helps possible different same other another each every any some many
    much lot lots""".split())
# Words of how a student chats around a question ("quick question:", "pls help with this one",
# "hey, whats…"): a course never needs them, and two of them once made a covered question
# "not covered".
CHAT_WORDS = frozenset("""hey hello hiya thanks thank thx please pls plz quick question questions
    whats basically kinda sorta literally guys anyone anybody somebody hmm okay sorry confused
    stuck wondering wonder idk btw tbh lol stuff gonna wanna gotta tell explain know understand
    one""".split())
# Words of the errand around a question ("my professor said to ask…", "solve question 3 of my
# homework; write…"): the ⚠ note told a student the course lacks "homework" and "write". "solve"
# stays a course word: "how do I solve the knapsack problem" asks about solving it.
REQUEST_WORDS = frozenset("""homework homeworks assignment assignments tomorrow tonight today
    yesterday deadline deadlines due professor prof teacher lecturer classmate classmates midterm
    midterms said says told ask asked asking write""".split())


def identifiers(question: str) -> list[str]:
    """The code-like names of a question: words with an underscore, a dot, a digit
    or an inner capital (archive_style, read.csv, globs2, setRefClass), and hyphenated words
    (glob-deleteall), in a question in any language. A passage that lacks them is less
    likely to be the one asked about."""
    return [w for w in dict.fromkeys(_LATIN_WORD.findall(question))
            if len(w) > 2 and (any(c.isdigit() or c in "._-" for c in w)
                               or any(c.isupper() for c in w[1:]))]


def identifier_shares(question: str, passages: Sequence[str]) -> list[float] | None:
    """Share of the question's identifiers each passage has (found as names are); None when
    the question has none."""
    names = identifiers(question)
    return [len(f) / len(names) for f in _found(names, passages)] if names else None


def identifiers_in(question: str, passages: Sequence[str]) -> list[frozenset[str]] | None:
    """The question's identifiers each passage has; None when the question has none."""
    names = identifiers(question)
    return _found(names, passages) if names else None


def found_in(names: Sequence[str], passage: str) -> frozenset[str]:
    """Which of `names` a passage has (found as a question's names are)."""
    return _found(names, [passage])[0]


def _found(names: Sequence[str], passages: Sequence[str]) -> list[frozenset[str]]:
    patterns = {name: name_pattern(name) for name in names}
    texts = [normalize(p) for p in passages]
    return [frozenset(n for n, p in patterns.items() if p.search(t)) for t in texts]


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


def name_pattern(name: str) -> re.Pattern[str]:
    """The name as whole words, its marks optional: "Wi-Fi" finds "wifi", "wi-fi", "Wi Fi";
    "utf8" finds "UTF-8"; "ufw" is not found inside "stuff with". A long word may also end
    differently ("Panther" finds "Panthers", "Californian" finds "California")."""
    return re.compile(r"(?<![0-9a-z])" + spelled_name(normalize(name)) + r"(?![0-9a-z])")


def spelled_name(name: str) -> str:
    """A normalised name's words as a pattern, its marks optional (`_piece` each)."""
    parts = re.split(r"[^0-9a-z\u0600-\u06ff]+", name)
    return r"[\W_]?".join(_piece(p) for p in parts if p)


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
        if name_pattern(name).search(haystack) or _spelled_out(name, haystack):
            continue
        parts = [p for p in name.split("-") if p] if "-" in name else []
        if parts and all(name_pattern(p).search(haystack) for p in parts):
            continue
        missing.append(name)
    return missing


def course_words(question: str) -> list[str]:
    """The words of an English question to look up in the course's vocabulary: Latin-script
    content words (a hyphenated compound as one phrase: "red-black") of its asking sentences,
    without stop words, generic question words, chat words, clitics ("isn't" is "is") and
    words shorter than COURSE_WORD_MIN_LEN. An Arabic question has none (see the module
    docstring)."""
    if detect_language(question) == "ar":
        return []
    words = []
    for match in COURSE_WORD.finditer(_asking_part(question)):
        word = CLITIC.sub("", match.group()).strip(".+-_'’").lower()
        if (len(word) < COURSE_WORD_MIN_LEN or word in STOPWORDS or word in GENERIC_WORDS
                or word in CHAT_WORDS or word in REQUEST_WORDS
                or not any(c.isalpha() for c in word)):
            continue
        words.append(word)
    return list(dict.fromkeys(words))


def _asking_part(message: str) -> str:
    """The sentences of a message that ask, when it has others too ("ok so im panicking bc the
    exam is on thursday. what is the worst case of quicksort? thanks!!"): the course need not
    use the words around the question."""
    sentences = split_sentences(message)
    asking = [s for s in sentences if asks(s)]
    return " ".join(asking) if asking and len(asking) < len(sentences) else message


def lookup_terms(words: Iterable[str]) -> list[str]:
    """What to ask the vocabulary for: the words, and the parts of each hyphenated one."""
    terms = []
    for word in words:
        terms.append(word)
        if "-" in word:
            terms += [p for p in word.split("-") if p]
    return list(dict.fromkeys(terms))


def absent_words(words: Sequence[str], known: Iterable[str]) -> list[str]:
    """The course words the course's vocabulary does not hold (a hyphenated word is held when
    the course has it as a phrase or has each of its parts: "text-import")."""
    found = set(known)
    return [w for w in words if w not in found
            and not ("-" in w and all(p in found for p in w.split("-") if p))]


def absent_from_course(words: Sequence[str], known: Iterable[str]) -> list[str]:
    """The absent course words when they are enough to say the course does not cover the
    question: at least ABSENT_WORDS_MIN of them and at least ABSENT_SHARE_MIN of the words
    looked up; else []."""
    return enough_absent(absent_words(words, known), words)


def enough_absent(absent: Sequence[str], words: Sequence[str]) -> list[str]:
    """`absent` when it says the course does not cover the question (see absent_from_course)."""
    if len(absent) < ABSENT_WORDS_MIN or len(absent) < ABSENT_SHARE_MIN * len(words):
        return []
    return list(absent)
