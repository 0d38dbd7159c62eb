"""Benchmark 7e — a fourth blind question set (bench/realdocs_fresh3): 142 questions over 12
documents no other set uses — the PARI/GP tutorial (a PDF from a Debian package, gp commands
and worked numbers), five en-US and six ar-MA handbook section pages (the Arabic ones only
partly translated, as most left are) — written on 2026-12-03 by helpers who saw neither the
code nor any result, split once into fit / report halves. Same rows and targets as the suite
(bench_suite.py). First run, before any change: report half en / ar / ar->en 81 / 94 / 86%,
✅-precision 91% of 33."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from bench.bench_suite import run_halves
from bench.runner import BenchOptions

FRESH3 = Path(__file__).resolve().parent / "realdocs_fresh3"


async def run(opts: BenchOptions) -> dict[str, Any]:
    return await run_halves(FRESH3, "7e. Real course files: a fourth blind set (fit / report "
                            "halves)", opts)
