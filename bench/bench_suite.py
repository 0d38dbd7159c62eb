"""Benchmark 7b — the larger question suite (bench/realdocs_suite): 602 questions over 22 real
documents (PDF, HTML, DOCX, PPTX, Markdown; English and Arabic), written blind from the
documents alone and split once into a fit half (choices are made on it) and a report half (the
figures the README reports). Same rows and targets as bench_docs.py, for each half."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from bench.bench_docs import rows_for
from bench.runner import BenchOptions
from bot.eval_docs import evaluate_docs

SUITE = Path(__file__).resolve().parent / "realdocs_suite"


async def run(opts: BenchOptions) -> dict[str, Any]:
    return await run_halves(SUITE, "7b. Real course files: the question suite (fit / report halves)",
                            opts)


async def run_halves(folder: Path, title: str, opts: BenchOptions) -> dict[str, Any]:
    """A blind question set with fit and report halves (`folder`: docs/ and qa*.jsonl)."""
    result = await evaluate_docs(folder / "docs", _question_files(folder), show=opts.show)
    halves = result["halves"]
    rows = rows_for("report half", halves.get("report", {}))
    rows += [dict(r, target="", met=None) for r in rows_for("fit half", halves.get("fit", {}))]
    note = (f"The {folder.name} folder is ingested into a throw-away embedded store; every question "
            "goes through StudyBuddy.handle with Wikipedia/arXiv/web off. Targets apply to the "
            "report half; the fit half is shown for reference (it is what changes are chosen on). "
            "✅-coverage = answerable questions whose reply holds the gold answer and is marked ✅.")
    return {"title": title, "note": note, "rows": rows,
            "suite": {"kinds": result["kinds"], "halves": halves, "ingest": result["ingest"],
                      "seconds_per_question": result["seconds_per_question"],
                      # per-question replies of the fit half only: the report half's misses
                      # must not be there to tune on
                      "fit_questions": [q for q in result["questions"] if q["half"] == "fit"]}}


def _question_files(folder: Path) -> list[Path]:
    return sorted(folder.glob("qa*.jsonl"))
