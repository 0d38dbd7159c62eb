"""`studybuddy` command line: run | chat | ask | ingest | graph.

Bad input and bad settings end in one clear line on stderr and exit code 2 — never a traceback.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

from pydantic import ValidationError

from bot.settings import Settings, describe_error, load_settings

EPILOG = """examples:
  studybuddy run                          start every configured adapter (console if no tokens)
  studybuddy ask "What is merge sort?"    one answer with its sources
  studybuddy ask --json "What is BFS?"    the same as JSON (answer, citations, route, ...)
  studybuddy ingest notes/ slides.pdf     add course files (.md, .txt, .pdf) to the store
  studybuddy graph                        print the Corrective-RAG graph as Mermaid"""


class UserError(Exception):
    """A problem the user can fix; printed as one line."""


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="studybuddy", description="Study Buddy: answers from your course materials, with sources.",
        epilog=EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.add_parser("run", help="start the configured adapters (Discord, Telegram, HTTP, console)")
    sub.add_parser("chat", help="chat in this terminal")
    ask = sub.add_parser("ask", help="answer one question and exit")
    ask.add_argument("question", nargs="+", help="the question (quote it)")
    ask.add_argument("--json", action="store_true", help="print the reply as JSON")
    ask.add_argument("--user", default="cli", help="user id for history (default: cli)")
    ingest = sub.add_parser("ingest", help="add course files (.md, .txt, .pdf) or folders")
    ingest.add_argument("paths", nargs="+", type=Path, help="files or folders")
    ingest.add_argument("--store", choices=["sqlite", "supabase"], help="override COURSE_STORE")
    ingest.add_argument("--course", default="", help="course name for files without a Course: line")
    sub.add_parser("graph", help="print the graph as Mermaid (from the compiled graph)")
    from bot.bench.runner import add_bench_parser
    from bot.evaluate import add_eval_parser

    add_eval_parser(sub)  # eval retrieval | eval xquad (handlers in bot/evaluate.py)
    add_bench_parser(sub)  # bench (handler in bot/bench/runner.py)
    return parser


def _progress_factory(desc: str) -> Callable[[int], Callable[[int], None]]:
    def factory(total: int) -> Callable[[int], None]:
        from tqdm import tqdm

        bar = tqdm(total=total, desc=desc, unit="chunk", file=sys.stderr, disable=total == 0)

        def update(n: int) -> None:
            bar.update(n)
            if bar.n >= total:
                bar.close()
        return update
    return factory


async def _with_app(settings: Settings, action: Callable) -> int:
    from bot.container import build_app

    app = await build_app(settings, progress_factory=_progress_factory("Ingesting sample course"))
    try:
        return await action(app)
    finally:
        await app.close()


async def _ask(settings: Settings, args: argparse.Namespace) -> int:
    from core.messages import IncomingMessage

    question = " ".join(args.question)
    if not question.strip():
        raise UserError("The question is empty. Example: studybuddy ask \"What is merge sort?\"")
    if len(question) > settings.max_question_chars:
        raise UserError(f"The question is {len(question)} characters long; the limit is "
                        f"{settings.max_question_chars} (MAX_QUESTION_CHARS).")

    async def action(app) -> int:
        if await app.store.count() == 0:
            raise UserError("The course store is empty. Add materials with: studybuddy ingest PATH")
        reply = await app.service.handle(IncomingMessage("cli", args.user, args.user, question))
        if args.json:
            payload = reply.to_dict()
            print(json.dumps({k: payload[k] for k in ("answer", "citations", "low_confidence", "intent",
                                                       "route", "retries", "llm_calls")}
                             | {"confidence": payload["confidence"], "rerank_tier": payload["rerank_tier"]},
                             ensure_ascii=False, indent=2))
        else:
            from adapters.console import render_reply

            print(render_reply(reply))
        return 0
    return await _with_app(settings, action)


async def _ingest(settings: Settings, args: argparse.Namespace) -> int:
    from contextlib import AsyncExitStack

    import httpx

    from bot.container import build_embedder, build_store
    from core.ingest.pipeline import ingest_paths

    if args.store:
        settings = load_settings(course_store=args.store)  # re-validated: supabase needs its keys
    async with AsyncExitStack() as stack, httpx.AsyncClient() as client:
        embedder = build_embedder(settings, client)
        store = await build_store(settings, embedder, stack)
        report = await ingest_paths(args.paths, store, embedder, default_course=args.course,
                                    progress_factory=_progress_factory("Ingesting"))
    for error in report.errors:
        print(f"error: {error}", file=sys.stderr)
    print(f"{report.files_ok} file(s) read: {report.chunks_new} new chunk(s), "
          f"{report.chunks_skipped} unchanged, {len(report.errors)} problem(s), {report.seconds:.1f}s")
    return 0 if report.files_ok or not report.errors else 1


async def _serve(settings: Settings, console_only: bool) -> int:
    from bot.runner import build_adapters, run_adapters

    async def action(app) -> int:
        if console_only:
            from adapters.console import ConsoleAdapter

            adapters = [ConsoleAdapter(app.service)]
        else:
            adapters = build_adapters(settings, app)
        tidy = asyncio.create_task(app.keep_tidy(), name="retention")
        try:
            await run_adapters(adapters)
        finally:
            tidy.cancel()
        return 0
    return await _with_app(settings, action)


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    if args.command is None:
        _parser().print_help()
        return 0
    if args.command == "graph":
        from core.rag.graph import mermaid

        print(mermaid())
        return 0
    if args.command in ("eval", "bench"):
        return args.handler(args)
    try:
        settings = load_settings()
    except ValidationError as err:
        print(describe_error(err), file=sys.stderr)
        return 2
    from bot.logging_setup import configure_logging

    serving = args.command == "run" and bool(settings.discord_token or settings.telegram_token
                                             or settings.http_port is not None)
    # A bot logs at LOG_LEVEL; a terminal chat or one-off command keeps the screen for the user
    # unless LOG_LEVEL was asked for explicitly.
    explicit = "log_level" in settings.model_fields_set
    configure_logging(settings.log_level if serving or explicit else "WARNING", settings.secrets())
    try:
        if args.command == "ask":
            return asyncio.run(_ask(settings, args))
        if args.command == "ingest":
            return asyncio.run(_ingest(settings, args))
        return asyncio.run(_serve(settings, console_only=args.command == "chat"))
    except UserError as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    except ValidationError as err:
        print(describe_error(err), file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # `studybuddy ask --json ... | head`: the reader left, nothing to say
        sys.stderr.close()
        return 0


if __name__ == "__main__":
    sys.exit(main())
