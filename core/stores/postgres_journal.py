"""The message journal on Postgres, so several bot processes answer each message exactly once.

`begin` is one atomic statement: it inserts the claim, or takes over a pending claim whose lease
ran out (its process died mid-answer), or does nothing (someone holds it, or it was answered).
`pending` hands back the messages whose lease ran out, for any live process to answer again;
`renew` keeps a live process's claims from running out however long their answers wait.
"""
from __future__ import annotations

import json
import os
import socket
from typing import Any

from core.stores.postgres_conn import PostgresConnection

LEASE_S = 120.0  # longer than any reply may take (REPLY_DEADLINE_S is 60 s by default)


class PostgresMessageJournal(PostgresConnection):
    """MessageJournal port over `public.message_journal` (migrations/supabase)."""

    label = "message journal"

    def __init__(self, dsn: str, *, lease_s: float = LEASE_S, owner: str | None = None,
                 connect_timeout_s: float = 10) -> None:
        super().__init__(dsn, connect_timeout_s=connect_timeout_s)
        self.lease_s = lease_s
        self.owner = owner or f"{socket.gethostname()}:{os.getpid()}"
        self._in_flight: set[tuple[str, str, str]] = set()  # claimed here, not finished

    async def begin(self, platform: str, chat_id: str, message_id: str, user_id: str,
                    payload: dict[str, Any]) -> bool:
        rows = await self._fetch(
            "insert into public.message_journal"
            " (platform, chat_id, message_id, user_id, payload, claimed_by)"
            " values (%s, %s, %s, %s, %s, %s)"
            " on conflict (platform, chat_id, message_id) do update"
            " set claimed_by = excluded.claimed_by, claimed_at = now()"
            " where message_journal.status = 'pending'"
            " and message_journal.claimed_at < now() - make_interval(secs => %s)"
            " returning claimed_by",
            (platform, chat_id, message_id, user_id, json.dumps(payload, ensure_ascii=False),
             self.owner, self.lease_s))
        if rows:
            self._in_flight.add((platform, chat_id, message_id))
        return bool(rows)

    async def finish(self, platform: str, chat_id: str, message_id: str) -> None:
        self._in_flight.discard((platform, chat_id, message_id))  # also if the update fails
        # Neither the question nor its user is kept once answered: only what stops a re-answer.
        await self._execute(
            "update public.message_journal set status = 'done', payload = '{}'::jsonb,"
            " user_id = '' where platform = %s and chat_id = %s and message_id = %s",
            (platform, chat_id, message_id))

    async def renew(self, platform: str) -> int:
        """Only the claims this process still holds: one another process took over is not
        taken back."""
        keys = [(chat, message) for p, chat, message in self._in_flight if p == platform]
        if not keys:
            return 0
        return await self._execute(
            "update public.message_journal set claimed_at = now()"
            " where platform = %s and claimed_by = %s and status = 'pending'"
            " and (chat_id, message_id) in (select * from unnest(%s::text[], %s::text[]))",
            (platform, self.owner, [c for c, _ in keys], [m for _, m in keys]))

    async def pending(self, platform: str) -> list[dict[str, Any]]:
        rows = await self._fetch(
            "select payload from public.message_journal where platform = %s"
            " and status = 'pending' and claimed_at < now() - make_interval(secs => %s)"
            " order by created_at", (platform, self.lease_s))
        return [dict(row[0]) for row in rows]

    async def forget(self, platform: str, user_id: str) -> int:
        """Pending rows of the user and done rows of their private chat (SqliteMessageJournal)."""
        return await self._execute(
            "delete from public.message_journal where platform = %s"
            " and (user_id = %s or chat_id = %s)", (platform, user_id, user_id))

    async def purge_older_than(self, days: int) -> int:
        return await self._execute(
            "delete from public.message_journal where status = 'done'"
            " and created_at < now() - make_interval(days => %s)", (days,))
