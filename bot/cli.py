"""`studybuddy` command line: run | chat | ask | ingest | docs | courses | quiz | faq | migrate |
graph | eval.

The benchmarks are not a product command: they live in the repository's bench/ (`make bench`).

Bad input and bad settings end in one clear line on stderr and exit code 2 — never a traceback.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import logging
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING

from pydantic import ValidationError

from adapters import StartFailed
from adapters.logsafe import RedactSecrets
from bot.course_args import CourseNameError, course_arg
from bot.courses_cli import CoursesError, add_courses_parser, run_courses
from bot.docs_cli import DocsError, add_docs_parsers, run_docs, run_ingest
from bot.evaluate import add_eval_parser
from bot.faq_cli import FaqError, add_faq_parser, run_faq
from bot.feedback_cli import add_feedback_parser, run_feedback
from bot.progress import TqdmBars
from bot.quiz_cli import QuizError, add_quiz_parser, run_quiz
from bot.report_cli import ReportError, add_report_parser
from bot.settings import Settings, invalid_settings_line, load_settings
from core.errors import StudyBuddyError
from core.stores.errors import StoreError

if TYPE_CHECKING:
    from bot.composition import Bot
    from bot.container import App

EPILOG = """examples:
  studybuddy run                          start every configured adapter (console if no tokens)
  studybuddy ask "What is merge sort?"    one answer with its sources
  studybuddy ask --json "What is BFS?"    the same as JSON (answer, citations, route, ...)
  studybuddy ingest notes/ --course R101  add course files (PDF, slides, Word, HTML, md, txt)
  studybuddy docs list                    what is stored: course, file, pages, chunks, when
  studybuddy docs remove R-data.pdf       remove a document and all its chunks
  studybuddy report --out report/         instructor report: gaps, cited pages, votes (HTML + CSV)
  studybuddy courses list                 who owns each course, its spaces, shares, documents
  studybuddy courses public R101          any private chat may read R101
  studybuddy quiz --course sample -n 5    quiz items from a course, with answers and sources
  studybuddy faq export --course R101     the course's staff answers (Ask a TA) as JSONL
  studybuddy eval docs --docs D --qa F    answer quality on your own files and questions
  studybuddy feedback export --out F      what students could not get answered, as questions
  studybuddy eval feedback F              ask them again and show what changed
  studybuddy migrate --status             Supabase migrations not yet applied (SUPABASE_DB_URL)
  studybuddy graph                        print the Corrective-RAG graph as Mermaid"""


log = logging.getLogger(__name__)


class UserError(StudyBuddyError):
    """A problem the user can fix; printed as one line."""


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="studybuddy",
        description="Study Buddy: answers from your course materials, with sources.",
        epilog=EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.add_parser("run", help="start the configured adapters (Discord, Telegram, HTTP, console)")
    chat = sub.add_parser("chat", help="chat in this terminal")
    chat.add_argument("--course", type=course_arg,
                      help="start on this course, as `/course NAME` in the chat would")
    ask = sub.add_parser("ask", help="answer one question and exit")
    ask.add_argument("question", nargs="+", help="the question (quote it)")
    ask.add_argument("--json", action="store_true", help="print the reply as JSON")
    ask.add_argument("--user", default="cli", help="user id for history (default: cli)")
    ask.add_argument("--course", type=course_arg,
                     help="answer from this course only (default: DEFAULT_COURSE, else every "
                          "course)")
    add_docs_parsers(sub)  # ingest | docs list | docs remove (handlers in bot/docs_cli.py)
    migrate = sub.add_parser(
        "migrate", help="apply migrations/supabase/*.sql to the database at SUPABASE_DB_URL")
    migrate.add_argument("--status", action="store_true",
                         help="list pending migrations, apply none")
    sub.add_parser("graph", help="print the graph as Mermaid (from the compiled graph)")
    add_eval_parser(sub)  # eval retrieval | xquad | docs | feedback (bot/evaluate.py, eval_docs.py)
    add_feedback_parser(sub)  # feedback export (bot/feedback_cli.py)
    add_report_parser(sub)  # report (bot/report_cli.py)
    add_courses_parser(sub)  # courses list | transfer | public | private (bot/courses_cli.py)
    add_quiz_parser(sub)  # quiz (bot/quiz_cli.py)
    add_faq_parser(sub)  # faq export | import (bot/faq_cli.py)
    return parser


async def _ask(settings: Settings, args: argparse.Namespace) -> int:
    from bot.composition import with_bot
    from core.messages import IncomingMessage

    question = " ".join(args.question)
    if not question.strip():
        raise UserError("The question is empty. Example: studybuddy ask \"What is merge sort?\"")
    if len(question) > settings.max_question_chars:
        raise UserError(f"The question is {len(question)} characters long; the limit is "
                        f"{settings.max_question_chars} (MAX_QUESTION_CHARS).")

    async def action(bot: Bot) -> int:
        app = bot.app
        if await app.store.count() == 0:
            raise UserError("The course store is empty. Add materials with: studybuddy ingest PATH")
        # the models load before the question, not inside the course search's SOURCE_TIMEOUT_S
        # (on a busy machine loading them there timed the search out: a ⚠ for a known answer)
        await app.service.warm_up(course=False)
        reply = await app.service.handle(IncomingMessage("cli", args.user, args.user, question,
                                                         course=args.course))
        if reply.notice == "unknown_course":
            raise UserError(reply.text)
        if args.json:
            payload = reply.to_dict()
            keys = ("answer", "citations", "low_confidence", "intent", "route", "retries",
                    "llm_calls", "confidence", "quoted_language", "rerank_tier")
            print(json.dumps({k: payload[k] for k in keys}, ensure_ascii=False, indent=2))
        else:
            from adapters.console import render_reply

            print(render_reply(reply))
        return 0
    return await with_bot(settings, action)


def _migrate(settings: Settings, args: argparse.Namespace) -> int:
    from core.stores.pg_migrate import apply_migrations, migration_files, pending_migrations

    if settings.supabase_db_url is None or not settings.supabase_db_url.get_secret_value():
        raise UserError("set SUPABASE_DB_URL to the database's Postgres connection string "
                        "(Supabase dashboard: Connect) to apply migrations")
    dsn = settings.supabase_db_url.get_secret_value()
    if args.status:
        pending = pending_migrations(dsn)
        for version, name in pending:
            print(f"pending  {version}_{name}")
        print(f"{len(migration_files()) - len(pending)} applied, {len(pending)} pending")
        return 0
    applied = apply_migrations(dsn)
    names = {version: f"{version}_{name}" for version, name, _ in migration_files()}
    for version in applied:
        print(f"applied  {names[version]}")
    print(f"{len(applied)} applied now; the database is up to date" if applied
          else "already up to date; nothing to apply")
    return 0


async def _serve(settings: Settings, console_only: bool, course: str | None = None) -> int:
    from bot.composition import AdapterSet, with_bot
    from bot.runner import run_adapters

    async def action(bot: Bot) -> int:
        await _warm_up(bot.app)
        await _say_unreachable(bot.app, settings)
        tasks = [asyncio.create_task(bot.app.keep_tidy(), name="retention"),
                 asyncio.create_task(bot.app.service.warm_course(), name="warm-course")]
        try:
            await run_adapters(bot.adapters)
        finally:
            for task in tasks:
                task.cancel()
        return 0
    adapters = AdapterSet.CONSOLE if console_only else AdapterSet.CONFIGURED
    return await with_bot(settings, action, adapters, console_course=course)


async def _warm_up(app: App) -> None:
    """Models load before the first question, not during it (shown on a terminal); the course's
    passages are embedded in the background meanwhile (`StudyBuddy.warm_course`)."""
    shown = sys.stderr.isatty()
    if shown:
        print("Loading the offline models…", end="", file=sys.stderr, flush=True)
    seconds = await app.service.warm_up(course=False)
    if shown:
        print(f" ready ({seconds:.1f} s).", file=sys.stderr)
    log.debug("warmed up in %.1f s", seconds)


async def _say_unreachable(app: App, settings: Settings) -> None:
    """One line at start for outside sources that cannot be reached (their breakers open, so
    no question waits on them; they are tried again every 30 s)."""
    from core.upstream.resilience import probe

    down = await probe(app.service.context.sources, timeout_s=min(3.0, settings.source_timeout_s))
    if down:
        message = (f"Note: {', '.join(down)} cannot be reached; answering from the course "
                   "materials until they can.")
        log.warning("%s", message)
        if not _logs_to_stderr():  # the console chat logs to a file: say it on the terminal too
            print(message, file=sys.stderr)


def _logs_to_stderr() -> bool:
    return any(isinstance(h, logging.StreamHandler) and getattr(h, "stream", None) is sys.stderr
               for h in logging.getLogger().handlers)


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    if args.command is None:
        _parser().print_help()
        return 0
    if args.command == "graph":
        from core.rag.graph import mermaid

        print(mermaid())
        return 0
    if args.command == "eval":
        handled: int = args.handler(args)
        return handled
    try:
        settings = load_settings()
    except ValidationError as err:
        print(invalid_settings_line(err), file=sys.stderr)
        return 2
    from bot.logging_setup import LOG_FILE, configure_logging

    serving = args.command == "run" and bool(settings.discord_token or settings.telegram_token
                                             or settings.http_port is not None)
    # A bot logs at LOG_LEVEL to stderr; the terminal chat keeps the screen for the conversation
    # and logs to DATA_DIR/studybuddy.log; a one-off command shows warnings only, unless
    # LOG_LEVEL was asked for explicitly.
    explicit = "log_level" in settings.model_fields_set
    chatting = args.command == "chat" or (args.command == "run" and not serving)
    if chatting:
        configure_logging(settings.log_level, settings.secrets(),
                          log_file=settings.data_dir / LOG_FILE)
    else:
        configure_logging(settings.log_level if serving or explicit else "WARNING",
                          settings.secrets())
    try:
        if args.command == "migrate":
            return _migrate(settings, args)
        if args.command == "ask":
            return asyncio.run(_ask(settings, args))
        if args.command == "ingest":
            return asyncio.run(run_ingest(settings, args, TqdmBars("Ingesting")))
        if args.command == "docs":
            return asyncio.run(run_docs(settings, args))
        if args.command == "feedback":
            return run_feedback(settings, args)
        if args.command == "courses":
            return asyncio.run(run_courses(settings, args))
        if args.command == "quiz":
            return asyncio.run(run_quiz(settings, args))
        if args.command == "faq":
            return asyncio.run(run_faq(settings, args))
        if args.command == "report":
            from bot.report_cli import run_report

            return asyncio.run(run_report(settings, args))
        return asyncio.run(_serve(settings, console_only=args.command == "chat",
                                  course=getattr(args, "course", None)))
    except (UserError, DocsError, ReportError, CoursesError, QuizError, FaqError,
            CourseNameError, StoreError) as err:  # one clear line
        print(f"error: {err}", file=sys.stderr)
        return 2
    except StartFailed as err:  # a platform refused or was unreachable: one line, no secrets
        print(f"error: {RedactSecrets(settings.secrets()).redact(str(err))}", file=sys.stderr)
        return 2
    except ValidationError as err:
        print(invalid_settings_line(err), file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # `studybuddy ask --json ... | head`: the reader left, nothing to say
        sys.stderr.close()
        return 0


if __name__ == "__main__":
    sys.exit(main())
