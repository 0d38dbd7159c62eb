"""The first reranker tier: Jina's hosted cross-encoder (POST /v1/rerank).

Raises on any failure, including 429 (rate limit) and 402 (token balance used up), so the
cascade moves on to the local tier; the error text names the cause but never the key.
Scores are mapped back to input order by `index` and calibrated (JINA_V2, see calibration.py).
"""
from __future__ import annotations

import math
from collections.abc import Sequence

import httpx

from core.errors import UpstreamError
from core.rerank.calibration import JINA_V2, Calibration, logit
from core.upstream.calls import describe_failure, expect, parse_json, request

MAX_DOC_CHARS = 2048  # ~500 tokens: the free tier allows 100k tokens a minute


class RerankError(UpstreamError, RuntimeError):
    """A reranker tier could not score this request."""


class JinaReranker:
    """RerankTier port over https://api.jina.ai/v1/rerank."""

    name = "jina"

    def __init__(self, client: httpx.AsyncClient, api_key: str, *,
                 model: str = "jina-reranker-v2-base-multilingual",
                 base_url: str = "https://api.jina.ai", timeout_s: float = 5.0,
                 user_agent: str = "StudyBuddy/0.1 (study assistant)",
                 calibration: Calibration = JINA_V2) -> None:
        self._client = client
        self._api_key = api_key
        self._model = model
        self._url = base_url.rstrip("/") + "/v1/rerank"
        self._timeout_s = timeout_s
        self._user_agent = user_agent
        self._calibration = calibration

    async def score(self, query: str, passages: Sequence[str]) -> list[float]:
        """Calibrated score per passage in input order; raises RerankError on any failure."""
        if not passages:
            return []
        try:
            raw = await self._relevance(query, passages)
        except Exception as exc:
            raise RerankError(f"jina rerank failed: "
                              f"{describe_failure(exc, [self._api_key])}") from None
        return [self._calibration(logit(s)) for s in raw]

    async def _relevance(self, query: str, passages: Sequence[str]) -> list[float]:
        response = await request(
            self._client, "POST", self._url, user_agent=self._user_agent, timeout_s=self._timeout_s,
            headers={"Authorization": f"Bearer {self._api_key}", "Accept": "application/json"},
            json_body={"model": self._model, "query": query,
                       "documents": [p[:MAX_DOC_CHARS] for p in passages],
                       "top_n": len(passages), "return_documents": False})
        payload = expect(parse_json(response), dict, "response")
        scores: list[float | None] = [None] * len(passages)
        for item in expect(payload.get("results"), list, "results"):
            expect(item, dict, "result")
            index, value = item.get("index"), item.get("relevance_score")
            if not (isinstance(index, int) and 0 <= index < len(passages)):
                raise ValueError(f"result index {index!r} out of range")
            if not (isinstance(value, (int, float)) and math.isfinite(value)):
                raise ValueError("relevance_score is not a number")
            scores[index] = float(value)
        if any(s is None for s in scores):
            raise ValueError(f"{scores.count(None)} of {len(passages)} passages were not scored")
        return [float(s) for s in scores if s is not None]
