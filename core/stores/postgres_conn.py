"""One shared psycopg AsyncConnection for the small Postgres-backed stores (history, spaces).

One connection guarded by an asyncio.Lock (psycopg_pool is not a dependency): these stores read
or write a few rows per question, far below one connection's capacity. Autocommit, so a write is
durable when the call returns; prepared statements off, so it also works behind Supabase's
transaction pooler (port 6543). Tables come from migrations/supabase (`studybuddy migrate`).
"""
from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

import psycopg

from core.stores.errors import StoreError, describe_db_error, dsn_secrets

T = TypeVar("T")
Work = Callable[[psycopg.AsyncConnection[Any]], Awaitable[T]]


class PostgresConnection:
    """Runs one statement at a time; failures become a secret-free StoreError."""

    label = "postgres store"  # names the store in error messages

    def __init__(self, dsn: str, *, connect_timeout_s: float = 10) -> None:
        self._dsn = dsn
        self._connect_timeout_s = connect_timeout_s
        self._conn: psycopg.AsyncConnection[Any] | None = None
        self._lock = asyncio.Lock()

    async def aclose(self) -> None:
        async with self._lock:
            if self._conn is not None:
                await self._conn.close()
                self._conn = None

    async def _execute(self, query: str, params: tuple[Any, ...]) -> int:
        """Run one statement; the number of rows it affected."""
        return int(await self._run(query, params))

    async def _fetch(self, query: str, params: tuple[Any, ...]) -> list[tuple[Any, ...]]:
        """Run one query; its rows."""
        return list(await self._run(query, params, fetch=True))

    async def _run(self, query: str, params: tuple[Any, ...], *, fetch: bool = False) -> Any:
        """Execute one statement; returns rows (fetch) or the affected row count."""
        async def one(conn: psycopg.AsyncConnection[Any]) -> Any:
            cursor = await conn.execute(query, params)
            return await cursor.fetchall() if fetch else cursor.rowcount
        return await self._with_connection(one)

    async def _in_transaction(self, work: Work[T]) -> T:
        """Run several statements as one transaction, committed when `work` returns."""
        async def transaction(conn: psycopg.AsyncConnection[Any]) -> T:
            async with conn.transaction():
                return await work(conn)
        return await self._with_connection(transaction)

    async def _with_connection(self, work: Work[T]) -> T:
        """The one place calls are serialised and failures become a secret-free StoreError."""
        async with self._lock:
            try:
                return await work(await self._connection())
            except psycopg.Error as err:
                if self._conn is not None and (self._conn.closed or self._conn.broken):
                    self._conn = None  # reconnect on the next call; this one is not retried
                raise StoreError(
                    f"{self.label}: {describe_db_error(err, dsn_secrets(self._dsn))}") from None

    async def _connection(self) -> psycopg.AsyncConnection[Any]:
        if self._conn is None or self._conn.closed or self._conn.broken:
            self._conn = await psycopg.AsyncConnection.connect(
                self._dsn, autocommit=True, prepare_threshold=None,
                connect_timeout=max(1, round(self._connect_timeout_s)))
        return self._conn
