"""JinaReranker against httpx.MockTransport with the API's documented response shape."""
from __future__ import annotations

import json

import httpx
import pytest

from core.rerank.jina import JinaReranker, RerankError

KEY = "jina_SECRETKEY0123456789"
PASSAGES = ["Mitochondria produce ATP.", "Paris is in France.", "ATP synthase makes ATP."]
RESPONSE = {  # results sorted by score, not by input order
    "model": "jina-reranker-v2-base-multilingual", "usage": {"total_tokens": 61},
    "results": [{"index": 0, "relevance_score": 0.878}, {"index": 2, "relevance_score": 0.764},
                {"index": 1, "relevance_score": 0.021}]}


def reranker(handler, seen: list | None = None, **kwargs) -> JinaReranker:
    def record(request: httpx.Request) -> httpx.Response:
        if seen is not None:
            seen.append(request)
        return handler(request)
    client = httpx.AsyncClient(transport=httpx.MockTransport(record))
    return JinaReranker(client, KEY, **kwargs)


async def test_scores_map_back_to_input_order_and_stay_in_unit_interval():
    seen: list[httpx.Request] = []
    scores = await reranker(lambda r: httpx.Response(200, json=RESPONSE), seen).score(
        "Where is ATP made?", PASSAGES)
    assert scores == pytest.approx([0.878, 0.021, 0.764], abs=1e-6)  # identity calibration
    [request] = seen
    assert str(request.url) == "https://api.jina.ai/v1/rerank"
    assert request.headers["Authorization"] == f"Bearer {KEY}"
    body = json.loads(request.content)
    assert body == {"model": "jina-reranker-v2-base-multilingual", "query": "Where is ATP made?",
                    "documents": PASSAGES, "top_n": 3, "return_documents": False}


async def test_returned_documents_are_tolerated():
    with_docs = {**RESPONSE, "results": [{**r, "document": {"text": PASSAGES[r["index"]]}}
                                         for r in RESPONSE["results"]]}
    scores = await reranker(lambda r: httpx.Response(200, json=with_docs)).score("q", PASSAGES)
    assert scores[0] > scores[2] > scores[1]


async def test_no_passages_needs_no_request():
    seen: list[httpx.Request] = []
    assert await reranker(lambda r: httpx.Response(500), seen).score("q", []) == []
    assert not seen


async def test_custom_base_url_and_model():
    seen: list[httpx.Request] = []
    rr = reranker(lambda r: httpx.Response(200, json=RESPONSE), seen, model="jina-reranker-m0",
                  base_url="http://jina.local/")
    await rr.score("q", PASSAGES)
    assert str(seen[0].url) == "http://jina.local/v1/rerank"
    assert json.loads(seen[0].content)["model"] == "jina-reranker-m0"


def raises(exc: Exception):
    def handler(request: httpx.Request) -> httpx.Response:
        raise exc
    return handler


def status(code: int, body: dict | None = None, headers: dict | None = None):
    return lambda r: httpx.Response(code, json=body or {"detail": f"error {code}"}, headers=headers)


FAILURES = {
    "429 rate limit": status(429, {"detail": "rate limit"}, {"Retry-After": "30"}),
    "402 balance used up": status(402, {"detail": "Insufficient balance"}),
    "401 echoing the key": status(401, {"detail": f"Invalid API key: {KEY}"}),
    "500": status(500),
    "timeout": raises(httpx.ReadTimeout("timed out")),
    "connection": raises(httpx.ConnectError("refused")),
    "malformed json": lambda r: httpx.Response(200, content=b'{"results": [{"index": 0,'),
    "missing results": status(200, {"model": "x"}),
    "index out of range": status(200, {"results": [{"index": 7, "relevance_score": 0.5}]}),
    "passage not scored": status(200, {"results": [{"index": 0, "relevance_score": 0.5}]}),
    "score not a number": status(200, {"results": [{"index": i, "relevance_score": "high"}
                                                   for i in range(3)]}),
}


@pytest.mark.parametrize("handler", FAILURES.values(), ids=FAILURES.keys())
async def test_failures_raise_so_the_cascade_moves_on(handler):
    with pytest.raises(RerankError) as caught:
        await reranker(handler).score("q", PASSAGES)
    assert KEY not in str(caught.value) and caught.value.__cause__ is None


async def test_failure_reason_names_the_status():
    with pytest.raises(RerankError, match="HTTP 402"):
        await reranker(FAILURES["402 balance used up"]).score("q", PASSAGES)
    with pytest.raises(RerankError, match="HTTP 429"):
        await reranker(FAILURES["429 rate limit"]).score("q", PASSAGES)
