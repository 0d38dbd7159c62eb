"""What a first study question needs, loaded before it comes, so it is answered as fast as the
tenth: the models, the course index, the second encoder's vectors of every passage (an Arabic
question over English notes is searched with them), and the vectors of the default course's
passages and their sentences (the local reranker and the extractive answer embed exactly those,
and the shared LRU cache in core/llm/memo_embedder.py keeps them). No outside service is called.
"""
from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable

from core.errors import log_failure
from core.ports import PassageLister, Source
from core.rag.extractive import relevant_strips
from core.rag.nodes.normalize import to_chunk
from core.rag.nodes.rerank import passage_text
from core.rag.state import RagContext
from core.rerank.local import clip_passage
from core.sources.course import CourseSource

log = logging.getLogger(__name__)
PROBES = ("warm up", "تهيئة")  # one per language: sentence vectors across languages differ
WARM_PASSAGES = 60  # parents whose sentences are warmed: all of the sample course (53)
WARM_CHUNKS = 200  # child chunks warmed for the reranker: all of the sample course (80)
# Warmed a slice at a time, stepping aside between slices while a question is being answered:
# one call for every passage held the encoder for tens of seconds, and the first question
# after `run` waited behind it until its course search timed out (and the reply deadline).
SLICE_CHUNKS, SLICE_PARENTS = 32, 4


async def load_models(ctx: RagContext) -> None:
    """The embedding and triage models, and the course index: about a second."""
    for embedder in (ctx.embedder, ctx.sentence_embedder):
        if embedder is not None:
            await embedder.embed_queries([PROBES[0]])
    if ctx.classifier is not None:
        await ctx.classifier.classify(PROBES[0])


async def _no_wait() -> None:
    return None


async def embed_course(ctx: RagContext, step_aside: Callable[[], Awaitable[object]] = _no_wait
                       ) -> None:
    """The default course's passages (every child chunk, up to WARM_CHUNKS, as the reranker
    reads them) and the sentences of their first WARM_PASSAGES parents, embedded the way a
    question will (10-30 s on 2 cores for the sample course: run it in the background,
    awaiting `step_aside` between slices); a failure only costs the first question its head
    start."""
    course = ctx.sources.get("course")
    if course is None:
        return
    lister = _lister(course)
    try:
        documents = (await lister.passages(WARM_CHUNKS) if lister is not None
                     else await course.search(PROBES[0], WARM_PASSAGES))
    except Exception as exc:  # the first question will meet (and report) it again
        log_failure(log, "warming up the course index", exc, "continuing")
        return
    if isinstance(lister, CourseSource):  # what an Arabic question over English notes needs
        await lister.warm_other_language()
    chunks = [c for rank, d in enumerate(documents) if (c := to_chunk(d, rank)) is not None]
    if not chunks or ctx.embedder is None:
        return
    texts = [clip_passage(passage_text(c)) for c in chunks]
    for start in range(0, len(texts), SLICE_CHUNKS):
        await step_aside()
        await ctx.embedder.embed_passages(texts[start:start + SLICE_CHUNKS])
    parents = list({c.context: c for c in chunks}.values())[:WARM_PASSAGES]
    for start in range(0, len(parents), SLICE_PARENTS):
        for probe in PROBES:  # every candidate sentence, embedded as an answer embeds it
            await step_aside()
            await relevant_strips(probe, parents[start:start + SLICE_PARENTS], ctx.embedder, 1,
                                  ctx.sentence_embedder)


def _lister(source: Source) -> PassageLister | None:
    """The course source inside its wrappers (a GuardedSource's `.source`), if it lists."""
    inner: object = source
    while inner is not None and not isinstance(inner, PassageLister):
        inner = getattr(inner, "source", None)
    return inner
