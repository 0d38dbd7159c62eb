"""Course spaces on Postgres (the SpaceStore port), so several bot processes agree on them."""
from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime

from core.ports import SpaceAssignment
from core.stores.postgres_conn import PostgresConnection


class PostgresSpaceStore(PostgresConnection):
    """space -> course rows in `public.course_spaces`, space -> study-integrity mode in
    `public.space_modes` (migrations/supabase)."""

    label = "space store"

    async def lookup(self, spaces: Sequence[str]) -> SpaceAssignment | None:
        if not spaces:
            return None
        rows = await self._fetch(
            "select space, course, set_by, set_at, scope from public.course_spaces"
            " where space = any(%s)", (list(spaces),))
        found = {row[0]: row for row in rows}
        for space in spaces:  # most specific first
            if space in found:
                row = found[space]
                return SpaceAssignment(space=row[0], course=row[1], set_by=row[2], set_at=row[3],
                                       scope=row[4])
        return None

    async def assign(self, assignment: SpaceAssignment) -> None:
        await self._execute(
            "insert into public.course_spaces (space, course, set_by, set_at, scope)"
            " values (%s, %s, %s, %s, %s) on conflict (space) do update set"
            " course = excluded.course, set_by = excluded.set_by, set_at = excluded.set_at,"
            " scope = excluded.scope",
            (assignment.space, assignment.course, assignment.set_by,
             assignment.set_at or datetime.now(UTC), assignment.scope))

    async def unassign(self, space: str) -> bool:
        removed = await self._execute("delete from public.course_spaces where space = %s",
                                      (space,))
        return removed > 0

    async def assignments(self) -> list[SpaceAssignment]:
        rows = await self._fetch("select space, course, set_by, set_at, scope"
                                 " from public.course_spaces order by space", ())
        return [SpaceAssignment(space=r[0], course=r[1], set_by=r[2], set_at=r[3], scope=r[4])
                for r in rows]

    async def mode(self, spaces: Sequence[str]) -> str | None:
        if not spaces:
            return None
        rows = await self._fetch("select space, mode from public.space_modes"
                                 " where space = any(%s)", (list(spaces),))
        found = {str(row[0]): str(row[1]) for row in rows}
        return next((found[space] for space in spaces if space in found), None)

    async def set_mode(self, space: str, mode: str, set_by: str) -> None:
        await self._execute(
            "insert into public.space_modes (space, mode, set_by, set_at)"
            " values (%s, %s, %s, %s) on conflict (space) do update set mode = excluded.mode,"
            " set_by = excluded.set_by, set_at = excluded.set_at",
            (space, mode, set_by, datetime.now(UTC)))
