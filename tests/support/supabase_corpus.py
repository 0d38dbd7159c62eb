"""Course documents for the Supabase store tests: API keys, a small bilingual corpus and
documents built the way ingestion hands them to a CourseStore (embedded, page and section set,
chunk id = hash of document id + text), plus a migrated database behind the RPC shim."""
from __future__ import annotations

import hashlib
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from core.ports import CourseStore, DocumentRecord, StoredChunk
from core.stores.pg_migrate import apply_migrations
from core.stores.sqlite_store import SqliteCourseStore
from core.stores.supabase_store import SupabaseCourseStore, connect_supabase
from tests.support.fake_embedder import HashingEmbedder
from tests.support.postgres import LocalPostgres, bootstrap_supabase_roles
from tests.support.postgrest_shim import PostgrestShim

SERVICE_KEY = "eyJhbGciOiJIUzI1NiJ9.c2VydmljZV9yb2xl.service-canary-7f3a9c"
ANON_KEY = "eyJhbGciOiJIUzI1NiJ9.YW5vbg.anon-canary-51d2e0"
KEYS = {SERVICE_KEY: "service_role", ANON_KEY: "anon"}

BST = "A binary search tree keeps keys in sorted order, so lookup takes logarithmic time."
DIJKSTRA = "Dijkstra's algorithm finds shortest paths in a graph with non-negative edge weights."
PHOTO_AR = "البناء الضوئي يحول الطاقة الضوئية إلى طاقة كيميائية مخزنة في الجلوكوز داخل النبات."
MITO_AR = "الميتوكوندريا هي مصنع الطاقة في الخلية وتنتج جزيئات الطاقة."
# (course, display name, doc_type, lang, passages); passage n sits on page n + 1
CORPUS = [
    ("cs101", "trees.md", "lecture", "en", [
        BST, "Balanced trees such as AVL trees rotate nodes to keep their height logarithmic."]),
    ("cs101", "graphs.md", "lecture", "en", [DIJKSTRA]),
    ("cs101", "sorting-exercise.md", "exercise", "en", [
        "Exercise: sort the array with merge sort and count the comparisons you make."]),
    ("bio110", "photosynthesis.md", "lecture", "en", [
        "Photosynthesis converts light energy into chemical energy stored in glucose."]),
    ("bio110", "photosynthesis-ar.md", "lecture", "ar", [PHOTO_AR]),
    ("bio110", "cells-ar.md", "lecture", "ar", [MITO_AR]),
    ("bio110", "cells-exercise.md", "exercise", "en", [
        "Exercise: label the parts of a plant cell, including the chloroplast and the vacuole."]),
]
EMBEDDER = HashingEmbedder()


def doc_id(course: str, name: str) -> str:
    """Stable for (course, display name), like ingestion's document ids."""
    return hashlib.sha256(f"{course}/{name}".encode()).hexdigest()[:32]


async def build(course: str, name: str, doc_type: str = "note", lang: str = "en",
                passages: Sequence[str] = (), *, version: str = "v1", embedder: Any = None
                ) -> tuple[DocumentRecord, list[StoredChunk]]:
    """A document and its chunks as ingestion hands them over: embedded, one parent, with
    page = position + 1 and section "S<n>"; chunk id = hash of document id + text."""
    did = doc_id(course, name)
    vectors = await (embedder or EMBEDDER).embed_passages(list(passages))
    chunks = [StoredChunk(id=hashlib.sha256(f"{did} {text}".encode()).hexdigest(), text=text,
                          parent_id=f"{did}/parent", parent_text=f"[{name}] {' '.join(passages)}",
                          title=f"{course} {name} › S{n + 1}", url_or_path=name, course=course,
                          doc_type=doc_type, lang=lang, embedding=vector, document_id=did,
                          page=n + 1, section=f"S{n + 1}")
              for n, (text, vector) in enumerate(zip(passages, vectors, strict=True))]
    record = DocumentRecord(id=did, course=course, display_name=name, title=f"{name} title",
                            format="md", doc_type=doc_type, content_hash=f"{name}-{version}",
                            pages=len(passages))
    return record, chunks


async def load_corpus(store: CourseStore, embedder: Any = None) -> None:
    """Every CORPUS document, replaced (so loading twice changes nothing)."""
    for course, name, doc_type, lang, passages in CORPUS:
        await store.replace_document(*await build(course, name, doc_type, lang, passages,
                                                  embedder=embedder))


def serve(local_postgres: LocalPostgres, name: str) -> PostgrestShim:
    """A fresh migrated database with Supabase's roles, and an (unstarted) shim for it."""
    dsn = local_postgres.create_database(name)
    bootstrap_supabase_roles(dsn)
    apply_migrations(dsn)
    return PostgrestShim(dsn, KEYS)


@asynccontextmanager
async def corpus_store(url: str) -> AsyncIterator[SupabaseCourseStore]:
    """A Supabase store over the shim at `url`, holding the shared corpus (loading is
    idempotent, so every test may start from it)."""
    store = SupabaseCourseStore(await connect_supabase(url, SERVICE_KEY), EMBEDDER)
    await load_corpus(store)
    try:
        yield store
    finally:
        await store.aclose()


@asynccontextmanager
async def either_store(kind: str, tmp_path: Path, shim_url: str | None,
                       load: Callable[[CourseStore], Awaitable[None]] = load_corpus,
                       embedder: Any = EMBEDDER) -> AsyncIterator[CourseStore]:
    """The embedded store (kind "sqlite") or the Supabase one over the shim at `shim_url`,
    filled by `load`: for tests that hold both stores to one behaviour."""
    if kind == "sqlite":
        sqlite = SqliteCourseStore(tmp_path / "s.db", embedder)
        store: CourseStore = sqlite
        close = sqlite.close
    else:
        assert shim_url is not None
        supabase = SupabaseCourseStore(await connect_supabase(shim_url, SERVICE_KEY), embedder)
        store, close = supabase, supabase.aclose
    try:
        await load(store)
        yield store
    finally:
        await close()
