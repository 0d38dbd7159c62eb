"""`studybuddy quiz --course C [--topic T] [-n N] [--json]`: quiz items from a course, made by
the same generator the chat adapters use (offline, from the materials), printed with their right
option, explanation and citation — for instructors to see what students will be asked."""
from __future__ import annotations

import argparse
import json
from typing import TYPE_CHECKING

from bot.cli_types import Subcommands
from bot.course_args import course_arg, spelled
from bot.settings import Settings
from core.errors import StudyBuddyError
from core.practice.generator import MAX_COUNT, REFUSED
from core.practice.questions import explanation
from core.texts.practice import text

if TYPE_CHECKING:
    from bot.composition import Bot
    from core.practice.generator import Quiz


class QuizError(StudyBuddyError):
    """A quiz request the user can fix; one line."""


def _count(value: str) -> int:
    if not value.isdigit() or not 1 <= int(value) <= MAX_COUNT:
        raise argparse.ArgumentTypeError(f"must be a whole number from 1 to {MAX_COUNT}")
    return int(value)


def add_quiz_parser(sub: Subcommands) -> None:
    quiz = sub.add_parser("quiz", help="quiz items made from a course's materials (offline)")
    quiz.add_argument("--course", type=course_arg, default=None,
                      help="the course (default: DEFAULT_COURSE)")
    quiz.add_argument("--topic", default=None, help="only on this topic (either language)")
    quiz.add_argument("-n", type=_count, default=5, help=f"how many (1-{MAX_COUNT}, default 5)")
    quiz.add_argument("--seed", type=int, default=None, help="repeatable choice of items")
    quiz.add_argument("--json", action="store_true", help="print JSON")


async def run_quiz(settings: Settings, args: argparse.Namespace) -> int:
    from bot.composition import with_bot

    course = args.course or settings.default_course
    if not course:
        raise QuizError("name the course: studybuddy quiz --course NAME (see studybuddy docs "
                        "list)")

    async def action(bot: Bot) -> int:
        practice = bot.app.practice
        assert practice is not None
        stored = spelled(course, await bot.app.store.courses(), must_exist=True)
        quiz = await practice.generator.quiz(stored, args.topic, args.n, seed=args.seed)
        print(render_json(quiz) if args.json else render_text(quiz))
        return 0 if quiz.items else 1
    return await with_bot(settings, action)


def render_json(quiz: Quiz) -> str:
    items = [{"question": i.question, "options": list(i.options), "answer": i.answer,
              "explanation": explanation(i), "language": i.language, "kind": i.kind,
              "citation": {"document": i.source.document, "page": i.source.page,
                           "section": i.source.section, "unit": i.source.unit},
              "id": i.id} for i in quiz.items]
    return json.dumps({"course": quiz.course, "topic": quiz.topic, "status": quiz.status,
                       "facts": quiz.facts, "items": items}, ensure_ascii=False, indent=2)


def why_none(quiz: Quiz) -> str:
    """What an instructor is told when a course gives no quiz item: what items are made from,
    how many of those the materials hold, and what gives more."""
    return (f"Quiz questions are made from sentences that say what a named thing is (\"Quicksort "
            f"is a divide-and-conquer sorting algorithm…\"). The materials of {quiz.course} "
            f"hold {quiz.facts} such sentence(s); a question needs one for its answer and others "
            f"of the same kind for its wrong options. Materials with definitions (lecture notes, "
            f"a glossary) give more.")


def render_text(quiz: Quiz) -> str:
    if quiz.status in REFUSED:
        return f"{text(quiz.status, 'en', topic=quiz.topic)} Try another --topic, or none."
    if not quiz.items:
        return f"{text('empty', 'en')}\n{why_none(quiz)}"
    blocks = []
    for n, item in enumerate(quiz.items, 1):
        options = "\n".join(f"   {'*' if i == item.answer else ' '} {chr(65 + i)}) {o}"
                            for i, o in enumerate(item.options))
        blocks.append(f"{n}. {item.question}\n{options}\n   {explanation(item)}")
    if quiz.status == "fewer":  # asked for more than the materials give: say so, as chats do
        blocks.insert(0, text("fewer", "en", count=len(quiz.items)))
    return "\n\n".join(blocks)
