"""`studybuddy faq export | import --course C`: a course's staff answers (Ask a TA) as JSONL, one
{"question", "answer", "language", "answered_on"} per line — to keep them, move them to another
course or another bot, or write them by hand. Import reads a hostile file within limits: bad
lines are reported by number and skipped, nothing else is stored from them."""
from __future__ import annotations

import argparse
import json
import sys
from datetime import UTC, date, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from bot.cli_types import Subcommands
from bot.course_args import course_arg, spelled
from bot.settings import Settings
from core.errors import StudyBuddyError
from core.escalation.notes import ANSWER_CHARS, QUESTION_CHARS, StaffAnswer, StaffNotes

if TYPE_CHECKING:
    from bot.composition import Bot

MAX_FILE_BYTES = 20 * 2**20
MAX_ANSWERS = 10_000


class FaqError(StudyBuddyError):
    """An export or import the user can fix; one line."""


def add_faq_parser(sub: Subcommands) -> None:
    faq = sub.add_parser("faq", help="export or import a course's staff answers as JSONL")
    verbs = faq.add_subparsers(dest="faq_command", metavar="export|import", required=True)
    export = verbs.add_parser("export", help="print (or write) the course's staff answers")
    export.add_argument("--course", type=course_arg, required=True, help="the course")
    export.add_argument("--out", type=Path, default=None, help="write to this file, not stdout")
    load = verbs.add_parser("import", help="add staff answers from a JSONL file")
    load.add_argument("--course", type=course_arg, required=True,
                      help="the course to add them to")
    load.add_argument("file", type=Path, help="JSONL: question, answer[, language, answered_on]")


def parse_line(line: str) -> StaffAnswer:
    """One JSONL line as a staff answer; ValueError says what is wrong with it."""
    data: Any = json.loads(line)
    if not isinstance(data, dict):
        raise ValueError("not a JSON object")
    question, answer = data.get("question"), data.get("answer")
    if not isinstance(question, str) or not question.strip():
        raise ValueError("no \"question\" text")
    if not isinstance(answer, str) or not answer.strip():
        raise ValueError("no \"answer\" text")
    if len(question) > QUESTION_CHARS or len(answer) > ANSWER_CHARS:
        raise ValueError(f"longer than {QUESTION_CHARS} / {ANSWER_CHARS} characters")
    language = data.get("language", "")
    if language not in ("", "en", "ar"):
        raise ValueError("\"language\" must be en or ar")
    day = datetime.now(UTC).date()
    if data.get("answered_on") is not None:
        day = date.fromisoformat(str(data["answered_on"])[:10])  # a date, or a timestamp's date
    return StaffAnswer(question.strip(), answer.strip(), language, day)


def read_answers(path: Path) -> tuple[list[StaffAnswer], list[str]]:
    """The valid answers of a file and one problem line per bad line."""
    try:
        size = path.stat().st_size
    except OSError as err:
        raise FaqError(f"cannot read {path}: {err.strerror}") from None
    if size > MAX_FILE_BYTES:
        raise FaqError(f"{path} is larger than {MAX_FILE_BYTES // 2**20} MB")
    answers: list[StaffAnswer] = []
    problems: list[str] = []
    with path.open(encoding="utf-8", errors="replace") as lines:
        for number, line in enumerate(lines, 1):
            if not line.strip():
                continue
            if len(answers) >= MAX_ANSWERS:
                problems.append(f"line {number}: more than {MAX_ANSWERS} answers; stopped")
                break
            try:
                answers.append(parse_line(line))
            except ValueError as err:  # json.JSONDecodeError is one
                problems.append(f"line {number}: {str(err).splitlines()[0][:120]}")
    return answers, problems


async def run_faq(settings: Settings, args: argparse.Namespace) -> int:
    from bot.composition import with_bot

    if args.faq_command == "import":
        answers, problems = read_answers(args.file)
        for problem in problems:
            print(f"skipped {problem}", file=sys.stderr)

    async def action(bot: Bot) -> int:
        notes = StaffNotes(bot.app.store, bot.app.embedder)
        course = spelled(args.course, await bot.app.store.courses(), must_exist=True)
        if args.faq_command == "export":
            rows = [json.dumps(a.to_dict(), ensure_ascii=False)
                    for a in await notes.export(course)]
            text = "".join(f"{row}\n" for row in rows)
            if args.out is None:
                sys.stdout.write(text)
                sys.stdout.flush()  # the count below (stderr) after the records, not among them
            else:
                args.out.write_text(text, encoding="utf-8")
            print(f"{len(rows)} staff answer(s) of {course}", file=sys.stderr)
            return 0
        stored, replaced = await notes.import_answers(course, answers)
        print(f"{stored} staff answer(s) stored in {course}"
              + (f" ({replaced} replacing the answer to the same question)" if replaced else "")
              + (f"; {len(problems)} line(s) skipped" if problems else ""), file=sys.stderr)
        return 0 if not problems else 1
    return await with_bot(settings, action)
