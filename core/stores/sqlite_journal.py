"""SQLite message journal: at-least-once answers without duplicates across restarts.

A message is claimed (pending) before it is answered and marked done after its reply is sent.
Redelivery of a done message is ignored; a pending one from an earlier run is answered again.
A done row keeps only the key that stops a re-answer: not the update, not the user id (see
`forget` for how a private chat's rows still go with its user).
"""
from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from core.stores.sqlite_async import AsyncSqliteFile


class SqliteMessageJournal(AsyncSqliteFile):
    """MessageJournal port over the embedded database file."""

    def __init__(self, path: Path | str) -> None:
        super().__init__(path)
        self._claimed: set[tuple[str, str, str]] = set()  # in flight in this process

    async def begin(self, platform: str, chat_id: str, message_id: str, user_id: str,
                    payload: dict[str, Any]) -> bool:
        key = (platform, chat_id, message_id)
        if key in self._claimed:
            return False
        async with self.db.execute(
            "SELECT status FROM message_journal"
            " WHERE platform = ? AND chat_id = ? AND message_id = ?",
            key,
        ) as cursor:
            row = await cursor.fetchone()
        if row is not None and row[0] == "done":
            return False
        self._claimed.add(key)
        if row is None:
            await self.db.execute(
                "INSERT INTO message_journal(platform, chat_id, message_id, user_id, payload, "
                "created_at) VALUES (?, ?, ?, ?, ?, ?)",
                (*key, user_id, json.dumps(payload, ensure_ascii=False),
                 datetime.now(UTC).isoformat()))
            await self.db.commit()
        return True

    async def finish(self, platform: str, chat_id: str, message_id: str) -> None:
        key = (platform, chat_id, message_id)
        # Neither the question nor its user is kept once answered: only what stops a re-answer.
        await self.db.execute("UPDATE message_journal SET status = 'done', payload = '{}', "
                              "user_id = '' WHERE platform = ? AND chat_id = ? AND message_id = ?",
                              key)
        await self.db.commit()
        self._claimed.discard(key)

    async def renew(self, platform: str) -> int:
        """One process owns this file and its claims never run out: nothing to extend."""
        return sum(1 for key in self._claimed if key[0] == platform)

    async def pending(self, platform: str) -> list[dict[str, Any]]:
        async with self.db.execute(
            "SELECT chat_id, message_id, payload FROM message_journal WHERE platform = ? AND "
            "status = 'pending' ORDER BY created_at", (platform,),
        ) as cursor:
            rows = await cursor.fetchall()
        return [json.loads(r[2]) for r in rows if (platform, r[0], r[1]) not in self._claimed]

    async def forget(self, platform: str, user_id: str) -> int:
        """The user's pending rows, and the done rows of their private chat (on Telegram a
        private chat's id is its user's id; group rows no longer name the user)."""
        cursor = await self.db.execute(
            "DELETE FROM message_journal WHERE platform = ? AND (user_id = ? OR chat_id = ?)",
            (platform, user_id, user_id))
        await self.db.commit()
        await self.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        return cursor.rowcount

    async def purge_older_than(self, days: int) -> int:
        """Drop answered entries past the retention window."""
        cutoff = (datetime.now(UTC) - timedelta(days=days)).isoformat()
        cursor = await self.db.execute(
            "DELETE FROM message_journal WHERE status = 'done' AND created_at < ?", (cutoff,))
        await self.db.commit()
        return cursor.rowcount
