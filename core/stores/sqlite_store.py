"""The embedded course store: SQLite FTS5 (BM25) + a numpy vector matrix, fused by RRF.

Children are searched, parents are returned as generation context. Works offline with nothing
but the stdlib sqlite3 and numpy; all SQLite work runs in a worker thread. Documents (replace,
remove, list) live in sqlite_documents.py, what the FTS5 index is asked in sqlite_fts.py.
"""
from __future__ import annotations

import asyncio
import sqlite3
import threading
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TypeVar, TypeVarTuple

import numpy as np

from core.ports import Document, DocumentRecord, Embedder, StoredChunk
from core.stores import sqlite_documents as docs
from core.stores import sqlite_fts as fts
from core.stores.errors import StoreError
from core.stores.sqlite_migrate import connect
from core.text import detect_language

RRF_K = 60
CANDIDATES = 100  # per ranking (BM25, dense) before fusion
BM25_WEIGHTS = (1.0, 2.0)  # content, title: a title hit counts double
_T = TypeVar("_T")
_Args = TypeVarTuple("_Args")


class SqliteCourseStore:
    """CourseStore port over one SQLite file (WAL); safe to share across tasks."""

    def __init__(self, path: Path | str, embedder: Embedder, *, rrf_k: int = RRF_K,
                 weights: tuple[float, float] = (1.0, 1.0)) -> None:
        self.path = path
        self.embedder = embedder
        self.rrf_k = rrf_k
        self.weights = weights  # (bm25, dense) in the fusion
        self._conn: sqlite3.Connection | None = None
        self._lock = threading.Lock()
        self._matrix: np.ndarray | None = None
        self._rowids: np.ndarray | None = None

    def _db(self) -> sqlite3.Connection:
        if self._conn is None:
            conn = connect(self.path)
            try:
                _claim_for_embedder(conn, self.embedder, self.path)
            except StoreError:
                conn.close()
                raise
            docs.register_functions(conn)
            fts.backfill(conn)
            docs.adopt_legacy_chunks(conn)
            self._conn = conn
        return self._conn

    async def close(self) -> None:
        if self._conn is not None:
            self._conn.close()
            self._conn = None

    # --- documents ----------------------------------------------------------------------
    async def _call(self, fn: Callable[[sqlite3.Connection, *_Args], _T], *args: *_Args,
                    changes: bool = False) -> _T:
        """Run a sqlite_documents function under the lock in a worker thread."""
        def run() -> _T:
            with self._lock:
                result = fn(self._db(), *args)
                if changes:
                    self._matrix = None  # reload vectors lazily on the next search
                return result
        return await asyncio.to_thread(run)

    async def documents(self, course: str | None = None) -> list[DocumentRecord]:
        return await self._call(docs.list_documents, course)

    async def courses(self) -> list[str]:
        return await self._call(docs.list_courses)

    async def embeddings_for(self, ids: Sequence[str]) -> dict[str, np.ndarray]:
        return await self._call(docs.embeddings_for, list(ids))

    async def replace_document(self, record: DocumentRecord, chunks: Sequence[StoredChunk]
                               ) -> None:
        await self._call(docs.replace_document, record, list(chunks), changes=True)

    async def remove_document(self, document_id: str) -> int:
        return await self._call(docs.remove_document, document_id, changes=True)

    async def count(self) -> int:
        def _count(db: sqlite3.Connection) -> int:
            return int(db.execute("SELECT count(*) FROM chunks").fetchone()[0])
        return await self._call(_count)

    # --- search -------------------------------------------------------------------------
    async def search(self, query: str, k: int, filters: dict[str, str] | None = None
                     ) -> list[Document]:
        vector = (await self.embedder.embed_queries([query]))[0] if self.weights[1] else None
        return await asyncio.to_thread(self._search, query, vector, k, filters or {})

    def _search(self, query: str, vector: np.ndarray | None, k: int, filters: dict[str, str]
                ) -> list[Document]:
        with self._lock:
            allowed = self._allowed_rowids(filters)
            lexical = self._bm25(query, allowed) if self.weights[0] else []
            dense = self._dense(vector, allowed) if vector is not None else []
            fused: dict[int, float] = {}
            for weight, ranking in ((self.weights[0], lexical), (self.weights[1], dense)):
                for rank, rowid in enumerate(ranking):
                    fused[rowid] = fused.get(rowid, 0.0) + weight / (self.rrf_k + rank + 1)
            if lexical and dense:
                self._impute_other_language(query, lexical, dense, fused)
            ordered = sorted(fused, key=lambda r: fused[r], reverse=True)
            return self._documents(ordered, fused, k)

    def _impute_other_language(self, query: str, lexical: list[int], dense: list[int],
                               fused: dict[int, float]) -> None:
        """BM25 cannot match a passage written in another language than the question, so when
        it found passages in the question's language, its silence about the others says
        nothing: such a passage's dense rank stands in for its BM25 rank (else an Arabic
        question never reaches the English page that answers it). When BM25 found only
        other-language passages (by a name or number), every passage is on the same footing
        and the fusion stays plain (XQuAD ar->en nDCG@10: 0.774 either way, 0.765 otherwise)."""
        seen = set(lexical)
        rowids = lexical + [r for r in dense if r not in seen]
        marks = ",".join("?" * len(rowids))
        lang = detect_language(query)
        native = {r[0] for r in self._db().execute(
            f"SELECT rowid FROM chunks WHERE rowid IN ({marks}) AND lang = ?", (*rowids, lang))}
        if seen.isdisjoint(native):
            return
        for rank, rowid in enumerate(dense):
            if rowid not in seen and rowid not in native:
                fused[rowid] += self.weights[0] / (self.rrf_k + rank + 1)

    def _allowed_rowids(self, filters: dict[str, str]) -> set[int] | None:
        where, values = fts.where_clause(filters)
        if not where:
            return None
        return {r[0] for r in self._db().execute(f"SELECT rowid FROM chunks WHERE {where}",
                                                 values)}

    # --- vocabulary ---------------------------------------------------------------------
    async def known_terms(self, terms: Sequence[str], filters: dict[str, str] | None = None
                          ) -> set[str]:
        """The terms that occur in some chunk passing `filters`, matched as BM25 search matches
        (the FTS index: Porter-stemmed, case and diacritics folded; a term of several words,
        "red-black", as a phrase). One indexed lookup per term."""
        unique = list(dict.fromkeys(t for t in terms if t.strip()))
        if not unique:
            return set()
        return await self._call(fts.known_terms, unique, filters or {})

    def _bm25(self, query: str, allowed: set[int] | None) -> list[int]:
        terms = fts.fts_terms(query)
        if not terms:
            return []
        match = " OR ".join(f'"{t}"' for t in terms)
        rows = self._db().execute(
            "SELECT rowid FROM chunks_fts WHERE chunks_fts MATCH ? ORDER BY bm25(chunks_fts, ?, ?) "
            "LIMIT ?", (match, *BM25_WEIGHTS, CANDIDATES * (4 if allowed is not None else 1)))
        ranking = [r[0] for r in rows]
        return [r for r in ranking if allowed is None or r in allowed][:CANDIDATES]

    def _load_matrix(self) -> None:
        rows = self._db().execute("SELECT rowid, embedding FROM chunks WHERE embedding IS NOT NULL"
                                  " ORDER BY rowid").fetchall()
        dim = self.embedder.dim
        self._rowids = np.array([r[0] for r in rows], dtype=np.int64)
        self._matrix = (
            np.frombuffer(b"".join(r[1] for r in rows), dtype=np.float32).reshape(-1, dim)
            if rows else np.zeros((0, dim), dtype=np.float32))

    def _dense(self, vector: np.ndarray, allowed: set[int] | None) -> list[int]:
        if self._matrix is None:
            self._load_matrix()
        assert self._matrix is not None and self._rowids is not None
        if not len(self._rowids):
            return []
        sims = self._matrix @ vector.astype(np.float32)
        if allowed is not None:
            sims = np.where(np.isin(self._rowids, list(allowed)), sims, -np.inf)
        n = min(CANDIDATES, len(sims))
        top = np.argpartition(-sims, n - 1)[:n]
        top = top[np.argsort(-sims[top])]
        return [int(self._rowids[i]) for i in top if np.isfinite(sims[i])]

    async def passages(self, k: int, filters: dict[str, str] | None = None) -> list[Document]:
        """Up to k child chunks passing `filters`, in stored order, shaped as search hits."""
        return await asyncio.to_thread(self._passages, k, filters or {})

    def _passages(self, k: int, filters: dict[str, str]) -> list[Document]:
        where, values = fts.where_clause(filters)
        with self._lock:
            rowids = [r[0] for r in self._db().execute(
                f"SELECT rowid FROM chunks {'WHERE ' + where if where else ''} "
                "ORDER BY rowid LIMIT ?", (*values, k))]
            return self._documents(rowids, dict.fromkeys(rowids, 0.0), k, every_child=True)

    def _documents(self, ordered: list[int], fused: dict[int, float], k: int,
                   every_child: bool = False) -> list[Document]:
        docs: list[Document] = []
        seen_parents: set[str] = set()
        for start in range(0, len(ordered), 200):
            batch = ordered[start: start + 200]
            marks = ",".join("?" * len(batch))
            rows = {r[0]: r for r in self._db().execute(
                "SELECT c.rowid, c.id, c.content, c.title, c.url, c.course, c.doc_type, c.lang, "
                "c.parent_id, p.content, c.document_id, c.page, c.section, c.ocr_confidence "
                "FROM chunks c JOIN parents p ON p.id = c.parent_id "
                f"WHERE c.rowid IN ({marks})", batch)}
            for rowid in batch:
                row = rows.get(rowid)
                if row is None or (row[8] in seen_parents and not every_child):
                    continue  # one hit per parent: its best child stands for it
                seen_parents.add(row[8])
                docs.append(Document(
                    text=row[2], title=row[3], url_or_path=row[4], source_type="course",
                    score=fused[rowid], context=row[9],
                    metadata={"chunk_id": row[1], "course": row[5], "doc_type": row[6],
                              "lang": row[7], "parent_id": row[8], "document_id": row[10] or "",
                              "page": row[11], "section": row[12] or "",
                              **({} if row[13] is None else {"ocr_confidence": row[13]})}))
                if len(docs) >= k:
                    return docs
        return docs


def _claim_for_embedder(conn: sqlite3.Connection, embedder: Embedder, path: Path | str) -> None:
    """Record which embedder made this store's vectors; refuse another one on a filled store.

    Cosines between vectors of two models mean nothing, and a different dimension would not even
    load. A store filled before this record existed is checked by its vectors' dimension only.
    """
    identity = f"{embedder.name} ({embedder.dim}-d)"
    row = conn.execute("SELECT value FROM store_meta WHERE key = 'embedder'").fetchone()
    vector = conn.execute("SELECT length(embedding) FROM chunks WHERE embedding IS NOT NULL"
                          " LIMIT 1").fetchone()
    found = row[0] if row is not None else (
        f"a {vector[0] // 4}-d embedder" if vector and vector[0] != embedder.dim * 4 else identity)
    if vector and found != identity:
        raise StoreError(
            f"the course store {path} holds vectors made by {found}, but EMBEDDER now gives "
            f"{identity}; switch EMBEDDER back, or set DATA_DIR to a new folder and ingest again")
    if row is None or row[0] != identity:
        with conn:
            conn.execute("INSERT OR REPLACE INTO store_meta(key, value) VALUES ('embedder', ?)",
                         (identity,))
