"""Retrieval evaluation over the product's embedded store (SqliteCourseStore) built in a temp dir.

One store file is built (BM25 index + e5 vectors); the modes are three SqliteCourseStore views of
it with different fusion weights, so BM25-only, dense-only and hybrid rank the same data.
"""
from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np

from bot.eval_data import Doc, doc_chunks, embed_text
from bot.eval_metrics import mean, ndcg_at_k, recall_at_k
from core.ports import DocumentRecord, Embedder
from core.stores.sqlite_store import RRF_K, SqliteCourseStore

MODES: dict[str, tuple[float, float]] = {"bm25": (1.0, 0.0), "dense": (0.0, 1.0),
                                          "hybrid": (1.0, 1.0)}
DEPTH = 100  # Recall@100 needs 100 ranked documents
UPSERT_BATCH = 256


def _bar(total: int, desc: str, show: bool) -> Any:  # a tqdm bar (tqdm ships no types)
    from tqdm import tqdm

    return tqdm(total=total, desc=desc, unit="item", leave=False, disable=not show, mininterval=1.0)


async def index_corpus(path: Path, docs: list[Doc], embedder: Embedder, *, show: bool = True,
                      embed: bool = True) -> int:
    """Write every doc as one chunk with its vector (none when embed=False); returns the count."""
    store = SqliteCourseStore(path, embedder)
    chunks = doc_chunks(docs)
    bar = _bar(len(docs), "embedding docs", show)
    added = 0
    try:
        for start in range(0, len(docs), UPSERT_BATCH):
            batch = docs[start: start + UPSERT_BATCH]
            vectors = (np.asarray(await embedder.embed_passages([embed_text(d) for d in batch]))
                       if embed else [None] * len(batch))
            part = [replace(c, embedding=v, document_id=f"bench-{start}") for c, v in zip(
                chunks[start: start + UPSERT_BATCH], vectors, strict=True)]
            await store.replace_document(DocumentRecord(
                id=f"bench-{start}", course="bench", display_name=f"corpus part {start}",
                title="benchmark corpus", format="bench", doc_type="bench", content_hash=""), part)
            added += len(part)
            bar.update(len(batch))
    finally:
        bar.close()
        await store.close()
    return added


async def rank_all(store: SqliteCourseStore, queries: Mapping[str, str], *, depth: int = DEPTH,
                   desc: str = "queries", show: bool = True
                   ) -> tuple[dict[str, list[str]], list[float]]:
    """Ranked doc ids per query, and per-query latency in seconds."""
    run: dict[str, list[str]] = {}
    latencies: list[float] = []
    bar = _bar(len(queries), desc, show)
    for qid, text in queries.items():
        started = time.perf_counter()
        hits = await store.search(text, depth)
        latencies.append(time.perf_counter() - started)
        run[qid] = [h.url_or_path for h in hits]
        bar.update(1)
    bar.close()
    return run, latencies


def score(run: Mapping[str, list[str]], qrels: Mapping[str, Mapping[str, int]]) -> dict[str, float]:
    """Mean metrics over the queries that have judgements."""
    judged = [q for q in run if qrels.get(q)]
    return {"queries": len(judged),
            "ndcg@10": mean([ndcg_at_k(run[q], qrels[q], 10) for q in judged]),
            "recall@1": mean([recall_at_k(run[q], qrels[q], 1) for q in judged]),
            "recall@5": mean([recall_at_k(run[q], qrels[q], 5) for q in judged]),
            "recall@100": mean([recall_at_k(run[q], qrels[q], 100) for q in judged])}


async def evaluate_modes(path: Path, embedder: Embedder, queries: Mapping[str, str],
                         qrels: Mapping[str, Mapping[str, int]], modes: list[str], *,
                         rrf_k: int = RRF_K, show: bool = True,
                         on_run: Callable[[str, dict[str, list[str]]], None] | None = None
                         ) -> dict[str, dict[str, float]]:
    """Metrics per mode over an already built store file."""
    results: dict[str, dict[str, float]] = {}
    for mode in modes:
        store = SqliteCourseStore(path, embedder, rrf_k=rrf_k, weights=MODES[mode])
        try:
            run, latencies = await rank_all(store, queries, desc=mode, show=show)
        finally:
            await store.close()
        results[mode] = score(run, qrels) | {
            "query_ms_p50": 1000 * sorted(latencies)[len(latencies) // 2] if latencies else 0.0}
        if on_run:
            on_run(mode, run)
    return results

