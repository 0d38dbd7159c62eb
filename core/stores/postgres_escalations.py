"""TA desks, escalation cards and the students waiting on them on Postgres (the
EscalationStore port), shared by every bot process: a delivery lease is one
UPDATE ... RETURNING, so two processes never both send one student's answer."""
from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import psycopg

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
from core.stores.postgres_conn import PostgresConnection

WAITING_LIST = list(WAITING)
FINISHED_LIST = list(FINISHED)


class PostgresEscalationStore(PostgresConnection):
    """`public.ta_desks`, `public.escalations`, `public.escalation_askers`
    (migrations/supabase)."""

    label = "escalation store"

    # -- desks -------------------------------------------------------------------------------

    async def set_desk(self, desk: Desk) -> None:
        await self._execute(
            f"insert into public.ta_desks ({DESK}) values (%s, %s, %s, %s, %s, %s, %s, %s)"
            " on conflict (course, platform) do update set chat = excluded.chat,"
            " kind = excluded.kind, language = excluded.language,"
            " all_answers = excluded.all_answers, set_by = excluded.set_by,"
            " set_at = excluded.set_at",
            desk_row(desk, _same))

    async def desk(self, course: str, platform: str) -> Desk | None:
        rows = await self._fetch(f"select {DESK} from public.ta_desks where course = %s"
                                 " and platform = %s", (course, platform))
        return desk_of(rows[0], _utc) if rows else None

    async def remove_desk(self, course: str, platform: str) -> bool:
        return await self._execute("delete from public.ta_desks where course = %s and"
                                   " platform = %s", (course, platform)) > 0

    async def desks(self, platform: str | None = None) -> list[Desk]:
        clause, params = ("where platform = %s", (platform,)) if platform is not None else ("", ())
        rows = await self._fetch(f"select {DESK} from public.ta_desks {clause}"
                                 " order by course, platform", params)
        return [desk_of(r, _utc) for r in rows]

    # -- cards -------------------------------------------------------------------------------

    async def open_card(self, card: Escalation, asker: Asker) -> None:
        """The card and its first student in one transaction: never a card nobody waits on."""
        async def work(conn: psycopg.AsyncConnection[Any]) -> None:
            await conn.execute(f"insert into public.escalations ({CARD}) values"
                               f" ({', '.join(['%s'] * 21)})", card_row(card, _same))
            await conn.execute(_INSERT_ASKER, asker_row(asker, _same))
        await self._in_transaction(work)

    async def attach(self, asker: Asker) -> bool:
        return await self._execute(_INSERT_ASKER + " on conflict (card_id, user_hash) do nothing",
                                   asker_row(asker, _same)) > 0

    async def card(self, card_id: str) -> Escalation | None:
        found = await self._cards("where id = %s", (card_id,))
        return found[0] if found else None

    async def card_at(self, platform: str, desk_chat: str, post: str) -> Escalation | None:
        if not post:  # an unposted card has no post: nothing points at it yet
            return None
        found = await self._cards("where platform = %s and desk_chat = %s and post = %s",
                                  (platform, desk_chat, post))
        return found[0] if found else None

    async def save_card(self, card: Escalation) -> None:
        await self._execute(
            f"update public.escalations set {', '.join(f'{c} = %s' for c in MUTABLE)}"
            " where id = %s", (*mutable_values(card, _same), card.id))

    async def waiting(self, course: str, platform: str) -> list[Escalation]:
        return await self._cards("where course = %s and platform = %s and status = any(%s)",
                                 (course, platform, WAITING_LIST))

    async def cards(self, course: str | None = None, since: datetime | None = None
                    ) -> list[Escalation]:
        return await self._cards(*where(("course = %s", course), ("created_at >= %s", since)))

    async def due_reminders(self, platform: str, before: datetime) -> list[Escalation]:
        return await self._cards(
            "where platform = %s and status = any(%s) and created_at < %s and reminded_at is null"
            " and post <> ''", (platform, WAITING_LIST, before))

    async def claim_reminder(self, card_id: str, at: datetime) -> bool:
        rows = await self._fetch("update public.escalations set reminded_at = %s where id = %s"
                                 " and reminded_at is null returning id", (at, card_id))
        return bool(rows)

    async def _cards(self, clause: str, params: tuple[Any, ...]) -> list[Escalation]:
        rows = await self._fetch(f"select {CARD} from public.escalations {clause}"
                                 " order by created_at, id", params)
        return [card_of(r, _utc) for r in rows]

    # -- students ----------------------------------------------------------------------------

    async def askers(self, card_id: str) -> list[Asker]:
        rows = await self._fetch(f"select {ASKER} from public.escalation_askers"
                                 " where card_id = %s order by created_at, seq", (card_id,))
        return [asker_of(r, _utc) for r in rows]

    async def open_count(self, user_hash: str) -> int:
        rows = await self._fetch(
            "select count(*) from public.escalation_askers a join public.escalations e"
            " on e.id = a.card_id where a.user_hash = %s and e.status = any(%s)",
            (user_hash, WAITING_LIST))
        return int(rows[0][0]) if rows else 0

    async def lease(self, card_id: str, user_hash: str, until: datetime, now: datetime
                    ) -> Asker | None:
        """One UPDATE ... RETURNING: the row lock makes a second process wait, then see the
        lease taken and match nothing."""
        rows = await self._fetch(
            "update public.escalation_askers set lease_until = %s where card_id = %s"
            " and user_hash = %s and delivered_at is null"
            f" and (lease_until is null or lease_until < %s) returning {ASKER}",
            (until, card_id, user_hash, now))
        return asker_of(rows[0], _utc) if rows else None

    async def delivered(self, card_id: str, user_hash: str, at: datetime) -> None:
        await self._execute(
            "update public.escalation_askers set delivered_at = %s, lease_until = null,"
            " user_id = '', chat = '', message = '' where card_id = %s and user_hash = %s",
            (at, card_id, user_hash))

    async def undelivered(self, platform: str, now: datetime) -> list[tuple[Escalation, Asker]]:
        rows = await self._fetch(
            f"select {E_COLUMNS}, {A_COLUMNS} from public.escalation_askers a"
            " join public.escalations e on e.id = a.card_id"
            " where e.platform = %s and e.status = any(%s) and a.delivered_at is null"
            " and (a.lease_until is null or a.lease_until < %s)"
            " order by e.created_at, e.id, a.created_at, a.seq", (platform, FINISHED_LIST, now))
        return [(card_of(r[:21], _utc), asker_of(r[21:], _utc)) for r in rows]

    async def forget(self, user_hash: str) -> int:
        """Delete the student's rows; a waiting card nobody waits on any more is closed."""
        async def work(conn: psycopg.AsyncConnection[Any]) -> int:
            cursor = await conn.execute(
                "delete from public.escalation_askers where user_hash = %s returning card_id",
                (user_hash,))
            card_ids = [r[0] for r in await cursor.fetchall()]
            if card_ids:
                await conn.execute(
                    "update public.escalations e set status = %s, closed_at = now()"
                    " where e.id = any(%s) and e.status = any(%s) and not exists"
                    " (select 1 from public.escalation_askers a where a.card_id = e.id)",
                    (CLOSED, card_ids, WAITING_LIST))
            return len(card_ids)
        return await self._in_transaction(work)


_INSERT_ASKER = (f"insert into public.escalation_askers ({ASKER}) values"
                 " (%s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s)")


def _utc(at: datetime | None) -> datetime | None:
    return None if at is None else at.astimezone(UTC)


def _same(at: datetime | None) -> datetime | None:
    return at  # psycopg writes timestamptz from aware datetimes
