"""A plain in-memory Okapi BM25, used by the calibration script to pick hard negatives."""
from __future__ import annotations

import math
import re
from collections import Counter, defaultdict

_TOKEN = re.compile(r"\w+")

class BM25:
    """Plain Okapi BM25 (k1=0.9, b=0.4 as in Anserini) over \\w+ tokens; enough for negatives."""

    def __init__(self, docs: list[str], k1: float = 0.9, b: float = 0.4) -> None:
        self.k1, self.b = k1, b
        self.tfs = [Counter(_TOKEN.findall(d.lower())) for d in docs]
        self.lens = [sum(tf.values()) for tf in self.tfs]
        self.avg = sum(self.lens) / len(self.lens)
        df = Counter(t for tf in self.tfs for t in tf)
        n = len(docs)
        self.idf = {t: math.log(1 + (n - f + 0.5) / (f + 0.5)) for t, f in df.items()}
        self.postings: dict[str, list[int]] = defaultdict(list)
        for i, tf in enumerate(self.tfs):
            for t in tf:
                self.postings[t].append(i)

    def top(self, query: str, k: int) -> list[int]:
        scores: dict[int, float] = defaultdict(float)
        for t in set(_TOKEN.findall(query.lower())):
            for i in self.postings.get(t, ()):
                tf = self.tfs[i][t]
                norm = tf + self.k1 * (1 - self.b + self.b * self.lens[i] / self.avg)
                scores[i] += self.idf[t] * tf * (self.k1 + 1) / norm
        return sorted(scores, key=lambda i: -scores[i])[:k]


