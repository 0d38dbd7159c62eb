"""TA desks, escalation cards and the students waiting on them in the embedded database (the
EscalationStore port over aiosqlite). Times are stored as ISO-8601 UTC text with microseconds,
so comparing the text compares the times (leases, reminders, the report's `since`)."""
from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any

from core.ports.escalations import ANSWERED, CLOSED, NOT_MATERIAL, WAITING, Asker, Desk, Escalation
from core.stores.sqlite_async import AsyncSqliteFile

DESK = "course, platform, chat, kind, language, all_answers, set_by, set_at"
CARD = ("id, course, platform, desk_chat, question, language, answer_id, scope, status, post, "
        "claimed_by, draft, draft_message, drafted_by, signer, add_to_notes, note_document, "
        "created_at, answered_at, closed_at, reminded_at")
ASKER = ("card_id, user_hash, platform, language, user_id, chat, message, note, reason, "
         "created_at, delivered_at, lease_until")
# Every card column but its identity (id, course, platform, created_at) and reminded_at (set
# once, atomically, by claim_reminder): what save_card writes.
MUTABLE = ("desk_chat", "question", "language", "answer_id", "scope", "status", "post",
           "claimed_by", "draft", "draft_message", "drafted_by", "signer", "add_to_notes",
           "note_document", "answered_at", "closed_at")  # reminded_at: claim_reminder only
FINISHED = (ANSWERED, NOT_MATERIAL, CLOSED)
_WAITING = ", ".join(f"'{s}'" for s in WAITING)
_FINISHED = ", ".join(f"'{s}'" for s in FINISHED)
_A_COLUMNS = ", ".join(f"a.{c.strip()}" for c in ASKER.split(","))
_E_COLUMNS = ", ".join(f"e.{c.strip()}" for c in CARD.split(","))


class SqliteEscalationStore(AsyncSqliteFile):
    """`ta_desks`, `escalations` and `escalation_askers`; a student's rows erasable by hash."""

    # -- desks -------------------------------------------------------------------------------

    async def set_desk(self, desk: Desk) -> None:
        await self.db.execute(
            f"INSERT OR REPLACE INTO ta_desks ({DESK}) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (desk.course, desk.platform, desk.chat, desk.kind, desk.language,
             int(desk.all_answers), desk.set_by, _iso(desk.set_at)))
        await self.db.commit()

    async def desk(self, course: str, platform: str) -> Desk | None:
        async with self.db.execute(f"SELECT {DESK} FROM ta_desks WHERE course = ? AND "
                                   "platform = ?", (course, platform)) as cursor:
            row = await cursor.fetchone()
        return _desk(row) if row else None

    async def remove_desk(self, course: str, platform: str) -> bool:
        cursor = await self.db.execute("DELETE FROM ta_desks WHERE course = ? AND platform = ?",
                                       (course, platform))
        await self.db.commit()
        return cursor.rowcount > 0

    async def desks(self, platform: str | None = None) -> list[Desk]:
        clause, params = ("WHERE platform = ?", (platform,)) if platform is not None else ("", ())
        async with self.db.execute(f"SELECT {DESK} FROM ta_desks {clause} "
                                   "ORDER BY course, platform", params) as cursor:
            return [_desk(r) for r in await cursor.fetchall()]

    # -- cards -------------------------------------------------------------------------------

    async def open_card(self, card: Escalation, asker: Asker) -> None:
        """The card and its first student in one transaction: never a card nobody waits on."""
        try:
            await self.db.execute(f"INSERT INTO escalations ({CARD}) VALUES "
                                  f"({', '.join('?' * 21)})", _card_row(card))
            await self._insert_asker(asker)
        except BaseException:
            await self.db.rollback()
            raise
        await self.db.commit()

    async def attach(self, asker: Asker) -> bool:
        cursor = await self._insert_asker(asker, ignore=True)
        await self.db.commit()
        return bool(cursor.rowcount > 0)

    async def _insert_asker(self, asker: Asker, *, ignore: bool = False) -> Any:
        return await self.db.execute(
            f"INSERT {'OR IGNORE ' if ignore else ''}INTO escalation_askers ({ASKER}) VALUES "
            "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (asker.card_id, asker.user_hash, asker.platform, asker.language, asker.user_id,
             asker.chat, asker.message, asker.note, asker.reason, _iso(asker.created_at),
             _iso_or_none(asker.delivered_at), _iso_or_none(asker.lease_until)))

    async def card(self, card_id: str) -> Escalation | None:
        found = await self._cards("WHERE id = ?", (card_id,))
        return found[0] if found else None

    async def card_at(self, platform: str, desk_chat: str, post: str) -> Escalation | None:
        if not post:  # an unposted card has no post: nothing points at it yet
            return None
        found = await self._cards("WHERE platform = ? AND desk_chat = ? AND post = ?",
                                  (platform, desk_chat, post))
        return found[0] if found else None

    async def save_card(self, card: Escalation) -> None:
        row = dict(zip([c.strip() for c in CARD.split(",")], _card_row(card), strict=True))
        await self.db.execute(
            f"UPDATE escalations SET {', '.join(f'{c} = ?' for c in MUTABLE)} WHERE id = ?",
            (*(row[c] for c in MUTABLE), card.id))
        await self.db.commit()

    async def waiting(self, course: str, platform: str) -> list[Escalation]:
        return await self._cards(f"WHERE course = ? AND platform = ? AND status IN ({_WAITING})",
                                 (course, platform))

    async def cards(self, course: str | None = None, since: datetime | None = None
                    ) -> list[Escalation]:
        where: list[str] = []
        params: list[Any] = []
        if course is not None:
            where.append("course = ?")
            params.append(course)
        if since is not None:
            where.append("created_at >= ?")
            params.append(_iso(since))
        return await self._cards(f"WHERE {' AND '.join(where)}" if where else "", tuple(params))

    async def due_reminders(self, platform: str, before: datetime) -> list[Escalation]:
        return await self._cards(
            f"WHERE platform = ? AND status IN ({_WAITING}) AND created_at < ? AND "
            "reminded_at IS NULL AND post != ''", (platform, _iso(before)))

    async def claim_reminder(self, card_id: str, at: datetime) -> bool:
        cursor = await self.db.execute(
            "UPDATE escalations SET reminded_at = ? WHERE id = ? AND reminded_at IS NULL",
            (_iso(at), card_id))
        await self.db.commit()
        return cursor.rowcount == 1

    async def _cards(self, clause: str, params: tuple[Any, ...]) -> list[Escalation]:
        async with self.db.execute(f"SELECT {CARD} FROM escalations {clause} "
                                   "ORDER BY created_at, id", params) as cursor:
            return [_card(r) for r in await cursor.fetchall()]

    # -- students ----------------------------------------------------------------------------

    async def askers(self, card_id: str) -> list[Asker]:
        async with self.db.execute(f"SELECT {ASKER} FROM escalation_askers WHERE card_id = ? "
                                   "ORDER BY created_at, rowid", (card_id,)) as cursor:
            return [_asker(r) for r in await cursor.fetchall()]

    async def open_count(self, user_hash: str) -> int:
        async with self.db.execute(
                "SELECT COUNT(*) FROM escalation_askers a JOIN escalations e ON e.id = a.card_id "
                f"WHERE a.user_hash = ? AND e.status IN ({_WAITING})", (user_hash,)) as cursor:
            row = await cursor.fetchone()
        return int(row[0]) if row else 0

    async def lease(self, card_id: str, user_hash: str, until: datetime, now: datetime
                    ) -> Asker | None:
        """One UPDATE takes the lease or not (the database serialises writers); then the row."""
        cursor = await self.db.execute(
            "UPDATE escalation_askers SET lease_until = ? WHERE card_id = ? AND user_hash = ? "
            "AND delivered_at IS NULL AND (lease_until IS NULL OR lease_until < ?)",
            (_iso(until), card_id, user_hash, _iso(now)))
        await self.db.commit()
        if cursor.rowcount != 1:
            return None
        async with self.db.execute(f"SELECT {ASKER} FROM escalation_askers WHERE card_id = ? "
                                   "AND user_hash = ?", (card_id, user_hash)) as found:
            row = await found.fetchone()
        return _asker(row) if row else None

    async def delivered(self, card_id: str, user_hash: str, at: datetime) -> None:
        await self.db.execute(
            "UPDATE escalation_askers SET delivered_at = ?, lease_until = NULL, user_id = '', "
            "chat = '', message = '' WHERE card_id = ? AND user_hash = ?",
            (_iso(at), card_id, user_hash))
        await self.db.commit()

    async def undelivered(self, platform: str, now: datetime) -> list[tuple[Escalation, Asker]]:
        async with self.db.execute(
                f"SELECT {_E_COLUMNS}, {_A_COLUMNS} FROM escalation_askers a "
                "JOIN escalations e ON e.id = a.card_id "
                f"WHERE e.platform = ? AND e.status IN ({_FINISHED}) AND a.delivered_at IS NULL "
                "AND (a.lease_until IS NULL OR a.lease_until < ?) "
                "ORDER BY e.created_at, e.id, a.created_at, a.rowid",
                (platform, _iso(now))) as cursor:
            return [(_card(r[:21]), _asker(r[21:])) for r in await cursor.fetchall()]

    async def forget(self, user_hash: str) -> int:
        """Delete the student's rows; a waiting card nobody waits on any more is closed."""
        try:
            async with self.db.execute("SELECT card_id FROM escalation_askers WHERE "
                                       "user_hash = ?", (user_hash,)) as cursor:
                card_ids = [r[0] for r in await cursor.fetchall()]
            deleted = await self.db.execute("DELETE FROM escalation_askers WHERE user_hash = ?",
                                            (user_hash,))
            removed = deleted.rowcount
            if card_ids:
                marks = ",".join("?" * len(card_ids))
                await self.db.execute(
                    f"UPDATE escalations SET status = '{CLOSED}', closed_at = ? WHERE id IN "
                    f"({marks}) AND status IN ({_WAITING}) AND NOT EXISTS (SELECT 1 FROM "
                    "escalation_askers a WHERE a.card_id = escalations.id)",
                    (_iso(None), *card_ids))
        except BaseException:
            await self.db.rollback()
            raise
        await self.db.commit()
        return removed


def _iso(at: datetime | None) -> str:
    return (at or datetime.now(UTC)).astimezone(UTC).isoformat(timespec="microseconds")


def _iso_or_none(at: datetime | None) -> str | None:
    return None if at is None else _iso(at)


def _time(text: str | None) -> datetime | None:
    return None if text is None else datetime.fromisoformat(text)


def _desk(r: Sequence[Any]) -> Desk:
    return Desk(r[0], r[1], r[2], r[3], r[4], bool(r[5]), r[6], _time(r[7]))


def _card_row(card: Escalation) -> tuple[Any, ...]:
    return (card.id, card.course, card.platform, card.desk_chat, card.question, card.language,
            card.answer_id, card.scope, card.status, card.post, card.claimed_by, card.draft,
            card.draft_message, card.drafted_by, card.signer, int(card.add_to_notes),
            card.note_document, _iso(card.created_at), _iso_or_none(card.answered_at),
            _iso_or_none(card.closed_at), _iso_or_none(card.reminded_at))


def _card(r: Sequence[Any]) -> Escalation:
    return Escalation(
        id=r[0], course=r[1], platform=r[2], desk_chat=r[3], question=r[4], language=r[5],
        answer_id=r[6], scope=r[7], status=r[8], post=r[9], claimed_by=r[10], draft=r[11],
        draft_message=r[12], drafted_by=r[13], signer=r[14], add_to_notes=bool(r[15]),
        note_document=r[16], created_at=_time(r[17]), answered_at=_time(r[18]),
        closed_at=_time(r[19]), reminded_at=_time(r[20]))


def _asker(r: Sequence[Any]) -> Asker:
    return Asker(card_id=r[0], user_hash=r[1], platform=r[2], language=r[3], user_id=r[4],
                 chat=r[5], message=r[6], note=r[7], reason=r[8], created_at=_time(r[9]),
                 delivered_at=_time(r[10]), lease_until=_time(r[11]))
