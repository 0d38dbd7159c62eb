"""TA desks, escalation cards and the students waiting on them in the embedded database (the
EscalationStore port over aiosqlite). Times are stored as ISO-8601 UTC text with microseconds,
so comparing the text compares the times (leases, reminders, the report's `since`)."""
from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from core.ports.escalations import CLOSED, WAITING, Asker, Desk, Escalation
from core.stores.escalation_rows import (
    A_COLUMNS,
    ASKER,
    CARD,
    DESK,
    E_COLUMNS,
    FINISHED,
    MUTABLE,
    asker_of,
    asker_row,
    card_of,
    card_row,
    desk_of,
    desk_row,
    mutable_values,
)
from core.stores.filters import where
from core.stores.sqlite_async import AsyncSqliteFile

_WAITING = ", ".join(f"'{s}'" for s in WAITING)
_FINISHED = ", ".join(f"'{s}'" for s in FINISHED)


class SqliteEscalationStore(AsyncSqliteFile):
    """`ta_desks`, `escalations` and `escalation_askers`; a student's rows erasable by hash."""

    # -- desks -------------------------------------------------------------------------------

    async def set_desk(self, desk: Desk) -> None:
        await self.db.execute(
            f"INSERT OR REPLACE INTO ta_desks ({DESK}) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            desk_row(desk, _iso_or_none))
        await self.db.commit()

    async def desk(self, course: str, platform: str) -> Desk | None:
        async with self.db.execute(f"SELECT {DESK} FROM ta_desks WHERE course = ? AND "
                                   "platform = ?", (course, platform)) as cursor:
            row = await cursor.fetchone()
        return desk_of(row, _time) if row else None

    async def remove_desk(self, course: str, platform: str) -> bool:
        cursor = await self.db.execute("DELETE FROM ta_desks WHERE course = ? AND platform = ?",
                                       (course, platform))
        await self.db.commit()
        return cursor.rowcount > 0

    async def desks(self, platform: str | None = None) -> list[Desk]:
        clause, params = ("WHERE platform = ?", (platform,)) if platform is not None else ("", ())
        async with self.db.execute(f"SELECT {DESK} FROM ta_desks {clause} "
                                   "ORDER BY course, platform", params) as cursor:
            return [desk_of(r, _time) for r in await cursor.fetchall()]

    # -- cards -------------------------------------------------------------------------------

    async def open_card(self, card: Escalation, asker: Asker) -> None:
        """The card and its first student in one transaction: never a card nobody waits on."""
        try:
            await self.db.execute(f"INSERT INTO escalations ({CARD}) VALUES "
                                  f"({', '.join('?' * 21)})", card_row(card, _iso_or_none))
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
            asker_row(asker, _iso_or_none))

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
        await self.db.execute(
            f"UPDATE escalations SET {', '.join(f'{c} = ?' for c in MUTABLE)} WHERE id = ?",
            (*mutable_values(card, _iso_or_none), card.id))
        await self.db.commit()

    async def waiting(self, course: str, platform: str) -> list[Escalation]:
        return await self._cards(f"WHERE course = ? AND platform = ? AND status IN ({_WAITING})",
                                 (course, platform))

    async def cards(self, course: str | None = None, since: datetime | None = None
                    ) -> list[Escalation]:
        return await self._cards(*where(("course = ?", course),
                                        ("created_at >= ?", _iso_or_none(since))))

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
            return [card_of(r, _time) for r in await cursor.fetchall()]

    # -- students ----------------------------------------------------------------------------

    async def askers(self, card_id: str) -> list[Asker]:
        async with self.db.execute(f"SELECT {ASKER} FROM escalation_askers WHERE card_id = ? "
                                   "ORDER BY created_at, rowid", (card_id,)) as cursor:
            return [asker_of(r, _time) for r in await cursor.fetchall()]

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
        return asker_of(row, _time) if row else None

    async def delivered(self, card_id: str, user_hash: str, at: datetime) -> None:
        await self.db.execute(
            "UPDATE escalation_askers SET delivered_at = ?, lease_until = NULL, user_id = '', "
            "chat = '', message = '' WHERE card_id = ? AND user_hash = ?",
            (_iso(at), card_id, user_hash))
        await self.db.commit()

    async def undelivered(self, platform: str, now: datetime) -> list[tuple[Escalation, Asker]]:
        async with self.db.execute(
                f"SELECT {E_COLUMNS}, {A_COLUMNS} FROM escalation_askers a "
                "JOIN escalations e ON e.id = a.card_id "
                f"WHERE e.platform = ? AND e.status IN ({_FINISHED}) AND a.delivered_at IS NULL "
                "AND (a.lease_until IS NULL OR a.lease_until < ?) "
                "ORDER BY e.created_at, e.id, a.created_at, a.rowid",
                (platform, _iso(now))) as cursor:
            rows = await cursor.fetchall()
        return [(card_of(r[:21], _time), asker_of(r[21:], _time)) for r in rows]

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
