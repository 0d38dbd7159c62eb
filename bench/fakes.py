"""Benchmark fakes at the core's ports: a role-aware counting chat model, scripted sources and
reranker, all with optional asyncio-sleep latencies (no CPU work, so they measure orchestration).

Kept apart from tests/support (not installed with the package) and tuned for benchmarks: the
chat model answers by which prompt it was sent, so any graph path can be scripted per question.
"""
from __future__ import annotations

import asyncio
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from langchain_core.language_models import BaseChatModel
from langchain_core.messages import AIMessage, BaseMessage
from langchain_core.outputs import ChatGeneration, ChatResult
from pydantic import Field

from core.ports import Document, Ranked
from core.rag import prompts

ROLES = {"triage": prompts.TRIAGE_SYSTEM[:40], "evaluator": prompts.EVALUATOR_SYSTEM[:40],
         "generate": prompts.GENERATE_SYSTEM[:40], "rewrite": prompts.REWRITE_SYSTEM[:40],
         "followup": prompts.FOLLOWUP_SYSTEM[:40], "router": prompts.ROUTER_SYSTEM[:40]}


def role_of(messages: Sequence[BaseMessage]) -> str:
    system = str(messages[0].content) if messages else ""
    return next((r for r, head in ROLES.items() if system.startswith(head)), "other")


class CountingChatModel(BaseChatModel):
    """Answers via `responder(role, messages)`; counts calls per role; optional sleep per call."""

    responder: Callable[[str, list[BaseMessage]], AIMessage | str] = Field(
        default=lambda role, messages: "INTENT: simple")
    counts: Counter = Field(default_factory=Counter)
    delay_s: float = 0.0

    @property
    def _llm_type(self) -> str:
        return "bench-counting"

    def bind_tools(self, tools: Sequence[Any], **kwargs: Any) -> CountingChatModel:
        return self

    def _answer(self, messages: list[BaseMessage]) -> ChatResult:
        role = role_of(messages)
        self.counts[role] += 1
        item = self.responder(role, messages)
        message = item if isinstance(item, AIMessage) else AIMessage(content=str(item))
        return ChatResult(generations=[ChatGeneration(message=message)])

    def _generate(self, messages: list[BaseMessage], stop: list[str] | None = None,
                  run_manager: Any = None, **kwargs: Any) -> ChatResult:
        return self._answer(messages)

    async def _agenerate(self, messages: list[BaseMessage], stop: list[str] | None = None,
                         run_manager: Any = None, **kwargs: Any) -> ChatResult:
        if self.delay_s:
            await asyncio.sleep(self.delay_s)
        return self._answer(messages)


@dataclass
class SleepySource:
    """Returns fixed documents after an asyncio sleep (a remote source's latency)."""

    name: str
    docs: list[Document]
    delay_s: float = 0.0
    calls: int = 0

    async def search(self, query: str, k: int, course: str | None = None) -> list[Document]:
        self.calls += 1
        if self.delay_s:
            await asyncio.sleep(self.delay_s)
        return self.docs[:k]


@dataclass
class PassReranker:
    """Top score per call from `tops(query)` (scripted per question), the rest below it."""

    tops: Callable[[str], float] = lambda query: 0.9
    delay_s: float = 0.0
    pool_sizes: list[int] = field(default_factory=list)

    async def score(self, query: str, passages: Sequence[str],
                    retrieval_scores: Sequence[float] | None = None) -> Ranked:
        self.pool_sizes.append(len(passages))
        if self.delay_s:
            await asyncio.sleep(self.delay_s)
        top = self.tops(query)
        return Ranked([top] + [max(0.0, top - 0.05 * (i + 1)) for i in range(len(passages) - 1)],
                      "bench")


def documents(n: int, source_type: str = "course", topic: str = "merge sort") -> list[Document]:
    return [Document(text=f"Passage {i} about {topic}: it divides the input and merges the sorted "
                          f"halves in O(n log n) time.", title=f"{topic} {i}",
                     url_or_path=f"{source_type}-{i}.md", source_type=source_type,
                     score=1.0 / (i + 1)) for i in range(n)]
