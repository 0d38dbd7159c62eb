"""`studybuddy quiz` tells an instructor why a course gave no quiz item: what items are made
from and how many of those the materials hold, not only the students' "could not … yet"."""
from __future__ import annotations

import json

from bot.quiz_cli import render_json, render_text
from core.practice.generator import Quiz


def test_no_item_says_what_items_are_made_from_and_how_many_there_are() -> None:
    out = render_text(Quiz((), "empty", course="os101", facts=2))
    first, why = out.split("\n")
    assert first == "I could not make quiz questions from this course's materials yet."
    assert "materials of os101 hold 2 such sentence(s)" in why and "wrong options" in why


def test_a_topic_the_course_does_not_treat_is_said_as_before() -> None:
    out = render_text(Quiz((), "not_covered", topic="pods", course="os101", facts=9))
    assert "pods" in out and "such sentence" not in out


def test_json_carries_the_count() -> None:
    assert json.loads(render_json(Quiz((), "empty", course="os101", facts=2)))["facts"] == 2
