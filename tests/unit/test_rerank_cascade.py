"""RerankCascade: Jina -> local -> retrieval, each answer calibrated to [0, 1], tier reported."""
from __future__ import annotations

import asyncio
import dataclasses
import hashlib
import itertools
import logging
import re
from collections.abc import Sequence

import httpx
import numpy as np
import pytest

from core.ports import Ranked
from core.rerank.cascade import RerankCascade, retrieval_scores_by_rank
from core.rerank.jina import JinaReranker
from core.rerank.local import LocalReranker, clip_passage

PASSAGES = ["Mitochondria produce ATP in the cell.", "Paris is the capital of France.",
            "The cell membrane controls what enters the cell."]
QUESTION = "Where in the cell is ATP produced by mitochondria?"


class BagOfWordsEmbedder:
    """Deterministic Embedder (our port): hashed bag of words, unit rows."""

    name = "fake-e5-bow"
    dim = 64

    def __init__(self, fail: bool = False) -> None:
        self.fail = fail
        self.passages_seen: list[str] = []

    def _rows(self, texts: Sequence[str]) -> np.ndarray:
        if self.fail:
            raise RuntimeError("embedder offline")
        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        for i, text in enumerate(texts):
            for word in re.findall(r"\w+", text.lower()):
                out[i, hashlib.md5(word.encode()).digest()[0] % self.dim] += 1.0
        return out / np.maximum(np.linalg.norm(out, axis=1, keepdims=True), 1e-9)

    async def embed_queries(self, texts: Sequence[str]) -> np.ndarray:
        return self._rows(texts)

    async def embed_passages(self, texts: Sequence[str]) -> np.ndarray:
        self.passages_seen.extend(texts)
        return self._rows(texts)


class FixedReranker:
    def __init__(self, name: str, scores: list[float]) -> None:
        self.name, self.scores, self.calls = name, scores, 0

    async def score(self, query: str, passages: Sequence[str]) -> list[float]:
        self.calls += 1
        return list(self.scores)


class SlowReranker:
    name = "slow"

    async def score(self, query: str, passages: Sequence[str]) -> list[float]:
        await asyncio.sleep(10)
        return [1.0] * len(passages)


def jina(status: int = 200, body: dict | None = None) -> JinaReranker:
    transport = httpx.MockTransport(lambda r: httpx.Response(status, json=body or {}))
    return JinaReranker(httpx.AsyncClient(transport=transport), "jina_KEY")


def warnings(caplog) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.levelno == logging.WARNING]


async def test_jina_answer_is_used_when_it_works():
    body = {"results": [{"index": i, "relevance_score": s} for i, s in enumerate([0.9, 0.1, 0.3])]}
    ranked = await RerankCascade([jina(body=body), LocalReranker(BagOfWordsEmbedder())]).score(
        QUESTION, PASSAGES)
    assert ranked.tier == "jina" and ranked.scores == pytest.approx([0.9, 0.1, 0.3], abs=1e-6)


async def test_jina_429_falls_through_to_local(caplog):
    cascade = RerankCascade([jina(429), LocalReranker(BagOfWordsEmbedder())])
    ranked = await cascade.score(QUESTION, PASSAGES, [0.03, 0.02, 0.01])
    assert ranked.tier == "local"
    assert all(0.0 <= s <= 1.0 for s in ranked.scores)
    assert ranked.scores[0] == max(ranked.scores)  # the passage sharing the question's words
    [message] = warnings(caplog)
    assert "jina" in message and "HTTP 429" in message and "jina_KEY" not in message


async def test_everything_failing_falls_back_to_calibrated_retrieval_order(caplog):
    cascade = RerankCascade([jina(402), LocalReranker(BagOfWordsEmbedder(fail=True))])
    ranked = await cascade.score(QUESTION, PASSAGES)
    assert ranked == Ranked(retrieval_scores_by_rank(3), "retrieval")
    assert all(0.0 < s < 1.0 for s in ranked.scores)
    assert ranked.scores[0] > ranked.scores[1] > ranked.scores[2]
    jina_outage, local_bug = [r for r in caplog.records if r.levelno >= logging.WARNING]
    assert jina_outage.levelno == logging.WARNING and jina_outage.exc_info is None
    assert local_bug.levelno == logging.ERROR and local_bug.exc_info is not None  # a traceback


async def test_no_tiers_means_retrieval_tier():
    ranked = await RerankCascade([]).score(QUESTION, PASSAGES, [0.2, 0.9, 0.5])
    assert ranked.tier == "retrieval" and ranked.scores == retrieval_scores_by_rank(3)


async def test_malformed_tier_answers_are_failures():
    wrong_length = FixedReranker("short", [0.5])
    out_of_range = FixedReranker("raw-logits", [3.2, -1.0, 0.4])
    not_finite = FixedReranker("nan", [float("nan"), 0.1, 0.2])
    good = FixedReranker("good", [0.7, 0.2, 0.4])
    cascade = RerankCascade([wrong_length, out_of_range, not_finite, good])
    ranked = await cascade.score("q", PASSAGES)
    assert ranked == Ranked([0.7, 0.2, 0.4], "good")


async def test_a_slow_tier_is_cut_off_by_the_per_tier_timeout():
    ranked = await RerankCascade([SlowReranker(), FixedReranker("next", [0.1, 0.2, 0.3])],
                                 timeout_s=0.05).score("q", PASSAGES)
    assert ranked.tier == "next"


async def test_empty_pool_calls_no_tier():
    tier = FixedReranker("any", [])
    assert await RerankCascade([tier]).score("q", []) == Ranked([], "retrieval")
    assert tier.calls == 0


async def test_retrieval_scores_must_match_the_passages():
    with pytest.raises(ValueError, match="2 retrieval scores for 3 passages"):
        await RerankCascade([]).score("q", PASSAGES, [0.1, 0.2])


def test_ranked_is_frozen_and_tier_names_are_listed():
    with pytest.raises(dataclasses.FrozenInstanceError):
        Ranked([0.5], "local").tier = "jina"  # type: ignore[misc]
    cascade = RerankCascade([jina(), LocalReranker(BagOfWordsEmbedder())])
    assert cascade.tier_names == ["jina", "local", "retrieval"]


def test_retrieval_scores_are_monotone_over_a_whole_pool():
    scores = retrieval_scores_by_rank(50)
    assert all(a > b for a, b in itertools.pairwise(scores)) and 0.0 < scores[-1] < scores[0] < 1.0


async def test_local_tier_clips_long_passages_like_the_calibration_data():
    embedder = BagOfWordsEmbedder()
    long_passage = "word " * 1000
    await LocalReranker(embedder).score("q", [long_passage, "short"])
    assert embedder.passages_seen == [clip_passage(long_passage), "short"]
    assert len(embedder.passages_seen[0]) <= 1000


async def test_local_tier_rejects_misshapen_embeddings():
    class Broken(BagOfWordsEmbedder):
        async def embed_passages(self, texts: Sequence[str]) -> np.ndarray:
            return np.zeros((1, self.dim), dtype=np.float32)

    ranked = await RerankCascade([LocalReranker(Broken())]).score("q", PASSAGES)
    assert ranked.tier == "retrieval"
