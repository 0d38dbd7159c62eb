"""Tier-0 triage: regex rules for greetings, thanks, goodbyes (chitchat) and for gibberish,
sexual content, politics and religion (unsafe), in English and Arabic. Pure and sub-millisecond.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from core.i18n import reply_language
from core.messages import Confidence
from core.rag.state import RagState
from core.text import STOPWORDS, keywords, normalize, split_words
from core.texts import canned

_GREETING = (r"hi+|hello+|hey+|hiya|yo|howdy|greetings|good (morning|afternoon|evening|day)"
             r"|what'?s up|sup|how are (you|u)( doing)?|how'?s it going|nice to meet you"
             r"|مرحب[اًا]?|اهلا|أهلا|اهلين|هلا|السلام عليكم|سلام|صباح الخير|مساء الخير"
             r"|كيف حالك|كيفك")
_THANKS = (r"(many )?thanks( a lot| so much| again)?|thank (you|u)( so much| very much| a lot)?"
           r"|thx|ty|cheers|much appreciated|appreciate it|great,? thanks|شكر[اًا]?|شكرا جزيلا"
           r"|شكرا لك|مشكور|جزاك الله خيرا|يعطيك العافية")
_GOODBYE = (r"bye+|goodbye|good bye|see (you|ya)( later| soon)?|later|good night|take care|cya"
            r"|مع السلامة|وداعا|الى اللقاء|إلى اللقاء|تصبح على خير|باي")
# A bare call for help ("help", "ساعدني", "/مساعدة" typed in a chat without that command):
# what the bot is for, not a search of the course for the word "help"
_HELP = (r"help( me| please| pls)?|please help( me)?|i need help|what can you do"
         r"|how (do i|to) use (you|this|this bot)|مساعدة|ساعدني|ساعدوني|[أا]حتاج مساعدة"
         r"|محتاج مساعدة|ممكن مساعدة|ماذا تستطيع [أا]ن تفعل|شو بتعمل")
# Openers come in pairs ("hi, how are you?", "مرحبا، كيف حالك؟") and thanks often ends a chat
# ("thanks, bye"): both are chitchat, not study questions.
_CHITCHAT = {
    "greeting": re.compile(
        rf"^({_GREETING})( ({_GREETING}))?"
        r"( (there|everyone|all|bot|buddy|study buddy|friend|يا صديقي))?$"),
    "thanks": re.compile(rf"^({_THANKS})$"),
    "goodbye": re.compile(rf"^(({_THANKS}) )?({_GOODBYE})$"),
    "smalltalk": re.compile(rf"^({_HELP})$"),
}
# Off-limits requests as word sets (one set lookup per message) and short phrases (substring
# checks on the space-padded text): far cheaper than a large regex alternation. Only words with
# no study meaning are listed; "election", "sexual reproduction", "same-sex", "جنسية"
# (nationality) or "atheism" can all be course material, so politics and religion are caught by
# opinion-seeking phrases, not by topic words. Tier 1 (the LLM) handles the subtle cases.
_UNSAFE_WORDS = {
    "sexual": frozenset("""porn porno pornography pornographic nude nudes naked nsfw erotic
        erotica hentai xxx onlyfans horny sexting sexy إباحي اباحي إباحية اباحية سكس""".split()),
}
_UNSAFE_PHRASES = {
    "sexual": (" have sex ", " sex with ", " sex chat ", " send nudes ", "صور عارية"),
    "politics": ("who should i vote", "who do i vote", "which party should", "best political party",
                 "your political", "political opinion", "is trump", "is biden",
                 "left or right wing", "democrats or republicans", "republicans or democrats",
                 "من انتخب", "رأيك السياسي", "أي حزب أفضل"),
    "religion": ("is god real", "does god exist", "which religion is", "true religion",
                 "best religion", "your religion", "is islam true", "is christianity true",
                 "is judaism true", "الدين الصحيح", "أي دين أفضل", "هل الله موجود", "ما دينك"),
    # breaking into someone's account or stealing an exam; not hacking as a topic ("how do
    # attackers hack into a network?" is a security course's question)
    "intrusion": (" hack into my ", " hack into the school", " hack into the university",
                  " hack into someone", " hack my professor", " hack my teacher",
                  " hack my instructor", "professor's email", "professor's account",
                  "teacher's email", "teacher's account", "instructor's email",
                  "instructor's account", " steal the exam", " steal the answers",
                  "someone's password", "someone else's password", "اختراق بريد",
                  "اختراق حساب", "سرقة الامتحان", "سرقة أسئلة"),
}
# Every phrase above contains one of these words (a unit test checks it): messages without any
# of them — nearly all study questions — skip the phrase scan altogether.
_PHRASE_TRIGGERS = frozenset("""sex nudes vote party political trump biden wing democrats
    republicans god religion islam christianity judaism انتخب السياسي حزب الدين دين الله دينك
    عارية hack email account steal password اختراق سرقة""".split())
_LETTERS = re.compile(r"[A-Za-z\u0600-\u06FF]")


MAX_CHITCHAT_CHARS = 48  # longer than any greeting pattern can match


@dataclass(frozen=True, slots=True)
class Triage0:
    """Tier-0 verdict: intent is None when the rules cannot decide (a study question)."""

    intent: str | None  # chitchat | unsafe | None
    kind: str = ""  # greeting | thanks | goodbye | gibberish | sexual | politics | religion |
    # intrusion
    language: str = "en"


_SUSPECT = re.compile(r"\b[bcdfghjklmnpqrstvwxz]{4,}\b|[bcdfghjklmnpqrstvwxz]{5,}")
# Every bad word (and every _SUSPECT match) holds four consonants in a row. This simple class
# pattern gets the regex engine's fast charset scan, which _SUSPECT's leading \b defeats.
_CONSONANTS4 = re.compile(r"[bcdfghjklmnpqrstvwxz]{4}")
_LATIN_WORD = re.compile(r"[a-z]+")
# A bad Latin word: no vowel (all consonants) and 4+ letters long, or a run of 5 consonants.
_BAD_WORD = re.compile(r"[bcdfghjklmnpqrstvwxz]{4,}$|[a-z]*?[bcdfghjklmnpqrstvwxz]{5}")
_ANY_UNSAFE_WORD = frozenset().union(*_UNSAFE_WORDS.values())
_NOT_BARE = re.compile(r"[^\w\s'\u0610-\u061A]+")  # Arabic punctuation (، ؟) is not a letter
# The chitchat patterns as one alternation: one regex call, and the first kind that
# matches wins exactly as when trying them in order (each branch is anchored at both ends).
_ANY_CHITCHAT = re.compile("|".join(f"(?P<{kind}>{p.pattern})" for kind, p in _CHITCHAT.items()))
_VERDICT_KINDS = (("chitchat", tuple(_CHITCHAT)), ("unsafe", ("gibberish", *_UNSAFE_PHRASES)),
                  (None, ("",)))
_VERDICTS = {(intent, kind, language): Triage0(intent, kind, language)
             for intent, kinds in _VERDICT_KINDS for kind in kinds for language in ("en", "ar")}


def _verdict(intent: str | None, kind: str, language: str) -> Triage0:
    """Shared frozen instances: building a frozen dataclass costs more than the lookup."""
    return _VERDICTS.get((intent, kind, language)) or Triage0(intent, kind, language)


def _looks_gibberish(text: str) -> bool:
    """Mostly-Latin text whose words are mostly unpronounceable (keyboard mashing).

    The cheap tests run first: a message without four consonants in a row, or with too few of
    them to make half its words bad, is settled before any per-word work.
    """
    if not _LETTERS.search(text):
        return True
    runs = _CONSONANTS4.findall(text)  # each bad word holds at least one of these
    if not runs:
        return False
    words = _LATIN_WORD.findall(text)
    if 2 * len(runs) <= len(words) or not _SUSPECT.search(text):
        return False  # at most half the words can be bad / every word is pronounceable
    if len(words) < len(text.split()) / 2:
        return False  # mostly non-Latin (e.g. Arabic) or numbers: not judged here
    bad = sum(1 for w in words if _BAD_WORD.match(w))
    return bad / len(words) > 0.5


def _bare(norm: str) -> str:
    """Letters, digits, apostrophes and single spaces only: what the chitchat patterns see."""
    return " ".join(_NOT_BARE.sub(" ", norm).split())


def _chitchat_kind(norm: str, words: list[str]) -> str | None:
    """Which greeting/thanks/goodbye the whole message is, if any.

    The bare form keeps every word plus a separator between words, so when the words alone are
    too long for any pattern the bare form is never built.
    """
    if sum(map(len, words)) + len(words) - 1 > MAX_CHITCHAT_CHARS:
        return None
    bare = _bare(norm)
    if not bare or len(bare) > MAX_CHITCHAT_CHARS:
        return None
    found = _ANY_CHITCHAT.match(bare)
    return found.lastgroup if found else None  # the kind's group encloses its inner groups


def _unsafe_kind(norm: str, word_set: set[str]) -> str | None:
    """The off-limits category by word set, or by phrase when a trigger word is present."""
    scan_phrases = not word_set.isdisjoint(_PHRASE_TRIGGERS)
    if not scan_phrases and word_set.isdisjoint(_ANY_UNSAFE_WORD):
        return None  # the usual study question: two set checks, no per-category loop
    padded = f" {_bare(norm)} " if scan_phrases else ""
    for kind, phrases in _UNSAFE_PHRASES.items():
        if not word_set.isdisjoint(_UNSAFE_WORDS.get(kind, ())) or (
                scan_phrases and any(p in padded for p in phrases)):
            return kind
    return None


# A clause that only opens a conversation: asks whether someone is there, or says a greeting.
_PRESENCE = re.compile(
    r"^(?:(?:is|are) )?(?:any ?(?:one|body)|some ?(?:one|body)|you|u) (?:there|here|around|"
    r"online|awake|available)$|^(?:هل )?(?:يوجد )?(?:احد|أحد) (?:هنا|هناك|موجود)$"
    r"|^(?:هل )?(?:انت|أنت) (?:هنا|موجود)$")
_CLAUSE_END = re.compile(r"(?<=[,.!?؟،;:])\s+")


def without_opening(text: str) -> str:
    """The message without the greetings in front of its question: "hello? is anyone there?
    what is a linked list" asks "what is a linked list". A message that is only a greeting,
    or whose first clause is not one, is returned unchanged."""
    clauses = _CLAUSE_END.split(text.strip())
    opened = 0
    while opened < len(clauses) - 1 and _is_opening(clauses[opened]):
        opened += 1
    rest = " ".join(clauses[opened:])
    return rest if opened and classify(rest).intent != "chitchat" else text


def _is_opening(clause: str) -> bool:
    bare = _bare(normalize(clause))
    return classify(clause).intent == "chitchat" or bool(_PRESENCE.match(bare))


def classify(text: str) -> Triage0:
    """Decide chitchat / unsafe by rules, or None for the graph's study path."""
    language = reply_language(text)
    norm = normalize(text)
    words = split_words(norm)
    kind = _chitchat_kind(norm, words)
    if kind:
        return _verdict("chitchat", kind, language)
    word_set = set(words)
    kind = _unsafe_kind(norm, word_set)
    if kind:
        return _verdict("unsafe", kind, language)
    if _looks_gibberish(norm) or word_set <= STOPWORDS:
        return _verdict("unsafe", "gibberish", language)
    return _verdict(None, "", language)


_COMPLEX_MARKERS = re.compile(
    r"\b(compare|comparison|contrast|difference|differences|versus|vs\.?|pros and cons"
    r"|advantages and disadvantages|relationship between|step by step|why and how)\b"
    r"|(قارن|الفرق بين|مقارنة|مزايا وعيوب)")
_SPLIT = re.compile(r"\?\s*|؟\s*|;\s*|\b(?:and also|and then|as well as)\b"
                    r"|\band\b(?= (?:what|how|why|when|where|which|who)\b)")


def split_question(question: str, max_parts: int
                   ) -> tuple[Literal["simple", "complex"], list[str]]:
    """Offline stand-in for tier 1: ('simple'|'complex', sub-questions) from surface cues."""
    parts = [p.strip(" ,.") for p in _SPLIT.split(question) if p and keywords(p)]
    is_complex = bool(_COMPLEX_MARKERS.search(normalize(question))) or len(parts) > 1
    if not is_complex:
        return "simple", [question]
    subs = parts if len(parts) > 1 else [question]
    return "complex", subs[:max_parts]


def decision(tier0: Triage0) -> RagState | None:
    """The triage node's update when the rules decide: intent, language, canned reply."""
    if tier0.intent == "chitchat":
        return {"intent": "chitchat", "language": tier0.language, "sub_questions": [],
                "reply": canned.chitchat(tier0.kind, tier0.language)}
    if tier0.intent == "unsafe":
        return {"intent": "unsafe", "language": tier0.language, "sub_questions": [],
                "reply": canned.refusal(tier0.kind, tier0.language)}
    return None


def fast_path(question: str) -> RagState | None:
    """The final state of a graph run the rules settle (greeting, refusal), without the graph:
    the service answers these before history, rate limit and queue, with the same reply."""
    decided = decision(classify(question))
    if decided is None:
        return None
    terminal = "reply_chitchat" if decided.get("intent") == "chitchat" else "reply_refusal"
    return decided | {"route": ["triage", terminal], "triage_tier": "rules",
                      "answer": decided.get("reply", ""), "citations": [],
                      "confidence": Confidence.NONE, "low_confidence": False}
