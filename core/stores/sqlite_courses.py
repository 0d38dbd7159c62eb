"""Course owners, grants and share codes in the embedded database (core/course/tenancy.py's
CourseRegistry over aiosqlite)."""
from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any

from core.ports import CourseRecord
from core.stores.sqlite_async import AsyncSqliteFile

COLUMNS = "name, owner, private, public, created_by, created_at"


class SqliteCourseRegistry(AsyncSqliteFile):
    """`courses`, `course_grants` and `share_codes` (migrations/sqlite/0010)."""

    async def get(self, name: str) -> CourseRecord | None:
        async with self.db.execute(f"SELECT {COLUMNS} FROM courses WHERE name = ?",
                                   (name,)) as cursor:
            row = await cursor.fetchone()
        return _record(row) if row else None

    async def create(self, record: CourseRecord) -> CourseRecord:
        await self.db.execute(
            f"INSERT INTO courses ({COLUMNS}) VALUES (?, ?, ?, ?, ?, ?) "
            "ON CONFLICT(name) DO NOTHING", _row(record))
        await self.db.commit()
        stored = await self.get(record.name)
        assert stored is not None
        return stored

    async def save(self, record: CourseRecord) -> None:
        await self.db.execute(
            f"INSERT INTO courses ({COLUMNS}) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT(name) DO "
            "UPDATE SET owner = excluded.owner, private = excluded.private, "
            "public = excluded.public", _row(record))
        await self.db.commit()

    async def records(self) -> list[CourseRecord]:
        async with self.db.execute(f"SELECT {COLUMNS} FROM courses ORDER BY name") as cursor:
            return [_record(row) for row in await cursor.fetchall()]

    async def grant(self, course: str, scope: str, by: str) -> None:
        await self.db.execute(
            "INSERT INTO course_grants (course, scope, granted_by, granted_at) VALUES "
            "(?, ?, ?, ?) ON CONFLICT(course, scope) DO NOTHING", (course, scope, by, _now()))
        await self.db.commit()

    async def revoke(self, course: str, scope: str) -> bool:
        cursor = await self.db.execute(
            "DELETE FROM course_grants WHERE course = ? AND scope = ?", (course, scope))
        await self.db.commit()
        return cursor.rowcount > 0

    async def grants(self, course: str | None = None) -> list[tuple[str, str]]:
        query, params = "SELECT course, scope FROM course_grants", tuple[str, ...]()
        if course is not None:
            query, params = query + " WHERE course = ?", (course,)
        async with self.db.execute(query + " ORDER BY course, scope", params) as cursor:
            return [(str(r[0]), str(r[1])) for r in await cursor.fetchall()]

    async def add_code(self, code_hash: str, course: str, by: str, expires_at: datetime
                       ) -> None:
        await self.db.execute("DELETE FROM share_codes WHERE expires_at < ?", (_now(),))
        await self.db.execute(
            "INSERT INTO share_codes (code_hash, course, created_by, expires_at) "
            "VALUES (?, ?, ?, ?)", (code_hash, course, by, _iso(expires_at)))
        await self.db.commit()

    async def redeem(self, code_hash: str, now: datetime) -> str | None:
        cursor = await self.db.execute(
            "DELETE FROM share_codes WHERE code_hash = ? RETURNING course, expires_at",
            (code_hash,))
        row = await cursor.fetchone()
        await cursor.close()
        await self.db.commit()
        if row is None or datetime.fromisoformat(row[1]) < now:
            return None
        return str(row[0])

    async def scopes_using(self, course: str) -> list[str]:
        async with self.db.execute(
                "SELECT DISTINCT scope FROM course_spaces WHERE course = ? AND scope <> '' "
                "ORDER BY scope", (course,)) as cursor:
            return [str(r[0]) for r in await cursor.fetchall()]


def _now() -> str:
    return datetime.now(UTC).isoformat()


def _iso(at: datetime) -> str:
    return at.astimezone(UTC).isoformat()


def _row(record: CourseRecord) -> tuple[Any, ...]:
    return (record.name, record.owner, int(record.private), int(record.public),
            record.created_by, _iso(record.created_at or datetime.now(UTC)))


def _record(row: Sequence[Any]) -> CourseRecord:
    return CourseRecord(name=row[0], owner=row[1], private=bool(row[2]), public=bool(row[3]),
                        created_by=row[4], created_at=datetime.fromisoformat(row[5]))
