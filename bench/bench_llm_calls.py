"""Benchmark 3 — LLM calls per study question: our gated graph vs a naive CRAG.

A scripted mix with one question per gate path (simple/complex x high/middle/low scores,
evaluator correct/incorrect/ambiguous, retries, fallback) runs through the real compiled graph
with a counting fake LLM. The naive CRAG baseline (below) grades every pooled document with one
LLM call each and always runs the evaluator, on the same per-pass outcomes and pool sizes.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from langchain_core.messages import AIMessage, BaseMessage

from bench.report import row
from bench.runner import BenchOptions
from bot.eval_metrics import mean
from core.config import RagConfig
from core.rag.graph import build_graph
from core.rag.state import RagContext
from tests.support.fakes import FakeSource, PassReranker, ScriptedChatModel, documents


@dataclass(frozen=True)
class Scenario:
    question: str
    intent: str  # what tier-1 triage answers
    tops: tuple[float, ...]  # top rerank score per pass (last one repeats)
    verdicts: tuple[str, ...] = ()  # evaluator answers, in order


MIX = (
    Scenario("What is merge sort?", "simple", (0.9,)),
    Scenario("What is a stable sort?", "simple", (0.3, 0.9)),
    Scenario("What is the Akra-Bazzi method?", "simple", (0.1,)),
    Scenario("Compare merge sort with heap sort", "complex", (0.9,)),
    Scenario("Explain quicksort pivots and their cost", "complex", (0.1, 0.9)),
    Scenario("Contrast BFS and DFS memory use", "complex", (0.5,), ("correct",)),
    Scenario("How do B-trees and LSM trees trade writes", "complex", (0.5, 0.9), ("incorrect",)),
    Scenario("Relate mitosis checkpoints to cancer", "complex", (0.5,), ("ambiguous",) * 3),
)


class Script:
    """Per-question state: pass number and evaluator answers, keyed by the current scenario."""

    def __init__(self, scenario: Scenario) -> None:
        self.s, self.passes, self.verdicts = scenario, 0, list(scenario.verdicts)

    def top(self, query: str) -> float:
        top = self.s.tops[min(self.passes, len(self.s.tops) - 1)]
        self.passes += 1
        return top

    def respond(self, role: str, messages: list[BaseMessage]) -> AIMessage | str:
        if role == "triage":
            return f"INTENT: {self.s.intent}\nSUB: {self.s.question}"
        if role == "router":
            return AIMessage(content="", tool_calls=[{"name": "search_course", "id": "c1",
                                                      "args": {"query": self.s.question}}])
        if role == "evaluator":
            verdict = self.verdicts.pop(0) if self.verdicts else "ambiguous"
            return f"VERDICT: {verdict}\nCAUSE: scripted\nMISSING: details"
        if role == "rewrite":
            return "QUERY: rewritten query"
        return "It divides the input and merges the halves [1]."


def naive_crag_calls(passes: list[int], generated: bool) -> int:
    """Naive CRAG on the same outcomes: per pass grade every doc + evaluator; a rewrite before
    each retry; one generation at the end (answer or best-effort fallback)."""
    calls = 0
    for i, pool in enumerate(passes):
        calls += pool + 1  # one grading call per document, then the evaluator, every pass
        if i < len(passes) - 1:
            calls += 1  # rewrite the query for the next pass
    return calls + 1  # generate (CRAG always generates, even from weak knowledge)


async def run(opts: BenchOptions) -> dict[str, Any]:
    graph = build_graph()
    config = RagConfig()
    per_question: list[dict[str, Any]] = []
    for scenario in MIX:
        script = Script(scenario)
        llm = ScriptedChatModel(responder=script.respond)
        reranker = PassReranker(tops=script.top)
        sources = {"course": FakeSource("course", documents(10)),
                   "wikipedia": FakeSource("wikipedia",
                                             documents(5, "wikipedia", "sorting algorithms"))}
        ctx = RagContext(config=config, sources=sources, reranker=reranker, llm=llm)
        state = await graph.ainvoke({"question": scenario.question}, context=ctx,
                                    config={"recursion_limit": 100})
        ours = sum(llm.counts.values())
        assert ours == state.get("llm_calls", 0), (ours, state.get("llm_calls"))
        naive = naive_crag_calls(reranker.pool_sizes, state["route"][-1] == "generate")
        judging = llm.counts["evaluator"]
        per_question.append({"question": scenario.question, "route": state["route"][-1],
                             "passes": len(reranker.pool_sizes), "pool_sizes": reranker.pool_sizes,
                             "ours": ours, "ours_by_role": dict(llm.counts), "ours_judging": judging,
                             "naive": naive, "naive_judging": sum(reranker.pool_sizes) +
                             len(reranker.pool_sizes)})
    fast_calls = 0
    for message in ("Hello!", "شكرا جزيلا", "Who should I vote for in the election?"):
        llm = ScriptedChatModel()
        ctx = RagContext(config=config, sources={}, reranker=PassReranker(), llm=llm)
        await graph.ainvoke({"question": message}, context=ctx, config={"recursion_limit": 100})
        fast_calls += sum(llm.counts.values())
    ours = mean([q["ours"] for q in per_question])
    naive = mean([q["naive"] for q in per_question])
    ours_j = mean([q["ours_judging"] for q in per_question])
    naive_j = mean([q["naive_judging"] for q in per_question])
    roles = Counter()
    for q in per_question:
        roles.update(q["ours_by_role"])
    rows = [
        row("all LLM calls per study question (mean)", ours, baseline=naive, baseline_name="naive CRAG",
            target="<= 1.3", met=ours <= 1.3, fmt="{:.2f}"),
        row("ratio ours / naive (all calls)", ours / naive, target="<= 0.2", met=ours / naive <= 0.2,
            fmt="{:.3f}"),
        row("judging calls per study question (grading + evaluator)", ours_j, baseline=naive_j,
            baseline_name="naive CRAG", fmt="{:.2f}"),
        row("ratio ours / naive (judging calls)", ours_j / naive_j, fmt="{:.3f}"),
        row("LLM calls for 3 fast-path messages (greeting, thanks, refusal)", fast_calls,
            fmt="{:d}"),
    ]
    note = (f"Mix: {len(MIX)} study questions, one per gate path; LLM mode (tier-1 triage on). "
            f"Our calls by role over the mix: {dict(roles)}. Naive CRAG grades each of the "
            f"{mean([sum(q['pool_sizes']) for q in per_question]):.1f} pooled docs per question "
            "(same pools) and always runs the evaluator.")
    return {"title": "3. LLM calls per study question", "note": note, "rows": rows,
            "per_question": per_question}
