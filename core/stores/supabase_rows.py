"""JSON shapes exchanged with the Supabase RPCs (migrations/supabase), kept apart from the HTTP
plumbing in supabase_store: what we send (document, chunk rows) and what we read back (search
hits, document records, vectors)."""
from __future__ import annotations

import json
from dataclasses import asdict
from datetime import datetime
from typing import Any

import numpy as np

from core.ports import Document, DocumentRecord, StoredChunk
from core.stores.errors import StoreError

DOCUMENT_FIELDS = ("id", "course", "display_name", "title", "format", "doc_type",
                   "content_hash", "pages")


def clean_filters(filters: dict[str, str] | None) -> dict[str, str]:
    """Drop empty values (same as the SQLite store): {"course": ""} means no course filter."""
    return {k: v for k, v in (filters or {}).items() if v not in (None, "")}


def as_list(vector: np.ndarray) -> list[float]:
    """Compact JSON floats: 6 decimals is far below the 4-bit embedder's own error."""
    return [float(x) for x in np.round(np.asarray(vector, dtype=np.float64), 6)]


def document_payload(record: DocumentRecord) -> dict[str, Any]:
    """The `doc` argument of replace_document: chunks and ingested_at are the database's."""
    if not record.id or not record.display_name:
        raise StoreError("a document needs an id and a display name")
    data = asdict(record)
    return {name: data[name] for name in DOCUMENT_FIELDS}


def chunk_row(chunk: StoredChunk, dim: int) -> dict[str, Any]:
    """One element of replace_document's `rows`; a missing or wrong-sized vector is refused here
    so nothing is sent (the store never embeds: the pipeline chooses what text is embedded)."""
    embedding = chunk.embedding
    if embedding is None or np.asarray(embedding).shape != (dim,):
        raise StoreError(f"chunk {chunk.id[:12]} has no {dim}-d embedding")
    return {"id": chunk.id, "content": chunk.text, "parent_id": chunk.parent_id,
            "parent_text": chunk.parent_text, "title": chunk.title, "url": chunk.url_or_path,
            "lang": chunk.lang, "page": chunk.page, "section": chunk.section,
            "metadata": ({} if chunk.ocr_confidence is None
                         else {"ocr_confidence": round(chunk.ocr_confidence, 1)}),
            "embedding": as_list(embedding)}


def search_hit(row: dict[str, Any]) -> Document:
    """A hybrid_search row as a Document; metadata names the chunk and where it sits."""
    page = row.get("page")
    metadata = {**(row.get("metadata") or {}), "chunk_id": row["id"],
                "course": row.get("course") or "", "doc_type": row.get("doc_type") or "",
                "lang": row.get("lang") or "", "parent_id": row.get("parent_id") or "",
                "document_id": row.get("document_id") or "",
                "page": int(page) if page is not None else None,
                "section": row.get("section") or ""}
    if row.get("similarity") is not None:
        metadata["similarity"] = float(row["similarity"])
    return Document(text=row["content"], title=row.get("title") or "",
                    url_or_path=row.get("url") or "", source_type="course",
                    score=float(row.get("score") or 0.0), context=row.get("parent_text"),
                    metadata=metadata)


def document_record(row: dict[str, Any]) -> DocumentRecord:
    """A list_documents row (timestamps arrive as ISO 8601 text with an offset)."""
    ingested = row.get("ingested_at")
    pages = row.get("pages")
    return DocumentRecord(
        id=str(row["id"]), course=row.get("course") or "",
        display_name=row.get("display_name") or "", title=row.get("title") or "",
        format=row.get("format") or "", doc_type=row.get("doc_type") or "",
        content_hash=row.get("content_hash") or "",
        pages=int(pages) if pages is not None else None, chunks=int(row.get("chunks") or 0),
        ingested_at=datetime.fromisoformat(ingested) if ingested else None)


def parse_vector(value: Any, chunk_id: str) -> np.ndarray:
    """pgvector through PostgREST is its text form "[0.1,0.2]"; a JSON array is accepted too."""
    try:
        items = json.loads(value) if isinstance(value, str) else value
        vector = np.asarray(items, dtype=np.float32)
    except (TypeError, ValueError):
        raise StoreError(f"unreadable embedding for chunk {chunk_id[:12]}") from None
    if vector.ndim != 1 or vector.size == 0:
        raise StoreError(f"unreadable embedding for chunk {chunk_id[:12]}")
    return vector
