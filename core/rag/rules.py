"""Tier-0 triage: regex rules for greetings, thanks, goodbyes (chitchat) and for gibberish,
sexual content, politics and religion (unsafe), in English and Arabic. Pure and sub-millisecond.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from core.text import STOPWORDS, detect_language, keywords, normalize, split_words

_CHITCHAT = {
    "greeting": re.compile(
        r"^(hi+|hello+|hey+|hiya|yo|howdy|greetings|good (morning|afternoon|evening|day)"
        r"|what'?s up|sup|how are (you|u)( doing)?|how'?s it going|nice to meet you"
        r"|مرحب[اًا]?|اهلا|أهلا|اهلين|هلا|السلام عليكم|سلام|صباح الخير|مساء الخير|كيف حالك|كيفك)"
        r"( (there|everyone|all|bot|buddy|study buddy|friend|يا صديقي))?$"),
    "thanks": re.compile(
        r"^((many )?thanks( a lot| so much| again)?|thank (you|u)( so much| very much| a lot)?"
        r"|thx|ty|cheers|much appreciated|appreciate it|great,? thanks|شكر[اًا]?|شكرا جزيلا"
        r"|شكرا لك|مشكور|جزاك الله خيرا|يعطيك العافية)$"),
    "goodbye": re.compile(
        r"^(bye+|goodbye|good bye|see (you|ya)( later| soon)?|later|good night|take care|cya"
        r"|مع السلامة|وداعا|الى اللقاء|إلى اللقاء|تصبح على خير|باي)$"),
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
                 "your political", "political opinion", "is trump", "is biden", "left or right wing",
                 "democrats or republicans", "republicans or democrats", "من انتخب", "رأيك السياسي",
                 "أي حزب أفضل"),
    "religion": ("is god real", "does god exist", "which religion is", "true religion",
                 "best religion", "your religion", "is islam true", "is christianity true",
                 "is judaism true", "الدين الصحيح", "أي دين أفضل", "هل الله موجود", "ما دينك"),
}
# Every phrase above contains one of these words (a unit test checks it): messages without any
# of them — nearly all study questions — skip the phrase scan altogether.
_PHRASE_TRIGGERS = frozenset("""sex nudes vote party political trump biden wing democrats
    republicans god religion islam christianity judaism انتخب السياسي حزب الدين دين الله دينك
    عارية""".split())
_VOWELS = re.compile(r"[aeiouy]")
_CONSONANT_RUN = re.compile(r"[bcdfghjklmnpqrstvwxz]{5,}")
_LETTERS = re.compile(r"[A-Za-z\u0600-\u06FF]")


MAX_CHITCHAT_CHARS = 48  # longer than any greeting pattern can match


@dataclass(frozen=True, slots=True)
class Triage0:
    """Tier-0 verdict: intent is None when the rules cannot decide (a study question)."""

    intent: str | None  # chitchat | unsafe | None
    kind: str = ""  # greeting | thanks | goodbye | gibberish | sexual | politics | religion
    language: str = "en"


_SUSPECT = re.compile(r"\b[bcdfghjklmnpqrstvwxz]{4,}\b|[bcdfghjklmnpqrstvwxz]{5,}")


def _looks_gibberish(text: str) -> bool:
    if not _LETTERS.search(text):
        return True
    if not _SUSPECT.search(text):
        return False  # every Latin word has a vowel and no long consonant run
    words = re.findall(r"[a-z]+", text)
    if not words or len(words) < len(text.split()) / 2:
        return False  # mostly non-Latin (e.g. Arabic) or numbers: not judged here
    bad = sum(1 for w in words if len(w) >= 4 and (not _VOWELS.search(w) or _CONSONANT_RUN.search(w)))
    return bad / len(words) > 0.5


def classify(text: str) -> Triage0:
    """Decide chitchat / unsafe by rules, or None for the graph's study path."""
    language = detect_language(text)
    norm = normalize(text)
    bare = re.sub(r"[^\w\s'\u0600-\u06FF]", " ", norm)
    bare = " ".join(bare.split())
    if len(bare) <= MAX_CHITCHAT_CHARS:
        for kind, pattern in _CHITCHAT.items():
            if bare and pattern.match(bare):
                return Triage0("chitchat", kind, language)
    words = split_words(norm)
    word_set = set(words)
    padded = f" {bare} "
    scan_phrases = not word_set.isdisjoint(_PHRASE_TRIGGERS)
    for kind, phrases in _UNSAFE_PHRASES.items():
        if not word_set.isdisjoint(_UNSAFE_WORDS.get(kind, ())) or (
                scan_phrases and any(p in padded for p in phrases)):
            return Triage0("unsafe", kind, language)
    if _looks_gibberish(norm) or word_set <= STOPWORDS:
        return Triage0("unsafe", "gibberish", language)
    return Triage0(None, "", language)


_COMPLEX_MARKERS = re.compile(
    r"\b(compare|comparison|contrast|difference|differences|versus|vs\.?|pros and cons"
    r"|advantages and disadvantages|relationship between|step by step|why and how)\b"
    r"|(قارن|الفرق بين|مقارنة|مزايا وعيوب)")
_SPLIT = re.compile(r"\?\s*|؟\s*|;\s*|\b(?:and also|and then|as well as)\b|\band\b(?= (?:what|how|why|when|where|which|who)\b)")


def split_question(question: str, max_parts: int) -> tuple[str, list[str]]:
    """Offline stand-in for tier 1: ('simple'|'complex', sub-questions) from surface cues."""
    parts = [p.strip(" ,.") for p in _SPLIT.split(question) if p and keywords(p)]
    is_complex = bool(_COMPLEX_MARKERS.search(normalize(question))) or len(parts) > 1
    if not is_complex:
        return "simple", [question]
    subs = parts if len(parts) > 1 else [question]
    return "complex", subs[:max_parts]
