"""Document records in the embedded store: replace, remove, list (synchronous, one connection).

The SQLite course store calls these under its lock from a worker thread; each write is one
transaction, so a crash mid-way leaves the previous version of a document, never half of each.
"""
from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import PurePosixPath

import numpy as np

from core.ingest.document import document_id
from core.ports import DocumentRecord, StoredChunk
from core.text import search_form

BATCH = 500
_COLUMNS = ("d.id, d.course, d.display_name, d.title, d.format, d.doc_type, d.content_hash, "
            "d.pages, d.ingested_at, (SELECT count(*) FROM chunks c WHERE c.document_id = d.id)")


def replace_document(db: sqlite3.Connection, record: DocumentRecord,
                     chunks: Sequence[StoredChunk]) -> None:
    """Swap a document's chunks for new ones in one transaction (no stale chunk survives)."""
    with db:
        _delete_chunks(db, record.id)
        db.execute(
            "INSERT INTO documents(id, course, display_name, title, format, doc_type, content_hash,"
            " pages, ingested_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT(id) DO UPDATE SET"
            " title = excluded.title, format = excluded.format, doc_type = excluded.doc_type,"
            " content_hash = excluded.content_hash, pages = excluded.pages,"
            " ingested_at = excluded.ingested_at",
            (record.id, record.course, record.display_name, record.title, record.format,
             record.doc_type, record.content_hash, record.pages,
             datetime.now(UTC).strftime("%Y-%m-%d %H:%M:%S")))
        # an id reads case and spacing out of the text ("…region of\n\n50 bytes" and "…region
        # of 50 bytes" are one parent): the text read now replaces the text read before
        db.executemany("INSERT INTO parents(id, content) VALUES (?, ?)"
                       " ON CONFLICT(id) DO UPDATE SET content = excluded.content",
                       [(c.parent_id, c.parent_text) for c in chunks])
        fresh = list({c.id: c for c in chunks}.values())
        db.executemany(
            "INSERT INTO chunks(id, content, parent_id, title, url, course, doc_type, lang,"
            " embedding, document_id, page, section, ocr_confidence)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [(c.id, c.text, c.parent_id, c.title, c.url_or_path, c.course, c.doc_type, c.lang,
              None if c.embedding is None else np.asarray(c.embedding, np.float32).tobytes(),
              record.id, c.page, c.section, c.ocr_confidence) for c in fresh])
        db.execute(
            "INSERT INTO chunks_fts(rowid, content, title) SELECT rowid, search_form(content),"
            " search_form(title) FROM chunks WHERE document_id = ?", (record.id,))
        _drop_orphan_parents(db)


def remove_document(db: sqlite3.Connection, doc_id: str) -> int:
    """Delete a document and its chunks; returns the chunks removed."""
    with db:
        removed = _delete_chunks(db, doc_id)
        db.execute("DELETE FROM documents WHERE id = ?", (doc_id,))
        _drop_orphan_parents(db)
    return removed


def _delete_chunks(db: sqlite3.Connection, doc_id: str) -> int:
    rowids = [r[0] for r in db.execute("SELECT rowid FROM chunks WHERE document_id = ?",
                                       (doc_id,))]
    for start in range(0, len(rowids), BATCH):
        batch = rowids[start: start + BATCH]
        db.execute(f"DELETE FROM chunks_fts WHERE rowid IN ({','.join('?' * len(batch))})", batch)
    db.execute("DELETE FROM chunks WHERE document_id = ?", (doc_id,))
    return len(rowids)


def _drop_orphan_parents(db: sqlite3.Connection) -> None:
    db.execute("DELETE FROM parents WHERE NOT EXISTS "
               "(SELECT 1 FROM chunks c WHERE c.parent_id = parents.id)")


def list_documents(db: sqlite3.Connection, course: str | None = None) -> list[DocumentRecord]:
    where, args = ("WHERE d.course = ?", (course,)) if course is not None else ("", ())
    rows = db.execute(f"SELECT {_COLUMNS} FROM documents d {where} "
                      "ORDER BY d.course, d.display_name", args).fetchall()
    return [DocumentRecord(id=r[0], course=r[1], display_name=r[2], title=r[3], format=r[4],
                           doc_type=r[5], content_hash=r[6], pages=r[7], chunks=r[9],
                           ingested_at=_parse_time(r[8])) for r in rows]


def list_courses(db: sqlite3.Connection) -> list[str]:
    return [r[0] for r in db.execute("SELECT DISTINCT course FROM documents ORDER BY course")]


def embeddings_for(db: sqlite3.Connection, ids: Sequence[str]) -> dict[str, np.ndarray]:
    found: dict[str, np.ndarray] = {}
    for start in range(0, len(ids), BATCH):
        batch = list(ids[start: start + BATCH])
        for chunk_id, blob in db.execute(
                f"SELECT id, embedding FROM chunks WHERE embedding IS NOT NULL AND id IN "
                f"({','.join('?' * len(batch))})", batch):
            found[chunk_id] = np.frombuffer(blob, dtype=np.float32).copy()
    return found


def adopt_legacy_chunks(db: sqlite3.Connection) -> None:
    """Give chunks stored before documents existed a document per (course, path), so they can
    be listed, removed, and replaced by re-ingesting the file under the same name."""
    groups = db.execute("SELECT course, url, min(title), min(doc_type) FROM chunks "
                        "WHERE document_id IS NULL GROUP BY course, url").fetchall()
    if not groups:
        return
    with db:
        for course, url, title, doc_type in groups:
            doc_id = document_id(course, url)
            db.execute("INSERT OR IGNORE INTO documents(id, course, display_name, title, format,"
                       " doc_type) VALUES (?, ?, ?, ?, ?, ?)",
                       (doc_id, course, url, title.split(" › ")[0],
                        PurePosixPath(url).suffix.lstrip(".").lower(), doc_type))
            db.execute("UPDATE chunks SET document_id = ? WHERE document_id IS NULL AND course = ?"
                       " AND url = ?", (doc_id, course, url))


def register_functions(db: sqlite3.Connection) -> None:
    """SQL access to the search form, so FTS rows are written inside the same statement."""
    db.create_function("search_form", 1, search_form, deterministic=True)


def _parse_time(value: str | None) -> datetime | None:
    if not value:
        return None
    try:
        return datetime.fromisoformat(value).replace(tzinfo=UTC)
    except ValueError:
        return None
