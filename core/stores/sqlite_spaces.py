"""Course spaces in the embedded database (the SpaceStore port over aiosqlite)."""
from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime

from core.ports import SpaceAssignment
from core.stores.sqlite_async import AsyncSqliteFile

COLUMNS = "space, course, set_by, set_at, scope"


class SqliteSpaceStore(AsyncSqliteFile):
    """space -> course rows in `course_spaces`, space -> study-integrity mode in `space_modes`."""

    async def lookup(self, spaces: Sequence[str]) -> SpaceAssignment | None:
        if not spaces:
            return None
        marks = ",".join("?" * len(spaces))
        async with self.db.execute(
                f"SELECT {COLUMNS} FROM course_spaces WHERE space IN ({marks})",
                tuple(spaces)) as cursor:
            found = {row[0]: row for row in await cursor.fetchall()}
        for space in spaces:  # most specific first
            if space in found:
                return _assignment(found[space])
        return None

    async def assign(self, assignment: SpaceAssignment) -> None:
        at = (assignment.set_at or datetime.now(UTC)).astimezone(UTC).isoformat()
        await self.db.execute(
            "INSERT INTO course_spaces(space, course, set_by, set_at, scope) "
            "VALUES (?, ?, ?, ?, ?) ON CONFLICT(space) DO UPDATE SET course = excluded.course, "
            "set_by = excluded.set_by, set_at = excluded.set_at, scope = excluded.scope",
            (assignment.space, assignment.course, assignment.set_by, at, assignment.scope))
        await self.db.commit()

    async def unassign(self, space: str) -> bool:
        cursor = await self.db.execute("DELETE FROM course_spaces WHERE space = ?", (space,))
        await self.db.commit()
        return cursor.rowcount > 0

    async def assignments(self) -> list[SpaceAssignment]:
        async with self.db.execute(
                f"SELECT {COLUMNS} FROM course_spaces ORDER BY space") as cursor:
            return [_assignment(row) for row in await cursor.fetchall()]

    async def mode(self, spaces: Sequence[str]) -> str | None:
        if not spaces:
            return None
        marks = ",".join("?" * len(spaces))
        async with self.db.execute(
                f"SELECT space, mode FROM space_modes WHERE space IN ({marks})",
                tuple(spaces)) as cursor:
            found = {str(row[0]): str(row[1]) for row in await cursor.fetchall()}
        return next((found[space] for space in spaces if space in found), None)

    async def set_mode(self, space: str, mode: str, set_by: str) -> None:
        await self.db.execute(
            "INSERT INTO space_modes(space, mode, set_by, set_at) VALUES (?, ?, ?, ?) "
            "ON CONFLICT(space) DO UPDATE SET mode = excluded.mode, "
            "set_by = excluded.set_by, set_at = excluded.set_at",
            (space, mode, set_by, datetime.now(UTC).isoformat()))
        await self.db.commit()


def _assignment(row: Sequence[str]) -> SpaceAssignment:
    return SpaceAssignment(space=row[0], course=row[1], set_by=row[2],
                           set_at=datetime.fromisoformat(row[3]), scope=row[4])
