"""CircuitBreaker state machine and the port wrappers, on a fake clock (no sleeping)."""
from __future__ import annotations

import asyncio

import pytest
from langchain_core.messages import AIMessage, HumanMessage

from core.rerank.cascade import RerankCascade
from core.upstream.resilience import (
    CLOSED,
    HALF_OPEN,
    OPEN,
    CircuitBreaker,
    CircuitOpen,
    GuardedChatModel,
    GuardedReranker,
    GuardedSource,
)
from tests.support.fakes import FailingSource, FakeSource, ScriptedChatModel, doc


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


async def boom() -> None:
    raise ConnectionError("down")


async def ok() -> str:
    return "ok"


@pytest.fixture
def clock() -> Clock:
    return Clock()


async def test_opens_after_threshold_consecutive_failures(clock):
    breaker = CircuitBreaker("dep", failure_threshold=3, reset_after_s=30, clock=clock)
    for _ in range(2):
        with pytest.raises(ConnectionError):
            await breaker.call(boom)
    assert breaker.state == CLOSED
    with pytest.raises(ConnectionError):
        await breaker.call(boom)
    assert breaker.state == OPEN
    with pytest.raises(CircuitOpen):
        await breaker.call(ok)
    assert breaker.refused == 1


async def test_success_resets_the_consecutive_count(clock):
    breaker = CircuitBreaker("dep", failure_threshold=2, clock=clock)
    with pytest.raises(ConnectionError):
        await breaker.call(boom)
    assert await breaker.call(ok) == "ok"
    with pytest.raises(ConnectionError):
        await breaker.call(boom)
    assert breaker.state == CLOSED


async def test_half_open_trial_closes_on_success(clock):
    breaker = CircuitBreaker("dep", failure_threshold=1, reset_after_s=30, clock=clock)
    with pytest.raises(ConnectionError):
        await breaker.call(boom)
    clock.now += 29.9
    assert breaker.state == OPEN
    clock.now += 0.1
    assert breaker.state == HALF_OPEN
    assert await breaker.call(ok) == "ok"
    assert breaker.state == CLOSED


async def test_half_open_failure_reopens_for_another_period(clock):
    breaker = CircuitBreaker("dep", failure_threshold=5, reset_after_s=10, clock=clock)
    for _ in range(5):
        with pytest.raises(ConnectionError):
            await breaker.call(boom)
    clock.now += 10
    with pytest.raises(ConnectionError):
        await breaker.call(boom)  # the single trial fails -> open again at once
    assert breaker.state == OPEN
    clock.now += 9
    with pytest.raises(CircuitOpen):
        await breaker.call(ok)
    clock.now += 1
    assert await breaker.call(ok) == "ok"


async def test_half_open_lets_only_one_trial_through(clock):
    breaker = CircuitBreaker("dep", failure_threshold=1, reset_after_s=1, clock=clock)
    with pytest.raises(ConnectionError):
        await breaker.call(boom)
    clock.now += 1
    gate = asyncio.Event()

    async def slow() -> str:
        await gate.wait()
        return "ok"

    trial = asyncio.create_task(breaker.call(slow))
    await asyncio.sleep(0)
    with pytest.raises(CircuitOpen):
        await breaker.call(ok)
    gate.set()
    assert await trial == "ok" and breaker.state == CLOSED


async def test_cancellation_counts_as_failure(clock):
    breaker = CircuitBreaker("dep", failure_threshold=1, clock=clock)
    with pytest.raises(TimeoutError):
        await asyncio.wait_for(breaker.call(asyncio.sleep, 10), 0.01)
    assert breaker.state == OPEN


def test_rejects_bad_settings():
    with pytest.raises(ValueError):
        CircuitBreaker("dep", failure_threshold=0)


async def test_guarded_source_skips_calls_while_open(clock):
    failing = FailingSource("wikipedia")
    source = GuardedSource(failing, CircuitBreaker("wikipedia", 2, 30, clock))
    for _ in range(2):  # failures pass through, counted by the breaker
        with pytest.raises(ConnectionError):
            await source.search("q", 3)
    for _ in range(3):  # then open: refused at once, the source is not called
        with pytest.raises(CircuitOpen):
            await source.search("q", 3)
    assert failing.calls == 2
    clock.now += 30
    healthy = FakeSource("wikipedia", [doc("x")])
    source.source = healthy
    assert len(await source.search("q", 3)) == 1 and source.breaker.state == CLOSED


async def test_guarded_source_passes_the_course_through(clock):
    course = FakeSource("course", [doc("x")])
    await GuardedSource(course, CircuitBreaker("supabase", 1, 30, clock)).search("q", 3, "ALG")
    assert course.courses == ["ALG"]


async def test_guarded_reranker_makes_the_cascade_fall_through_fast(clock):
    class Down:
        name = "jina"
        calls = 0

        async def score(self, query, passages):
            self.calls += 1
            raise RuntimeError("jina rerank failed: HTTP 503")

    class Local:
        name = "local"

        async def score(self, query, passages):
            return [0.5] * len(passages)

    down = Down()
    cascade = RerankCascade([GuardedReranker(down, CircuitBreaker("jina", 1, 30, clock)), Local()])
    for _ in range(3):
        assert (await cascade.score("q", ["a", "b"])).tier == "local"
    assert down.calls == 1


async def test_guarded_chat_model_fails_fast_when_open(clock):
    inner = ScriptedChatModel(script=[RuntimeError("503"), "INTENT: simple", "after"])
    llm = GuardedChatModel(inner=inner, breaker=CircuitBreaker("mistral", 1, 30, clock))
    with pytest.raises(RuntimeError):
        await llm.ainvoke([HumanMessage("hi")])
    with pytest.raises(CircuitOpen):
        await llm.ainvoke([HumanMessage("hi")])
    assert len(inner.calls) == 1
    clock.now += 30
    answer = await llm.ainvoke([HumanMessage("hi")])
    assert isinstance(answer, AIMessage) and answer.content == "INTENT: simple"
    assert llm.invoke("sync").content == "after"


async def test_an_unreachable_host_opens_the_circuit_at_once(clock):
    import httpx

    from core.upstream.calls import described_failures

    class Offline:
        name = "wikipedia"
        calls = 0

        async def search(self, query: str, k: int, course: str | None = None):
            self.calls += 1
            with described_failures():
                raise httpx.ConnectError("[Errno -3] Temporary failure in name resolution")

    inner = Offline()
    source = GuardedSource(inner, CircuitBreaker("wikipedia", 5, 30, clock))
    with pytest.raises(Exception, match="connection error"):
        await source.search("q", 3)
    with pytest.raises(CircuitOpen):  # no second wait on a machine without a network
        await source.search("q", 3)
    assert inner.calls == 1 and source.breaker.state == OPEN


async def test_probe_names_the_unreachable_sources_and_opens_their_breakers(clock):
    import httpx

    from core.upstream.calls import described_failures
    from core.upstream.resilience import probe

    class Offline:
        name = "arxiv"

        async def search(self, query: str, k: int, course: str | None = None):
            with described_failures():
                raise httpx.ConnectError("[Errno -3] Temporary failure in name resolution")

    sources = {"course": FailingSource("course"),  # never probed: it is our own store
               "wikipedia": FakeSource("wikipedia", [doc("x")]),
               "arxiv": GuardedSource(Offline(), CircuitBreaker("arxiv", 5, 30, clock))}
    assert await probe(sources) == ["arxiv"]
    assert sources["arxiv"].breaker.state == OPEN and sources["course"].calls == 0
