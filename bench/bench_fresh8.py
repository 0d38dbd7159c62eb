"""Benchmark 7j — a ninth blind question set (bench/realdocs_fresh8): 106 questions, most of the
English ones typed the way students type in a chat (lower case, no question mark, everyday words
for the manual's terms), over 11 documents no other set uses (the Biber manual PDF, chapter 5 of
Vim's user manual as plain text, 2 en-US handbook pages, 7 en-US pages asked in Arabic), written
on 2026-12-05 by a helper who saw neither the code nor any result, split once into fit / report
halves. Its first run read the code as it was. No ar-MA handbook page with Arabic text was left
unused, so it has no Arabic-over-Arabic questions. Same rows and targets as the suite
(bench_suite.py)."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from bench.bench_suite import run_halves
from bench.runner import BenchOptions

FRESH8 = Path(__file__).resolve().parent / "realdocs_fresh8"


async def run(opts: BenchOptions) -> dict[str, Any]:
    return await run_halves(FRESH8, "7j. Real course files: a ninth blind set, typed casually "
                            "(fit / report halves)", opts)
