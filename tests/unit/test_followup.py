"""Follow-up detection gates the LLM rewrite call: only messages that point back at earlier
turns pay for it, in English and Arabic."""
from __future__ import annotations

import pytest

from core.chat.followup import looks_like_followup, rule_rewrite
from core.ports import Turn


@pytest.mark.parametrize("text", [
    "and the worst case?", "what about its space complexity?", "how does it work?",
    "why is that faster?", "ما تعقيدها؟", "وماذا عن أسوأ حالة؟", "وكيف تعمل؟",
    "ما فائدة هذه الطريقة؟", "ولماذا؟"])
def test_references_to_earlier_turns_are_follow_ups(text):
    assert looks_like_followup(text)


@pytest.mark.parametrize("text", [
    "What is merge sort?", "How does a hash table resolve collisions?", "ما هو الفهم؟",
    "ما هو الترتيب بالدمج؟", "اشرح خوارزمية البحث الثنائي",
    "Explain why quicksort is faster than merge sort on arrays in practice, with the reasons"])
def test_standalone_questions_are_not(text):
    assert not looks_like_followup(text)


def test_offline_rewrite_keeps_the_word_that_carried_the_arabic_pronoun():
    history = [Turn("telegram", "u", "ما هو الترتيب بالدمج؟", "…", "simple", ())]
    assert rule_rewrite("ما تعقيدها؟", history) == "ما تعقيد الترتيب بالدمج؟"
