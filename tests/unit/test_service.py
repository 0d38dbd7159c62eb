"""StudyBuddy service: typing only on the study path, limits as notices, history and follow-ups."""
from __future__ import annotations

import asyncio

import pytest

from core.chat.service import Limits, StudyBuddy
from core.messages import IncomingMessage, Intent
from core.ports import Document
from tests.support.fakes import (
    CollectingReplier,
    DownHistory,
    FakeSource,
    ScriptedChatModel,
    ScriptedReranker,
    doc,
)


def msg(text: str, user: str = "alice") -> IncomingMessage:
    return IncomingMessage("telegram", user, "chat-1", text)


@pytest.fixture
def service(graph, make_context, history):
    def make(llm=None, limits=None, **ctx) -> StudyBuddy:
        return StudyBuddy(graph, make_context(llm=llm, **ctx), history, limits or Limits())
    return make


async def test_study_question_is_answered_inside_typing(service):
    replier = CollectingReplier()
    reply = await service().respond(msg("What is the worst case time of merge sort?"), replier)
    assert [e[0] for e in replier.events] == ["typing_start", "send", "typing_end"]
    assert reply.citations and "O(n log n)" in reply.text


@pytest.mark.parametrize("text", ["hello", "شكرا", "asdfgh qwrtzp", "", "   "])
async def test_fast_paths_and_notices_have_no_typing(service, text):
    replier = CollectingReplier()
    reply = await service().respond(msg(text), replier)
    assert [e[0] for e in replier.events] == ["send"]
    assert reply.is_fast_path


async def test_too_long_question_gets_a_clear_notice(service):
    reply = await service(limits=Limits(max_question_chars=50)).handle(msg("x " * 100))
    assert reply.intent is Intent.NOTICE and "too long" in reply.text and "50" in reply.text


async def test_rate_limit_is_per_user(service):
    svc = service(limits=Limits(rate_limit_per_minute=2))
    for _ in range(2):
        assert (await svc.handle(msg("What is merge sort?"))).intent is not Intent.NOTICE
    limited = await svc.handle(msg("What is merge sort?"))
    assert limited.intent is Intent.NOTICE and "per minute" in limited.text
    assert (await svc.handle(msg("What is merge sort?", user="bob"))).intent is not Intent.NOTICE
    assert (await svc.handle(msg("thanks"))).intent is Intent.CHITCHAT  # fast paths are not limited


async def test_the_local_operator_is_not_rate_limited(service):
    svc = service(limits=Limits(rate_limit_per_minute=1, unlimited_platforms=frozenset({"console"})))
    local = IncomingMessage("console", "me", "me", "What is merge sort?")
    for _ in range(3):
        assert (await svc.handle(local)).intent is not Intent.NOTICE
    assert (await svc.handle(msg("What is merge sort?"))).intent is not Intent.NOTICE
    assert (await svc.handle(msg("What is merge sort?"))).notice == "rate_limited"


async def test_offline_followup_is_rewritten_from_history(service, make_context):
    svc = service()
    await svc.handle(msg("What is merge sort?"))
    course = svc.context.sources["course"]
    await svc.handle(msg("and what about its time complexity?"))
    assert course.queries[-1] == "Merge sort time complexity?"


async def test_why_alone_asks_more_of_the_last_answer_and_is_refused_without_one(service):
    svc = service()
    alone = await svc.handle(msg("why?"))
    assert alone.intent is Intent.UNSAFE and "make sense" in alone.text
    await svc.handle(msg("What is merge sort?"))
    course = svc.context.sources["course"]
    reply = await svc.handle(msg("why?"))
    assert course.queries[-1] == "Why: What is merge sort?" and reply.intent is not Intent.UNSAFE


async def test_llm_followup_rewrite(service):
    llm = ScriptedChatModel(script=["INTENT: simple", "Merge sort [1].",
                                    "QUESTION: What is the time complexity of merge sort?",
                                    "INTENT: simple", "O(n log n) [1]."])
    svc = service(llm=llm)
    first = await svc.handle(msg("What is merge sort?"))
    reply = await svc.handle(msg("and its time complexity?"))
    assert llm.calls[3][-1].content == "What is the time complexity of merge sort?"  # triage saw it
    assert (first.llm_calls, reply.llm_calls) == (2, 3)  # the rewrite only for the follow-up


async def test_standalone_question_costs_no_rewrite_call_even_with_history(service):
    llm = ScriptedChatModel(script=["INTENT: simple", "Merge sort [1].",
                                    "INTENT: simple", "Hash tables [1]."])
    svc = service(llm=llm)
    await svc.handle(msg("What is merge sort?"))
    reply = await svc.handle(msg("How does a hash table resolve collisions?"))
    assert "followup" not in llm.counts and reply.llm_calls == 2


async def test_forget_erases_only_that_user(service, history):
    svc = service()
    await svc.handle(msg("What is merge sort?"))
    await svc.handle(msg("What is merge sort?", user="bob"))
    reply = await svc.forget("telegram", "alice")
    assert reply.intent is Intent.NOTICE and "saved exchanges erased: 1" in reply.text
    assert await history.recent("telegram", "alice", 5) == []
    assert len(await history.recent("telegram", "bob", 5)) == 1


async def test_history_outage_still_answers_the_question(graph, make_context, caplog):
    down = DownHistory()
    reply = await StudyBuddy(graph, make_context(), down, Limits()).handle(msg("What is merge sort?"))
    assert reply.intent is Intent.SIMPLE and reply.citations and "merge" in reply.text.lower()
    assert down.calls == ["recent", "append"]
    assert "history read failed" in caplog.text and "history write failed" in caplog.text


async def test_failed_forget_says_nothing_was_erased(graph, make_context):
    reply = await StudyBuddy(graph, make_context(), DownHistory(), Limits()).forget("telegram", "alice")
    assert reply.intent is Intent.NOTICE and "nothing was deleted" in reply.text


async def test_deadline_turns_into_a_timeout_notice(service):
    slow = {"course": FakeSource("course", [], delay_s=5)}
    reply = await service(limits=Limits(reply_deadline_s=0.2), sources=slow).handle(msg("What is merge sort?"))
    assert reply.intent is Intent.NOTICE and reply.low_confidence and "longer than expected" in reply.text


async def test_unexpected_failure_becomes_an_apology(service):
    class Broken(ScriptedReranker):
        async def score(self, *a, **k):
            raise RuntimeError("boom")
    reply = await service(reranker=Broken()).handle(msg("What is merge sort?"))
    assert reply.intent is Intent.NOTICE and "went wrong" in reply.text


async def test_greetings_skip_the_queue_when_busy(service):
    import asyncio

    slow = {"course": FakeSource("course", [], delay_s=0.5)}
    svc = service(limits=Limits(max_concurrent=1, queue_max=0), sources=slow)
    study = asyncio.create_task(svc.handle(msg("What is merge sort?")))
    while svc._waiting < 1:  # until the study question holds the only slot
        await asyncio.sleep(0)
    busy = await svc.handle(msg("What is a heap?", user="bob"))
    hello = await svc.handle(msg("hello", user="carol"))
    assert busy.intent is Intent.NOTICE and "a lot of questions" in busy.text
    assert hello.intent is Intent.CHITCHAT
    await study


@pytest.mark.parametrize(("text", "route"), [("hello", ("triage", "reply_chitchat")),
                                             ("شكرا", ("triage", "reply_chitchat")),
                                             ("Who should I vote for?", ("triage", "reply_refusal"))])
async def test_rule_decided_fast_paths_match_the_graph(service, graph, make_context, text, route):
    """The service answers rule-decided fast paths itself; the graph would say the same."""
    reply = await service().handle(msg(text))
    state = await graph.ainvoke({"question": text}, context=make_context())
    assert reply.route == route == tuple(state["route"])
    assert (reply.text, reply.intent.value, reply.language) == (state["answer"], state["intent"],
                                                                state["language"])


async def test_a_failed_source_is_named_in_the_reply_and_the_answer_still_comes(service):
    from tests.support.fakes import FailingSource, doc

    sources = {"course": FakeSource("course", [doc("Merge sort runs in O(n log n) time.")]),
               "wikipedia": FailingSource("wikipedia")}
    reply = await service(sources=sources, reranker=ScriptedReranker([{"Merge": 0.9}])).handle(
        msg("Compare merge sort and quicksort"))
    assert "O(n log n)" in reply.text and reply.unavailable == ("wikipedia",)
    assert reply.to_dict()["unavailable"] == ["wikipedia"]


async def test_a_greeting_in_front_of_a_question_gets_the_question_answered(service, history):
    svc = service()
    reply = await svc.handle(msg("hello? is anyone there? what is merge sort"))
    assert reply.intent in (Intent.SIMPLE, Intent.COMPLEX) and "merge sort" in reply.text.lower()
    saved = await history.recent("telegram", "alice", 1)
    assert [turn.question for turn in saved] == ["what is merge sort"]


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
