"""SupabaseCourseStore: the CourseStore port over Supabase (pgvector + full text) via supabase-py.

Every call is an RPC (POST, so embeddings travel as JSON arrays that pgvector parses; GET would
send Postgres array literals it rejects) to the functions in migrations/supabase: hybrid_search,
replace_document, remove_document, list_documents, list_courses, chunk_embeddings, count_chunks,
known_terms.
A document is replaced in ONE call because PostgREST runs each call in one transaction: that is
what makes a re-ingested file atomic. Errors become StoreError with the key redacted; nothing
here logs request headers. No client is built at import: `connect_supabase` does it.
JSON shapes live in supabase_rows.
"""
from __future__ import annotations

import logging
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

import httpx
import numpy as np
from postgrest.exceptions import APIError
from supabase import AsyncClient, AsyncClientOptions, acreate_client

from core.ports import Document, DocumentRecord, Embedder, StoredChunk
from core.stores.errors import StoreError, redact
from core.stores.supabase_rows import (
    as_list,
    chunk_row,
    clean_filters,
    document_payload,
    document_record,
    parse_vector,
    search_hit,
)
from core.stores.vocabulary import term_prefix
from core.text import detect_language

log = logging.getLogger(__name__)

SCHEMA_DIM = 384  # vector(384) in the migration; mistral-embed (1024) needs a new migration
FILTER_KEYS = ("course", "doc_type", "lang", "exclude_course")  # other keys: metadata @>
MAX_MATCH = 50  # hybrid_search caps match_count at 50
ID_BATCH = 500  # ids per chunk_embeddings call (keeps request and response bodies small)
MAX_LISTED = 1000  # list_chunks caps a page at 1000 chunks


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
    """Hybrid search and whole-document writes against `documents`/`chunks`, through RPCs."""

    def __init__(self, client: AsyncClient, embedder: Embedder, *, dim: int = SCHEMA_DIM
                 ) -> None:
        if embedder.dim != dim:
            raise StoreError(
                f"embedder {embedder.name!r} gives {embedder.dim}-d vectors but the Supabase "
                f"schema stores vector({dim}); apply a migration for that dimension first")
        self.client, self.embedder, self.dim = client, embedder, dim

    async def search(self, query: str, k: int, filters: dict[str, str] | None = None
                     ) -> list[Document]:
        """hybrid_search over child chunks; one hit per parent, parent text as context."""
        if k < 1 or not query.strip():
            return []
        vector = (await self.embedder.embed_queries([query]))[0]
        rows = await self._rows("hybrid_search", {
            "query_text": query, "query_embedding": as_list(vector),
            # over-fetch: several children of one parent collapse into one hit below
            "match_count": min(2 * k, MAX_MATCH), "filter": clean_filters(filters),
            "query_lang": detect_language(query)})
        docs: list[Document] = []
        seen_parents: set[str] = set()
        with _shape("hybrid_search"):
            for row in rows:
                key = str(row.get("parent_id") or row["id"])
                if key in seen_parents:
                    continue
                seen_parents.add(key)
                docs.append(search_hit(row))
                if len(docs) >= k:
                    break
        return docs

    async def passages(self, k: int, filters: dict[str, str] | None = None) -> list[Document]:
        """Up to k child chunks passing `filters` (list_chunks, MAX_LISTED a page, each page
        after the last document and chunk id of the one before), shaped as search hits."""
        docs: list[Document] = []
        after: dict[str, str] = {}
        while len(docs) < k:
            wanted = min(k - len(docs), MAX_LISTED)
            rows = await self._rows("list_chunks", {"filter": clean_filters(filters),
                                                    "max_count": wanted, **after})
            with _shape("list_chunks"):
                docs.extend(search_hit(row) for row in rows)
                if len(rows) < wanted:
                    break
                after = {"after_document": str(rows[-1].get("document_id") or ""),
                         "after_id": str(rows[-1]["id"])}
        return docs

    async def documents(self, course: str | None = None) -> list[DocumentRecord]:
        """Every document (of one course when given) with its chunk count, by course, name."""
        params = {} if course is None else {"course": course}
        rows = await self._rows("list_documents", params)
        with _shape("list_documents"):
            return [document_record(row) for row in rows]

    async def courses(self) -> list[str]:
        """Distinct courses holding at least one document, sorted."""
        rows = await self._rows("list_courses", {})
        with _shape("list_courses"):
            return [str(row["course"]) for row in rows]

    async def embeddings_for(self, ids: Sequence[str]) -> dict[str, np.ndarray]:
        """Stored vectors by chunk id, asked in batches of ID_BATCH; unknown ids are absent."""
        found: dict[str, np.ndarray] = {}
        unique = list(dict.fromkeys(ids))
        for start in range(0, len(unique), ID_BATCH):
            rows = await self._rows("chunk_embeddings", {"ids": unique[start:start + ID_BATCH]})
            with _shape("chunk_embeddings"):
                for row in rows:
                    found[str(row["id"])] = parse_vector(row["embedding"], str(row["id"]))
        return found

    async def replace_document(self, record: DocumentRecord, chunks: Sequence[StoredChunk]
                               ) -> None:
        """One replace_document call = one transaction: the record upserted, its old chunks
        deleted, these inserted; any failure leaves the previous version as it was.

        Every chunk must carry its embedding (checked before anything is sent). A large file
        can outlast a short client timeout (2000 chunks: seconds, HNSW inserts dominate); a
        timed-out call may still commit, and repeating it is harmless."""
        params = {"doc": document_payload(record),
                  "rows": [chunk_row(c, self.dim) for c in chunks]}
        await self._rpc("replace_document", params)

    async def remove_document(self, document_id: str) -> int:
        """Delete a document and its chunks; returns the chunks removed (0: unknown id)."""
        removed = await self._rpc("remove_document", {"doc_id": document_id})
        with _shape("remove_document"):
            return int(removed or 0)

    async def count(self) -> int:
        """Number of stored child chunks."""
        counted = await self._rpc("count_chunks", {})
        with _shape("count_chunks"):
            return int(counted or 0)

    async def known_terms(self, terms: Sequence[str], filters: dict[str, str] | None = None
                          ) -> set[str]:
        """The terms some chunk passing `filters` holds (known_terms RPC: the full-text column,
        a phrase or, for one long word, a prefix; see core/stores/vocabulary.py)."""
        unique = list(dict.fromkeys(t for t in terms if t.strip()))
        if not unique:
            return set()
        rows = await self._rows("known_terms", {
            "terms": [{"term": t, "prefix": term_prefix(t)} for t in unique],
            "filter": clean_filters(filters)})
        with _shape("known_terms"):
            return {str(row["term"]) for row in rows}

    async def aclose(self) -> None:
        """Close the PostgREST HTTP session (the composition root calls this at shutdown)."""
        try:
            await self.client.postgrest.aclose()
        except Exception as err:  # closing must never mask the shutdown reason
            log.debug("closing the Supabase client failed: %s", type(err).__name__)

    async def _rows(self, fn: str, params: dict[str, Any]) -> list[dict[str, Any]]:
        """An RPC that returns rows: a list of JSON objects (none: []), else StoreError."""
        data = await self._rpc(fn, params)
        if data is None:
            return []
        if not isinstance(data, list) or not all(isinstance(row, dict) for row in data):
            raise StoreError(f"Supabase RPC {fn} returned {type(data).__name__}, not rows")
        return data

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


@contextmanager
def _shape(fn: str) -> Iterator[None]:
    """Rows missing a column or holding the wrong type: a StoreError naming the RPC."""
    try:
        yield
    except (KeyError, TypeError, ValueError) as err:
        raise StoreError(f"Supabase RPC {fn} returned rows of an unexpected shape "
                         f"({type(err).__name__})") from None
