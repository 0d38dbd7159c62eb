"""Turning one fact and its distractors into a question: a cloze (the term blanked out of its
sentence, terms as options) or "What is X?" (what the course says about each term as options)."""
from __future__ import annotations

import random
import re
from collections.abc import Sequence

from core.practice.catalog import Passage
from core.practice.distractors import claim_words, distinct, mentions, spellings
from core.practice.facts import WORDS, Fact
from core.practice.items import QuizItem, item_id
from core.text import keywords
from core.texts.practice import text

BLANK = "_____"
OPTION_MAX = 100  # Telegram poll option limit; Discord button labels allow 80 (cut there)
QUESTION_MAX = 300
CLOZE, DEFINE = "cloze", "define"
MAX_BLANKS = 2  # "_____ is the _____ to use; … depends on the _____" reads as a riddle
# What a cloze says about its blank must single it out: "_____ does not use a callback" (one
# claim word, and a negation) was true of two of its four options (fs.existsSync(), url.parse())
MIN_CLAIM_WORDS = 3
_NEGATION = re.compile(r"\b(?:not|never|cannot|can't|doesn't|don't|isn't|aren't|won't|no longer)"
                       r"\b|\bلا\b|\bليس|\bلم\b|\bلن\b", re.IGNORECASE)
_GLOSS = re.compile(r"\s*\([^)]*\)")
# a bracketed link is read past, never shown with a blank inside it ("Packages _____
# (https://CRAN.R-project.org/package=_____ )"); a sentence with a link in its words is no item
_BRACKETED_LINK = re.compile(r"\s*\(\s*https?://[^\s)]*\s*\)")


def cloze_text(fact: Fact) -> str | None:
    """The fact's sentence with every mention of its term blanked; None if one cannot be."""
    sentence = _BRACKETED_LINK.sub("", fact.sentence)
    if "://" in sentence:
        return None
    forms = sorted({fact.term, _GLOSS.sub("", fact.term).strip(),
                    *(m.strip() for m in re.findall(r"\(([^)]*)\)", fact.term))},
                   key=len, reverse=True)
    for form in (f for f in forms if f):
        # a function's call parentheses go with its name: "The _____ function", not "_____ ()"
        pattern = re.escape(form).replace(r"\ ", r"\s+") + r"(?:\(\))?"
        prefix = r"(?<![\w])" if fact.language == "en" else ""
        sentence = re.sub(prefix + pattern + r"(?![\w])", BLANK, sentence, flags=re.IGNORECASE)
    if BLANK not in sentence or mentions(sentence.replace(BLANK, " "), fact.term):
        return None
    sentence = re.sub(rf"(?:{re.escape(BLANK)}\s*)+", BLANK + " ", sentence).strip()
    if sentence.count(BLANK) > MAX_BLANKS:
        return None
    sentence = re.sub(rf"^(?:A|An|The)\s+{re.escape(BLANK)}", BLANK, sentence)
    return re.sub(rf"{re.escape(BLANK)}\s+([,.;:!?؟،])", BLANK + r"\1", sentence)


def singles_out(fact: Fact) -> bool:
    """Whether a fact's sentence says enough about its term to fit it alone: at least
    MIN_CLAIM_WORDS content words besides the term, and no negation (what a thing does not do
    is true of most others)."""
    return len(claim_words(fact)) >= MIN_CLAIM_WORDS and not _NEGATION.search(fact.body)


def as_option(term: str, fact: Fact) -> str:
    """An English term in words as an option starts with a capital ("Merge sort"), unless its
    own sentence starts it in lower case: a name written as code ("avalues is a vector…")."""
    if fact.kind != WORDS or fact.language != "en" or fact.sentence[:1].islower():
        return term
    return term[:1].upper() + term[1:]


def build(fact: Fact, distractors: Sequence[Fact], passage: Passage, course: str,
          rng: random.Random, form: str = CLOZE) -> QuizItem | None:
    """A quiz item, or None when the fact cannot make a valid one in this form."""
    if len(distractors) < 2:
        return None
    if form == DEFINE:
        if not fact.defines:
            return None
        right = fact.body
        wrong = [d.body for d in distractors]
        if any(len(o) > OPTION_MAX for o in [right, *wrong]):
            return None
        if any(mentions(o, fact.term) for o in wrong) or any(
                mentions(right, d.term) for d in distractors):
            return None
        claim = claim_words(fact)
        if any(len(claim & claim_words(d)) >= 0.5 * max(len(claim), 1) for d in distractors):
            return None
        own = set(keywords(fact.term))  # a kind of X ("merge sort" for "sorting algorithm")
        if any(own & set(keywords(d.term)) for d in distractors):  # may fit X's definition
            return None
        question = text("what_is", fact.language, term=fact.term)
    else:
        cloze = cloze_text(fact)
        if cloze is None or not singles_out(fact):
            return None
        right = as_option(fact.term, fact)
        wrong = [as_option(d.term, d) for d in distractors]
        # no option set apart by its "()" (its sentence writes it so, another's does not)
        right, wrong = right.removesuffix("()"), [o.removesuffix("()") for o in wrong]
        question = text("fill_blank", fact.language, sentence=cloze)
        if any(len(o) > OPTION_MAX for o in [right, *wrong]):
            return None
    if len(question) > QUESTION_MAX:
        return None
    options = [right, *wrong]
    if not distinct(options) or any(not spellings(o) for o in options):
        return None
    order = list(range(len(options)))
    rng.shuffle(order)
    shuffled = tuple(options[i] for i in order)
    return QuizItem(id=item_id(course, fact.sentence, fact.term, form),
                    course=course, language=fact.language, kind=form, question=question,
                    options=shuffled, answer=order.index(0), quote=fact.sentence,
                    source=passage.source, term=fact.term, passage=passage.text)


def explanation(item: QuizItem, language: str | None = None) -> str:
    """Why the right option is right: the passage's own sentence and where it is written."""
    language = language or item.language
    page_word = text("slide" if item.source.unit == "slide" else "page", language)
    return text("explanation", language, right=item.right, quote=item.quote,
                source=item.source.label(page_word))
