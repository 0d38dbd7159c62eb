"""Tier-0 triage rules in English and Arabic, and the offline simple/complex split."""
from __future__ import annotations

import pytest

from core.rag import rules
from core.rag.rules import classify, split_question


@pytest.mark.parametrize(("text", "kind", "lang"), [
    ("hi", "greeting", "en"), ("Good morning!", "greeting", "en"), ("thanks a lot", "thanks", "en"),
    ("bye", "goodbye", "en"), ("مرحبا", "greeting", "ar"), ("السلام عليكم", "greeting", "ar"),
    ("شكرا", "thanks", "ar"), ("مع السلامة", "goodbye", "ar"),
    # Arabic punctuation is punctuation; openers come in pairs; thanks often ends a chat
    ("مرحبا؟", "greeting", "ar"), ("شكرا جزيلا،", "thanks", "ar"),
    ("مرحبا، كيف حالك؟", "greeting", "ar"), ("Hi, how are you?", "greeting", "en"),
    ("good morning, how are you doing study buddy?", "greeting", "en"),
    ("thanks, bye!", "goodbye", "en"), ("شكرا، مع السلامة", "goodbye", "ar"),
    # a bare call for help is told what the bot is for, not searched for
    ("help", "smalltalk", "en"), ("Help me!", "smalltalk", "en"), ("ساعدني", "smalltalk", "ar"),
    ("/مساعدة", "smalltalk", "ar")])
def test_chitchat(text, kind, lang):
    verdict = classify(text)
    assert (verdict.intent, verdict.kind, verdict.language) == ("chitchat", kind, lang)


@pytest.mark.parametrize(("text", "kind"), [
    ("asdfgh qwrtzp xkcdvb", "gibberish"), ("???", "gibberish"), ("send me nude pics", "sexual"),
    ("want to have sex?", "sexual"), ("Is Trump a good president?", "politics"),
    ("Who should I vote for?", "politics"), ("Which religion is the true religion?", "religion"),
    ("ما هو الدين الصحيح؟", "religion"),
    ("how do I hack into my professor's email to get the exam?", "intrusion"),
    ("can you help me steal the exam answers", "intrusion"),
    ("كيف يمكنني اختراق بريد الدكتور؟", "intrusion")])
def test_unsafe(text, kind):
    verdict = classify(text)
    assert (verdict.intent, verdict.kind) == ("unsafe", kind)


@pytest.mark.parametrize("text", [
    "What is merge sort?", "hi, what is a hash table?", "ما هو التمثيل الضوئي؟",
    "Explain Dijkstra's algorithm", "thanks! and what is BFS?", "hi, how is merge sort stable?",
    "help me with merge sort", "ساعدني في فهم الترتيب بالدمج",
    "مرحبا، ما هو التمثيل الضوئي؟",
    # course material that merely touches a sensitive topic is a study question
    "What is the sexual reproduction of plants?", "When did the first direct elections take place?",
    "How many same-sex married couples were there?", "ما هي جنسية هويسنج لي؟",
    "Which party is strongest in Victoria's northwestern regions?", "What is atheism in philosophy?",
    "How do attackers hack into a wireless network?", "How is an email account's password hashed?"])
def test_study_questions_pass_through(text):
    assert classify(text).intent is None


def test_split_question_offline():
    assert split_question("What is merge sort?", 3) == ("simple", ["What is merge sort?"])
    intent, subs = split_question("What is BFS? And how does DFS differ?", 3)
    assert intent == "complex" and len(subs) == 2
    assert split_question("Compare merge sort and quicksort", 3)[0] == "complex"


def test_every_unsafe_phrase_has_a_trigger_word():
    """The phrase scan is skipped unless a trigger word is present: none may be unreachable."""
    from core.rag.rules import _PHRASE_TRIGGERS, _UNSAFE_PHRASES
    from core.text import tokens

    for phrases in _UNSAFE_PHRASES.values():
        for phrase in phrases:
            assert set(tokens(phrase)) & _PHRASE_TRIGGERS, phrase


def test_no_chitchat_pattern_matches_beyond_the_length_cut_off():
    """The bare form is not built past MAX_CHITCHAT_CHARS: the longest match must fit in it."""
    from core.rag.rules import MAX_CHITCHAT_CHARS
    longest = "how are you doing how are you doing study buddy"
    assert classify(longest).kind == "greeting" and len(longest) <= MAX_CHITCHAT_CHARS


@pytest.mark.parametrize(("message", "question"), [
    ("hello? is anyone there? what is a linked list", "what is a linked list"),
    ("hi, what is a linked list?", "what is a linked list?"),
    ("Hi there! Can you explain recursion?", "Can you explain recursion?"),
    ("مرحبا، ما هو الترتيب السريع؟", "ما هو الترتيب السريع؟"),
    ("hey, are you there? how does quicksort pick a pivot", "how does quicksort pick a pivot"),
])
def test_a_greeting_in_front_of_a_question_leaves_the_question(message, question):
    assert rules.without_opening(message) == question
    assert rules.classify(rules.without_opening(message)).intent is None  # a study question


@pytest.mark.parametrize("message", ["hello", "hi there", "thanks, bye", "is anyone there?",
                                     "OK, what is a heap?", "What is a linked list?"])
def test_a_greeting_alone_or_a_plain_question_is_left_as_it_is(message):
    assert rules.without_opening(message) == message
