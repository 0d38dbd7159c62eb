"""Is the term a definitional question asks about written in the retrieved course passages?

The term of "what is a linked list?" must be written in one retrieved course passage, its
words in a row: "two linked stages" and a "list" elsewhere do not define
linked lists, nor "system-wide configuration file" a file system. A heading may stand for it:
"What is a hash collision?" is answered under "Collisions" ("A collision happens when...").
A question asking about names rather than plain words is coverage.uncovered_terms's.
"""
from __future__ import annotations

import re
from collections.abc import Iterable

from core.rag.coverage import (
    CLITIC,
    COURSE_WORD,
    GENERIC_WORDS,
    name_pattern,
    named_terms,
    spelled_name,
)
from core.rag.definitions import DEFINITION, DOES
from core.text import STOPWORDS, detect_language, normalize

_THE = re.compile(r"\bthe\s+$", re.IGNORECASE)  # the article right before the subject
SUBJECT_WORDS = (2, 4)  # one word is the vocabulary check's; longer runs are rarely one term
# "how does radix sort work?" asks what radix sort is as much as "what is radix sort?" does
_HOW_IT_WORKS = re.compile(r"\bhow\s+do(?:es)?\s+(?:an?\s+|the\s+)?(?P<subject>[^?.!,;:]+?)\s+"
                           r"work\s*[?.!]*\s*$", re.IGNORECASE)
# Generic words that are nouns of a term ("radix sort", "heap sort"): "what sort of" is never
# a term, its "of" is a function word
_TERM_NOUNS = frozenset({"sort", "sorts"})
# Not in a term: function words ("list" and "use" are nouns too), and words that ask for a
# property of the term ("the default port" may be written "port 3128 by default"), or for its
# name ("What is KDE's office suite called?")
_NOT_IN_TERMS = (STOPWORDS - {"list", "use"}) | frozenset(
    "default maximum minimum name value size number version format syntax command option called "
    "named".split())


def subject_phrase(question: str) -> str | None:
    """The term a definitional English question asks about ("what is…", "what does… mean",
    "how does… work"), when it is a run of 2-4 plain content words ("linked list", "apt-get
    check"); None otherwise. Names are left to named_terms, and a question word ("the main
    advantage") makes it no term. "What is the X" asks for a thing the course states in its own
    words, as often as for a term ("What is the late submission penalty?" under "Late
    submission policy": "Late assignments lose 10% of their grade per day")."""
    match = (DEFINITION.search(question) or DOES.search(question)
             or _HOW_IT_WORKS.search(question))
    if match is None or detect_language(question) == "ar" or (
            match.re is DEFINITION and _THE.search(question, 0, match.start("subject"))):
        return None
    words = match.group("subject").split()
    names = {n.lower() for n in named_terms(question)}
    if not SUBJECT_WORDS[0] <= len(words) <= SUBJECT_WORDS[1] or any(
            not COURSE_WORD.fullmatch(w) or w.lower() in _NOT_IN_TERMS
            or w.lower() in GENERIC_WORDS - _TERM_NOUNS or CLITIC.sub("", w).lower() in names
            for w in words):
        return None
    return " ".join(w.lower() for w in words)


_MARKS = "\"'“”‘’()[]:.,!?"  # around a heading's last word


def term_missing(question: str, passages: Iterable[str]) -> str | None:
    """The definitional question's term (subject_phrase) when no passage (its title on the
    first line) writes it (`_phrase`) or has all its words under a heading ending in its last
    ("Collisions" for "hash collision"); None when it has none or one covers it."""
    subject = subject_phrase(question)
    if subject is None:
        return None
    phrase, head = _phrase(subject), name_pattern(subject.split()[-1])
    patterns = [name_pattern(word) for word in subject.split()]
    for passage in passages:
        heading, _, body = passage.partition("\n")
        text, title = normalize(passage), normalize(heading).split() if body else []
        if phrase.search(text) or (title and head.fullmatch(title[-1].strip(_MARKS))
                                   and all(p.search(text) for p in patterns)):
            return None
    return subject


def _phrase(term: str) -> re.Pattern[str]:
    """A term's words in a row, each as a name is found, a few marks or none between them
    ("<rescan> element", "filesystem"; not "system-wide configuration file")."""
    words = [spelled_name(w) for w in normalize(term).split()]
    return re.compile(r"(?<![0-9a-z])" + r"[\W_]{0,3}".join(words) + r"(?![0-9a-z])")
