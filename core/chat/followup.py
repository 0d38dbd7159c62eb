"""Rewrites a follow-up ("and what about its time complexity?") into a standalone question,
from the user's last turns: with the LLM when there is one, by a deterministic rule offline.
"""
from __future__ import annotations

import logging
import re
from collections.abc import Sequence
from functools import cache

from langchain_core.language_models import BaseChatModel
from langchain_core.messages import HumanMessage, SystemMessage

from core.errors import log_failure
from core.ports import Turn
from core.rag.coverage import identifiers
from core.rag.llm_output import message_text, parse_lines
from core.rag.prompts import FOLLOWUP_SYSTEM
from core.sentences import asks
from core.text import OPTION, keywords, options

log = logging.getLogger(__name__)
# one lead or several ("and what about the second one?")
_LEAD = re.compile(r"^\s*(?:(?:and|also|so|but|then|what about|how about"
                   r"|و|وماذا عن|ماذا عن|وما|وكيف|ولماذا|ومتى|وهل|وأين)\b\s*)+", re.IGNORECASE)
_QUESTION_HEAD = re.compile(
    r"^\s*(?:(?:what|who|how|why|when|where|which)\s+(?:is|are|was|were|does|do)\s+(?:an?\s+|the\s+)?)?",
    re.IGNORECASE)
# English pronouns; Arabic demonstratives, or a word of 3+ letters carrying the attached "ها"
# or "ه" (its: تعقيدها, تعقيده, وفيه). Not هو/هي: "ما هو" is how Arabic asks "what is".
_PRONOUN = re.compile(r"\b(its|it|this|that|they|them|their|these|those)\b"
                      r"|(?<![\u0621-\u064A])(هذا|هذه|ذلك|تلك)(?![\u0621-\u064A])"
                      r"|(?<![\u0621-\u064A])(?!ال)([\u0621-\u064A]{3,}?)(?:ها|ه)(?![\u0621-\u064A])",
                      re.IGNORECASE)
# A relative clause's verb carries a pronoun back to its own noun ("ما هو المنفذ الذي يستخدمه
# خادم البريد؟", the port the mail server uses): not one pointing at the last answer.
_RELATIVE = re.compile(r"(?<![\u0621-\u064A])(?:الذي|التي|الذين|اللذان|اللتان|اللذين|اللتين"
                       r"|اللواتي|اللاتي|اللي)(?![\u0621-\u064A])")
_ARTICLE = re.compile(r"^(?:the|an?)\s+", re.IGNORECASE)
_PREPOSITION = re.compile(r"\b(?:for|of|in|on|with|from|under|during|between|by)\s+\S",
                          re.IGNORECASE)
_ARTICLE_END = re.compile(r"\b(?:the|an?)\s+$", re.IGNORECASE)
_TOKEN = re.compile(rf"{OPTION.pattern}|[\w\u0600-\u06FF]+")  # an option whole, or a word
_LETTER = re.compile(r"[^\W\d_]")
_WORD = re.compile(r"[^\W\d_]+")
_STUDY = ("simple", "complex")  # the turns a follow-up can lean on
# What a message asking more of the last answer says besides it ("why?", "explain simpler",
# "the second one?", "give an example", "ليش؟"): no subject of its own.
_ASKS_MORE = frozenset("""why how what explain simpler simply simple more detail details example
    examples again elaborate mean means meaning first second third last one ones other another
    please pls give show tell further deeper clearer clarify لماذا ليش ليه كيف اشرح وضح أكثر
    ببساطة مثال مثالا أمثلة مرة أخرى الثاني الثانية الأول الأولى""".split())


def looks_like_followup(question: str) -> bool:
    """Short questions that lean on earlier context: a leading 'and/what about' or a pronoun."""
    words = keywords(question)
    return len(words) <= 4 and bool(_LEAD.match(question) or _pronoun(question)
                                    or _only_asks_more(question, words))


def asks_more(question: str) -> bool:
    """Words, none naming what they are about ("why?", "explain simpler"): more is asked of
    the last answer. Not emoji or punctuation alone."""
    return _only_asks_more(question, keywords(question))


def asks_of_nothing(question: str, history: Sequence[Turn]) -> bool:
    """It asks more of a last answer (asks_more) and the user has asked nothing before: there is
    nothing to search for, only to ask what they mean."""
    return asks_more(question) and not any(t.intent in _STUDY for t in history)


def _only_asks_more(question: str, words: Sequence[str]) -> bool:
    found = set(words)
    return (bool(found) or asks(question)) and bool(_LETTER.search(question)) \
        and found <= _asks_more_words()


@cache
def _asks_more_words() -> frozenset[str]:
    return frozenset(keywords(" ".join(_ASKS_MORE)))


def rule_rewrite(question: str, history: Sequence[Turn]) -> str:
    """Offline rewrite: put the previous question's topic where the pronoun was."""
    previous = next((t.question for t in reversed(history) if t.intent in _STUDY), "")
    current = set(keywords(question))
    topic = " ".join(w for w in _topic_words(previous, with_options=not options(question))
                     if w not in current)
    body = _LEAD.sub("", question).strip() or question
    if swapped := _swap_option(body, previous):  # even when the option was all of the topic
        return swapped
    if not topic:
        return question
    if pronoun := _pronoun(body):
        # an attached pronoun keeps its word: تعقيدها -> تعقيد <topic>
        put = f"{pronoun.group(3)} {topic}" if pronoun.group(3) else topic
        rewritten = body[:pronoun.start()] + put + body[pronoun.end():]
    elif asks_more(body):  # "why?", "the second one?": asked of the previous question
        rewritten = f"{body.rstrip('?؟ ')}: {previous}"
    else:  # "how about quicksort?" -> the previous question, asked about the new subject
        head = _QUESTION_HEAD.match(previous)  # always matches (everything in it is optional)
        lead = head.group(0) if head else ""
        tail = _kept_tail(previous, body, len(lead))
        if _ARTICLE_END.search(lead):  # "What is the" + "the worst case" says "the" once
            body = _ARTICLE.sub("", body)
        rewritten = lead + body.rstrip("?؟ ") + tail + "?"
    return rewritten[:1].upper() + rewritten[1:]


def _kept_tail(previous: str, body: str, start: int) -> str:
    """"and the activation threshold?" after "What is the maximum amplification factor for
    billion laughs protection?" asks for another property of the same thing: the previous
    question's phrase from its first preposition on (" for billion laughs protection") goes
    with it ("What is the activation threshold?" found the wrong passage). Only for a property
    ("the …") without a preposition of its own; "and mergesort?" names a new subject."""
    if not _ARTICLE.match(body) or _PREPOSITION.search(body):
        return ""
    found = _PREPOSITION.search(previous, start)
    return " " + previous[found.start():].strip().rstrip("?؟ ") if found else ""


def _swap_option(body: str, previous: str) -> str | None:
    """"and the -s one?" after "What does the -w option of bc do?": the previous question with
    the new option in the old one's place (the command it belongs to kept), when the follow-up
    names one option and nothing else of its own; a code-like name the same way ("and
    XML_SetCommentHandler?" after "What does XML_SetStartElementHandler do?" read "What does
    XML_SetCommentHandler?")."""
    for found in (_options_in, _names_in):
        new, old = found(body), found(previous)
        if len(new) == 1 and len(old) == 1:
            rest = set(keywords(body.replace(body[new[0].start():new[0].end()], " ")))
            if not rest <= _asks_more_words():
                return None
            return previous[:old[0].start()] + new[0].group() + previous[old[0].end():]
    return None


def _options_in(text: str) -> list[re.Match[str]]:
    return list(OPTION.finditer(text))


def _names_in(text: str) -> list[re.Match[str]]:
    """Code-like names (coverage.identifiers), hyphenated words aside ("byte-by-byte")."""
    names = {n for n in identifiers(text) if "-" not in n}
    return [m for m in re.finditer(r"[\w.]+", text) if m.group() in names]


def _pronoun(text: str) -> re.Match[str] | None:
    """The first pronoun that may point at the last answer (not one a relative clause carries
    back to its own noun, nor "that" opening one: "and the method that reads data by words?"
    had the last topic put in its place)."""
    relative = _RELATIVE.search(text)
    return next((m for m in _PRONOUN.finditer(text)
                 if not (m.group(3) and relative and relative.start() < m.start())
                 and not _opens_clause(text, m)), None)


def _opens_clause(text: str, match: re.Match[str]) -> bool:
    """"that" between a content word and more words: "the method that reads", not "why is
    that faster?" or "how fast is that?"."""
    if match.group().lower() != "that":
        return False
    before, after = _WORD.findall(text[:match.start()]), _WORD.findall(text[match.end():])
    return bool(before and after and keywords(before[-1]))


def _topic_words(question: str, *, with_options: bool = True) -> list[str]:
    """The previous question's subject words; an option ("-w") whole and as written, or left
    out when the follow-up names its own."""
    head = _QUESTION_HEAD.match(question)
    stripped = question[head.end() if head else 0:].rstrip("?؟ ")
    content = set(keywords(stripped))
    out = []
    for token in _TOKEN.findall(stripped):
        if OPTION.fullmatch(token):
            out += [token] if with_options else []
        elif token.lower() in content or len(token) > 3:
            out.append(token.lower())
    return out[:6]


async def standalone_question(question: str, history: Sequence[Turn], llm: BaseChatModel | None
                              ) -> tuple[str, int]:
    """(standalone question, LLM calls used)."""
    if not history or not looks_like_followup(question):
        return question, 0
    if llm is None:
        return rule_rewrite(question, history), 0
    convo = "\n".join(f"Student: {t.question}\nAssistant: {t.answer[:400]}" for t in history[-3:])
    try:
        answer = await llm.ainvoke([SystemMessage(FOLLOWUP_SYSTEM),
                                    HumanMessage(f"{convo}\nStudent: {question}")])
    except Exception as exc:
        log_failure(log, "follow-up rewrite", exc, "using the rule")
        return rule_rewrite(question, history), 1
    rewritten = (parse_lines(message_text(answer)).get("QUESTION") or [""])[0]
    return (rewritten or rule_rewrite(question, history)), 1
