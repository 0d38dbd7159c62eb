"""Outcomes and votes in the embedded database (the OutcomeStore port over aiosqlite)."""
from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta
from typing import Any

from core.ports import Outcome, Vote
from core.stores.filters import where
from core.stores.sqlite_async import AsyncSqliteFile

COLUMNS = ("answer_id, platform, user_hash, space, course, language, question, answer, route, "
           "confidence, top_score, verdict, missing, citations, latency_ms, created_at, scope")


class SqliteOutcomeStore(AsyncSqliteFile):
    """`outcomes` and `votes` tables; erasable per user and by age."""

    async def record(self, outcome: Outcome) -> None:
        await self.db.execute(
            f"INSERT INTO outcomes ({COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, "
            "?, ?, ?)",
            (outcome.answer_id, outcome.platform, outcome.user_hash, outcome.space, outcome.course,
             outcome.language, outcome.question, outcome.answer, json.dumps(list(outcome.route)),
             outcome.confidence, outcome.top_score, outcome.verdict, outcome.missing,
             json.dumps(list(outcome.citations), ensure_ascii=False), outcome.latency_ms,
             _iso(outcome.created_at), outcome.scope))
        await self.db.commit()

    async def get(self, answer_id: str) -> Outcome | None:
        found = await self._select("WHERE answer_id = ?", (answer_id,))
        return found[0] if found else None

    async def vote(self, vote: Vote) -> bool:
        cursor = await self.db.execute(
            "INSERT INTO votes (answer_id, voter_hash, value, reason, voted_at) "
            "SELECT ?, ?, ?, ?, ? WHERE EXISTS (SELECT 1 FROM outcomes WHERE answer_id = ?) "
            "ON CONFLICT (answer_id, voter_hash) DO UPDATE SET value = excluded.value, "
            "reason = excluded.reason, voted_at = excluded.voted_at",
            (vote.answer_id, vote.voter_hash, vote.value, vote.reason, _iso(vote.voted_at),
             vote.answer_id))
        await self.db.commit()
        return cursor.rowcount > 0

    async def outcomes(self, *, course: str | None = None, since: datetime | None = None,
                       scope: str | None = None) -> list[Outcome]:
        after = None if since is None else _iso(since)
        return await self._select(*where(("course = ?", course), ("created_at >= ?", after),
                                         ("scope = ?", scope)))

    async def courses(self) -> list[str]:
        async with self.db.execute("SELECT DISTINCT course FROM outcomes WHERE course <> '' "
                                   "ORDER BY course") as cursor:
            return [row[0] for row in await cursor.fetchall()]

    async def forget(self, user_hash: str) -> int:
        votes = await self.db.execute("DELETE FROM votes WHERE voter_hash = ?", (user_hash,))
        rows = await self.db.execute("DELETE FROM outcomes WHERE user_hash = ?", (user_hash,))
        await self.db.commit()
        return votes.rowcount + rows.rowcount

    async def purge_older_than(self, days: int) -> int:
        cutoff = _iso(datetime.now(UTC) - timedelta(days=days))
        votes = await self.db.execute("DELETE FROM votes WHERE answer_id IN (SELECT answer_id "
                                      "FROM outcomes WHERE created_at < ?)", (cutoff,))
        rows = await self.db.execute("DELETE FROM outcomes WHERE created_at < ?", (cutoff,))
        await self.db.commit()
        return votes.rowcount + rows.rowcount

    async def _select(self, clause: str, params: tuple[Any, ...]) -> list[Outcome]:
        async with self.db.execute(f"SELECT {COLUMNS} FROM outcomes {clause} "
                                   "ORDER BY created_at, answer_id", params) as cursor:
            rows = list(await cursor.fetchall())
        if not rows:
            return []
        ids = [row[0] for row in rows]
        marks = ",".join("?" * len(ids))
        async with self.db.execute(
                f"SELECT answer_id, voter_hash, value, reason, voted_at FROM votes "
                f"WHERE answer_id IN ({marks}) ORDER BY voted_at", tuple(ids)) as cursor:
            votes: dict[str, list[Vote]] = {}
            for v in await cursor.fetchall():
                votes.setdefault(v[0], []).append(
                    Vote(v[0], v[1], v[2], v[3], datetime.fromisoformat(v[4])))
        return [_outcome(row, votes.get(row[0], ())) for row in rows]


def _iso(at: datetime | None) -> str:
    return (at or datetime.now(UTC)).astimezone(UTC).isoformat()


def _outcome(row: Sequence[Any], votes: Sequence[Vote]) -> Outcome:
    return Outcome(
        answer_id=row[0], platform=row[1], user_hash=row[2], space=row[3], course=row[4],
        language=row[5], question=row[6], answer=row[7], route=tuple(json.loads(row[8])),
        confidence=row[9], top_score=row[10], verdict=row[11], missing=row[12],
        citations=tuple(json.loads(row[13])), latency_ms=row[14],
        created_at=datetime.fromisoformat(row[15]), votes=tuple(votes), scope=row[16])
