"""Benchmark 4 — latency: tier-0 triage, fast-path replies through the console and HTTP adapters
(in-process), and the study graph's own overhead over zero-latency fakes."""
from __future__ import annotations

import asyncio
import tempfile
import time
from pathlib import Path
from typing import Any

from bench.harness import fake_context, node_totals, study_buddy, timed_graph
from bench.report import row
from bench.runner import BenchOptions
from bench.stats import percentile
from core.messages import IncomingMessage
from core.rag import rules
from core.text import clean_input, normalize

FAST = ["Hello!", "hi there", "Thanks a lot", "good night", "مرحبا", "شكرا جزيلا", "مع السلامة",
        "Who should I vote for in the election?", "show me porn", "is god real", "asdfghjkl qwrtzp",
        "ما دينك"]


def questions(opts: BenchOptions) -> list[str]:
    from bot.eval_data import load_queries, load_squad

    texts = list(load_queries(opts.data / "scifact" / "queries.jsonl").values())
    for lang in ("en", "ar"):
        texts += [q for q, _, _ in load_squad(opts.data / "xquad" / f"xquad.{lang}.json").questions.values()]
    return texts + FAST * 20


def _timings(fn, texts: list[str], rounds: int = 5) -> tuple[list[float], list[float]]:
    """All samples, and per-message best of `rounds` (what the code costs without preemption
    by other processes on a shared machine)."""
    samples: list[list[float]] = [[] for _ in texts]
    for _ in range(rounds):
        for i, t in enumerate(texts):
            started = time.perf_counter()
            fn(t)
            samples[i].append(time.perf_counter() - started)
    return [x for s in samples for x in s], [min(s) for s in samples]


class _Output:
    """A console output stream that wakes the benchmark when a reply block has been written."""

    def __init__(self) -> None:
        self.event = asyncio.Event()

    def write(self, text: str) -> int:
        if text.endswith("\n\n"):
            self.event.set()
        return len(text)

    def flush(self) -> None: ...

    def isatty(self) -> bool:
        return False


async def _console(service, messages: list[str]) -> list[float]:
    import os

    from adapters.console import ConsoleAdapter

    read_fd, write_fd = os.pipe()
    output = _Output()
    adapter = ConsoleAdapter(service, input_stream=os.fdopen(read_fd, encoding="utf-8"), output=output)
    await adapter.start()
    await asyncio.sleep(0.05)
    out = []
    for text in messages:
        output.event.clear()
        started = time.perf_counter()
        os.write(write_fd, (text + "\n").encode("utf-8"))
        await output.event.wait()
        out.append(time.perf_counter() - started)
    os.close(write_fd)
    await adapter.stop()
    return out


async def _http(service, messages: list[str]) -> tuple[list[float], list[float]]:
    """POST /ask round trips, and GET /healthz round trips (the HTTP stack alone) as a floor."""
    import aiohttp

    from adapters.http import HttpAdapter

    adapter = HttpAdapter(service, port=0)
    await adapter.start()
    out, floor = [], []
    try:
        async with aiohttp.ClientSession() as session:
            base = f"http://127.0.0.1:{adapter.port}"
            for i, text in enumerate(messages):
                started = time.perf_counter()
                async with session.post(f"{base}/ask",
                                        json={"question": text, "user_id": f"u{i % 7}"}) as resp:
                    await resp.json()
                out.append(time.perf_counter() - started)
                started = time.perf_counter()
                async with session.get(f"{base}/healthz") as resp:
                    await resp.json()
                floor.append(time.perf_counter() - started)
    finally:
        await adapter.stop()
    return out, floor


async def _direct(service, messages: list[str]) -> list[float]:
    out = []
    for i, text in enumerate(messages):
        started = time.perf_counter()
        await service.handle(IncomingMessage("bench", f"u{i % 7}", "c", text))
        out.append(time.perf_counter() - started)
    return out


async def _graph_overhead(n: int) -> dict[str, float]:
    """Zero-latency fakes, offline study path: invoke time vs the time spent inside nodes."""
    totals = node_totals()
    graph = timed_graph(totals)
    ctx = fake_context(llm=False)
    walls = []
    for i in range(n):
        started = time.perf_counter()
        await graph.ainvoke({"question": f"What is merge sort {i}?"}, context=ctx,
                            config={"recursion_limit": 100})
        walls.append(time.perf_counter() - started)
    node_sum = sum(sum(v) for v in totals.values()) / n
    wall = sum(walls) / n
    return {"invoke_ms_mean": 1000 * wall, "node_work_ms_mean": 1000 * node_sum,
            "overhead_ms_mean": 1000 * (wall - node_sum), "invoke_ms_p50": 1000 * percentile(walls, 50),
            "nodes_per_invoke": sum(len(v) for v in totals.values()) / n}


async def run(opts: BenchOptions) -> dict[str, Any]:
    texts = questions(opts)
    tier0, tier0_best = _timings(rules.classify, texts)
    floor, floor_best = _timings(lambda t: normalize(clean_input(t)), texts)
    fast = FAST * 25
    with tempfile.TemporaryDirectory(prefix="sb-lat-") as tmp:
        service = await study_buddy(Path(tmp), fake_context())
        try:
            await _direct(service, fast[:20])  # warm up
            direct = await _direct(service, fast)
            console = await _console(service, fast)
            await _http(service, fast[:20])  # warm up the client and server
            http, healthz = await _http(service, fast)
        finally:
            await service.history.close()
    overhead = await _graph_overhead(60 if opts.quick else 200)
    us, ms = 1e6, 1e3
    rows = [
        row(f"tier-0 triage p50 ({len(texts)} messages x5)", us * percentile(tier0, 50),
            baseline=us * percentile(floor, 50), baseline_name="clean_input+normalize only",
            fmt="{:.1f} us"),
        row("tier-0 triage p99", us * percentile(tier0, 99), baseline=us * percentile(floor, 99),
            baseline_name="clean_input+normalize only", target="<= 50 us",
            met=us * percentile(tier0, 99) <= 50, fmt="{:.1f} us"),
        row("tier-0 triage p99, best of 5 per message", us * percentile(tier0_best, 99),
            baseline=us * percentile(floor_best, 99), baseline_name="clean_input+normalize only",
            target="<= 50 us", met=us * percentile(tier0_best, 99) <= 50, fmt="{:.1f} us"),
        row(f"fast-path reply, console adapter p99 ({len(fast)} msgs)", ms * percentile(console, 99),
            baseline=ms * percentile(direct, 99), baseline_name="StudyBuddy.handle direct",
            target="<= 5 ms", met=ms * percentile(console, 99) <= 5, fmt="{:.2f} ms"),
        row("fast-path reply, HTTP adapter p99 (POST /ask, loopback)", ms * percentile(http, 99),
            baseline=ms * percentile(healthz, 99), baseline_name="GET /healthz (HTTP stack alone)",
            target="<= 5 ms", met=ms * percentile(http, 99) <= 5, fmt="{:.2f} ms"),
        row("fast-path reply p50 console / HTTP / direct / healthz",
            f"{ms * percentile(console, 50):.2f} / {ms * percentile(http, 50):.2f} / "
            f"{ms * percentile(direct, 50):.2f} / {ms * percentile(healthz, 50):.2f} ms"),
        row("study graph invoke, zero-latency fakes (mean)", overhead["invoke_ms_mean"],
            baseline=overhead["node_work_ms_mean"], baseline_name="sum of node work",
            fmt="{:.2f} ms"),
        row("graph's own overhead per invoke (invoke - node work)", overhead["overhead_ms_mean"],
            fmt="{:.2f} ms"),
    ]
    note = ("Fast path = greetings/thanks/goodbyes/refusals (EN+AR) through the real StudyBuddy "
            "(limits, SQLite history) and the compiled graph; console via a pipe and its reader "
            "thread, HTTP via aiohttp on loopback. Graph overhead: offline simple path "
            f"({overhead['nodes_per_invoke']:.0f} nodes) over zero-latency fake sources/reranker.")
    return {"title": "4. Latency", "note": note, "rows": rows, "graph": overhead,
            "tier0_us": {"p50": us * percentile(tier0, 50), "p99": us * percentile(tier0, 99),
                         "max": us * max(tier0)}}
