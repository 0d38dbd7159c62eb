"""Shared wiring for the latency and concurrency benchmarks: a real StudyBuddy (graph, limits,
SQLite history) over the benchmark fakes, and a graph whose nodes are timed."""
from __future__ import annotations

import functools
import time
from collections import defaultdict
from pathlib import Path

from core.chat.limits import Limits
from core.chat.service import StudyBuddy
from core.config import RagConfig
from core.rag.state import RagContext
from tests.support.fakes import FakeSource, PassReranker, ScriptedChatModel, documents


def fake_context(*, llm_delay: float = 0.0, rerank_delay: float = 0.0, source_delay: float = 0.0,
                 llm: bool = True, top: float = 0.9) -> RagContext:
    """Two sources (course + wikipedia), a reranker and (optionally) an LLM, all asyncio sleeps."""
    sources = {"course": FakeSource("course", documents(10), delay_s=source_delay),
               "wikipedia": FakeSource("wikipedia", documents(5, "wikipedia", "sorting algorithms"),
                                       delay_s=source_delay)}
    model = None
    if llm:
        def respond(role: str, messages):
            if role == "triage":
                return "INTENT: complex\nSUB: " + str(messages[-1].content)
            return "Merge sort divides the input and merges the sorted halves [1]."
        model = ScriptedChatModel(responder=respond, delay_s=llm_delay)
    return RagContext(config=RagConfig(), sources=sources,
                      reranker=PassReranker(tops=lambda q: top, delay_s=rerank_delay), llm=model)


async def study_buddy(tmp: Path, context: RagContext, limits: Limits | None = None) -> StudyBuddy:
    """The real service with the product's SQLite history (caller closes `service.history`)."""
    from core.rag.graph import build_graph
    from core.stores.sqlite_history import SqliteHistoryStore

    history = SqliteHistoryStore(tmp / "history.db")
    await history.open()
    return StudyBuddy(build_graph(), context, history, limits or Limits())


def timed_graph(totals: dict[str, list[float]]):
    """build_graph() with every node wrapped to record its own run time (seconds) in `totals`.

    Swaps core.rag.graph.NODES for the duration of the build only; the wiring is the product's.
    """
    import core.rag.graph as graph_module

    def wrap(node):
        @functools.wraps(node)
        async def timed(*args, **kwargs):  # signature (state[, runtime]) is read via __wrapped__
            started = time.perf_counter()
            try:
                return await node(*args, **kwargs)
            finally:
                totals[node.__name__].append(time.perf_counter() - started)
        return timed

    original = graph_module.NODES
    graph_module.NODES = tuple(wrap(n) for n in original)
    try:
        return graph_module.build_graph()
    finally:
        graph_module.NODES = original


def node_totals() -> dict[str, list[float]]:
    return defaultdict(list)
