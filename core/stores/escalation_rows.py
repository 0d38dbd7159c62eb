"""The escalation tables' columns and rows, shared by the SQLite and Postgres stores; only how
a time is written and read differs (ISO text in SQLite, timestamptz in Postgres)."""
from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from typing import Any

from core.ports.escalations import ANSWERED, CLOSED, NOT_MATERIAL, Asker, Desk, Escalation

DESK = "course, platform, chat, kind, language, all_answers, set_by, set_at"
CARD = ("id, course, platform, desk_chat, question, language, answer_id, scope, status, post, "
        "claimed_by, draft, draft_message, drafted_by, signer, add_to_notes, note_document, "
        "created_at, answered_at, closed_at, reminded_at")
ASKER = ("card_id, user_hash, platform, language, user_id, chat, message, note, reason, "
         "created_at, delivered_at, lease_until")
CARD_COLUMNS = tuple(c.strip() for c in CARD.split(","))
# Every card column but its identity (id, course, platform, created_at) and reminded_at (set
# once, atomically, by claim_reminder): what save_card writes.
MUTABLE = ("desk_chat", "question", "language", "answer_id", "scope", "status", "post",
           "claimed_by", "draft", "draft_message", "drafted_by", "signer", "add_to_notes",
           "note_document", "answered_at", "closed_at")
FINISHED = (ANSWERED, NOT_MATERIAL, CLOSED)  # cards whose students are owed a copy
A_COLUMNS = ", ".join(f"a.{c.strip()}" for c in ASKER.split(","))  # joined: askers as "a"
E_COLUMNS = ", ".join(f"e.{c}" for c in CARD_COLUMNS)  # and cards as "e"

Write = Callable[[datetime | None], Any]  # a time (None stays None) as the database keeps it
Read = Callable[[Any], datetime | None]


def _now(at: datetime | None) -> datetime:
    return at or datetime.now(UTC)


def desk_row(desk: Desk, write: Write) -> tuple[Any, ...]:
    return (desk.course, desk.platform, desk.chat, desk.kind, desk.language, desk.all_answers,
            desk.set_by, write(_now(desk.set_at)))


def desk_of(r: Sequence[Any], read: Read) -> Desk:
    return Desk(r[0], r[1], r[2], r[3], r[4], bool(r[5]), r[6], read(r[7]))


def card_row(card: Escalation, write: Write) -> tuple[Any, ...]:
    return (card.id, card.course, card.platform, card.desk_chat, card.question, card.language,
            card.answer_id, card.scope, card.status, card.post, card.claimed_by, card.draft,
            card.draft_message, card.drafted_by, card.signer, card.add_to_notes,
            card.note_document, write(_now(card.created_at)), write(card.answered_at),
            write(card.closed_at), write(card.reminded_at))


def mutable_values(card: Escalation, write: Write) -> tuple[Any, ...]:
    """save_card's values, in MUTABLE's order."""
    row = dict(zip(CARD_COLUMNS, card_row(card, write), strict=True))
    return tuple(row[c] for c in MUTABLE)


def card_of(r: Sequence[Any], read: Read) -> Escalation:
    return Escalation(
        id=r[0], course=r[1], platform=r[2], desk_chat=r[3], question=r[4], language=r[5],
        answer_id=r[6], scope=r[7], status=r[8], post=r[9], claimed_by=r[10], draft=r[11],
        draft_message=r[12], drafted_by=r[13], signer=r[14], add_to_notes=bool(r[15]),
        note_document=r[16], created_at=read(r[17]), answered_at=read(r[18]),
        closed_at=read(r[19]), reminded_at=read(r[20]))


def asker_row(asker: Asker, write: Write) -> tuple[Any, ...]:
    return (asker.card_id, asker.user_hash, asker.platform, asker.language, asker.user_id,
            asker.chat, asker.message, asker.note, asker.reason, write(_now(asker.created_at)),
            write(asker.delivered_at), write(asker.lease_until))


def asker_of(r: Sequence[Any], read: Read) -> Asker:
    return Asker(card_id=r[0], user_hash=r[1], platform=r[2], language=r[3], user_id=r[4],
                 chat=r[5], message=r[6], note=r[7], reason=r[8], created_at=read(r[9]),
                 delivered_at=read(r[10]), lease_until=read(r[11]))
