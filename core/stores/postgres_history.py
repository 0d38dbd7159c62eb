"""PostgresHistoryStore: the HistoryStore port on Postgres (e.g. Supabase over a direct DSN).

One psycopg AsyncConnection guarded by an asyncio.Lock (psycopg_pool is not a dependency): the
bot writes a turn or reads a few per question, far below one connection's capacity. The table
comes from migrations/supabase (apply_migrations); this store never creates it. Autocommit: a
turn is durable when append() returns. Prepared statements are off so it also works behind
Supabase's transaction pooler (port 6543).
"""
from __future__ import annotations

import asyncio
import json
from datetime import UTC, datetime
from typing import Any

import psycopg

from core.ports import Turn
from core.stores.errors import StoreError, describe_db_error, dsn_secrets

COLUMNS = "platform, user_id, question, answer, intent, citations, created_at"


class PostgresHistoryStore:
    """Per-user turns in `public.history_turns`; erasable per user and by age."""

    def __init__(self, dsn: str, *, connect_timeout_s: float = 10) -> None:
        self._dsn = dsn
        self._connect_timeout_s = connect_timeout_s
        self._conn: psycopg.AsyncConnection[Any] | None = None
        self._lock = asyncio.Lock()

    async def recent(self, platform: str, user_id: str, limit: int) -> list[Turn]:
        if limit <= 0:
            return []
        rows = await self._run(
            f"select {COLUMNS} from (select id, {COLUMNS} from public.history_turns"
            " where platform = %s and user_id = %s order by created_at desc, id desc limit %s) t"
            " order by created_at, id", (platform, user_id, limit), fetch=True)
        return [Turn(platform=r[0], user_id=r[1], question=r[2], answer=r[3], intent=r[4],
                     citations=tuple(r[5] or ()), created_at=r[6]) for r in rows]

    async def append(self, turn: Turn) -> None:
        created = turn.created_at or datetime.now(UTC)
        if created.tzinfo is None:  # naive timestamps are taken as UTC, like the SQLite store
            created = created.replace(tzinfo=UTC)
        await self._run(
            f"insert into public.history_turns ({COLUMNS}) values (%s, %s, %s, %s, %s, %s, %s)",
            (turn.platform, turn.user_id, turn.question, turn.answer, turn.intent,
             json.dumps(list(turn.citations), ensure_ascii=False), created))

    async def forget(self, platform: str, user_id: str) -> int:
        return await self._run(
            "delete from public.history_turns where platform = %s and user_id = %s",
            (platform, user_id))

    async def purge_older_than(self, days: int) -> int:
        return await self._run(
            "delete from public.history_turns where created_at < now() - make_interval(days => %s)",
            (days,))

    async def aclose(self) -> None:
        async with self._lock:
            if self._conn is not None:
                await self._conn.close()
                self._conn = None

    async def _run(self, query: str, params: tuple[Any, ...], *, fetch: bool = False) -> Any:
        """Execute one statement; returns rows (fetch) or the affected row count."""
        async with self._lock:
            try:
                conn = await self._connection()
                cursor = await conn.execute(query, params)
                return await cursor.fetchall() if fetch else cursor.rowcount
            except psycopg.Error as err:
                if self._conn is not None and (self._conn.closed or self._conn.broken):
                    self._conn = None  # reconnect on the next call; this one is not retried
                raise StoreError(
                    f"history store: {describe_db_error(err, dsn_secrets(self._dsn))}") from None

    async def _connection(self) -> psycopg.AsyncConnection[Any]:
        if self._conn is None or self._conn.closed or self._conn.broken:
            self._conn = await psycopg.AsyncConnection.connect(
                self._dsn, autocommit=True, prepare_threshold=None,
                connect_timeout=max(1, round(self._connect_timeout_s)))
        return self._conn
