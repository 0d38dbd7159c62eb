"""SupabaseCourseStore: the CourseStore port over Supabase (pgvector + full text) via supabase-py.

Every call is an RPC (POST, so embeddings travel as JSON arrays that pgvector parses; GET would
send Postgres array literals it rejects) to the functions in migrations/supabase: hybrid_search,
upsert_chunks, existing_chunk_ids, count_chunks. Errors become StoreError with the key redacted;
nothing here logs request headers. No client is built at import: `connect_supabase` does it.
"""
from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any

import httpx
import numpy as np
from postgrest.exceptions import APIError
from supabase import AsyncClient, AsyncClientOptions, acreate_client

from core.ports import Document, Embedder, StoredChunk
from core.stores.errors import StoreError, redact

log = logging.getLogger(__name__)

SCHEMA_DIM = 384  # vector(384) in the migration; mistral-embed (1024) needs a new migration
FILTER_KEYS = ("course", "doc_type", "lang")
MAX_MATCH = 50  # hybrid_search caps match_count at 50
ID_BATCH = 500  # ids per existing_chunk_ids call (keeps request bodies small)


async def connect_supabase(url: str, key: str, *, timeout_s: float = 10,
                           httpx_client: httpx.AsyncClient | None = None) -> AsyncClient:
    """Build the async client for server-side use: no session persistence, no token refresh.

    Without `httpx_client` we create one (HTTP/2 over TLS, `timeout_s` per request, connect at
    most 5 s): supabase-py would otherwise truncate a float timeout to whole seconds and warn
    that its timeout option is deprecated. A given client keeps its own timeout. Either way the
    store's `aclose()` closes it, so pass one dedicated to Supabase.
    """
    if timeout_s <= 0:
        raise ValueError("timeout_s must be > 0")
    owned = httpx_client is None
    http = httpx_client or httpx.AsyncClient(
        http2=True, follow_redirects=True,
        timeout=httpx.Timeout(timeout_s, connect=min(timeout_s, 5.0)))
    options = AsyncClientOptions(postgrest_client_timeout=timeout_s, auto_refresh_token=False,
                                 persist_session=False, httpx_client=http)
    try:
        return await acreate_client(url, key, options=options)
    except Exception as err:  # SupabaseException (bad URL/key shape) or anything unexpected
        if owned:
            await http.aclose()
        raise StoreError(f"cannot create the Supabase client for {url!r}: "
                         f"{redact(str(err), [key])}") from None


class SupabaseCourseStore:
    """Hybrid search and idempotent writes against the `chunks` table, through PostgREST RPCs."""

    def __init__(self, client: AsyncClient, embedder: Embedder, *, batch_size: int = 100,
                 dim: int = SCHEMA_DIM) -> None:
        if batch_size < 1:
            raise ValueError("batch_size must be >= 1")
        if embedder.dim != dim:
            raise StoreError(
                f"embedder {embedder.name!r} gives {embedder.dim}-d vectors but the Supabase "
                f"schema stores vector({dim}); apply a migration for that dimension first")
        self.client, self.embedder, self.batch_size, self.dim = client, embedder, batch_size, dim

    async def search(self, query: str, k: int, filters: dict[str, str] | None = None
                     ) -> list[Document]:
        """hybrid_search over child chunks; one hit per parent, parent text as context."""
        if k < 1 or not query.strip():
            return []
        vector = (await self.embedder.embed_queries([query]))[0]
        rows = await self._rpc("hybrid_search", {
            "query_text": query, "query_embedding": _as_list(vector),
            # over-fetch: several children of one parent collapse into one hit below
            "match_count": min(2 * k, MAX_MATCH), "filter": _clean_filters(filters)})
        docs: list[Document] = []
        seen_parents: set[str] = set()
        for row in rows or []:
            key = str(row.get("parent_id") or row["id"])
            if key in seen_parents:
                continue
            seen_parents.add(key)
            docs.append(_document(row))
            if len(docs) >= k:
                break
        return docs

    async def existing_ids(self, ids: Sequence[str]) -> set[str]:
        """Which ids are stored, asked in batches of ID_BATCH."""
        found: set[str] = set()
        unique = list(dict.fromkeys(ids))
        for start in range(0, len(unique), ID_BATCH):
            rows = await self._rpc("existing_chunk_ids", {"ids": unique[start:start + ID_BATCH]})
            found.update(str(r["id"]) for r in rows or [])
        return found

    async def upsert(self, chunks: Sequence[StoredChunk]) -> int:
        """Insert in batches (existing ids skipped server-side); embeds chunks that lack one."""
        missing = [i for i, c in enumerate(chunks) if c.embedding is None]
        computed: dict[int, np.ndarray] = {}
        if missing:
            vectors = await self.embedder.embed_passages([chunks[i].text for i in missing])
            computed = dict(zip(missing, vectors, strict=True))
        new = 0
        for start in range(0, len(chunks), self.batch_size):
            rows = [_row(c, computed.get(start + i, c.embedding), self.dim)
                    for i, c in enumerate(chunks[start:start + self.batch_size])]
            new += int(await self._rpc("upsert_chunks", {"rows": rows}) or 0)
        return new

    async def count(self) -> int:
        """Number of stored child chunks."""
        return int(await self._rpc("count_chunks", {}) or 0)

    async def aclose(self) -> None:
        """Close the PostgREST HTTP session (the composition root calls this at shutdown)."""
        try:
            await self.client.postgrest.aclose()
        except Exception as err:  # closing must never mask the shutdown reason
            log.debug("closing the Supabase client failed: %s", type(err).__name__)

    async def _rpc(self, fn: str, params: dict[str, Any]) -> Any:
        """POST /rest/v1/rpc/<fn>; any failure -> StoreError naming fn, never the key."""
        secrets = [self.client.supabase_key]
        try:
            response = await self.client.rpc(fn, params).execute()
        except APIError as err:
            detail = " ".join(str(p) for p in (err.code, err.message, err.hint) if p)
            raise StoreError(f"Supabase RPC {fn} failed: {redact(detail, secrets)}") from None
        except httpx.TimeoutException:
            raise StoreError(f"Supabase RPC {fn} timed out") from None
        except httpx.HTTPError as err:
            raise StoreError(f"Supabase RPC {fn} failed: {type(err).__name__}: "
                             f"{redact(str(err), secrets)}") from None
        except ValueError as err:  # malformed JSON from the server
            raise StoreError(f"Supabase RPC {fn} returned an unreadable response: "
                             f"{type(err).__name__}") from None
        return response.data


def _clean_filters(filters: dict[str, str] | None) -> dict[str, str]:
    """Drop empty values (same as the SQLite store): {"course": ""} means no course filter."""
    return {k: v for k, v in (filters or {}).items() if v not in (None, "")}


def _as_list(vector: np.ndarray) -> list[float]:
    """Compact JSON floats: 6 decimals is far below the 4-bit embedder's own error."""
    return np.round(np.asarray(vector, dtype=np.float64), 6).tolist()  # type: ignore[no-any-return]


def _row(chunk: StoredChunk, embedding: np.ndarray | None, dim: int) -> dict[str, Any]:
    if embedding is None or np.asarray(embedding).shape != (dim,):
        raise StoreError(f"chunk {chunk.id[:12]} has no {dim}-d embedding")
    return {"id": chunk.id, "content": chunk.text, "parent_id": chunk.parent_id,
            "parent_text": chunk.parent_text, "title": chunk.title, "url": chunk.url_or_path,
            "course": chunk.course, "doc_type": chunk.doc_type, "lang": chunk.lang,
            "embedding": _as_list(embedding)}


def _document(row: dict[str, Any]) -> Document:
    metadata = {**(row.get("metadata") or {}), "chunk_id": row["id"],
                "course": row.get("course", ""), "doc_type": row.get("doc_type", ""),
                "lang": row.get("lang", "")}
    if row.get("parent_id"):
        metadata["parent_id"] = row["parent_id"]
    if row.get("similarity") is not None:
        metadata["similarity"] = float(row["similarity"])
    return Document(text=row["content"], title=row.get("title") or "",
                    url_or_path=row.get("url") or "", source_type="course",
                    score=float(row.get("score") or 0.0), context=row.get("parent_text"),
                    metadata=metadata)
