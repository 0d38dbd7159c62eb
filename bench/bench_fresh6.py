"""Benchmark 7h — a seventh blind question set (bench/realdocs_fresh6): 155 questions over 13
documents no other set uses (the GNU MathProg reference PDF of GLPK, 3 en-US and 7 ar-MA
handbook pages, 2 en-US pages asked in Arabic), written on 2026-12-04 by helpers who saw
neither the code nor any result, split once into fit / report halves. Its first run read the
code as it was; nothing was chosen on it yet. Same rows and targets as the suite
(bench_suite.py)."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from bench.bench_suite import run_halves
from bench.runner import BenchOptions

FRESH6 = Path(__file__).resolve().parent / "realdocs_fresh6"


async def run(opts: BenchOptions) -> dict[str, Any]:
    return await run_halves(FRESH6, "7h. Real course files: a seventh blind set (fit / report "
                            "halves)", opts)
