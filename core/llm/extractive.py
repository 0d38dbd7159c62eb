"""Offline answers: the question-relevant sentences ("knowledge strips", as in the CRAG paper) of
the top chunks, recomposed into a short answer where every sentence keeps its source.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from core.ports import Embedder
from core.rag.injection import has_foreign_url, looks_like_injection
from core.rag.state import Chunk
from core.text import keywords, normalize, split_sentences

E5_FLOOR, E5_SPAN = 0.75, 0.2  # e5 cosines live in ~0.75-0.95: rescale to ~0-1
MAX_STRIPS_PER_CHUNK = 12
TITLE_WEIGHT = 0.6


@dataclass(frozen=True, slots=True)
class Strip:
    """One sentence of one context chunk with its relevance to the question."""

    text: str
    chunk: int  # index into the chunks given
    position: int  # sentence index inside the chunk
    score: float


async def relevant_strips(question: str, chunks: Sequence[Chunk], embedder: Embedder | None,
                          limit: int) -> list[Strip]:
    """Best `limit` sentences for the question, in reading order (chunk rank, then position)."""
    candidates: list[tuple[int, int, str]] = []
    for ci, chunk in enumerate(chunks):
        for pi, sentence in enumerate(split_sentences(chunk.context)[:MAX_STRIPS_PER_CHUNK * 2]):
            # Untrusted text: never quote instructions to the assistant or links of its own.
            if looks_like_injection(sentence) or has_foreign_url(sentence, chunk.url_or_path):
                continue
            candidates.append((ci, pi, sentence))
    if not candidates:
        return []
    q_words = set(keywords(question))
    # A section title names what its sentences only imply ("Breadth-first search (BFS)" above
    # "Breadth-first search explores..."), so title words count, at a discount.
    lexical = np.array([max(_overlap(q_words, s), TITLE_WEIGHT * _overlap(q_words, f"{chunks[ci].title} {s}"))
                        for ci, _, s in candidates])
    semantic = np.zeros(len(candidates))
    if embedder is not None:
        q = await embedder.embed_queries([question])
        s = await embedder.embed_passages([text for _, _, text in candidates])
        semantic = np.clip((s @ q[0] - E5_FLOOR) / E5_SPAN, 0.0, 1.0)
    weights = np.array([(chunks[ci].score or 0.0) for ci, _, _ in candidates])
    total = 0.45 * lexical + 0.45 * semantic + 0.10 * weights
    best = float(total.max())
    order = np.argsort(-total, kind="stable")
    picked: list[Strip] = []
    seen: set[str] = set()
    for i in order:
        ci, pi, text = candidates[int(i)]
        if total[i] < 0.5 * best:
            break
        if lexical[i] == 0 and semantic[i] < 0.5:
            continue
        key = normalize(text)
        if key in seen:
            continue
        seen.add(key)
        picked.append(Strip(text, ci, pi, float(total[i])))
        if len(picked) >= limit:
            break
    return sorted(picked, key=lambda s: (s.chunk, s.position))


def _overlap(q_words: set[str], sentence: str) -> float:
    if not q_words:
        return 0.0
    return len(q_words & set(keywords(sentence))) / len(q_words)
