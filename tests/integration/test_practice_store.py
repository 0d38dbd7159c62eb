"""Quiz and review state on both stores, and through the PracticeService: items kept by id,
Leitner cards moved by answers, review brings back due items (missed first), stats by document,
a DM quiz goes one item after another, a group quiz is scored per student, prompts survive a
reopened store, and /forget erases the student's cards, answers and sessions (keyed hashes only)."""
from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta

import pytest

from core.ports.practice import Answer, Card, ItemSource, Prompt, QuizItem, Session
from core.practice.generator import Quiz
from core.practice.practice import PracticeService
from core.stores.pg_migrate import apply_migrations
from core.stores.postgres_practice import PostgresPracticeStore
from core.stores.sqlite_practice import SqlitePracticeStore
from core.stores.user_hash import user_hash
from tests.support.postgres import LocalPostgres

pytestmark = pytest.mark.integration
KEY = b"k" * 32
NOW = datetime(2026, 3, 1, 12, tzinfo=UTC)


@pytest.fixture(scope="module")
def practice_dsn(local_postgres: LocalPostgres) -> str:
    dsn = local_postgres.create_database("practice")
    apply_migrations(dsn)
    return dsn


@pytest.fixture(params=["sqlite", "postgres"])
async def store(request, practice_dsn, tmp_path) -> AsyncIterator[SqlitePracticeStore]:
    if request.param == "postgres":
        pg = PostgresPracticeStore(practice_dsn)
        for table in ("items", "cards", "answers", "sessions", "prompts"):
            await pg._execute(f"delete from public.practice_{table}", ())
        yield pg  # type: ignore[misc]
        await pg.aclose()
    else:
        lite = SqlitePracticeStore(tmp_path / "p.db")
        await lite.open()
        yield lite
        await lite.close()


def item(n: int, document: str = "02-sorting.md") -> QuizItem:
    return QuizItem(id=f"item{n}", course="CS101", language="en", kind="cloze",
                    question=f"Fill in the blank: _____ number {n} is a sorting algorithm.",
                    options=("Quicksort", "Heap sort", "Merge sort"), answer=n % 3,
                    quote=f"Sort {n} is a sorting algorithm.",
                    source=ItemSource(document, "Sorting", 3, "Quicksort", "page", f"c{n}"),
                    term=f"Sort {n}", passage="…")


async def test_items_cards_answers_sessions_prompts_round_trip(store) -> None:
    await store.save_items([item(1), item(2)])
    await store.save_items([item(1)])  # an id already kept stays as it is
    assert (await store.items(["item1", "item2", "nope"])) == {"item1": item(1),
                                                               "item2": item(2)}
    card = Card("u1", "item1", "CS101", 2, NOW + timedelta(days=1), 1, 0, True, NOW)
    await store.record(card, Answer("u1", "item1", "CS101", "telegram", True, NOW, "s1"))
    assert await store.card("u1", "item1") == card
    assert await store.answered("u1", "s1", "item1") and not await store.answered("u1", "s2",
                                                                                    "item1")
    assert [a.right for a in await store.answers(course="CS101")] == [True]
    assert await store.answers(course="BIO110") == []
    session = Session("s1", "telegram", "42", "u1", ("item1", "item2"), 1, 1, NOW)
    await store.save_session(session)
    assert await store.session("s1") == session
    await store.save_prompt(Prompt("telegram:poll9", "item2", "s1"))
    assert await store.prompt("telegram:poll9") == Prompt("telegram:poll9", "item2", "s1")
    assert await store.forget("u1") == 4  # card, answer, session, its prompt
    assert await store.cards("u1") == [] and await store.session("s1") is None
    assert await store.prompt("telegram:poll9") is None
    assert len(await store.items(["item1"])) == 1  # items hold no student data


class CannedGenerator:
    """The generator's place in the service, with fixed items (the real one is tested apart)."""

    def __init__(self, items: list[QuizItem]) -> None:
        self.items = items

    async def quiz(self, course, topic=None, n=5, **_):
        if topic in ("french revolution", "subtree"):
            return Quiz((), "not_covered" if topic[0] == "f" else "no_facts", topic, course, n)
        return Quiz(tuple(self.items[:n]), "ok", topic or "", course, n)


async def test_quiz_review_stats_and_forget_through_the_service(store) -> None:
    clock = [NOW]
    items = [item(1), item(2), item(3, "04-graphs.md")]
    service = PracticeService(CannedGenerator(items), store, KEY,  # type: ignore[arg-type]
                              clock=lambda: clock[0])
    refused = await service.quiz("telegram", "7", "7", "french revolution", course="CS101")
    assert refused.items == () and "do not cover" in refused.text
    no_facts = await service.quiz("telegram", "7", "7", "subtree", course="CS101")
    assert no_facts.items == () and "treat “subtree”" in no_facts.text  # covered, not quizzable
    assert no_facts.text.endswith("Try another topic, or /quiz without one.")
    dm = await service.quiz("telegram", "7", "7", "3", course="CS101")
    assert [i.id for i in dm.items] == ["item1"]  # a DM: one item at a time
    first = await service.answer("telegram", "7", dm.session_id, "item1", items[0].answer)
    assert first.right and first.next_item == items[1] and "✅" in first.text
    assert "Sort 1 is a sorting algorithm." in first.text  # the explanation quotes the passage
    again = await service.answer("telegram", "7", dm.session_id, "item1", 0)
    assert again.duplicate
    second = await service.answer("telegram", "7", dm.session_id, "item2", items[1].answer + 1)
    assert not second.right and "❌" in second.text and second.next_item == items[2]
    last = await service.answer("telegram", "7", dm.session_id, "item3", items[2].answer)
    assert last.done.startswith("Quiz done: 2 of 3 right")
    review = await service.review("telegram", "7", "7")
    assert [i.id for i in review.items] == ["item2"]  # only the missed one is due now
    clock[0] = NOW + timedelta(days=1, minutes=1)
    review = await service.review("telegram", "7", "7")
    assert review.items[0].id == "item2"  # missed first, then the ones due today
    stats = await service.stats("telegram", "7")
    assert "02-sorting.md: 1/2 right" in stats and "04-graphs.md: 1/1 right" in stats

    group = await service.quiz("telegram", "7", "-100", "2", course="CS101", group=True)
    assert len(group.items) == 2  # a group: every item at once, everyone answers
    for user, choice in (("7", items[0].answer), ("8", items[0].answer + 1)):
        result = await service.answer("telegram", user, group.session_id, "item1", choice)
        assert result.next_item is None and not result.done
    by_user = {a.user_hash: a.right for a in await store.answers()
               if a.session_id == group.session_id}
    hashed = {user_hash(KEY, "telegram", u) for u in ("7", "8")}
    assert set(by_user) == hashed and sorted(by_user.values()) == [False, True]

    assert await service.forget("telegram", "7") > 0
    assert await store.cards(user_hash(KEY, "telegram", "7")) == []
    assert await service.stats("telegram", "8") != await service.stats("telegram", "7")
    assert "not answered any" in await service.stats("telegram", "7")
