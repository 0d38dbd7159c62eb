"""Benchmark 7k — a tenth blind question set (bench/realdocs_fresh9): 90 English questions over
10 HTML pages no other set uses, 5 of the Valgrind manual and 5 of Node.js's API docs, the
manuals two new-user tests found ✅ least trustworthy on ("what is Helgrind?" answered from an
option's text); 30 "what is X", 20 defaults and exact values, 20 how-to / why, 20 on-topic
questions the pages do not answer. Written on 2026-12-06 by a helper who saw neither the code
nor any result, split once into fit / report halves; its first run read the code as it was.
Same rows and targets as the suite (bench_suite.py)."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from bench.bench_suite import run_halves
from bench.runner import BenchOptions

FRESH9 = Path(__file__).resolve().parent / "realdocs_fresh9"


async def run(opts: BenchOptions) -> dict[str, Any]:
    return await run_halves(FRESH9, "7k. Real course files: a tenth blind set, Valgrind and "
                            "Node.js manuals (fit / report halves)", opts)
