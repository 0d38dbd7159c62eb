"""The course's passages in the other language than the question, ranked by a second encoder.

e5 reads an Arabic question far from the English page that answers it when the page is
technical (commands, file names): on the fit halves of bench/realdocs_suite and
bench/realdocs_fresh, the answer's chunk was outside e5's first ten for 15 of 28 Arabic questions
over English pages (10th to 1613th), and USE multilingual's first English chunk for 10 of those
15. The store's
fusion cannot use USE (its vectors are not stored), so this index keeps USE vectors of every
listed passage in memory, by chunk id, and `CourseSource.search` fuses its ranking in.
Within one language BM25 and e5 rank well: only other-language passages are put forward here.
"""
from __future__ import annotations

import asyncio
import logging
import time
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import replace

import numpy as np

from core.errors import log_failure
from core.ports import CourseStore, Document, Embedder
from core.text import detect_language

LIST_MAX = 20_000  # passages kept per course (512-d float32: ~40 MB at the cap)
LIST_TTL_S = 30.0  # how long a course's passage list is trusted before its documents are checked
COURSES_KEPT = 8  # courses whose passages and vectors are kept (least recently asked goes)
RRF_K = 60  # as the store's own fusion
WAIT_MAX = 200  # missing vectors a question waits for (USE: ~300 passages/s on 2 cores)
log = logging.getLogger(__name__)


class OtherLanguageIndex:
    """USE vectors of a course store's passages, listed again when the course's documents have
    changed (checked at most once per LIST_TTL_S); the vectors of passages no kept list holds
    (replaced documents, dropped courses) are let go when a list is read again."""

    def __init__(self, store: CourseStore, embedder: Embedder, *, limit: int = LIST_MAX) -> None:
        self.store = store
        self.embedder = embedder
        self.limit = limit
        self._lists: OrderedDict[str, tuple[float, tuple[object, ...], list[Document]]] = (
            OrderedDict())
        self._vectors: dict[str, np.ndarray] = {}
        self._encoding: asyncio.Task[None] | None = None
        self._stacked: tuple[list[Document], np.ndarray] | None = None  # the last course asked

    async def nearest(self, query: str, filters: dict[str, str] | None, n: int
                      ) -> list[tuple[int, Document]]:
        """The n best passages not in the query's language (one per parent), each with its rank
        among all the course's passages: a rank, not a place among the others only, so an
        Arabic passage is not put forward for an English question just for being the closest
        Arabic one. Empty when the course has nothing in another language."""
        language = detect_language(query)
        passages = await self._passages(filters)
        if n < 1 or all(d.metadata.get("lang") == language for d in passages):
            return []
        if not await self._ensure(passages, wait=False):
            return []  # a course's first vectors are still being computed: the store answers
        q = np.asarray(await self.embedder.embed_queries([query]))[0]
        order = np.argsort(-(self._matrix(passages) @ q), kind="stable")
        hits: list[tuple[int, Document]] = []
        parents: set[str] = set()
        for rank, i in enumerate(order):
            doc = passages[int(i)]
            if doc.metadata.get("lang") == language or _parent(doc) in parents:
                continue
            parents.add(_parent(doc))
            hits.append((rank, doc))
            if len(hits) >= n:
                break
        return hits

    async def warm(self, filters: dict[str, str] | None) -> int:
        """Vectors of every passage of a course, before its first question; how many."""
        passages = await self._passages(filters)
        await self._ensure(passages, wait=True)
        return len(passages)

    async def _passages(self, filters: dict[str, str] | None) -> list[Document]:
        """The course's passages, listed again only when its documents changed (listing every
        passage with its parent's text is the costly part, over the network on Supabase)."""
        key = repr(sorted((filters or {}).items()))
        now = time.monotonic()
        cached = self._lists.get(key)
        if cached is None or now - cached[0] > LIST_TTL_S:
            records = await self.store.documents((filters or {}).get("course"))
            signature = tuple(sorted((r.id, r.content_hash, r.chunks) for r in records))
            if cached is not None and cached[1] == signature:
                cached = self._lists[key] = (now, signature, cached[2])
            else:
                listed = await self.store.passages(self.limit, filters)
                cached = self._lists[key] = (now, signature, list(listed))
                self._keep_recent()
        self._lists.move_to_end(key)
        return cached[2]

    def _keep_recent(self) -> None:
        while len(self._lists) > COURSES_KEPT:
            self._lists.popitem(last=False)
        live = {_key(d) for _, _, docs in self._lists.values() for d in docs}
        self._vectors = {k: v for k, v in self._vectors.items() if k in live}

    async def _ensure(self, passages: Sequence[Document], *, wait: bool) -> bool:
        """Whether every passage has its vector. Missing ones are computed by one background
        task that outlives the question that started it (a question's search is cancelled at
        SOURCE_TIMEOUT_S; encoding a large course's passages takes longer, and cancelled work
        would be redone by every question after it). Without `wait`, a question waits only
        for a few passages (new ones after an upload), not for a whole course."""
        missing = [d for d in passages if _key(d) not in self._vectors]
        if not missing:
            return True
        if self._encoding is None or self._encoding.done():
            self._encoding = asyncio.create_task(self._encode(missing))
        if not wait and len(missing) > WAIT_MAX:
            return False
        await asyncio.shield(self._encoding)
        return all(_key(d) in self._vectors for d in passages)

    def _matrix(self, passages: list[Document]) -> np.ndarray:
        """The vectors of a listed course, stacked once per listing, not once per search (a
        list object stands for one listing: `_passages` returns the same one until it re-lists)."""
        if self._stacked is None or self._stacked[0] is not passages:
            self._stacked = (passages, np.stack([self._vectors[_key(d)] for d in passages]))
        return self._stacked[1]

    async def _encode(self, passages: Sequence[Document]) -> None:
        try:
            vectors = await self.embedder.embed_passages([d.text for d in passages])
        except Exception as exc:  # the store's own hits still answer; the next search retries
            log_failure(log, "encoding passages for the other-language ranking", exc,
                        "searching without it")
            return
        for doc, vector in zip(passages, vectors, strict=True):
            self._vectors[_key(doc)] = np.asarray(vector, dtype=np.float32)


def fuse(found: Sequence[Document], others: Sequence[tuple[int, Document]], k: int
         ) -> list[Document]:
    """The store's hits with the other-language passages put in at the rank the second
    encoder gives them (a parent both rank keeps the better rank; on a tie the store's hit
    comes first). The better rank, not the sum of both: a passage both rank would otherwise
    jump over the store's best hit for agreeing twice."""
    best: dict[str, tuple[int, int, Document]] = {}
    for source, ranking in enumerate((list(enumerate(found)), list(others))):
        for rank, doc in ranking:
            parent = _parent(doc)
            if parent not in best or (rank, source) < best[parent][:2]:
                best[parent] = (rank, source, best[parent][2] if parent in best else doc)
    order = sorted(best.values(), key=lambda entry: entry[:2])[:k]
    return [replace(doc, score=1.0 / (RRF_K + rank + 1)) for rank, _, doc in order]


def _parent(doc: Document) -> str:
    return str(doc.metadata.get("parent_id") or doc.metadata.get("chunk_id") or doc.text)


def _key(doc: Document) -> str:
    return str(doc.metadata.get("chunk_id") or doc.text)
