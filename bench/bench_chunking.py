"""Benchmark 10 — chunking one long line: seconds per MB at 4, 16, 64 and 200 MB must stay flat.

A single line without sentence ends is the worst case for the chunker (every cut is a word cut
inside one piece). The former cutter sliced the rest of the line off after every cut, which is
quadratic (issue 22: 4 MB 0.9 s, 16 MB 24 s, 200 MB never finished); it is timed beside ours
on the smallest size only, as the baseline, because on the larger ones it would not finish.
"""
from __future__ import annotations

import gc
import time
from typing import Any

from bench.report import row
from bench.runner import BenchOptions
from core.ingest import chunking
from core.ingest.chunking import chunk_spans
from core.ingest.document import Span
from tests.support.hostile_files import cut_by_slicing

MB = 2**20
SIZES_MB = (4, 16, 64, 200)
QUICK_SIZES_MB = (4, 16, 64)


def one_line(megabytes: int) -> str:
    """`megabytes` MB of distinct words on one line, no sentence end (no two chunks alike)."""
    words, size, i = [], 0, 0
    while size < megabytes * MB:
        word = f"w{i:x}"
        words.append(word)
        size += len(word) + 1
        i += 1
    return " ".join(words)[: megabytes * MB]


def _timed(text: str) -> tuple[float, int]:
    gc.collect()
    started = time.perf_counter()
    drafts = chunk_spans([Span(text)], scope="bench")
    return time.perf_counter() - started, len(drafts)


def _timed_former(text: str) -> float:
    linear = chunking._split_long
    chunking._split_long = cut_by_slicing  # type: ignore[assignment]
    try:
        return _timed(text)[0]
    finally:
        chunking._split_long = linear  # type: ignore[assignment]


async def run(opts: BenchOptions) -> dict[str, Any]:
    sizes = QUICK_SIZES_MB if opts.quick else SIZES_MB
    measured: dict[int, dict[str, float]] = {}
    baseline: float | None = None
    for size in sizes:
        text = one_line(size)
        seconds, chunks = _timed(text)
        measured[size] = {"seconds": seconds, "s_per_mb": seconds / size, "chunks": chunks}
        if size == sizes[0]:
            baseline = _timed_former(text) / size
        del text
    spread = max(m["s_per_mb"] for m in measured.values()) / min(
        m["s_per_mb"] for m in measured.values())
    rows = [row(f"chunking one {size} MB line, s/MB ({m['chunks']:,.0f} chunks)", m["s_per_mb"],
                baseline=baseline if size == sizes[0] else None,
                baseline_name="former slicing cutter, same line", fmt="{:.3f}")
            for size, m in measured.items()]
    rows.append(row(f"largest / smallest s/MB over {sizes[0]}-{sizes[-1]} MB (1 = linear)", spread,
                    target="<= 2", met=spread <= 2, fmt="{:.2f}"))
    note = ("core.ingest.chunking.chunk_spans on one Span holding one line of distinct words and "
            "no sentence end (the chunker's worst case), wall clock, one run per size. Baseline: "
            "the same call with the former cutter (slicing the rest of the line off after each "
            f"cut) swapped in, on the {sizes[0]} MB line only (16 MB took 24 s, 200 MB did not "
            "finish in 90 s when issue 22 was filed).")
    return {"title": "10. Chunking one long line (linear time)", "note": note, "rows": rows,
            "sizes": measured}
