"""Follow-up detection gates the LLM rewrite call: only messages that point back at earlier
turns pay for it, in English and Arabic."""
from __future__ import annotations

import pytest

from core.chat.followup import asks_more, looks_like_followup, rule_rewrite
from core.ports import Turn


@pytest.mark.parametrize("text", [
    "and the worst case?", "what about its space complexity?", "how does it work?",
    "why is that faster?", "ما تعقيدها؟", "وماذا عن أسوأ حالة؟", "وكيف تعمل؟",
    "ما فائدة هذه الطريقة؟", "ولماذا؟", "why?", "explain simpler", "and the second one?",
    "وما تعقيده الزمني؟", "ليش؟"])
def test_references_to_earlier_turns_are_follow_ups(text):
    assert looks_like_followup(text)


@pytest.mark.parametrize("text", [
    "What is merge sort?", "How does a hash table resolve collisions?", "ما هو الفهم؟",
    "ما هو الترتيب بالدمج؟", "اشرح خوارزمية البحث الثنائي",
    "Explain why quicksort is faster than merge sort on arrays in practice, with the reasons",
    "ما هو المنفذ الذي يستخدمه خادم البريد؟",  # a relative clause's pronoun: its own noun
    "ما الأمر اللي بيعرضه؟"])
def test_standalone_questions_are_not(text):
    assert not looks_like_followup(text)


def test_offline_rewrite_keeps_the_word_that_carried_the_arabic_pronoun():
    history = [Turn("telegram", "u", "ما هو الترتيب بالدمج؟", "…", "simple", ())]
    assert rule_rewrite("ما تعقيدها؟", history) == "ما تعقيد الترتيب بالدمج؟"


def test_offline_rewrite_of_the_masculine_pronoun_and_of_asking_more():
    arabic = [Turn("telegram", "u", "ما هو الترتيب بالدمج؟", "…", "simple", ())]
    assert rule_rewrite("وما تعقيده الزمني؟", arabic) == "تعقيد الترتيب بالدمج الزمني؟"
    english = [Turn("telegram", "u", "What are the two stages of photosynthesis?", "…",
                    "simple", ())]
    assert rule_rewrite("and what about the second one?", english) == \
        "The second one: What are the two stages of photosynthesis?"
    assert rule_rewrite("why?", english) == "Why: What are the two stages of photosynthesis?"


@pytest.mark.parametrize("text", ["😀😀", "???", "hi", "الفهم", "ما هو الفهم؟"])
def test_no_words_or_a_subject_is_not_asking_more(text):
    assert not asks_more(text)


@pytest.mark.parametrize(("text", "expected"), [
    ("and the -s one?", "What does the -s option of bc do?"),
    ("and what about -v?", "What does the -v option of bc do?"),
    ("what about --quiet?", "What does the --quiet option of bc do?")])
def test_a_follow_up_naming_another_option_keeps_the_command(text, expected):
    """A new user asked about bc's -w, then "and the -s one?": the rule rewrote it without
    "bc" and the reply quoted another manual."""
    history = [Turn("console", "u", "What does the -w option of bc do?", "…", "simple", ())]
    assert rule_rewrite(text, history) == expected


def test_options_stay_whole_in_the_topic_and_articles_are_said_once():
    history = [Turn("console", "u", "What does the -w option of bc do?", "…", "simple", ())]
    assert rule_rewrite("how does it work?", history) == "How does -w option bc work?"
    assert rule_rewrite("and the -s option of grep?", history) == \
        "What does the -s option of grep?"


def test_an_option_swaps_in_even_when_the_option_was_the_whole_topic():
    """After "What does -w do?" the previous question's topic is the option alone: "and -s?"
    came back unchanged and was searched as "-s" with nothing around it."""
    history = [Turn("console", "u", "What does -w do?", "…", "simple", ())]
    assert rule_rewrite("and -s?", history) == "What does -s do?"


def test_a_follow_up_naming_another_function_keeps_the_question_around_it():
    """A new user asked "and XML_SetCommentHandler?" after "What does
    XML_SetStartElementHandler do?"; the rule rewrote it "What does XML_SetCommentHandler?"."""
    history = [Turn("console", "u", "What does XML_SetStartElementHandler do?", "…", "simple",
                    ())]
    assert rule_rewrite("and XML_SetCommentHandler?", history) == \
        "What does XML_SetCommentHandler do?"
    csv = [Turn("console", "u", "What is read.csv used for?", "…", "simple", ())]
    assert rule_rewrite("what about read.table?", csv) == "What is read.table used for?"


def test_that_opening_a_relative_clause_is_not_a_pointer_back():
    """"and the method that reads data by words?" had the last question's words put in place
    of "that": "The method published classic byte byte crc algorithm reads data by words?"."""
    history = [Turn("console", "u", "Who published the classic byte-by-byte CRC algorithm?", "…",
                    "simple", ())]
    assert rule_rewrite("and the method that reads data by words?", history) == \
        "The method that reads data by words?"
    assert "classic" in rule_rewrite("why is that faster?", history)  # "that" points back


@pytest.mark.parametrize(("previous", "text", "expected"), [
    ("What is the default maximum amplification factor for billion laughs protection?",
     "and the activation threshold?",
     "What is the activation threshold for billion laughs protection?"),
    ("What is the time complexity of quicksort?", "and the space complexity?",
     "What is the space complexity of quicksort?"),
    ("What is the time complexity of quicksort?", "and the cost of a swap?",
     "What is the cost of a swap?")])
def test_another_property_of_the_same_thing_keeps_what_it_is_of(previous, text, expected):
    """A new user asked "and the activation threshold?" after the maximum amplification factor
    for billion laughs protection: the rule asked "What is the activation threshold?" and the
    reply quoted a note about thresholds without the default."""
    history = [Turn("console", "u", previous, "…", "simple", ())]
    assert rule_rewrite(text, history) == expected
    assert "quicksort" not in rule_rewrite("and mergesort?", history)  # a new subject
