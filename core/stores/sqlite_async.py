"""One durable aiosqlite connection to the embedded database, shared by the async stores.

WAL so readers never block the writer; synchronous=FULL so an acknowledged write survives a
crash or power loss; secure_delete so erased user text is overwritten, not just unlinked.
"""
from __future__ import annotations

from pathlib import Path

import aiosqlite

from core.stores.sqlite_migrate import connect


class AsyncSqliteFile:
    """Open / close / connection for a store living in the embedded database file."""

    def __init__(self, path: Path | str) -> None:
        self.path = path
        self._db: aiosqlite.Connection | None = None

    async def open(self) -> None:
        connect(self.path).close()  # apply migrations once, synchronously, before serving
        self._db = await aiosqlite.connect(str(self.path), timeout=30)
        await self._db.execute("PRAGMA journal_mode=WAL")
        await self._db.execute("PRAGMA synchronous=FULL")
        await self._db.execute("PRAGMA secure_delete=ON")
        await self._db.execute("PRAGMA foreign_keys=ON")

    async def close(self) -> None:
        if self._db is not None:
            await self._db.close()
            self._db = None

    @property
    def db(self) -> aiosqlite.Connection:
        if self._db is None:
            raise RuntimeError(f"{type(self).__name__}.open() was not awaited")
        return self._db
