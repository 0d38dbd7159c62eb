"""Wrong options: other terms of the same kind from the same course, near in meaning.

A distractor must be plausible (same kind: a code name beside code names, words beside words in
the item's language; the nearest by the embedder) and certainly wrong: never the right term or a
spelling of it (equal, inside it or containing it, the same gloss), never a term the item's own
sentence names, never a synonym (a cosine this close is one), and never a term the course says
the same thing about (its sentences share most of what the item says about the right term).
"""
from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from core.practice.facts import CODE, WORDS, Fact
from core.text import keywords, normalize, search_form

SYNONYM_COSINE = 0.97  # e5 cosines of two spellings of one name sit above this
REUSE_MAX = 2  # items of one quiz a wrong option may appear in while others are left
SAME_CLAIM_SHARE = 0.5  # a course sentence about the distractor holding this share of the claim
_GLOSS = re.compile(r"\(([^)]*)\)")


def spellings(term: str) -> set[str]:
    """The comparable forms of a term: whole, without its gloss, and the gloss alone."""
    forms = {search_form(term)}
    gloss = _GLOSS.search(term)
    if gloss:
        forms.add(search_form(gloss.group(1)))
        forms.add(search_form(_GLOSS.sub("", term)))
    return {" ".join(f.split()) for f in forms if f.strip()}


def same_thing(a: str, b: str) -> bool:
    """One term spelled inside the other (case, diacritics, article and gloss ignored)."""
    return any(x == y or _inside(x, y) or _inside(y, x) for x in spellings(a) for y in spellings(b))


def _inside(short: str, long: str) -> bool:
    return re.search(r"(?<!\w)" + re.escape(short) + r"(?!\w)", long) is not None


def mentions(text: str, term: str) -> bool:
    """Does `text` name `term` in any of its spellings?"""
    haystack = " ".join(search_form(text).split())
    return any(_inside(form, haystack) for form in spellings(term))


def claim_words(fact: Fact) -> set[str]:
    """What a fact says about its term, as stemmed content words (the term's own left out)."""
    own = set(keywords(fact.term))
    return set(keywords(fact.body)) - own


@dataclass(frozen=True, slots=True)
class Indexed:
    """A sentence prepared once for many look-ups: its search form and its stemmed words."""

    form: str
    words: frozenset[str]


def index(sentences: Sequence[str]) -> list[Indexed]:
    return [Indexed(" ".join(search_form(s).split()), frozenset(keywords(s))) for s in sentences]


def says_same(candidate: str, claim: set[str], sentences: Sequence[Indexed]) -> bool:
    """Does some course sentence naming `candidate` hold most of `claim`?"""
    if not claim:
        return True
    forms = spellings(candidate)
    for sentence in sentences:
        if len(claim & sentence.words) / len(claim) >= SAME_CLAIM_SHARE and any(
                f in sentence.form and _inside(f, sentence.form) for f in forms):
            return True
    return False


_RELATIVE = re.compile(r"\b(?:that|which|who|whose|where|when|in which|used|,|;|with|for|of)\b|[,;]"
                       r"|\s(?:الذي|التي|الذين|تعيد|تعتمد|تحدد|تحدّد|يعتمد|يحدد|لـ|في|من)\s")


def genus(fact: Fact) -> set[str]:
    """What kind of thing a definition says its term is ("a sorting algorithm that…" ->
    sorting algorithm; "خوارزمية تعيد…" -> خوارزمية): another term the course calls the same kind
    may fit the rest of the definition too (a merge sort is also "a sorting algorithm that
    decides the order only by comparing"), so it is no safe wrong option."""
    if not fact.defines or fact.kind != WORDS:
        return set()
    head = _RELATIVE.split(" " + fact.body + " ", maxsplit=1)[0]
    words = set(keywords(head))
    return words if fact.language == "en" else set(list(keywords(head))[:1])


def pick(fact: Fact, pool: Sequence[Fact], vectors: dict[str, np.ndarray],
         sentences: Sequence[Indexed], passage: str, want: int = 3,
         used: Mapping[str, int] | None = None) -> list[Fact]:
    """Up to `want` distractor facts for `fact`, nearest in meaning first; a term already a
    wrong option of REUSE_MAX items of this quiz (`used`) only when no other fits: the same
    three names under every item teach the student to skip them."""
    claim = claim_words(fact)
    kind_of = genus(fact)
    right = vectors.get(fact.term)
    scored: list[tuple[float, Fact]] = []
    seen: list[str] = []
    for other in pool:
        if other.kind != fact.kind or (fact.kind != CODE and other.language != fact.language):
            continue
        if same_thing(other.term, fact.term) or any(same_thing(other.term, s) for s in seen):
            continue
        if mentions(fact.sentence, other.term) or mentions(other.term, fact.term):
            continue
        cosine = float(vectors[other.term] @ right) if right is not None and \
            other.term in vectors else 0.0
        if cosine >= SYNONYM_COSINE:
            continue
        seen.append(other.term)
        scored.append((cosine, other))
    worn = used or {}
    scored.sort(key=lambda pair: (worn.get(pair[1].term, 0) >= REUSE_MAX, -pair[0]))
    chosen: list[Fact] = []
    for _, other in scored:
        if says_same(other.term, claim, sentences) or says_same(other.term, claim,
                                                                 index([passage])):
            continue
        if kind_of and _called(other.term, kind_of, sentences):
            continue
        if kind_of and _names_a_kind(fact, kind_of) and set(keywords(fact.term)) & set(
                keywords(other.term)):  # "comparison sort" is a kind; "merge sort" one of it
            continue
        chosen.append(other)
        if len(chosen) == want:
            break
    return chosen


NEAR_SAME_WORDS = 0.75  # two options sharing this share of their words read as one


def _names_a_kind(fact: Fact, kind_of: set[str]) -> bool:
    """Is the term itself named after the kind it is defined as ("خوارزمية الترتيب" is "an
    algorithm that…", "comparison sort" is "a sorting algorithm…")? Then terms sharing its
    words may be members of it."""
    return bool(set(keywords(fact.term)) & kind_of)


def _called(candidate: str, kind_of: set[str], sentences: Sequence[Indexed]) -> bool:
    """Does a course sentence naming `candidate` also use every word of the kind?"""
    forms = spellings(candidate)
    return any(kind_of <= s.words and any(f in s.form and _inside(f, s.form) for f in forms)
               for s in sentences)


def distinct(options: Sequence[str]) -> bool:
    """No two options alike once case, marks and spacing are ignored, nor nearly the same
    words (two wrong options that differ by one word give each other away)."""
    forms = [" ".join(normalize(o).split()) for o in options]
    if len(set(forms)) != len(forms):
        return False
    words = [set(keywords(o)) for o in options]
    for i, a in enumerate(words):
        for b in words[i + 1:]:
            if len(a) > 1 and len(b) > 1 and len(a & b) / len(a | b) >= NEAR_SAME_WORDS:
                return False
    return True
