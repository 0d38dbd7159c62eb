"""Fit the offline verifier shipped in core/rag/verify.py (WEIGHTS, BIAS, THRESHOLD).

    .venv/bin/python -m bot eval docs --docs bench/realdocs_suite/docs \\
        --qa bench/realdocs_suite/qa_en.jsonl bench/realdocs_suite/qa_ar.jsonl \\
        --half fit --json > suite-fit.json
    (the same for bench/realdocs_fresh to realdocs_fresh8, each with its own qa files, into
    fresh-fit.json to fresh8-fit.json; or all at once: bench/fit_halves.py)
    .venv/bin/python -m bench.fit_verifier suite-fit.json fresh-fit.json ... fresh8-fit.json \\
        [--precision 0.955]

Only the fit halves are read (of every question set given): the replies that would be ✅ without
the verifier (confidence "course", or "unchecked" when a verifier is already shipped) are the
examples, labelled 1 when the question is answerable and the reply contains a gold answer. An
L2-regularised logistic regression on standardised `core.rag.verify.FEATURES`; the threshold is
the lowest that keeps the fit halves' ✅-precision at `--precision`. What to expect on documents
nobody fitted on, before anyone looks at a report half: leave one set out (fit on the other
sets' fit halves, judge the one left out; the sets share no document), and five-fold by question.
"""
from __future__ import annotations

import argparse
import json
import random
from pathlib import Path
from typing import Any

import numpy as np

from core.rag.verify import FEATURES

CANDIDATES = ("course", "unchecked")  # the marks the verifier chooses between


def examples(paths: list[Path]) -> tuple[np.ndarray, np.ndarray, int]:
    """Feature rows and labels of the fit halves' would-be ✅ replies, and how many answerable
    questions the halves have (the ✅-coverage denominator)."""
    records = [r for path in paths for r in json.loads(path.read_text(encoding="utf-8"))["questions"]
               if r.get("half") in (None, "fit")]
    answerable = sum(bool(r["answerable"]) for r in records)
    rows = [r for r in records if r["confidence"] in CANDIDATES and r.get("evidence")]
    x = np.array([[r["evidence"].get(f, 0.0) for f in FEATURES] for r in rows], dtype=float)
    y = np.array([float(r["answerable"] and r["gold_in_reply"]) for r in rows])
    return x, y, answerable


def fit(x: np.ndarray, y: np.ndarray, l2: float = 10.0, steps: int = 4000
        ) -> tuple[np.ndarray, float]:
    """Logistic regression by gradient descent on standardised features; weights in raw units."""
    mean, std = x.mean(axis=0), x.std(axis=0)
    std[std == 0] = 1.0
    z = (x - mean) / std
    w, b = np.zeros(z.shape[1]), 0.0
    for _ in range(steps):
        p = 1 / (1 + np.exp(-(z @ w + b)))
        w -= 0.1 * ((z.T @ (p - y)) / len(y) + l2 * w / len(y))
        b -= 0.1 * float(np.mean(p - y))
    raw = w / std
    return raw, b - float(raw @ mean)


def predict(x: np.ndarray, w: np.ndarray, b: float) -> np.ndarray:
    return 1 / (1 + np.exp(-(x @ w + b)))


def threshold_for(p: np.ndarray, y: np.ndarray, precision: float) -> float:
    """The lowest threshold whose ✅ set (p >= t) keeps `precision`."""
    for t in sorted(set(np.round(p, 4))):
        chosen = p >= t
        if chosen.any() and y[chosen].mean() >= precision:
            return float(t)
    return 1.0


def cross_validate(x: np.ndarray, y: np.ndarray, precision: float, folds: int = 5,
                   seed: int = 13) -> dict[str, Any]:
    """✅ kept and its precision on held-out folds, the threshold chosen on the rest."""
    order = list(range(len(y)))
    random.Random(seed).shuffle(order)
    kept = right = 0
    for k in range(folds):
        test = np.array(order[k::folds])
        train = np.array([i for i in order if i not in set(test)])
        w, b = fit(x[train], y[train])
        t = threshold_for(predict(x[train], w, b), y[train], precision)
        chosen = predict(x[test], w, b) >= t
        kept += int(chosen.sum())
        right += int(y[test][chosen].sum())
    return {"kept": kept, "right": right, "precision": right / kept if kept else 0.0}


def leave_one_set_out(paths: list[Path], precision: float) -> dict[str, Any]:
    """✅ kept and its precision on each set, the model and threshold fitted on the others."""
    sets = [examples([path]) for path in paths]
    kept = right = 0
    for k, (x, y, _) in enumerate(sets):
        train_x = np.vstack([s[0] for i, s in enumerate(sets) if i != k])
        train_y = np.concatenate([s[1] for i, s in enumerate(sets) if i != k])
        w, b = fit(train_x, train_y)
        chosen = predict(x, w, b) >= threshold_for(predict(train_x, w, b), train_y, precision)
        kept += int(chosen.sum())
        right += int(y[chosen].sum())
    return {"kept": kept, "right": right, "precision": right / kept if kept else 0.0}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("results", type=Path, nargs="+",
                        help="eval docs --json outputs (their fit halves are read)")
    # chosen on the fit halves of four sets as the highest coverage whose held-out precision
    # (each set left out) on the three newer ones was not lower than the suite-only model's
    # (92.6% at 63.0%): 0.96 kept 93.5% at 65.0%. Fitted that way on those four, the model kept
    # 91.8% at 67.2% on the fifth set's fit half (fresh4, written after the choice); 0.97 kept
    # 97.4% at 56.7% there, 0.95 92.0% at 68.7%. Refitted on all five, the target was put to a
    # rule written before a sixth set existed (the lowest of 0.96 / 0.97 / 0.98 keeping >= 92%
    # on realdocs_fresh5's fit half, first run): 0.96 kept 93.8% of 48 there, so it stayed.
    # Refitted on all six (2026-12-04) at 0.96: each set left out 96.0% at 68.3%. A feature
    # "the question is Arabic" moved it along the same curve (95.0% at 70.4%), so it is not used.
    # Refitted after extractive.focused cut the padding (fourth session): 95.4% at 68.8%.
    # Refitted on seven (2026-12-04, fifth session) at the lowest of 0.950 / 0.955 / 0.960 whose
    # each-set-left-out precision kept the six-set model's 95.4%: 0.955 (95.7% at 63.4%; 0.960
    # 95.7% at 60.5%, 0.950 94.5% at 66.9%).
    # Refitted on nine (stop 50) with a fourteenth feature, "missing", by a rule written before
    # measuring (core/rag/verify.py): 0.955 kept 95.4% at 62.9% with each set left out.
    # Refitted on ten (stop 59, fresh9 added) by a rule written first (adopt at >= 95.0% and
    # >= 60% with each set left out): 94.9% at 56.4%, so the nine-set weights stayed.
    # Refitted on ten (stop 65) with a fifteenth feature, "ids_missing", by a rule written
    # first (>= the plain refit's 95.3% and 2 points more coverage): 95.7% at 66.9%.
    parser.add_argument("--precision", type=float, default=0.955)
    args = parser.parse_args(argv)
    x, y, answerable = examples(args.results)
    print(f"{len(y)} would-be ✅ replies, {int(y.sum())} right "
          f"({y.mean():.1%}); {answerable} answerable questions")
    if len(args.results) > 1:
        out = leave_one_set_out(args.results, args.precision)
        print(f"each set left out in turn: {out['kept']} ✅ kept, precision "
              f"{out['precision']:.1%}, coverage {out['right'] / answerable:.1%}")
    cv = cross_validate(x, y, args.precision)
    print(f"5-fold on the fit half: {cv['kept']} ✅ kept, precision {cv['precision']:.1%}, "
          f"coverage {cv['right'] / answerable:.1%}")
    w, b = fit(x, y)
    t = threshold_for(predict(x, w, b), y, args.precision)
    chosen = predict(x, w, b) >= t
    print(f"all of the fit half: {int(chosen.sum())} ✅, precision {y[chosen].mean():.1%}, "
          f"coverage {y[chosen].sum() / answerable:.1%}")
    print("WEIGHTS = {" + ", ".join(f'"{f}": {v:.4f}' for f, v in zip(FEATURES, w,
                                                                      strict=True)) + "}")
    print(f"BIAS = {b:.4f}\nTHRESHOLD = {t:.4f}")


if __name__ == "__main__":
    main()
