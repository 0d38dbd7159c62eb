"""The course store seen as a Source, with the deployment's metadata filter applied."""
from __future__ import annotations

from core.ports import CourseStore, Document


class CourseSource:
    """Source port over a CourseStore (embedded SQLite or Supabase)."""

    name = "course"

    def __init__(self, store: CourseStore, course: str | None = None) -> None:
        self.store = store
        self.filters = {"course": course} if course else None

    async def search(self, query: str, k: int) -> list[Document]:
        return await self.store.search(query, k, self.filters)
