"""Course owners, grants and share codes on Postgres (core/course/tenancy.py's CourseRegistry), so
every process of one bot agrees on who owns what."""
from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any

from core.ports import CourseRecord
from core.stores.postgres_conn import PostgresConnection

COLUMNS = "name, owner, private, public, created_by, created_at"


class PostgresCourseRegistry(PostgresConnection):
    """`public.courses`, `public.course_grants`, `public.share_codes` (migrations/supabase)."""

    label = "course registry"

    async def get(self, name: str) -> CourseRecord | None:
        rows = await self._fetch(f"select {COLUMNS} from public.courses where name = %s",
                                 (name,))
        return _record(rows[0]) if rows else None

    async def create(self, record: CourseRecord) -> CourseRecord:
        await self._execute(f"insert into public.courses ({COLUMNS}) values"
                            " (%s, %s, %s, %s, %s, %s) on conflict (name) do nothing",
                            _row(record))
        stored = await self.get(record.name)
        assert stored is not None
        return stored

    async def save(self, record: CourseRecord) -> None:
        await self._execute(f"insert into public.courses ({COLUMNS}) values"
                            " (%s, %s, %s, %s, %s, %s) on conflict (name) do update set"
                            " owner = excluded.owner, private = excluded.private,"
                            " public = excluded.public", _row(record))

    async def records(self) -> list[CourseRecord]:
        rows = await self._fetch(f"select {COLUMNS} from public.courses order by name", ())
        return [_record(row) for row in rows]

    async def grant(self, course: str, scope: str, by: str) -> None:
        await self._execute("insert into public.course_grants (course, scope, granted_by)"
                            " values (%s, %s, %s) on conflict (course, scope) do nothing",
                            (course, scope, by))

    async def revoke(self, course: str, scope: str) -> bool:
        return await self._execute("delete from public.course_grants where course = %s"
                                   " and scope = %s", (course, scope)) > 0

    async def grants(self, course: str | None = None) -> list[tuple[str, str]]:
        if course is None:
            rows = await self._fetch("select course, scope from public.course_grants"
                                     " order by course, scope", ())
        else:
            rows = await self._fetch("select course, scope from public.course_grants"
                                     " where course = %s order by scope", (course,))
        return [(str(r[0]), str(r[1])) for r in rows]

    async def add_code(self, code_hash: str, course: str, by: str, expires_at: datetime
                       ) -> None:
        await self._execute("delete from public.share_codes where expires_at < now()", ())
        await self._execute("insert into public.share_codes (code_hash, course, created_by,"
                            " expires_at) values (%s, %s, %s, %s)",
                            (code_hash, course, by, expires_at))

    async def redeem(self, code_hash: str, now: datetime) -> str | None:
        rows = await self._fetch("delete from public.share_codes where code_hash = %s"
                                 " returning course, expires_at", (code_hash,))
        if not rows or rows[0][1] < now:
            return None
        return str(rows[0][0])

    async def scopes_using(self, course: str) -> list[str]:
        rows = await self._fetch("select distinct scope from public.course_spaces"
                                 " where course = %s and scope <> '' order by scope", (course,))
        return [str(r[0]) for r in rows]


def _row(record: CourseRecord) -> tuple[Any, ...]:
    return (record.name, record.owner, record.private, record.public, record.created_by,
            record.created_at or datetime.now(UTC))


def _record(row: Sequence[Any]) -> CourseRecord:
    return CourseRecord(name=row[0], owner=row[1], private=bool(row[2]), public=bool(row[3]),
                        created_by=row[4], created_at=row[5])
