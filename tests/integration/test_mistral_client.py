"""The real ChatMistralAI (via build_chat_model) and MistralEmbedder against a loopback FakeMistral.

Counts upstream requests to prove retries happen in exactly one layer.
"""
from __future__ import annotations

import time
import traceback

import httpx
import numpy as np
import pytest
from langchain_core.messages import HumanMessage

from core.llm.mistral import MistralError, build_chat_model
from core.llm.mistral_embed import EmbeddingError, MistralEmbedder
from tests.support.fake_mistral import (
    FakeMistral,
    hang,
    malformed,
    rate_limited,
    reply,
    server_error,
)

pytestmark = pytest.mark.integration

KEY = "sk-test-SECRET-4f9c2a"


_built: list = []


def model_for(fake: FakeMistral, key: str = KEY, **overrides):
    options = {"base_url": fake.base_url, "requests_per_second": 50.0, "max_retries": 2,
               "timeout_s": 0.5, "retry_base_delay_s": 0.01}
    model = build_chat_model(key, **(options | overrides))
    _built.append(model)
    return model


def full_text(err: BaseException) -> str:
    return "".join(traceback.format_exception(err))


@pytest.fixture
async def fake():
    async with FakeMistral(api_key=KEY) as server:
        yield server
    while _built:  # the caller owns the model's clients
        model = _built.pop()
        await model.async_client.aclose()
        model.client.close()


async def test_normal_reply_returns_content(fake):
    fake.enqueue(reply("Photosynthesis turns light into chemical energy."))
    answer = await model_for(fake).ainvoke([HumanMessage("What is photosynthesis?")])
    assert answer.content == "Photosynthesis turns light into chemical energy."
    [request] = fake.requests
    assert request.body["model"] == "ministral-8b-latest"
    assert request.body["temperature"] == 0.2
    assert request.headers["Authorization"] == f"Bearer {KEY}"


async def test_streaming_reply_arrives_in_chunks(fake):
    fake.enqueue(reply("one two three"))
    chunks = [c.content async for c in model_for(fake).astream("count")]
    assert "".join(chunks) == "one two three" and len(chunks) >= 3


async def test_streaming_retries_until_the_first_chunk(fake):
    fake.enqueue(server_error(502), reply("streamed after retry"))
    chunks = [c.content async for c in model_for(fake).astream("hi")]
    assert "".join(chunks) == "streamed after retry" and len(fake.requests) == 2
    assert all(r.body["stream"] is True for r in fake.requests)


def test_missing_key_is_refused_before_any_client_is_built():
    with pytest.raises(ValueError, match="API key"):
        build_chat_model("")


async def test_429_waits_retry_after_then_succeeds(fake):
    fake.enqueue(rate_limited(retry_after="0.3"), reply("after the wait"))
    answer = await model_for(fake).ainvoke("hi")
    assert answer.content == "after the wait"
    assert len(fake.requests) == 2
    assert fake.requests[1].at - fake.requests[0].at >= 0.3


async def test_retry_after_is_capped(fake):
    fake.enqueue(rate_limited(retry_after="3600"), reply("soon"))
    started = time.monotonic()
    answer = await model_for(fake, retry_after_cap_s=0.05).ainvoke("hi")
    assert answer.content == "soon" and time.monotonic() - started < 2


async def test_persistent_500_raises_after_one_plus_max_retries_requests(fake):
    fake.enqueue(*[server_error(500)] * 10)
    with pytest.raises(MistralError) as caught:
        await model_for(fake, max_retries=2).ainvoke("hi")
    assert len(fake.requests) == 3  # 1 + max_retries: the SDK layer does not retry too
    assert caught.value.status_code == 500 and caught.value.attempts == 3
    assert "HTTP 500" in str(caught.value) and "3 attempt" in str(caught.value)
    assert KEY not in full_text(caught.value)


async def test_client_errors_are_not_retried(fake):
    model = model_for(fake, key="sk-wrong-key")
    with pytest.raises(MistralError) as caught:
        await model.ainvoke("hi")
    assert len(fake.requests) == 1 and caught.value.status_code == 401
    assert "sk-wrong-key" not in full_text(caught.value)


async def test_hang_times_out_within_bounded_time(fake):
    fake.enqueue(hang(30), hang(30))
    started = time.monotonic()
    with pytest.raises(MistralError) as caught:
        await model_for(fake, timeout_s=0.3, max_retries=1).ainvoke("hi")
    elapsed = time.monotonic() - started
    assert "timed out" in str(caught.value)
    assert len(fake.requests) == 2 and elapsed < 2 * 0.3 + 1.0
    assert KEY not in full_text(caught.value)


async def test_malformed_json_raises_without_retry(fake):
    fake.enqueue(malformed())
    with pytest.raises(MistralError) as caught:
        await model_for(fake).ainvoke("hi")
    assert "malformed JSON" in str(caught.value) and len(fake.requests) == 1
    assert KEY not in full_text(caught.value)


async def test_shared_http_client_carries_the_traffic_untouched(fake):
    async with httpx.AsyncClient(headers={"X-Shared": "yes"}) as shared:
        fake.enqueue(reply("via the shared client"))
        answer = await model_for(fake, http_client=shared).ainvoke("hi")
        assert answer.content == "via the shared client"
        assert shared.base_url == httpx.URL("") and "Authorization" not in shared.headers


async def test_embedder_batches_and_normalises(fake):
    async with httpx.AsyncClient() as client:
        embedder = MistralEmbedder(KEY, client, base_url=fake.base_url, batch_size=2)
        texts = ["cell membrane", "mitochondria", "ribosome"]
        rows = await embedder.embed_passages(texts)
    assert rows.shape == (3, 1024)
    assert np.allclose(np.linalg.norm(rows, axis=1), 1.0, atol=1e-5)
    expected = fake.vector("ribosome") / np.linalg.norm(fake.vector("ribosome"))
    assert np.allclose(rows[2], expected, atol=1e-4)  # mapped back by index, not position
    assert [len(r.body["input"]) for r in fake.requests] == [2, 1]


async def test_embedder_retries_then_raises_key_free_error(fake):
    fake.enqueue(rate_limited("0.01"), reply(), server_error(500), server_error(500))
    async with httpx.AsyncClient() as client:
        embedder = MistralEmbedder(KEY, client, base_url=fake.base_url, max_retries=1,
                                   retry_base_delay_s=0.01)
        assert (await embedder.embed_queries(["ok"])).shape == (1, 1024)
        with pytest.raises(EmbeddingError) as caught:
            await embedder.embed_queries(["fails"])
    assert len(fake.requests) == 4 and KEY not in full_text(caught.value)
