"""`studybuddy eval docs`: how well the bot answers from real course files, judged as students
would judge it: is the answer in the reply, can a ✅ be trusted, does a question the files do
not cover get ⚠, and does a citation point at the right page.

The folder is ingested into a throw-away embedded store (no sample course) and every question
goes through the same service the chat adapters call, with outside sources off so the figures
are about the course files alone.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import re
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path
from typing import TYPE_CHECKING, Any

from bot.cli_types import Subcommands
from core.messages import Confidence, IncomingMessage, Reply
from core.sentences import split_sentences
from core.text import normalize

if TYPE_CHECKING:
    from bot.settings import Settings

KINDS = ("en", "ar", "ar->en", "unanswerable")
PAGE_SLACK = 1


def add_docs_parser(kinds: Subcommands) -> None:
    d = kinds.add_parser("docs", help="answers, ✅-precision, ⚠ on unanswerable and page accuracy "
                                      "on your own course files")
    d.add_argument("--docs", type=Path, required=True, help="folder of course files")
    d.add_argument("--qa", type=Path, required=True, nargs="+",
                   help="questions as JSONL (id, question, doc, page, answers, answerable, kind; "
                        "optional half: fit | report); several files are asked together")
    d.add_argument("--store", type=Path, default=None,
                   help="keep the store in this folder (reruns skip unchanged files)")
    d.add_argument("--half", choices=("fit", "report"), default=None,
                   help="ask only the questions of this half")
    d.add_argument("--show", action="store_true", help="print every reply that missed")
    d.add_argument("--json", action="store_true", help="print JSON")
    d.set_defaults(handler=run_eval_docs)


def load_qa(path: Path) -> list[dict[str, Any]]:
    items = []
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            continue
        try:
            item = json.loads(line)
        except json.JSONDecodeError as exc:
            raise ValueError(f"{path.name} line {n}: not JSON ({exc.msg})") from None
        missing = {"id", "question", "answers", "kind"} - set(item)
        if missing:
            raise ValueError(f"{path.name} line {n}: missing {', '.join(sorted(missing))}")
        items.append(item)
    return items


# a thousands separator: "4,095" in one place of a manual is "4 095" in another
_DIGIT_GROUP = re.compile(r"(?<=\d)[,\u00a0\u202f ](?=\d{3}(?!\d))")


def comparable(text: str) -> str:
    """What "contains the gold" compares: no diacritics or tatweel, one space, case-folded,
    numbers without thousands separators."""
    return _DIGIT_GROUP.sub("", re.sub(r"\s+", " ", normalize(text)))


def contains_gold(reply_text: str, answers: list[str]) -> bool:
    haystack = comparable(reply_text)
    return any(comparable(a) in haystack for a in answers if a.strip())


def page_hit(reply: Reply, doc: str | None, page: int | None) -> bool:
    """A citation names the gold document and a page within PAGE_SLACK of the gold page."""
    if doc is None or page is None:
        return False
    return any(c.page is not None and Path(c.display_name).name == Path(doc).name
               and abs(c.page - page) <= PAGE_SLACK for c in reply.citations)


def prose_sentences(reply_text: str) -> int:
    """How many sentences a reply's prose has (code and indented lines left out)."""
    prose = "\n".join(line for line in reply_text.splitlines() if line[:1] not in (" ", "\t"))
    return len(split_sentences(prose))


def score(items: list[dict[str, Any]], replies: list[Reply]) -> dict[str, Any]:
    """Per kind and overall: gold in reply, ✅-precision, ⚠ on unanswerable, page accuracy,
    and how big the answers are (sources, sentences, words), which gold-in-reply cannot see: a
    longer reply holds the gold more often."""
    rows: dict[str, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    for item, reply in zip(items, replies, strict=True):
        for key in (item["kind"], "all"):
            row = rows[key]
            row["n"] += 1
            answerable = item.get("answerable", bool(item["answers"]))
            hit = answerable and contains_gold(reply.text, item["answers"])
            row["gold"] += hit
            row["answerable"] += answerable
            if reply.confidence == Confidence.COURSE:
                row["checked"] += 1
                row["checked_right"] += hit
            if not answerable:
                row["unanswerable"] += 1
                row["unanswerable_warned"] += reply.confidence == Confidence.LOW
                row["unanswerable_unchecked"] += reply.confidence != Confidence.COURSE
            if answerable:
                row["sources"] += len(reply.citations)
                row["words"] += len(reply.text.split())
                row["sentences"] += prose_sentences(reply.text)
            if answerable and item.get("page") is not None:
                row["paged"] += 1
                row["page_hit"] += page_hit(reply, item.get("doc"), item["page"])
    return {kind: _rates(row) for kind, row in rows.items()}


def score_by_half(items: list[dict[str, Any]], replies: list[Reply]) -> dict[str, Any]:
    """`score` of each half the questions name (fit: choices are made on it; report: the
    figures reported); empty when the questions are not split."""
    halves: dict[str, tuple[list[dict[str, Any]], list[Reply]]] = {}
    for item, reply in zip(items, replies, strict=True):
        if item.get("half"):
            chosen = halves.setdefault(str(item["half"]), ([], []))
            chosen[0].append(item)
            chosen[1].append(reply)
    return {half: score(*pair) for half, pair in sorted(halves.items())}


def _rates(row: dict[str, int]) -> dict[str, Any]:
    def share(a: str, b: str) -> float | None:
        return round(row[a] / row[b], 4) if row[b] else None
    return {"questions": row["n"], "gold_in_reply": share("gold", "answerable"),
            "check_precision": share("checked_right", "checked"), "checked": row["checked"],
            "check_coverage": share("checked_right", "answerable"),  # right ✅ / answerable
            "unanswerable_warned": share("unanswerable_warned", "unanswerable"),
            "unanswerable_unchecked": share("unanswerable_unchecked", "unanswerable"),
            "page_accuracy": share("page_hit", "paged"),
            "sources_per_answer": share("sources", "answerable"),
            "sentences_per_answer": share("sentences", "answerable"),
            "words_per_answer": share("words", "answerable"),
            "counts": dict(row)}  # what the shares are of, to add up over several sets


def eval_settings(data_dir: Path) -> Settings:
    """The settings every evaluation runs on: offline (no outside source), no history, no rate
    limit between questions, every course of the store but the sample."""
    from bot.settings import load_settings

    return load_settings(
        data_dir=data_dir, auto_ingest_sample=False, course_filter=None,
        wikipedia_enabled=False, arxiv_enabled=False, web_search="none",
        rate_limit_per_minute=600, history_turns=0)


async def evaluate_docs(docs: Path, qa: Path | list[Path], *, store_dir: Path | None = None,
                        show: bool = False, half: str | None = None) -> dict[str, Any]:
    """Ingest `docs`, ask every question of `qa` (one file or several), score the replies."""
    from bot.composition import compose
    from bot.container import ingest_limits
    from bot.progress import TqdmBars
    from core.ingest.pipeline import ingest_paths

    files = qa if isinstance(qa, list) else [qa]
    items = [item for path in files for item in load_qa(path)
             if half is None or item.get("half") == half]
    with tempfile.TemporaryDirectory(prefix="sb-eval-docs-") as tmp:
        settings = eval_settings(store_dir or Path(tmp))
        app = (await compose(settings)).app
        try:
            progress = TqdmBars("Ingesting")
            try:
                report = await ingest_paths([docs], app.store, app.embedder, course="eval",
                                            progress_factory=progress if show else None,
                                            limits=ingest_limits(settings))
            finally:
                progress.close()
            started = time.perf_counter()
            replies = []
            for item in items:  # one user per question: no history, no rate limit between them
                replies.append(await app.service.handle(IncomingMessage(
                    "eval", str(item["id"]), str(item["id"]), item["question"])))
            seconds = time.perf_counter() - started
        finally:
            await app.close()
    result = {"docs": str(docs), "qa": [str(path) for path in files], "ingest": {
        "files": report.files_ok + report.files_unchanged, "chunks": report.chunks_total,
        "errors": report.errors, "skipped": report.skipped, "seconds": round(report.seconds, 2)},
        "seconds_per_question": round(seconds / max(len(items), 1), 3),
        "kinds": score(items, replies), "halves": score_by_half(items, replies)}
    result["questions"] = [_record(item, reply) for item, reply in zip(items, replies, strict=True)]
    return result


def _missed(item: dict[str, Any], reply: Reply) -> bool:
    answerable = item.get("answerable", bool(item["answers"]))
    if not answerable:
        return reply.confidence != Confidence.LOW
    return not contains_gold(reply.text, item["answers"]) or (
        item.get("page") is not None and not page_hit(reply, item.get("doc"), item["page"]))


def _record(item: dict[str, Any], reply: Reply) -> dict[str, Any]:
    """One question's outcome, for --show and --json."""
    return {"id": item["id"], "kind": item["kind"], "half": item.get("half"),
            "question": item["question"],
            "gold": item["answers"], "page": item.get("page"), "missed": _missed(item, reply),
            "gold_in_reply": contains_gold(reply.text, item["answers"]),
            "confidence": reply.confidence.value, "top_score": reply.top_score,
            "route": list(reply.route), "reply": reply.text[:600],
            "words": len(reply.text.split()), "sentences": prose_sentences(reply.text),
            "cited": [c.display_name + ("" if c.page is None else f" p.{c.page}")
                      for c in reply.citations],
            "answerable": item.get("answerable", bool(item["answers"])),
            "evidence": dict(reply.evidence)}


def _print(result: dict[str, Any], show: bool) -> None:
    ing = result["ingest"]
    print(f"{ing['files']} file(s), {ing['chunks']} chunks ingested in {ing['seconds']}s; "
          f"{result['seconds_per_question']}s per question")
    for error in ing["errors"]:
        print(f"  error: {error}")
    for half, kinds in [("", result["kinds"]), *result["halves"].items()]:
        if half:
            print(f"half: {half}")
        print(f"{'kind':<13}{'n':>4}{'gold in reply':>15}{'✅-precision':>14}{'✅-coverage':>13}"
              f"{'not ✅ unansw.':>16}{'⚠ unanswerable':>17}{'page ±1':>11}"
              f"{'sources':>9}{'sentences':>11}{'words':>7}")
        for kind in (*KINDS, "all"):
            row = kinds.get(kind)
            if row:
                checked = f"{_pct(row['check_precision'])} ({row['checked']})"
                paged = (f"{_pct(row['page_accuracy'])} ({row['counts']['paged']})"
                         if row["page_accuracy"] is not None else "—")  # of questions with a page
                print(f"{kind:<13}{row['questions']:>4}{_pct(row['gold_in_reply']):>15}"
                      f"{checked:>14}{_pct(row['check_coverage']):>13}"
                      f"{_pct(row['unanswerable_unchecked']):>16}"
                      f"{_pct(row['unanswerable_warned']):>17}{paged:>11}"
                      f"{_num(row['sources_per_answer']):>9}"
                      f"{_num(row['sentences_per_answer']):>11}"
                      f"{_num(row['words_per_answer'], 0):>7}")
    if show:
        for record in result["questions"]:
            if record["missed"]:
                print(json.dumps(record, ensure_ascii=False))


def _pct(value: float | None) -> str:
    return "—" if value is None else f"{value:.0%}"


def _num(value: float | None, digits: int = 1) -> str:
    return "—" if value is None else f"{value:.{digits}f}"


def run_eval_docs(args: argparse.Namespace) -> int:
    if not args.docs.is_dir():
        print(f"error: no such folder: {args.docs}", file=sys.stderr)
        return 2
    for path in args.qa:
        if not path.is_file():
            print(f"error: no such file: {path}", file=sys.stderr)
            return 2
    try:
        result = asyncio.run(evaluate_docs(args.docs, args.qa, store_dir=args.store,
                                           show=sys.stderr.isatty(), half=args.half))
    except ValueError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(result, ensure_ascii=False, indent=2))
    else:
        _print(result, args.show)
    return 0
