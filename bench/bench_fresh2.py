"""Benchmark 7d — a third blind question set (bench/realdocs_fresh2): 156 questions over 13
documents no other set uses — two real PDF manuals from Debian packages (libtasn1, a C
library; the shared-mime-info specification), seven en-US and four ar-MA handbook pages —
written on 2026-12-03 by helpers who saw neither the code nor any result, split once into
fit / report halves. Same rows and targets as the suite (bench_suite.py). Its first run showed
what the other sets, tuned on for long, no longer did: en 75-80%, ✅-precision 73-76%."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from bench.bench_suite import run_halves
from bench.runner import BenchOptions

FRESH2 = Path(__file__).resolve().parent / "realdocs_fresh2"


async def run(opts: BenchOptions) -> dict[str, Any]:
    return await run_halves(FRESH2, "7d. Real course files: a third blind set, new kinds of "
                            "documents (fit / report halves)", opts)
