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
    assert out.endswith("Try another --topic, or none.") and "/quiz" not in out


def test_fewer_items_than_asked_are_announced() -> None:
    from core.ports.practice import ItemSource, QuizItem

    item = QuizItem(id="i1", course="os101", language="en", kind="cloze",
                    question="_____ prints the working directory.", options=("pwd", "ls", "cd"),
                    answer=0, quote="pwd prints the working directory.",
                    source=ItemSource("shell.md", "Shell", section="Commands"), term="pwd")
    out = render_text(Quiz((item,), "fewer", topic="pwd", course="os101", asked=3))
    assert out.startswith("The materials give 1 question(s) on this; here they are.\n\n1. ")


def test_json_carries_the_count() -> None:
    assert json.loads(render_json(Quiz((), "empty", course="os101", facts=2)))["facts"] == 2
