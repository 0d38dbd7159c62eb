"""Per-user rate limits on Postgres, exact across every process of one bot.

Each acquire is one transaction holding an advisory lock on the key, so two processes counting
the same user's window never both let the sixth question through.
"""
from __future__ import annotations

from typing import Any

import psycopg

from core.ports import WINDOW_S
from core.stores.postgres_conn import PostgresConnection


class PostgresRateLimiter(PostgresConnection):
    """RateLimiter port over `public.rate_events` (migrations/supabase)."""

    label = "rate limiter"

    async def acquire(self, key: str, limit: int) -> int:
        return await self._in_transaction(lambda conn: _acquire(conn, key, limit))

    async def reset(self, key: str) -> None:
        await self._execute("delete from public.rate_events where key = %s", (key,))


async def _acquire(conn: psycopg.AsyncConnection[Any], key: str, limit: int) -> int:
    await conn.execute("select pg_advisory_xact_lock(hashtextextended(%s, 0))", (key,))
    await conn.execute("delete from public.rate_events where key = %s"
                       " and at < now() - make_interval(secs => %s)", (key, WINDOW_S))
    cursor = await conn.execute(
        "select count(*), extract(epoch from now() - min(at)) from public.rate_events"
        " where key = %s", (key,))
    row = await cursor.fetchone()
    count, age = (int(row[0]), float(row[1] or 0.0)) if row else (0, 0.0)
    if count >= limit:
        return max(1, int(WINDOW_S - age) + 1)
    await conn.execute("insert into public.rate_events (key) values (%s)", (key,))
    return 0
