"""normalize: turns raw documents into Chunks with content ids (SHA-256 of normalised text)."""
from __future__ import annotations

from core.ports import Document
from core.rag.state import Chunk, RagState
from core.text import clean_input, clean_passage, content_id


async def normalize(state: RagState) -> RagState:
    """Clean text, give each hit its content id, and drop duplicates within the pass."""
    seen: dict[str, Chunk] = {}
    for rank, doc in state.get("documents") or []:
        chunk = to_chunk(doc, rank)
        if chunk is None:
            continue
        kept = seen.get(chunk.id)
        if kept is None or chunk.retrieval_score > kept.retrieval_score:
            seen[chunk.id] = chunk
    return {"route": ["normalize"], "chunks": list(seen.values())}


def to_chunk(doc: Document, rank: int) -> Chunk | None:
    text = clean_input(doc.text)
    if not text:
        return None
    context = clean_passage(doc.context) if doc.context else text
    return Chunk(id=str(doc.metadata.get("chunk_id") or content_id(text)), text=text,
                 context=context or text, title=clean_input(doc.title) or "Untitled",
                 url_or_path=doc.url_or_path, source_type=doc.source_type, source_rank=rank,
                 retrieval_score=float(doc.score), page=_page(doc.metadata.get("page")),
                 section=str(doc.metadata.get("section") or ""),
                 doc_type=str(doc.metadata.get("doc_type") or ""))


def _page(value: object) -> int | None:
    try:
        return int(value) if value is not None else None  # type: ignore[call-overload]
    except (TypeError, ValueError):
        return None
