"""PostgresHistoryStore: the HistoryStore port on Postgres (e.g. Supabase over a direct DSN).

The table comes from migrations/supabase (apply_migrations); this store never creates it.
Users are stored as keyed hashes (core/stores/user_hash.py), as in SqliteHistoryStore.
"""
from __future__ import annotations

import json
from datetime import UTC, datetime

from core.ports import Turn
from core.stores.postgres_conn import PostgresConnection
from core.stores.user_hash import user_hash

COLUMNS = "platform, user_hash, question, answer, intent, citations, created_at"
UNKEYED = b""  # tests and tools; the app passes USER_HASH_KEY's key (bot/chat_state.py)


class PostgresHistoryStore(PostgresConnection):
    """Per-user turns in `public.history_turns`; erasable per user and by age."""

    label = "history store"

    def __init__(self, dsn: str, *, user_key: bytes = UNKEYED, connect_timeout_s: float = 10
                 ) -> None:
        super().__init__(dsn, connect_timeout_s=connect_timeout_s)
        self._key = user_key

    def _user(self, platform: str, user_id: str) -> str:
        return user_hash(self._key, platform, user_id)

    async def recent(self, platform: str, user_id: str, limit: int) -> list[Turn]:
        if limit <= 0:
            return []
        rows = await self._fetch(
            f"select {COLUMNS} from (select id, {COLUMNS} from public.history_turns"
            " where platform = %s and user_hash = %s order by created_at desc, id desc limit %s) t"
            " order by created_at, id", (platform, self._user(platform, user_id), limit))
        return [Turn(platform=r[0], user_id=user_id, question=r[2], answer=r[3], intent=r[4],
                     citations=tuple(r[5] or ()), created_at=r[6]) for r in rows]

    async def append(self, turn: Turn) -> None:
        created = turn.created_at or datetime.now(UTC)
        if created.tzinfo is None:  # naive timestamps are taken as UTC, like the SQLite store
            created = created.replace(tzinfo=UTC)
        await self._execute(
            f"insert into public.history_turns ({COLUMNS}) values (%s, %s, %s, %s, %s, %s, %s)",
            (turn.platform, self._user(turn.platform, turn.user_id), turn.question, turn.answer,
             turn.intent, json.dumps(list(turn.citations), ensure_ascii=False), created))

    async def forget(self, platform: str, user_id: str) -> int:
        return await self._execute(
            "delete from public.history_turns where platform = %s and user_hash = %s",
            (platform, self._user(platform, user_id)))

    async def purge_older_than(self, days: int) -> int:
        return await self._execute(
            "delete from public.history_turns where created_at < now() - make_interval(days => %s)",
            (days,))
