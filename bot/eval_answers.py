"""XQuAD answer check: full-graph offline replies (extractive) and gold-answer containment.

The graph runs as the product runs offline: course store -> local e5 reranker cascade ->
score gates -> extractive generate. Gold answers come from the passages' language (the reply is
composed from those passages), so Arabic questions over English paragraphs are judged against the
English span of the same question id.
"""
from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from bot.metrics import contains_answer
from core.config import RagConfig
from core.ports import Embedder
from core.rag.graph import build_graph
from core.rag.state import RagContext
from core.sources.course import CourseSource
from core.stores.sqlite_store import SqliteCourseStore


def offline_context(store: SqliteCourseStore, embedder: Embedder) -> RagContext:
    """The offline default wiring (bot/container.py without settings): no LLM, local reranker."""
    from core.rerank.cascade import RerankCascade
    from core.rerank.local import LocalReranker

    return RagContext(config=RagConfig(), sources={"course": CourseSource(store)},
                      reranker=RerankCascade([LocalReranker(embedder)]), llm=None,
                      embedder=embedder)


async def answer_containment(path: Path, embedder: Embedder, questions: Mapping[str, str],
                             answers: Mapping[str, list[str]], *, desc: str = "answers",
                             show: bool = True) -> dict:
    """Share of replies containing a gold answer, plus route statistics."""
    from tqdm import tqdm

    store = SqliteCourseStore(path, embedder)
    graph = build_graph()
    context = offline_context(store, embedder)
    hits = fallbacks = ceiling = 0
    misses: list[dict] = []
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
        await store.close()
    n = len(questions)
    return {"questions": n, "containment": hits / n if n else 0.0,
            "top_passage_contains": ceiling / n if n else 0.0,
            "fallback_share": fallbacks / n if n else 0.0, "examples_missed": misses}
