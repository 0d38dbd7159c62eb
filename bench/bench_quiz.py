"""Benchmark 14 — quiz validity (issue 25): offline items from the dev real documents
(DATA/realdocs: the R manual and five Arabic handbook pages) and the sample course, each judged
against the passage it cites by bench/quiz_check.py. Target: >= 95% valid over 100 items."""
from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

from bench.quiz_check import check
from bench.report import row
from bench.runner import BenchOptions

TARGET, ITEMS = 0.95, 100
SAMPLE = Path(__file__).resolve().parents[1] / "bot" / "sample_course"
SEEDS = range(40)
METHOD = ("Items come from QuizGenerator (the one the CLI and the adapters use), offline: quizzes "
          "without a topic (seeds 0..) and one per topic, deduplicated, until 100 items, split "
          "between the two courses in proportion to the items each can give. The checker is "
          "lexical (bench/quiz_check.py): the quoted sentence is in the cited passage; with the "
          "right option put back, one passage sentence holds every content word of the "
          "question and names the option; no passage sentence names a wrong option together "
          "with 60% of the question's words; options distinct; 3-4 options; the question does "
          "not name its answer; question, quote and item agree in language. It cannot see a "
          "paraphrase that makes a distractor true, truth outside the passage, or whether an "
          "item is worth asking: items read by hand are in bench/results/quiz-handcheck.md.")
TOPICS = {"realdocs": ["read.table", "database connections", "الأمر pwd", "NAT", "udev"],
          "sample": ["sorting", "photosynthesis", "التمثيل الضوئي", "graphs", "hash table"]}
OFF_TOPICS = {"realdocs": ["blockchain smart contracts"], "sample": ["French revolution"]}


async def _items(generator: Any, course: str, limit: int) -> list[Any]:
    seen: dict[str, Any] = {}
    for topic in TOPICS[course]:
        for item in (await generator.quiz(course, topic, 5, seed=0)).items:
            seen.setdefault(item.id, item)
    for seed in SEEDS:
        if len(seen) >= limit:
            break
        for item in (await generator.quiz(course, None, 20, seed=seed)).items:
            seen.setdefault(item.id, item)
    return list(seen.values())[:limit]


async def measure(data: Path, store_dir: Path) -> dict[str, Any]:
    """Ingest both courses into `store_dir` (reruns skip unchanged files) and judge the items."""
    from bot.composition import compose
    from bot.settings import load_settings
    from core.ingest.pipeline import ingest_paths
    from core.practice.generator import QuizGenerator

    settings = load_settings(data_dir=store_dir, auto_ingest_sample=False, course_filter=None,
                             wikipedia_enabled=False, arxiv_enabled=False, web_search="none")
    app = (await compose(settings)).app
    try:
        await ingest_paths([data / "realdocs" / "docs"], app.store, app.embedder,
                           course="realdocs")
        await ingest_paths([SAMPLE], app.store, app.embedder, course="sample")
        generator = QuizGenerator(app.store, app.embedder)
        pools = {c: await _items(generator, c, ITEMS) for c in ("realdocs", "sample")}
        total = sum(len(v) for v in pools.values())
        share = {c: round(ITEMS * len(v) / max(total, 1)) for c, v in pools.items()}
        share["sample"] = ITEMS - share["realdocs"]
        items = [i for c, v in pools.items() for i in v[:share[c]]]
        off = {c: [(t, (await generator.quiz(c, t, 5)).status) for t in ts]
               for c, ts in OFF_TOPICS.items()}
    finally:
        await app.close()
    judged = [(item, check(item)) for item in items]
    return {"items": judged, "off_topic": off, "available": {c: len(v) for c, v in
                                                              pools.items()}}


async def run(opts: BenchOptions) -> dict[str, Any]:
    from core.practice.generator import REFUSED

    result = await measure(opts.data, opts.cache / "quiz-store")
    judged = result["items"]
    valid = sum(1 for _, v in judged if v["valid"])
    share = valid / len(judged) if judged else None
    by_language = Counter(i.language for i, _ in judged)
    valid_by_language = Counter(i.language for i, v in judged if v["valid"])
    reasons = Counter(r.split(":")[0] for _, v in judged for r in v["reasons"])
    rows = [row(f"valid items ({len(judged)} offline items)", share, target=f">= {TARGET:.0%}",
                met=None if share is None else share >= TARGET and len(judged) >= ITEMS,
                fmt="{:.1%}")]
    rows += [row(f"  valid, {lang} ({n} items)", valid_by_language[lang] / n, fmt="{:.1%}")
             for lang, n in sorted(by_language.items())]
    off = result["off_topic"]
    rows.append(row("off-topic requests refused (no quiz)",
                    sum(s in REFUSED for ts in off.values() for _, s in ts) /
                    max(sum(len(ts) for ts in off.values()), 1), fmt="{:.0%}"))
    return {"title": "14. Quiz items: validity against the cited passage (offline)",
            "note": METHOD, "rows": rows, "reasons": dict(reasons),
            "available": result["available"], "off_topic": off,
            "items": [item.to_dict() | {"check": v} for item, v in judged]}
