"""Benchmark 7 — real course files: `studybuddy eval docs` on the dev set (DATA/realdocs)
and on the unseen set (bench/realdocs_unseen, never tuned on), offline, through the service the
adapters call. Targets from issue 26 (the larger suite is bench_suite.py, same rows)."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from bench.report import row
from bench.runner import BenchOptions
from bot.eval_docs import evaluate_docs

TARGETS = {"en": 0.90, "ar": 0.80, "ar->en": 0.70}
CHECK_PRECISION, CHECK_COVERAGE, WARNED, PAGES = 0.90, 0.60, 0.85, 0.90
UNSEEN = Path(__file__).resolve().parent / "realdocs_unseen"  # held out: data, not results


def rows_for(name: str, kinds: dict[str, Any]) -> list[dict[str, Any]]:
    """The table rows of one question set's `eval docs` figures, with issue 26's targets."""
    rows = [row(f"{name}: gold answer in reply, {kind}", kinds.get(kind, {}).get("gold_in_reply"),
                target=f">= {target:.0%}", met=_at_least(kinds, kind, "gold_in_reply", target),
                fmt="{:.0%}") for kind, target in TARGETS.items()]
    overall = kinds.get("all", {})
    rows += [
        row(f"{name}: ✅-precision ({overall.get('checked', 0)} replies marked ✅)",
            overall.get("check_precision"), target=f">= {CHECK_PRECISION:.0%}",
            met=_at_least(kinds, "all", "check_precision", CHECK_PRECISION), fmt="{:.0%}"),
        row(f"{name}: ✅-coverage (answerable questions answered right with ✅)",
            overall.get("check_coverage"), target=f">= {CHECK_COVERAGE:.0%}",
            met=_at_least(kinds, "all", "check_coverage", CHECK_COVERAGE), fmt="{:.0%}"),
        row(f"{name}: unanswerable questions not marked ✅ (⚠ or 📖)",
            overall.get("unanswerable_unchecked"), target=f">= {WARNED:.0%}",
            met=_at_least(kinds, "all", "unanswerable_unchecked", WARNED), fmt="{:.0%}"),
        row(f"{name}: unanswerable questions marked ⚠", overall.get("unanswerable_warned"),
            fmt="{:.0%}"),
        row(f"{name}: page accuracy (a citation names the gold page ±1)",
            overall.get("page_accuracy"), target=f">= {PAGES:.0%}",
            met=_at_least(kinds, "all", "page_accuracy", PAGES), fmt="{:.0%}"),
    ]
    return rows


def _at_least(kinds: dict[str, Any], kind: str, key: str, target: float) -> bool | None:
    value = kinds.get(kind, {}).get(key)
    return None if value is None else value >= target


async def run(opts: BenchOptions) -> dict[str, Any]:
    sets = {"dev": opts.data / "realdocs", "unseen": UNSEEN}
    results: dict[str, Any] = {}
    rows: list[dict[str, Any]] = []
    for name, folder in sets.items():
        result = await evaluate_docs(folder / "docs", folder / "qa.jsonl", show=opts.show)
        results[name] = result
        rows += rows_for(name, result["kinds"])
    note = ("Each set's folder is ingested into a throw-away embedded store (no sample course); "
            "every question goes through StudyBuddy.handle with Wikipedia/arXiv/web off. "
            "'gold in reply' = a gold string (diacritics and case ignored) in the answer text; "
            "✅-precision counts ✅ on unanswerable questions as wrong.")
    return {"title": "7. Real course files: dev and unseen sets", "note": note, "rows": rows,
            "sets": {k: {"kinds": v["kinds"], "ingest": v["ingest"],
                         "seconds_per_question": v["seconds_per_question"],
                         "questions": v["questions"]} for k, v in results.items()}}
