"""StudyBuddy service: typing only on the study path, limits as notices, history and follow-ups."""
from __future__ import annotations

import asyncio

import pytest

from core.chat.limits import Limits
from core.chat.service import StudyBuddy
from core.insight.answer_actions import AnswerActions
from core.insight.report_gaps import is_gap
from core.messages import IncomingMessage, Intent
from core.stores.sqlite_outcomes import SqliteOutcomeStore
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
    assert alone.notice == "no_context" and "ask the whole question" in alone.text
    other = await svc.handle(msg("and what about the other one?"))  # nothing searched for it
    assert other.notice == "no_context" and svc.context.sources["course"].queries == []
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


@pytest.fixture
async def outcomes(tmp_path):
    store = SqliteOutcomeStore(tmp_path / "o.db")
    await store.open()
    yield store
    await store.close()


async def test_a_question_that_timed_out_is_a_gap_in_the_report(graph, make_context, history,
                                                                 outcomes):
    slow = {"course": FakeSource("course", [], delay_s=5)}
    svc = StudyBuddy(graph, make_context(sources=slow), history, Limits(reply_deadline_s=0.2),
                     actions=AnswerActions(outcomes, b"k"))
    reply = await svc.handle(msg("What is merge sort?"))
    [saved] = await outcomes.outcomes()
    assert reply.notice == "timeout" and reply.answer_id is None  # no buttons under the notice
    assert (saved.question, saved.route, saved.confidence) == ("What is merge sort?",
                                                               ("timeout",), "low")
    assert is_gap(saved) and saved.missing == "no answer within 0.2 s"


async def test_staff_see_what_the_course_never_mentions(graph, make_context, history, outcomes):
    svc = StudyBuddy(graph, make_context(reranker=ScriptedReranker([{}], default=0.05)), history,
                     actions=AnswerActions(outcomes, b"k"))
    reply = await svc.handle(msg("How do I configure WireGuard on a Raspberry Pi?"))
    [saved] = await outcomes.outcomes()
    assert "“WireGuard”, “Raspberry” or “Pi”" in reply.text and reply.low_confidence
    assert saved.missing == "not in the course materials: WireGuard, Raspberry, Pi"


async def test_unexpected_failure_becomes_an_apology(service):
    class Broken(ScriptedReranker):
        async def score(self, *a, **k):
            raise RuntimeError("boom")
    reply = await service(reranker=Broken()).handle(msg("What is merge sort?"))
    assert reply.intent is Intent.NOTICE and "went wrong" in reply.text


async def test_greetings_skip_the_queue_when_busy(service):

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
    from tests.support.fakes import FailingSource

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
