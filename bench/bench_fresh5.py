"""Benchmark 7g — a sixth blind question set (bench/realdocs_fresh5), written on 2026-12-04 by
helpers who saw neither the code nor any result, split once into fit / report halves. Its fit
half, run once before any change, chose the verifier's precision target by a rule written
before the set existed; nothing else was chosen on it. Same rows and targets as the suite
(bench_suite.py)."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from bench.bench_suite import run_halves
from bench.runner import BenchOptions

FRESH5 = Path(__file__).resolve().parent / "realdocs_fresh5"


async def run(opts: BenchOptions) -> dict[str, Any]:
    return await run_halves(FRESH5, "7g. Real course files: a sixth blind set (fit / report "
                            "halves)", opts)
