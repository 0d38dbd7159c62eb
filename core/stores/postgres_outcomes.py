"""Outcomes and votes on Postgres (the OutcomeStore port), shared by every bot process."""
from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any

from core.ports import Outcome, Vote
from core.stores.filters import where
from core.stores.postgres_conn import PostgresConnection

COLUMNS = ("answer_id, platform, user_hash, space, course, language, question, answer, route, "
           "confidence, top_score, verdict, missing, citations, latency_ms, created_at, scope")


class PostgresOutcomeStore(PostgresConnection):
    """`public.outcomes` and `public.votes` (migrations/supabase)."""

    label = "outcome store"

    async def record(self, outcome: Outcome) -> None:
        await self._execute(
            f"insert into public.outcomes ({COLUMNS}) values (%s, %s, %s, %s, %s, %s, %s, %s,"
            " %s, %s, %s, %s, %s, %s, %s, %s, %s)",
            (outcome.answer_id, outcome.platform, outcome.user_hash, outcome.space, outcome.course,
             outcome.language, outcome.question, outcome.answer, json.dumps(list(outcome.route)),
             outcome.confidence, outcome.top_score, outcome.verdict, outcome.missing,
             json.dumps(list(outcome.citations), ensure_ascii=False), outcome.latency_ms,
             outcome.created_at or datetime.now(UTC), outcome.scope))

    async def get(self, answer_id: str) -> Outcome | None:
        found = await self._select("where answer_id = %s", (answer_id,))
        return found[0] if found else None

    async def vote(self, vote: Vote) -> bool:
        changed = await self._execute(
            "insert into public.votes (answer_id, voter_hash, value, reason, voted_at)"
            " select %s, %s, %s, %s, %s where exists"
            " (select 1 from public.outcomes where answer_id = %s)"
            " on conflict (answer_id, voter_hash) do update set value = excluded.value,"
            " reason = excluded.reason, voted_at = excluded.voted_at",
            (vote.answer_id, vote.voter_hash, vote.value, vote.reason,
             vote.voted_at or datetime.now(UTC), vote.answer_id))
        return changed > 0

    async def outcomes(self, *, course: str | None = None, since: datetime | None = None,
                       scope: str | None = None) -> list[Outcome]:
        return await self._select(*where(("course = %s", course), ("created_at >= %s", since),
                                         ("scope = %s", scope)))

    async def courses(self) -> list[str]:
        rows = await self._fetch("select distinct course from public.outcomes where course <> ''"
                                 " order by course", ())
        return [row[0] for row in rows]

    async def forget(self, user_hash: str) -> int:
        votes = await self._execute("delete from public.votes where voter_hash = %s", (user_hash,))
        rows = await self._execute("delete from public.outcomes where user_hash = %s",
                                   (user_hash,))
        return votes + rows

    async def purge_older_than(self, days: int) -> int:
        return await self._execute(  # votes go with their outcome (on delete cascade)
            "delete from public.outcomes where created_at < now() - make_interval(days => %s)",
            (days,))

    async def _select(self, clause: str, params: tuple[Any, ...]) -> list[Outcome]:
        rows = await self._fetch(f"select {COLUMNS} from public.outcomes {clause}"
                                 " order by created_at, answer_id", params)
        if not rows:
            return []
        found = await self._fetch(
            "select answer_id, voter_hash, value, reason, voted_at from public.votes"
            " where answer_id = any(%s) order by voted_at", ([r[0] for r in rows],))
        votes: dict[str, list[Vote]] = {}
        for v in found:
            votes.setdefault(v[0], []).append(Vote(v[0], v[1], v[2], v[3], v[4]))
        return [_outcome(row, votes.get(row[0], ())) for row in rows]


def _outcome(row: Sequence[Any], votes: Sequence[Vote]) -> Outcome:
    return Outcome(
        answer_id=row[0], platform=row[1], user_hash=row[2], space=row[3], course=row[4],
        language=row[5], question=row[6], answer=row[7], route=tuple(row[8] or ()),
        confidence=row[9], top_score=row[10], verdict=row[11], missing=row[12],
        citations=tuple(row[13] or ()), latency_ms=row[14], created_at=row[15],
        votes=tuple(votes), scope=row[16])
