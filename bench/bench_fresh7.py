"""Benchmark 7i — an eighth blind question set (bench/realdocs_fresh7): 135 questions over 11
documents no other set uses (the LaTeX listings package manual PDF, git subtree's manual as
plain text, 2 en-US and 5 ar-MA handbook pages, 2 en-US pages asked in Arabic), written on
2026-12-05 by helpers who saw neither the code nor any result, split once into fit / report
halves. Its first run read the code as it was; its fit half then chose how .txt files are
read (core/ingest/text_layout.py, 2026-12-05). Same rows and targets as the suite
(bench_suite.py)."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from bench.bench_suite import run_halves
from bench.runner import BenchOptions

FRESH7 = Path(__file__).resolve().parent / "realdocs_fresh7"


async def run(opts: BenchOptions) -> dict[str, Any]:
    return await run_halves(FRESH7, "7i. Real course files: an eighth blind set (fit / report "
                            "halves)", opts)
