"""The EscalationStore contract on both stores (a SQLite file and a real Postgres): desks per
course and platform, cards with their students, the card a desk post points at, the waiting
queue, leased deliveries (one sender per student; the address erased once delivered), the
sweep's undelivered and reminder lists, /forget, and the report's cards."""
from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import AsyncExitStack
from dataclasses import replace
from datetime import UTC, datetime, timedelta

import pytest

from core.ports.escalations import (
    ANSWERED,
    CLAIMED,
    CLOSED,
    NOT_MATERIAL,
    OPEN,
    Asker,
    Desk,
    Escalation,
)
from core.stores.pg_migrate import apply_migrations
from core.stores.postgres_escalations import PostgresEscalationStore
from core.stores.sqlite_escalations import SqliteEscalationStore
from tests.support.postgres import LocalPostgres, state_settings

pytestmark = pytest.mark.integration
NOW = datetime(2026, 3, 1, 12, tzinfo=UTC)


@pytest.fixture(scope="module")
def escalations_dsn(local_postgres: LocalPostgres) -> str:
    dsn = local_postgres.create_database("escalations")
    apply_migrations(dsn)
    return dsn


@pytest.fixture(params=["sqlite", "postgres"])
async def store(request, escalations_dsn, tmp_path) -> AsyncIterator[SqliteEscalationStore]:
    if request.param == "postgres":
        pg = PostgresEscalationStore(escalations_dsn)
        for table in ("escalation_askers", "escalations", "ta_desks"):
            await pg._execute(f"delete from public.{table}", ())
        yield pg  # type: ignore[misc]
        await pg.aclose()
    else:
        lite = SqliteEscalationStore(tmp_path / "e.db")
        await lite.open()
        yield lite
        await lite.close()


def card(n: int, *, course: str = "CS101", platform: str = "telegram", minutes: int = 0,
         **fields: object) -> Escalation:
    return replace(Escalation(f"card{n}", course, platform, "-100", f"Question {n}?", "en",
                              answer_id=f"a{n}", scope="-200",
                              created_at=NOW + timedelta(minutes=minutes)), **fields)


def asker(card_id: str, who: str, *, platform: str = "telegram", minutes: int = 0) -> Asker:
    return Asker(card_id, who, platform, "en", user_id=f"id-{who}", chat=f"chat-{who}",
                 message=f"msg-{who}", note=f"{who} does not get it", reason="wrong",
                 created_at=NOW + timedelta(minutes=minutes))


async def test_desks_set_replace_remove_and_list(store) -> None:
    desk = Desk("CS101", "telegram", "-100", "group", "en", False, "staff1", NOW)
    await store.set_desk(desk)
    assert await store.desk("CS101", "telegram") == desk
    assert await store.desk("CS101", "discord") is None
    moved = Desk("CS101", "telegram", "-300", "group", "ar", True, "staff2",
                 NOW + timedelta(hours=1))
    await store.set_desk(moved)  # the same course and platform: replaced, not added
    assert await store.desk("CS101", "telegram") == moved
    other = Desk("BIO110", "discord", "555", "forum", "en", False, "staff3", NOW)
    await store.set_desk(other)
    await store.set_desk(replace(other, platform="telegram", chat="-9", kind="group"))
    assert [(d.course, d.platform) for d in await store.desks()] == [
        ("BIO110", "discord"), ("BIO110", "telegram"), ("CS101", "telegram")]
    assert [d.course for d in await store.desks("telegram")] == ["BIO110", "CS101"]
    assert await store.desks("discord") == [other]
    assert await store.remove_desk("CS101", "telegram") is True
    assert await store.remove_desk("CS101", "telegram") is False
    assert await store.desk("CS101", "telegram") is None
    assert len(await store.desks()) == 2


async def test_open_attach_lookup_and_save_every_field(store) -> None:
    first = card(1)
    await store.open_card(first, asker("card1", "u1"))
    assert await store.card("card1") == first
    assert await store.card("nope") is None
    assert await store.attach(asker("card1", "u2", minutes=1)) is True
    assert await store.attach(asker("card1", "u1", minutes=2)) is False  # already waiting
    askers = await store.askers("card1")
    assert [a.user_hash for a in askers] == ["u1", "u2"]  # first asker first
    assert askers[0] == asker("card1", "u1")  # every field, the address included
    assert await store.card_at("telegram", "-100", "") is None  # not posted yet

    await store.save_card(replace(first, post="77"))
    assert (await store.card_at("telegram", "-100", "77")) == replace(first, post="77")
    assert await store.card_at("telegram", "-999", "77") is None
    assert await store.card_at("discord", "-100", "77") is None
    everything = replace(
        first, desk_chat="-101", question="Edited?", language="ar", answer_id="a9",
        scope="-201", status=ANSWERED, post="78", claimed_by="Dr. Lee",
        draft="Because of the invariant.", draft_message="m5", drafted_by="staff1",
        signer="Dr. Lee", add_to_notes=False, note_document="doc-1",
        answered_at=NOW + timedelta(hours=2), closed_at=NOW + timedelta(hours=3))
    await store.save_card(replace(everything, reminded_at=NOW))  # not written by save_card
    await store.save_card(everything)
    assert await store.card("card1") == everything
    assert await store.card_at("telegram", "-101", "78") == everything
    await store.save_card(replace(everything, answered_at=None, closed_at=None,
                                  add_to_notes=True))
    back = await store.card("card1")
    assert back is not None and back.answered_at is None and back.reminded_at is None
    assert back.add_to_notes is True


async def test_waiting_oldest_first_and_open_count(store) -> None:
    await store.open_card(card(1, minutes=10), asker("card1", "u1"))
    await store.open_card(card(2, minutes=5, status=CLAIMED), asker("card2", "u1"))
    await store.open_card(card(3, minutes=1, status=ANSWERED), asker("card3", "u1"))
    await store.open_card(card(4, minutes=2, status=NOT_MATERIAL), asker("card4", "u2"))
    await store.open_card(card(5, minutes=3, status=CLOSED), asker("card5", "u2"))
    await store.open_card(card(6, course="BIO110"), asker("card6", "u2"))
    await store.open_card(card(7, platform="discord"), asker("card7", "u2", platform="discord"))
    assert [c.id for c in await store.waiting("CS101", "telegram")] == ["card2", "card1"]
    assert [c.id for c in await store.waiting("BIO110", "telegram")] == ["card6"]
    assert await store.waiting("CS101", "whatsapp") == []
    assert await store.open_count("u1") == 2  # card3 is answered
    assert await store.open_count("u2") == 2  # card6 and card7: both still waiting
    assert await store.open_count("nobody") == 0
    await store.save_card(card(1, minutes=10, status=CLOSED))
    assert await store.open_count("u1") == 1


async def test_lease_is_exclusive_until_it_expires_and_delivery_erases_the_address(
        store) -> None:
    await store.open_card(card(1, status=ANSWERED), asker("card1", "u1"))
    taken = await store.lease("card1", "u1", NOW + timedelta(minutes=5), NOW)
    assert taken is not None and taken.user_id == "id-u1" and taken.chat == "chat-u1"
    assert taken.message == "msg-u1" and taken.lease_until == NOW + timedelta(minutes=5)
    assert await store.lease("card1", "u1", NOW + timedelta(minutes=6),
                             NOW + timedelta(minutes=1)) is None  # someone else is sending
    assert await store.lease("card1", "nobody", NOW + timedelta(minutes=5), NOW) is None
    later = NOW + timedelta(minutes=5, seconds=1)
    again = await store.lease("card1", "u1", later + timedelta(minutes=5), later)
    assert again is not None and again.user_hash == "u1"  # the first sender never marked it

    await store.delivered("card1", "u1", later)
    (done,) = await store.askers("card1")
    assert (done.user_id, done.chat, done.message) == ("", "", "")
    assert done.delivered_at == later and done.note == "u1 does not get it"
    far = NOW + timedelta(days=1)
    assert await store.lease("card1", "u1", far + timedelta(minutes=5), far) is None
    assert await store.undelivered("telegram", far) == []


async def test_two_processes_leasing_at_once_get_one_lease(store) -> None:
    await store.open_card(card(1, status=ANSWERED), asker("card1", "u1"))
    other = (PostgresEscalationStore(store._dsn) if isinstance(store, PostgresEscalationStore)
             else SqliteEscalationStore(store.path))
    if isinstance(other, SqliteEscalationStore):
        await other.open()
    try:
        until = NOW + timedelta(minutes=5)
        results = await asyncio.gather(*(s.lease("card1", "u1", until, NOW)
                                         for s in (store, other, store, other)))
    finally:
        await (other.close() if isinstance(other, SqliteEscalationStore) else other.aclose())
    assert sum(r is not None for r in results) == 1


async def test_undelivered_lists_finished_cards_not_delivered_nor_leased(store) -> None:
    await store.open_card(card(1, status=ANSWERED), asker("card1", "u1"))
    await store.attach(asker("card1", "u2", minutes=1))
    await store.attach(asker("card1", "u3", minutes=2))
    await store.open_card(card(2, minutes=1, status=NOT_MATERIAL), asker("card2", "u1"))
    await store.open_card(card(3, minutes=2, status=CLOSED), asker("card3", "u4"))
    await store.open_card(card(4, minutes=3), asker("card4", "u5"))  # still waiting
    await store.open_card(card(5, minutes=4, status=CLAIMED), asker("card5", "u6"))
    await store.open_card(card(6, platform="discord", status=ANSWERED),
                          asker("card6", "u7", platform="discord"))
    await store.delivered("card1", "u2", NOW)
    await store.lease("card1", "u3", NOW + timedelta(minutes=5), NOW)
    pending = await store.undelivered("telegram", NOW + timedelta(minutes=1))
    assert [(c.id, a.user_hash) for c, a in pending] == [
        ("card1", "u1"), ("card2", "u1"), ("card3", "u4")]
    assert pending[0][0] == card(1, status=ANSWERED)
    assert pending[0][1] == asker("card1", "u1")  # with its address, to deliver it
    after = await store.undelivered("telegram", NOW + timedelta(minutes=6))
    assert ("card1", "u3") in [(c.id, a.user_hash) for c, a in after]  # the lease expired
    assert [(c.id, a.user_hash) for c, a in await store.undelivered("discord", NOW)] == [
        ("card6", "u7")]


async def test_due_reminders_only_posted_waiting_old_unreminded_cards(store) -> None:
    await store.open_card(card(1, post="p1"), asker("card1", "u1"))
    await store.open_card(card(2, minutes=1, post="p2", status=CLAIMED), asker("card2", "u1"))
    await store.open_card(card(3, minutes=2), asker("card3", "u1"))  # not posted
    await store.open_card(card(4, minutes=3, post="p4", reminded_at=NOW), asker("card4", "u1"))
    await store.open_card(card(5, minutes=4, post="p5", status=ANSWERED), asker("card5", "u1"))
    await store.open_card(card(6, minutes=30, post="p6"), asker("card6", "u1"))  # too young
    await store.open_card(card(7, platform="discord", post="p7"),
                          asker("card7", "u1", platform="discord"))
    due = await store.due_reminders("telegram", NOW + timedelta(minutes=10))
    assert [c.id for c in due] == ["card1", "card2"]
    assert await store.due_reminders("telegram", NOW) == []  # created_at must be before
    assert await store.claim_reminder("card1", NOW + timedelta(minutes=10))
    assert not await store.claim_reminder("card1", NOW + timedelta(minutes=11))  # once only
    await store.save_card(replace(due[0], status=CLAIMED))  # a stale copy keeps the reminder
    back = await store.card("card1")
    assert back is not None and back.reminded_at == NOW + timedelta(minutes=10)
    assert [c.id for c in await store.due_reminders("telegram", NOW + timedelta(hours=1))] == [
        "card2", "card6"]
    assert [c.id for c in await store.due_reminders("discord", NOW + timedelta(hours=1))] == [
        "card7"]


async def test_forget_detaches_the_student_and_closes_cards_left_empty(store) -> None:
    await store.open_card(card(1), asker("card1", "u1"))  # u1 alone: closed by forget
    await store.open_card(card(2, minutes=1), asker("card2", "u1"))
    await store.attach(asker("card2", "u2", minutes=2))  # someone else still waits
    await store.open_card(card(3, minutes=2, status=ANSWERED), asker("card3", "u1"))
    await store.open_card(card(4, minutes=3), asker("card4", "u3"))
    assert await store.forget("u1") == 3
    assert await store.forget("u1") == 0
    assert await store.open_count("u1") == 0
    gone = await store.card("card1")
    assert gone is not None and gone.status == CLOSED and gone.closed_at is not None
    kept = await store.card("card2")
    assert kept is not None and kept.status == OPEN and kept.closed_at is None
    assert [a.user_hash for a in await store.askers("card2")] == ["u2"]
    answered = await store.card("card3")
    assert answered is not None and answered.status == ANSWERED  # finished: left as it was
    assert await store.askers("card3") == [] and await store.askers("card1") == []
    assert (await store.card("card4")).status == OPEN  # type: ignore[union-attr]
    assert await store.undelivered("telegram", NOW + timedelta(days=1)) == []


async def test_cards_by_course_and_since_oldest_first(store) -> None:
    await store.open_card(card(1, minutes=30), asker("card1", "u1"))
    await store.open_card(card(2, minutes=10, status=ANSWERED), asker("card2", "u1"))
    await store.open_card(card(3, course="BIO110", minutes=20), asker("card3", "u1"))
    await store.open_card(card(4, minutes=-60, platform="discord"),
                          asker("card4", "u1", platform="discord"))
    assert [c.id for c in await store.cards()] == ["card4", "card2", "card3", "card1"]
    assert [c.id for c in await store.cards("CS101")] == ["card4", "card2", "card1"]
    assert [c.id for c in await store.cards(since=NOW + timedelta(minutes=10))] == [
        "card2", "card3", "card1"]
    assert [c.id for c in await store.cards("CS101", NOW)] == ["card2", "card1"]
    assert await store.cards("MATH1") == []


@pytest.fixture(params=["sqlite", "postgres"])
def state(request) -> dict[str, object]:
    return state_settings(request, "escalations_built")


async def test_the_bot_builds_the_store_its_settings_name(state, tmp_path) -> None:
    from bot.chat_state import build_escalation_store
    from bot.settings import load_settings

    settings = load_settings(data_dir=tmp_path / "data", **state)
    async with AsyncExitStack() as stack:
        built = await build_escalation_store(settings, stack)
        assert isinstance(built, PostgresEscalationStore if state else SqliteEscalationStore)
        await built.open_card(card(1), asker("card1", "u1"))
        assert [c.id for c in await built.waiting("CS101", "telegram")] == ["card1"]
