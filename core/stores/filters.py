"""Optional filters of a store query, the same on SQLite and Postgres."""
from __future__ import annotations

from typing import Any


def where(*conditions: tuple[str, Any]) -> tuple[str, tuple[Any, ...]]:
    """A `where` clause of the (sql, value) conditions whose value is not None, and its
    parameters: where(("course = %s", course), ("created_at >= %s", since))."""
    used = [(sql, value) for sql, value in conditions if value is not None]
    clause = "where " + " and ".join(sql for sql, _ in used) if used else ""
    return clause, tuple(value for _, value in used)
