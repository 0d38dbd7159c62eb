"""Benchmark 7f — a fifth blind question set (bench/realdocs_fresh4): 155 questions over 11
documents no other set uses — the auto-multiple-choice manual (a 101-page PDF from a Debian
package: options, commands and scoring examples), three en-US handbook sections, five ar-MA
handbook pages and two en-US pages asked in Arabic — written on 2026-12-04 by helpers who saw
neither the code nor any result, split once into fit / report halves. Same rows and targets
as the suite (bench_suite.py)."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from bench.bench_suite import run_halves
from bench.runner import BenchOptions

FRESH4 = Path(__file__).resolve().parent / "realdocs_fresh4"


async def run(opts: BenchOptions) -> dict[str, Any]:
    return await run_halves(FRESH4, "7f. Real course files: a fifth blind set (fit / report "
                            "halves)", opts)
