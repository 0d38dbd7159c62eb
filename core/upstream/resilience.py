"""Circuit breakers at our own ports: stop calling a dependency that keeps failing, retry it later.

Retries (one layer, in the clients) handle a blip; a breaker handles an outage: after
`failure_threshold` consecutive failures it opens and every call fails fast (no upstream
request, no timeout to wait out) until `reset_after_s` has passed; then one trial call is let
through (half-open). Success closes it, failure re-opens it for another `reset_after_s`.
Reference: reliability.md E3 (circuitbreaker's defaults: 5 failures, 30 s).

The wrappers sit at our ports, never inside an SDK: GuardedSource and GuardedReranker (raise
CircuitOpen, so `retrieve` skips the source and the cascade moves to the next tier) and
GuardedChatModel (a BaseChatModel delegate that raises CircuitOpen so nodes degrade offline).
"""
from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from langchain_core.language_models import BaseChatModel
from langchain_core.messages import AIMessage, BaseMessage
from langchain_core.outputs import ChatGeneration, ChatResult
from pydantic import ConfigDict

from core.errors import UpstreamError
from core.ports import Document, RerankTier, Source

log = logging.getLogger(__name__)

CLOSED, OPEN, HALF_OPEN = "closed", "open", "half_open"


class CircuitOpen(UpstreamError, RuntimeError):
    """The dependency's breaker is open: the call was refused without contacting it."""


class CircuitBreaker:
    """Consecutive-failure breaker: closed -> open -> half-open (one trial) -> closed."""

    def __init__(self, name: str, failure_threshold: int = 5, reset_after_s: float = 30.0,
                 clock: Callable[[], float] = time.monotonic) -> None:
        if failure_threshold < 1 or reset_after_s < 0:
            raise ValueError("failure_threshold must be >= 1 and reset_after_s >= 0")
        self.name = name
        self.failure_threshold = failure_threshold
        self.reset_after_s = reset_after_s
        self._clock = clock
        self._state = CLOSED
        self._failures = 0
        self._opened_at = 0.0
        self._trial_running = False
        self.refused = 0  # calls answered fast while open (a figure for tests and metrics)

    @property
    def state(self) -> str:
        if self._state == OPEN and self._clock() - self._opened_at >= self.reset_after_s:
            return HALF_OPEN
        return self._state

    def allow(self) -> bool:
        """May a call go out now? In half-open, only one trial at a time."""
        state = self.state
        if state == CLOSED:
            return True
        if state == HALF_OPEN and not self._trial_running:
            self._state, self._trial_running = HALF_OPEN, True
            log.info("circuit %s half-open: trying one call", self.name)
            return True
        self.refused += 1
        return False

    def record_success(self) -> None:
        if self._state != CLOSED:
            log.info("circuit %s closed: the dependency answered again", self.name)
        self._state, self._failures, self._trial_running = CLOSED, 0, False

    def record_failure(self, *, unreachable: bool = False) -> None:
        """Count a failure; `unreachable` (the host could not even be connected to, as on a
        machine without a network) opens the circuit at once instead of after the threshold."""
        self._failures += 1
        if (unreachable or self._state == HALF_OPEN
                or self._failures >= self.failure_threshold):
            if self._state != OPEN:  # no network at all is how offline use works: no warning
                log.log(logging.INFO if unreachable else logging.WARNING,
                        "circuit %s open after %d failure(s); calls skipped for %.0fs",
                        self.name, self._failures, self.reset_after_s)
            self._state, self._opened_at, self._trial_running = OPEN, self._clock(), False

    async def call(self, fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        """Await fn(*args) under the breaker; CircuitOpen when refused.

        Any exception, or cancellation (an outer timeout), counts as a failure and propagates.
        """
        if not self.allow():
            raise CircuitOpen(f"circuit {self.name} is open")
        try:
            result = await fn(*args, **kwargs)
        except (Exception, asyncio.CancelledError) as exc:
            self.record_failure(unreachable=bool(getattr(exc, "unreachable", False)))
            raise
        self.record_success()
        return result


class GuardedSource:
    """Source behind a breaker: when open, CircuitOpen at once (no request, no timeout to wait
    out). Failures still raise after the breaker counted them: `retrieve` alone degrades a
    failed source to no documents and records it in the reply."""

    def __init__(self, source: Source, breaker: CircuitBreaker) -> None:
        self.source = source
        self.breaker = breaker
        self.name = source.name

    async def search(self, query: str, k: int, course: str | None = None) -> list[Document]:
        return list(await self.breaker.call(self.source.search, query, k, course))


class GuardedReranker:
    """RerankTier tier behind a breaker: when open, CircuitOpen at once so the cascade falls
    through."""

    def __init__(self, reranker: RerankTier, breaker: CircuitBreaker) -> None:
        self.reranker = reranker
        self.breaker = breaker
        self.name = reranker.name

    async def score(self, query: str, passages: Sequence[str]) -> list[float]:
        return list(await self.breaker.call(self.reranker.score, query, passages))


class GuardedChatModel(BaseChatModel):
    """Chat-model delegate behind a breaker.

    Calls go through the inner model's own ainvoke, so its rate limiter and retries still apply.
    """

    model_config = ConfigDict(arbitrary_types_allowed=True)
    inner: BaseChatModel
    breaker: Any

    @property
    def _llm_type(self) -> str:
        return f"guarded-{self.inner._llm_type}"

    async def _agenerate(self, messages: list[BaseMessage], stop: list[str] | None = None,
                         run_manager: Any = None, **kwargs: Any) -> ChatResult:
        message = await self.breaker.call(self.inner.ainvoke, messages, stop=stop, **kwargs)
        return _result(message)

    def _generate(self, messages: list[BaseMessage], stop: list[str] | None = None,
                  run_manager: Any = None, **kwargs: Any) -> ChatResult:
        if not self.breaker.allow():
            raise CircuitOpen(f"circuit {self.breaker.name} is open")
        try:
            message = self.inner.invoke(messages, stop=stop, **kwargs)
        except Exception:
            self.breaker.record_failure()
            raise
        self.breaker.record_success()
        return _result(message)


def _result(message: BaseMessage) -> ChatResult:
    if not isinstance(message, AIMessage):
        message = AIMessage(content=message.content)
    return ChatResult(generations=[ChatGeneration(message=message)])


async def probe(sources: Mapping[str, Source], timeout_s: float = 3.0) -> list[str]:
    """Ask every outside source one tiny question at start; returns the names that failed.

    A host that cannot be reached opens its breaker on the spot (GuardedSource), so the first
    questions do not wait on it; the breaker tries again after its reset time."""
    outside = {name: s for name, s in sources.items() if name != "course"}

    async def fails(source: Source) -> bool:
        try:
            await asyncio.wait_for(source.search("science", 1), timeout_s)
        except Exception:
            return True
        return False

    results = await asyncio.gather(*(fails(s) for s in outside.values()))
    return [name for name, failed in zip(outside, results, strict=True) if failed]
