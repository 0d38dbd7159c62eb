"""The embedding cache returns what the inner embedder would, and only computes each text once."""
from __future__ import annotations

import numpy as np

from core.llm.memo_embedder import MemoEmbedder
from tests.support.fake_embedder import HashingEmbedder


class CountingEmbedder(HashingEmbedder):
    def __init__(self) -> None:
        super().__init__()
        self.seen: list[str] = []

    async def embed_passages(self, texts):
        self.seen.extend(texts)
        return await super().embed_passages(texts)


async def test_same_vectors_each_text_computed_once():
    inner = CountingEmbedder()
    cached = MemoEmbedder(inner)
    first = await cached.embed_passages(["merge sort", "hash table", "merge sort"])
    again = await cached.embed_passages(["hash table", "merge sort"])
    assert np.allclose(first, await HashingEmbedder().embed_passages(["merge sort", "hash table", "merge sort"]))
    assert np.allclose(again, first[[1, 0]])
    assert inner.seen == ["merge sort", "hash table"]


async def test_cache_is_bounded():
    cached = MemoEmbedder(CountingEmbedder(), max_entries=3)
    await cached.embed_passages([f"text {i}" for i in range(10)])
    assert len(cached._cache) == 3
