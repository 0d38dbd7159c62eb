"""POST /ask through the real service: "busy" is a 503 and a rate limit a 429, each with a
Retry-After header and the friendly notice still in the JSON body, so an API client can tell
them from answers and knows when to try again (issue 22)."""
from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable

import httpx
import pytest

from adapters.http import HttpAdapter
from core.chat.limits import Limits
from core.chat.service import BUSY_RETRY_AFTER_S, StudyBuddy
from core.messages import Intent
from tests.support.fakes import FakeSource

pytestmark = pytest.mark.integration


@pytest.fixture
async def serve() -> AsyncIterator[Callable[[StudyBuddy], Awaitable[httpx.AsyncClient]]]:
    adapters: list[HttpAdapter] = []
    clients: list[httpx.AsyncClient] = []

    async def start(service: StudyBuddy) -> httpx.AsyncClient:
        adapter = HttpAdapter(service, port=0)
        await adapter.start()
        adapters.append(adapter)
        clients.append(httpx.AsyncClient(base_url=f"http://127.0.0.1:{adapter.port}", timeout=10))
        return clients[-1]

    yield start
    for client in clients:
        await client.aclose()
    for adapter in adapters:
        await adapter.stop()


async def test_a_rate_limited_question_is_a_429_with_retry_after(serve, graph, make_context,
                                                                 history):
    client = await serve(StudyBuddy(graph, make_context(), history,
                                    Limits(rate_limit_per_minute=1)))
    first = await client.post("/ask", json={"question": "What is merge sort?", "user_id": "u1"})
    second = await client.post("/ask", json={"question": "What is a hash?", "user_id": "u1"})
    other = await client.post("/ask", json={"question": "What is a hash?", "user_id": "u2"})
    assert first.status_code == 200 and "Retry-After" not in first.headers
    assert second.status_code == 429
    assert 1 <= int(second.headers["Retry-After"]) <= 61
    body = second.json()
    assert body["intent"] == Intent.NOTICE.value and "faster than I can keep up" in body["answer"]
    assert f"about {second.headers['Retry-After']} seconds" in body["answer"]
    assert other.status_code == 200  # per user


async def test_busy_is_a_503_with_retry_after_and_greetings_still_pass(serve, graph, make_context,
                                                                       history):
    slow = {"course": FakeSource("course", [], delay_s=0.5)}
    service = StudyBuddy(graph, make_context(sources=slow), history,
                         Limits(max_concurrent=1, queue_max=0, rate_limit_per_minute=100))
    client = await serve(service)
    study = asyncio.create_task(client.post("/ask", json={"question": "What is merge sort?"}))
    while service.waiting < 1:  # the first question holds the only slot
        await asyncio.sleep(0.01)
    busy = await client.post("/ask", json={"question": "What is a heap?", "user_id": "bob"})
    hello = await client.post("/ask", json={"question": "hello", "user_id": "carol"})
    assert busy.status_code == 503
    assert busy.headers["Retry-After"] == str(BUSY_RETRY_AFTER_S)
    assert "a lot of questions" in busy.json()["answer"]
    assert hello.status_code == 200 and hello.json()["intent"] == "chitchat"
    assert (await study).status_code == 200
