"""Benchmark 7c — a second blind question set (bench/realdocs_fresh): 161 questions over 11
Debian handbook pages (6 English, 5 Arabic) none of the other sets asks about, written on
2026-12-03 by a helper who saw neither the code nor any result, split once into fit / report
halves. Same rows and targets as the suite (bench_suite.py). Its fit half is the place to look
at misses now that the suite's fit half has been tuned on for a long time."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from bench.bench_suite import run_halves
from bench.runner import BenchOptions

FRESH = Path(__file__).resolve().parent / "realdocs_fresh"


async def run(opts: BenchOptions) -> dict[str, Any]:
    return await run_halves(FRESH, "7c. Real course files: a second blind set (fit / report halves)",
                            opts)
