"""StudyBuddy's warm-up: what a first study question needs is loaded before it comes, and the
background part steps aside while questions are answered."""
from __future__ import annotations

import asyncio

from core.messages import IncomingMessage
from core.ports import Document
from tests.support.fakes import FakeSource, doc


def msg(text: str) -> IncomingMessage:
    return IncomingMessage("telegram", "alice", "chat-1", text)


async def test_warm_up_loads_what_a_first_question_needs_without_asking_anyone(service):
    course = FakeSource("course", [])
    outside = FakeSource("wikipedia", [])
    svc = service(sources={"course": course, "wikipedia": outside})
    seconds = await svc.warm_up()
    assert seconds >= 0 and course.queries == ["warm up"] and outside.queries == []


class _Counting:
    """Embedder port that counts the passages it is asked to embed."""

    def __init__(self) -> None:
        from tests.support.fake_embedder import HashingEmbedder

        self.inner, self.passages = HashingEmbedder(), 0
        self.name, self.dim = self.inner.name, self.inner.dim

    async def embed_queries(self, texts):
        return await self.inner.embed_queries(texts)

    async def embed_passages(self, texts):
        self.passages += len(texts)
        return await self.inner.embed_passages(texts)


async def test_after_warm_up_a_first_question_embeds_no_course_passage(service):
    # The local reranker and the extractive answer embed the course's passages and sentences:
    # warm-up does it before the first question, through the same cache.
    from core.llm.memo_embedder import MemoEmbedder
    from core.rerank.cascade import RerankCascade
    from core.rerank.local import LocalReranker
    from tests.conftest import HASH, MERGE

    counting = _Counting()
    memo = MemoEmbedder(counting)
    course = FakeSource("course", [doc(MERGE, "Sorting › Merge sort", url="02-sorting.md"),
                                   doc(HASH, "Hashing", url="03-hashing.md")])
    svc = service(embedder=memo, reranker=RerankCascade([LocalReranker(memo)]),
                  sources={"course": course})
    await svc.warm_up()
    warmed = counting.passages
    reply = await svc.handle(msg("What is the worst case time of merge sort?"))
    assert warmed > 2 and "rerank" in reply.route and counting.passages == warmed


class _ListingSource(FakeSource):
    """A course source as the stores are: search gives one child per parent (`hits`), passages
    every child."""

    hits: list[Document]  # set by the test

    async def passages(self, k: int, course: str | None = None) -> list[Document]:
        return self.docs[:k]

    async def search(self, query: str, k: int, course: str | None = None) -> list[Document]:
        await super().search(query, k, course)
        return self.hits[:k]


async def test_warm_up_embeds_every_child_a_search_may_return_not_one_per_parent(service):
    from core.llm.memo_embedder import MemoEmbedder
    from core.rerank.cascade import RerankCascade
    from core.rerank.local import LocalReranker
    from tests.conftest import MERGE

    counting = _Counting()
    memo = MemoEmbedder(counting)
    halves = [MERGE[: len(MERGE) // 2], MERGE[len(MERGE) // 2:]]
    children = [Document(text=half, title="Sorting › Merge sort", url_or_path="02-sorting.md",
                         source_type="course", score=1.0, context=MERGE,
                         metadata={"chunk_id": f"c{n}"}) for n, half in enumerate(halves)]
    course = _ListingSource("course", children)
    course.hits = children[:1]
    svc = service(embedder=memo, reranker=RerankCascade([LocalReranker(memo)]),
                  sources={"course": course})
    await svc.warm_up()
    warmed = counting.passages
    course.hits = children[1:]  # the question's search finds the parent's other child
    reply = await svc.handle(msg("What is the worst case time of merge sort?"))
    assert "rerank" in reply.route and counting.passages == warmed


async def test_background_warm_up_steps_aside_while_a_question_is_answered(service):
    # One encoder call for the whole course held the encoder for tens of seconds, and the first
    # question after `run` waited behind it until its course search timed out.
    from core.chat import warm
    from core.llm.memo_embedder import MemoEmbedder
    from tests.conftest import MERGE

    class Gated(_ListingSource):
        gate: asyncio.Event

        async def search(self, query, k, course=None):
            await self.gate.wait()
            return await super().search(query, k, course)

    counting = _Counting()
    children = [Document(text=f"{MERGE} ({n})", title="Sorting", url_or_path="02-sorting.md",
                         source_type="course", score=1.0, context=f"{MERGE} ({n})",
                         metadata={"chunk_id": f"c{n}"}) for n in range(warm.SLICE_CHUNKS + 5)]
    course = Gated("course", children)
    course.hits, course.gate = children[:1], asyncio.Event()
    svc = service(embedder=MemoEmbedder(counting), sources={"course": course})
    asking = asyncio.create_task(svc.handle(msg("What is the worst case time of merge sort?")))
    await asyncio.sleep(0.2)  # the question is being answered (its search waits at the gate)
    warming = asyncio.create_task(svc.warm_course())
    await asyncio.sleep(0.5)
    assert counting.passages == 0 and not warming.done()  # the warm-up waits for it
    course.gate.set()
    assert "rerank" in (await asyncio.wait_for(asking, 30)).route
    await asyncio.wait_for(warming, 30)
    assert counting.passages >= len(children)
