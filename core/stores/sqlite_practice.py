"""Quiz items, review cards, answers, sessions and prompts in the embedded database (the
PracticeStore port over aiosqlite)."""
from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any

from core.ports.practice import Answer, Card, Prompt, QuizItem, Session
from core.stores.filters import where
from core.stores.sqlite_async import AsyncSqliteFile

CARD = "user_hash, item_id, course, box, due_at, right_count, wrong_count, last_right, updated_at"
SESSION = "id, platform, chat, user_hash, item_ids, position, right_count, created_at"


class SqlitePracticeStore(AsyncSqliteFile):
    """`practice_*` tables; erasable per student."""

    async def save_items(self, items: list[QuizItem]) -> None:
        await self.db.executemany(
            "INSERT OR IGNORE INTO practice_items (id, course, item, created_at) VALUES "
            "(?, ?, ?, ?)", [(i.id, i.course, json.dumps(i.to_dict(), ensure_ascii=False),
                              _iso(None)) for i in items])
        await self.db.commit()

    async def items(self, ids: list[str]) -> dict[str, QuizItem]:
        if not ids:
            return {}
        marks = ",".join("?" * len(ids))
        async with self.db.execute(f"SELECT id, item FROM practice_items WHERE id IN ({marks})",
                                   tuple(ids)) as cursor:
            return {r[0]: QuizItem.from_dict(json.loads(r[1])) for r in await cursor.fetchall()}

    async def card(self, user_hash: str, item_id: str) -> Card | None:
        async with self.db.execute(f"SELECT {CARD} FROM practice_cards WHERE user_hash = ? "
                                   "AND item_id = ?", (user_hash, item_id)) as cursor:
            row = await cursor.fetchone()
        return _card(row) if row else None

    async def record(self, card: Card, answer: Answer) -> None:
        await self.db.execute(
            f"INSERT INTO practice_cards ({CARD}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) "
            "ON CONFLICT (user_hash, item_id) DO UPDATE SET box = excluded.box, "
            "due_at = excluded.due_at, right_count = excluded.right_count, "
            "wrong_count = excluded.wrong_count, last_right = excluded.last_right, "
            "updated_at = excluded.updated_at",
            (card.user_hash, card.item_id, card.course, card.box, _iso(card.due_at), card.right,
             card.wrong, None if card.last_right is None else int(card.last_right),
             _iso(card.updated_at)))
        await self.db.execute(
            "INSERT INTO practice_answers (user_hash, item_id, course, platform, session_id, "
            "is_right, answered_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
            (answer.user_hash, answer.item_id, answer.course, answer.platform, answer.session_id,
             int(answer.right), _iso(answer.answered_at)))
        await self.db.commit()

    async def answered(self, user_hash: str, session_id: str, item_id: str) -> bool:
        async with self.db.execute(
                "SELECT 1 FROM practice_answers WHERE user_hash = ? AND session_id = ? AND "
                "item_id = ? LIMIT 1", (user_hash, session_id, item_id)) as cursor:
            return await cursor.fetchone() is not None

    async def cards(self, user_hash: str, course: str | None = None) -> list[Card]:
        clause, params = "WHERE user_hash = ?", [user_hash]
        if course is not None:
            clause += " AND course = ?"
            params.append(course)
        async with self.db.execute(f"SELECT {CARD} FROM practice_cards {clause} "
                                   "ORDER BY updated_at, item_id", tuple(params)) as cursor:
            return [_card(r) for r in await cursor.fetchall()]

    async def answers(self, course: str | None = None, since: datetime | None = None
                      ) -> list[Answer]:
        clause, params = where(("course = ?", course),
                               ("answered_at >= ?", None if since is None else _iso(since)))
        async with self.db.execute(
                "SELECT user_hash, item_id, course, platform, is_right, answered_at, session_id "
                f"FROM practice_answers {clause} ORDER BY answered_at, id", params) as cur:
            return [Answer(r[0], r[1], r[2], r[3], bool(r[4]), datetime.fromisoformat(r[5]),
                           r[6]) for r in await cur.fetchall()]

    async def save_session(self, session: Session) -> None:
        await self.db.execute(
            f"INSERT INTO practice_sessions ({SESSION}) VALUES (?, ?, ?, ?, ?, ?, ?, ?) "
            "ON CONFLICT (id) DO UPDATE SET position = excluded.position, "
            "right_count = excluded.right_count",
            (session.id, session.platform, session.chat, session.user_hash,
             json.dumps(list(session.item_ids)), session.position, session.right,
             _iso(session.created_at)))
        await self.db.commit()

    async def session(self, session_id: str) -> Session | None:
        async with self.db.execute(f"SELECT {SESSION} FROM practice_sessions WHERE id = ?",
                                   (session_id,)) as cursor:
            r = await cursor.fetchone()
        if r is None:
            return None
        return Session(r[0], r[1], r[2], r[3], tuple(json.loads(r[4])), r[5], r[6],
                       datetime.fromisoformat(r[7]))

    async def save_prompt(self, prompt: Prompt) -> None:
        await self.db.execute(
            "INSERT OR REPLACE INTO practice_prompts (key, item_id, session_id, created_at) "
            "VALUES (?, ?, ?, ?)", (prompt.key, prompt.item_id, prompt.session_id, _iso(None)))
        await self.db.commit()

    async def prompt(self, key: str) -> Prompt | None:
        async with self.db.execute("SELECT key, item_id, session_id FROM practice_prompts "
                                   "WHERE key = ?", (key,)) as cursor:
            r = await cursor.fetchone()
        return Prompt(r[0], r[1], r[2]) if r else None

    async def forget(self, user_hash: str) -> int:
        removed = 0
        for table in ("practice_cards", "practice_answers"):
            cursor = await self.db.execute(f"DELETE FROM {table} WHERE user_hash = ?",
                                           (user_hash,))
            removed += cursor.rowcount
        cursor = await self.db.execute(
            "DELETE FROM practice_prompts WHERE session_id IN (SELECT id FROM practice_sessions "
            "WHERE user_hash = ?)", (user_hash,))
        removed += cursor.rowcount
        cursor = await self.db.execute("DELETE FROM practice_sessions WHERE user_hash = ?",
                                       (user_hash,))
        await self.db.commit()
        return removed + cursor.rowcount


def _iso(at: datetime | None) -> str:
    return (at or datetime.now(UTC)).astimezone(UTC).isoformat()


def _card(r: Sequence[Any]) -> Card:
    return Card(user_hash=r[0], item_id=r[1], course=r[2], box=r[3],
                due_at=datetime.fromisoformat(r[4]), right=r[5], wrong=r[6],
                last_right=None if r[7] is None else bool(r[7]),
                updated_at=datetime.fromisoformat(r[8]))
