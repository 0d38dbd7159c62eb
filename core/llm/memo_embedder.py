"""An LRU cache in front of any Embedder: the local reranker and the extractive generator embed
the same course chunks and sentences again and again, and e5 on 2 cores is the slow part.
"""
from __future__ import annotations

import hashlib
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Sequence

import numpy as np

from core.ports import Embedder

DEFAULT_ENTRIES = 20_000  # 384-d float32: about 30 MB when full


class MemoEmbedder:
    """Embedder port; passages and queries are cached separately (e5 prefixes differ)."""

    def __init__(self, inner: Embedder, max_entries: int = DEFAULT_ENTRIES) -> None:
        self.inner = inner
        self.name = inner.name
        self.dim = inner.dim
        self.max_entries = max_entries
        self._cache: OrderedDict[bytes, np.ndarray] = OrderedDict()

    async def embed_queries(self, texts: Sequence[str]) -> np.ndarray:
        return await self._embed(texts, b"q", self.inner.embed_queries)

    async def embed_passages(self, texts: Sequence[str]) -> np.ndarray:
        return await self._embed(texts, b"p", self.inner.embed_passages)

    async def _embed(self, texts: Sequence[str], kind: bytes,
                     compute: Callable[[list[str]], Awaitable[np.ndarray]]) -> np.ndarray:
        keys = [kind + hashlib.blake2b(t.encode("utf-8"), digest_size=16).digest() for t in texts]
        first_index = {k: i for i, k in reversed(list(enumerate(keys)))}
        missing = [i for k, i in first_index.items() if k not in self._cache]
        if missing:
            vectors = await compute([texts[i] for i in missing])
            for i, vector in zip(missing, vectors, strict=True):
                self._cache[keys[i]] = np.asarray(vector, dtype=np.float32)
        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        for row, key in enumerate(keys):
            out[row] = self._cache[key]
            self._cache.move_to_end(key)
        while len(self._cache) > self.max_entries:
            self._cache.popitem(last=False)
        return out
