"""Fakes at the core's own ports, shared by tests and benchmarks: a scripted chat model,
sources, scripted rerankers and a collecting replier (cosmicpython style: fakes, not mocks).
The deterministic embedder is in fake_embedder.py."""
from __future__ import annotations

import asyncio
from collections import Counter
from collections.abc import Callable, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Any

from langchain_core.callbacks import AsyncCallbackManagerForLLMRun, CallbackManagerForLLMRun
from langchain_core.language_models import BaseChatModel
from langchain_core.messages import AIMessage, BaseMessage
from langchain_core.outputs import ChatGeneration, ChatResult
from pydantic import Field

from core.messages import Reply
from core.ports import Document, Ranked
from core.rag import prompts
from core.stores.errors import StoreError

Script = AIMessage | str | BaseException | Callable[[list[BaseMessage]], Any]


def role_of(messages: Sequence[BaseMessage]) -> str:
    """Which node sent this prompt (triage, evaluator, generate, ...), from its system prompt."""
    system = str(messages[0].content) if messages else ""
    heads = {"triage": prompts.TRIAGE_SYSTEM, "evaluator": prompts.EVALUATOR_SYSTEM,
             "generate": prompts.GENERATE_SYSTEM, "followup": prompts.FOLLOWUP_SYSTEM,
             "guide": prompts.GUIDE_SYSTEM}
    return next((role for role, head in heads.items() if system.startswith(head[:40])), "other")


class ScriptedChatModel(BaseChatModel):
    """Answers each call with the next scripted item, then with `responder(role, messages)`
    (benchmarks script any graph path per question that way); records prompts, counts roles."""

    script: list[Any] = Field(default_factory=list)
    responder: Callable[[str, list[BaseMessage]], Any] | None = None
    calls: list[list[BaseMessage]] = Field(default_factory=list)
    counts: Counter[str] = Field(default_factory=Counter)
    delay_s: float = 0.0

    @property
    def _llm_type(self) -> str:
        return "scripted"

    def _next(self, messages: list[BaseMessage]) -> AIMessage:
        self.calls.append(list(messages))
        role = role_of(messages)
        self.counts[role] += 1
        if self.script:
            item = self.script.pop(0)
        else:
            item = self.responder(role, messages) if self.responder else "INTENT: simple"
        if callable(item) and not isinstance(item, BaseException):
            item = item(messages)
        if isinstance(item, BaseException):
            raise item
        return item if isinstance(item, AIMessage) else AIMessage(content=str(item))

    def _generate(self, messages: list[BaseMessage], stop: list[str] | None = None,
                  run_manager: CallbackManagerForLLMRun | None = None, **kwargs: Any) -> ChatResult:
        return ChatResult(generations=[ChatGeneration(message=self._next(messages))])

    async def _agenerate(self, messages: list[BaseMessage], stop: list[str] | None = None,
                         run_manager: AsyncCallbackManagerForLLMRun | None = None,
                         **kwargs: Any) -> ChatResult:
        if self.delay_s:
            await asyncio.sleep(self.delay_s)
        return ChatResult(generations=[ChatGeneration(message=self._next(messages))])


def doc(text: str, title: str = "Notes", source_type: str = "course", url: str = "notes.md",
        score: float = 1.0) -> Document:
    return Document(text=text, title=title, url_or_path=url, source_type=source_type, score=score)


@dataclass
class FakeSource:
    """Returns its documents for every query and records the queries."""

    name: str
    docs: list[Document] = field(default_factory=list)
    queries: list[str] = field(default_factory=list)
    courses: list[str | None] = field(default_factory=list)  # the course each search asked for
    delay_s: float = 0.0
    local: bool = False  # searched on this machine: no SOURCE_TIMEOUT_S (retrieve.py)

    @property
    def calls(self) -> int:
        return len(self.queries)

    async def search(self, query: str, k: int, course: str | None = None) -> list[Document]:
        self.queries.append(query)
        self.courses.append(course)
        if self.delay_s:
            await asyncio.sleep(self.delay_s)
        return self.docs[:k]


@dataclass
class VocabularySource(FakeSource):
    """A course source that knows its vocabulary (the words of its documents)."""

    known: set[str] = field(default_factory=set)
    asked: list[tuple[list[str], str | None]] = field(default_factory=list)
    fail: bool = False

    async def known_terms(self, terms: Sequence[str], course: str | None = None) -> set[str]:
        self.asked.append((list(terms), course))
        if self.fail:
            raise RuntimeError("store down")
        return {t for t in terms if t in self.known}


@dataclass
class FailingSource:
    """A source that is down."""

    name: str
    error: BaseException = field(default_factory=lambda: ConnectionError("down"))
    calls: int = 0

    async def search(self, query: str, k: int, course: str | None = None) -> list[Document]:
        self.calls += 1
        raise self.error


@dataclass
class ScriptedReranker:
    """Scores passages by substring rules; each pass can use a different table."""

    passes: list[dict[str, float]] = field(default_factory=list)
    default: float = 0.1
    calls: int = 0

    async def score(self, query: str, passages: Sequence[str],
                    retrieval_scores: Sequence[float] | None = None) -> Ranked:
        table = self.passes[min(self.calls, len(self.passes) - 1)] if self.passes else {}
        self.calls += 1
        return Ranked([next((v for k, v in table.items() if k in p), self.default) for p in passages],
                      "scripted")


@dataclass
class PassReranker:
    """Top score per call from `tops(query)` (scripted per question), the rest just below it."""

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
                      "pass")


def documents(n: int, source_type: str = "course", topic: str = "merge sort") -> list[Document]:
    """n similar passages, best first (benchmarks: a pool of a given size)."""
    return [Document(text=f"Passage {i} about {topic}: it divides the input and merges the sorted "
                          f"halves in O(n log n) time.", title=f"{topic} {i}",
                     url_or_path=f"{source_type}-{i}.md", source_type=source_type,
                     score=1.0 / (i + 1)) for i in range(n)]


@dataclass
class CollectingReplier:
    """Records typing spans and replies in order: ('typing_start' | 'send' | 'typing_end', ...)."""

    events: list[tuple[str, Any]] = field(default_factory=list)

    @asynccontextmanager
    async def _typing(self):
        self.events.append(("typing_start", None))
        try:
            yield
        finally:
            self.events.append(("typing_end", None))

    def typing(self):
        return self._typing()

    async def send(self, reply: Reply) -> None:
        self.events.append(("send", reply))


class DownHistory:
    """A history store whose database is unreachable (every call fails like the real stores do)."""

    def __init__(self) -> None:
        self.calls: list[str] = []

    async def _fail(self, name: str):
        self.calls.append(name)
        raise StoreError("history store: OperationalError: connection refused")

    async def recent(self, *a, **k):
        return await self._fail("recent")

    async def append(self, *a, **k):
        return await self._fail("append")

    async def forget(self, *a, **k):
        return await self._fail("forget")
