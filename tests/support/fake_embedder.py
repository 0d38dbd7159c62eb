"""HashingEmbedder: a deterministic Embedder (our port) for store tests — no model, no network.

Hashed bag of words into `dim` buckets, L2-normalised: texts sharing words are close in cosine,
unrelated texts are near-orthogonal, so the right chunk wins without a real model. Words are
lower-cased and the Arabic article is dropped so Arabic queries behave like English ones.
"""
from __future__ import annotations

import hashlib
import re
from collections.abc import Sequence

import numpy as np

WORD = re.compile(r"\w+", re.UNICODE)


class HashingEmbedder:
    """Embedder port: same vector for queries and passages (no e5-style prefixes)."""

    name = "hashing-bow"

    def __init__(self, dim: int = 384) -> None:
        self.dim = dim
        self.calls: list[tuple[str, int]] = []  # ("query" | "passage", batch size)

    def _vector(self, text: str) -> np.ndarray:
        vec = np.zeros(self.dim, dtype=np.float32)
        for word in WORD.findall(text.lower()):
            if word.startswith("ال") and len(word) > 4:
                word = word[2:]
            digest = hashlib.blake2b(word.encode(), digest_size=8).digest()
            bucket = int.from_bytes(digest[:4], "little") % self.dim
            vec[bucket] += 1.0 if digest[4] & 1 else -1.0
        norm = float(np.linalg.norm(vec))
        if norm == 0.0:
            vec[0], norm = 1.0, 1.0
        return vec / norm

    def _embed(self, texts: Sequence[str]) -> np.ndarray:
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        return np.vstack([self._vector(t) for t in texts])

    async def embed_queries(self, texts: Sequence[str]) -> np.ndarray:
        self.calls.append(("query", len(texts)))
        return self._embed(texts)

    async def embed_passages(self, texts: Sequence[str]) -> np.ndarray:
        self.calls.append(("passage", len(texts)))
        return self._embed(texts)


class MeaningEmbedder(HashingEmbedder):
    """Stands in for a multilingual encoder: each question in `meanings` is embedded as its
    English meaning, so it lands on the English passage a bag of words cannot reach."""

    def __init__(self, meanings: dict[str, str], dim: int = 384) -> None:
        super().__init__(dim)
        self.meanings = meanings

    async def embed_queries(self, texts: Sequence[str]) -> np.ndarray:
        return await super().embed_queries([self.meanings.get(t, t) for t in texts])


class SetCosinesEmbedder:
    """Embedder port with set query-passage cosines: each passage text sits at its given cosine
    to every query (the query is the first axis), for tests of how closeness in meaning is
    weighed."""

    name, dim = "set-cosines", 2

    def __init__(self, cosines: dict[str, float]) -> None:
        self.cosines = cosines

    async def embed_queries(self, texts: Sequence[str]) -> np.ndarray:
        return np.array([[1.0, 0.0] for _ in texts])

    async def embed_passages(self, texts: Sequence[str]) -> np.ndarray:
        return np.array([[c, (1 - c * c) ** 0.5] for c in (self.cosines[t] for t in texts)])
