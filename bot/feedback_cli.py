"""`studybuddy feedback export` and `studybuddy eval feedback`: what students could not get
answered, as a regression set the instructor completes, and a replay that shows what changed.

The export uses the question format of bench/realdocs_unseen/qa.jsonl (id, question, lang,
doc, page, answers, answerable, kind) with the answers left empty for the instructor, plus a
`feedback` object saying why the turn is there (⚠, 👎 and its reasons) and what was answered.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import TYPE_CHECKING, Any

from bot.cli_types import Subcommands
from bot.course_args import course_arg, spelled
from bot.eval_docs import contains_gold, load_qa
from bot.settings import Settings
from core.insight.report_gaps import is_gap
from core.messages import IncomingMessage
from core.ports import Outcome
from core.stores.private_files import private_dir, write_private_text

if TYPE_CHECKING:
    from bot.composition import Bot

REPLAY_USER = "feedback-replay"


def add_feedback_parser(sub: Subcommands) -> None:
    fb = sub.add_parser("feedback", help="what students could not get answered (export)")
    kinds = fb.add_subparsers(dest="feedback_command", metavar="COMMAND", required=True)
    export = kinds.add_parser(
        "export", help="👎 and ⚠ turns as a regression set (JSONL, answers for you to fill)")
    export.add_argument("--out", type=Path, required=True, help="the JSONL file to write")
    export.add_argument("--course", type=course_arg, help="only this course")
    export.add_argument("--since", type=_since,
                        help="only turns since this date (YYYY-MM-DD) or number of days (7d)")


def add_eval_feedback_parser(kinds: Subcommands) -> None:
    ev = kinds.add_parser("feedback", help="replay an exported feedback set and show what changed")
    ev.add_argument("file", type=Path, help="a file written by `studybuddy feedback export`")
    ev.add_argument("--json", action="store_true", help="print every item as JSON")
    ev.set_defaults(handler=run_eval_feedback)


def _since(value: str) -> datetime:
    try:
        if value.endswith("d") and value[:-1].isdigit():
            return datetime.now(UTC) - timedelta(days=int(value[:-1]))
        return datetime.fromisoformat(value).replace(tzinfo=UTC)
    except ValueError:
        raise argparse.ArgumentTypeError("use a date (2026-11-30) or days (7d)") from None


def feedback_item(outcome: Outcome) -> dict[str, Any]:
    first = outcome.citations[0] if outcome.citations else {}
    reasons = sorted({v.reason for v in outcome.votes if v.value < 0 and v.reason})
    return {
        "id": f"fb-{outcome.answer_id}", "question": outcome.question, "lang": outcome.language,
        # where the answer is, like "answers", is the instructor's to fill in: the reply's first
        # citation is often the ⚠ reply's closest material, a guess, kept under "feedback"
        "doc": None, "page": None, "answers": [],
        "answerable": True, "kind": outcome.language,
        "feedback": {
            "answer_id": outcome.answer_id, "course": outcome.course,
            "asked_at": outcome.created_at.isoformat() if outcome.created_at else None,
            "confidence": outcome.confidence,
            "thumbs_down": sum(v.value < 0 for v in outcome.votes),
            "thumbs_up": sum(v.value > 0 for v in outcome.votes), "reasons": reasons,
            "missing": outcome.missing, "answer": outcome.answer,
            "cited": {"doc": first.get("display_name"), "page": first.get("page")}},
    }


async def export_feedback(app: Any, out: Path, course: str | None, since: datetime | None) -> int:
    outcomes = await app.actions.store.outcomes(since=since)
    if course is not None:  # a course with questions recorded, even if its files are gone
        recorded = {o.course for o in outcomes if o.course}
        course = spelled(course, {*recorded, *await app.store.courses()}, must_exist=True)
        outcomes = [o for o in outcomes if o.course == course]
    items = [feedback_item(o) for o in outcomes if is_gap(o)]
    await asyncio.to_thread(_write_jsonl, out, items)
    print(f"{len(items)} question(s) the materials fell short on (of {len(outcomes)}) written to "
          f"{out}; fill in each item's \"answers\" (or set \"answerable\": false), then run "
          f"`studybuddy eval feedback {out}`.")
    return 0


def _write_jsonl(out: Path, items: list[dict[str, Any]]) -> None:
    private_dir(out.parent, tighten_existing=False)
    write_private_text(out, "".join(json.dumps(i, ensure_ascii=False) + "\n" for i in items))


async def replay(app: Any, items: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Ask every item again, in its course, and compare with what was answered then."""
    rows = []
    service = app.service.unrecorded()  # staff asking again are not students with gaps
    for item in items:
        before = item.get("feedback") or {}
        reply = await service.handle(IncomingMessage(
            "cli", REPLAY_USER, REPLAY_USER, item["question"], course=before.get("course")))
        gold = item.get("answers") or []
        rows.append({
            "id": item["id"], "question": item["question"],
            "before": before.get("confidence"), "after": reply.confidence.value,
            "answer_changed": reply.text.strip() != str(before.get("answer", "")).strip(),
            "gold_found": contains_gold(reply.text, gold) if gold else None,
            "answer": reply.text})
    await app.service.forget("cli", REPLAY_USER)  # the replay is not a student's history
    return rows


def run_feedback(settings: Settings, args: argparse.Namespace) -> int:
    """`studybuddy feedback export`."""
    from bot.composition import with_bot

    return asyncio.run(with_bot(settings, lambda bot: export_feedback(
        bot.app, args.out, args.course, args.since)))


def run_eval_feedback(args: argparse.Namespace) -> int:
    if not args.file.is_file():
        print(f"error: no such file: {args.file}", file=sys.stderr)
        return 2
    try:
        items = load_qa(args.file)
    except ValueError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2

    async def action(bot: Bot) -> int:
        rows = await replay(bot.app, items)
        _print(rows, as_json=args.json)
        return 0

    from bot.composition import with_bot
    from bot.settings import load_settings

    return asyncio.run(with_bot(load_settings(), action))


def _print(rows: list[dict[str, Any]], *, as_json: bool) -> None:
    if as_json:
        print(json.dumps(rows, ensure_ascii=False, indent=2))
        return
    for row in rows:
        gold = {None: "no gold yet", True: "gold found", False: "gold missing"}[row["gold_found"]]
        changed = "answer changed" if row["answer_changed"] else "same answer"
        print(f"{row['id']}: {row['before']} -> {row['after']}, {changed}, {gold}: "
              f"{row['question'][:70]}")
    improved = sum(r["before"] == "low" and r["after"] != "low" for r in rows)
    golds = [r["gold_found"] for r in rows if r["gold_found"] is not None]
    summary = f"{len(rows)} question(s): {improved} no longer low confidence"
    if golds:
        summary += f"; gold found in {sum(golds)} of {len(golds)} with answers filled in"
    print(summary)
