"""Per-user history in SQLite via aiosqlite (WAL), with erasure that leaves no bytes behind.

`forget` uses secure_delete and a WAL checkpoint so a user's text is gone from the file and its
WAL, not just unlinked from the b-tree. Users are stored as keyed hashes (core/stores/user_hash.py),
never as platform ids: a copied database file does not say whose questions these are.
"""
from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from pathlib import Path

from core.ports import Turn
from core.stores.sqlite_async import AsyncSqliteFile
from core.stores.user_hash import user_hash

UNKEYED = b""  # tests and tools; the app passes USER_HASH_KEY's key (bot/chat_state.py)


class SqliteHistoryStore(AsyncSqliteFile):
    """HistoryStore port over the embedded database file."""

    def __init__(self, path: Path | str, *, user_key: bytes = UNKEYED) -> None:
        super().__init__(path)
        self._key = user_key

    def _user(self, platform: str, user_id: str) -> str:
        return user_hash(self._key, platform, user_id)

    async def recent(self, platform: str, user_id: str, limit: int) -> list[Turn]:
        if limit <= 0:
            return []
        async with self.db.execute(
            "SELECT question, answer, intent, citations, created_at FROM turns "
            "WHERE platform = ? AND user_hash = ? ORDER BY id DESC LIMIT ?",
            (platform, self._user(platform, user_id), limit),
        ) as cursor:
            rows = await cursor.fetchall()
        return [Turn(platform, user_id, r[0], r[1], r[2], tuple(json.loads(r[3])),
                     datetime.fromisoformat(r[4])) for r in reversed(list(rows))]

    async def append(self, turn: Turn) -> None:
        created = (turn.created_at or datetime.now(UTC)).astimezone(UTC).isoformat()
        await self.db.execute(
            "INSERT INTO turns(platform, user_hash, question, answer, intent, citations, "
            "created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
            (turn.platform, self._user(turn.platform, turn.user_id), turn.question, turn.answer,
             turn.intent, json.dumps(list(turn.citations), ensure_ascii=False), created))
        await self.db.commit()

    async def forget(self, platform: str, user_id: str) -> int:
        cursor = await self.db.execute("DELETE FROM turns WHERE platform = ? AND user_hash = ?",
                                       (platform, self._user(platform, user_id)))
        await self.db.commit()
        await self.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        return cursor.rowcount

    async def purge_older_than(self, days: int) -> int:
        cutoff = (datetime.now(UTC) - timedelta(days=days)).isoformat()
        cursor = await self.db.execute("DELETE FROM turns WHERE created_at < ?", (cutoff,))
        await self.db.commit()
        return cursor.rowcount
