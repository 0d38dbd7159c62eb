"""How close each sentence is in meaning to the question: the offline encoders' cosines put on
one 0-1 band, within a language and across English and Arabic."""
from __future__ import annotations

import numpy as np

from core.ports import Embedder

E5_FLOOR, E5_SPAN = 0.75, 0.2  # e5 cosines live in ~0.75-0.95: rescale to ~0-1
# An Arabic question against an English sentence (or the reverse) scores lower and closer
# together: on 300 parallel XQuAD questions the answer / other sentences averaged 0.788 / 0.752
# across languages, 0.863 / 0.804 within one. This band maps the first pair onto the second, so
# the English page that answers an Arabic question is not outranked by any Arabic sentence.
E5_CROSS_FLOOR, E5_CROSS_SPAN = 0.719, 0.123
# Across languages e5 alone often ranks the wrong sentence first, so a second encoder (USE
# multilingual, core/llm/use_embedder.py) is averaged in with an equal share, its cosines put on
# e5's cross band the same way (XQuAD answer / other sentences: 0.265 / 0.123). Arabic XQuAD
# questions over their English paragraphs (587): answer sentence ranked first 62.2% by e5,
# 69.5% by both. Within one language it gained too little to keep (+1 point top sentence).
USE_FLOOR, USE_SPAN = 0.049, 0.437
USE_CROSS_SHARE = 0.5


async def closeness(question: str, sentences: list[str], cross: np.ndarray,
                    embedder: Embedder | None, second: Embedder | None) -> np.ndarray:
    """How close each sentence is in meaning to the question, 0-1: e5's cosine on its band;
    a sentence in the other language on the cross-language band, averaged with the second
    encoder's reading when there is one."""
    if embedder is None:
        return np.zeros(len(sentences))
    texts = [" ".join(s.split()) for s in sentences]
    cosine = await _cosines(embedder, question, texts)
    band = np.where(cross, (cosine - E5_CROSS_FLOOR) / E5_CROSS_SPAN, (cosine - E5_FLOOR) / E5_SPAN)
    if second is not None and cross.any():
        other = np.zeros(len(texts))
        crossing = [t for t, c in zip(texts, cross, strict=True) if c]
        other[cross] = (await _cosines(second, question, crossing) - USE_FLOOR) / USE_SPAN
        band = np.where(cross, (1 - USE_CROSS_SHARE) * band + USE_CROSS_SHARE * other, band)
    return np.clip(band, 0.0, 1.0)


async def _cosines(embedder: Embedder, question: str, texts: list[str]) -> np.ndarray:
    q = await embedder.embed_queries([question])
    return np.asarray(await embedder.embed_passages(texts) @ q[0])
