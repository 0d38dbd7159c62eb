"""Quiz items, review cards, answers, sessions and prompts on Postgres (the PracticeStore
port), shared by every bot process."""
from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any

import psycopg

from core.ports.practice import Answer, Card, Prompt, QuizItem, Session
from core.stores.filters import where
from core.stores.postgres_conn import PostgresConnection

CARD = "user_hash, item_id, course, box, due_at, right_count, wrong_count, last_right, updated_at"
SESSION = "id, platform, chat, user_hash, item_ids, position, right_count, created_at"


class PostgresPracticeStore(PostgresConnection):
    """`public.practice_*` (migrations/supabase)."""

    label = "practice store"

    async def save_items(self, items: list[QuizItem]) -> None:
        for item in items:
            await self._execute(
                "insert into public.practice_items (id, course, item) values (%s, %s, %s)"
                " on conflict (id) do nothing",
                (item.id, item.course, json.dumps(item.to_dict(), ensure_ascii=False)))

    async def items(self, ids: list[str]) -> dict[str, QuizItem]:
        if not ids:
            return {}
        rows = await self._fetch("select id, item from public.practice_items where id = any(%s)",
                                 (list(ids),))
        return {r[0]: QuizItem.from_dict(r[1]) for r in rows}

    async def card(self, user_hash: str, item_id: str) -> Card | None:
        rows = await self._fetch(f"select {CARD} from public.practice_cards where user_hash = %s"
                                 " and item_id = %s", (user_hash, item_id))
        return _card(rows[0]) if rows else None

    async def record(self, card: Card, answer: Answer) -> None:
        async def work(conn: psycopg.AsyncConnection[Any]) -> None:
            await conn.execute(
                f"insert into public.practice_cards ({CARD}) values (%s, %s, %s, %s, %s, %s, %s,"
                " %s, %s) on conflict (user_hash, item_id) do update set box = excluded.box,"
                " due_at = excluded.due_at, right_count = excluded.right_count,"
                " wrong_count = excluded.wrong_count, last_right = excluded.last_right,"
                " updated_at = excluded.updated_at",
                (card.user_hash, card.item_id, card.course, card.box, card.due_at, card.right,
                 card.wrong, card.last_right, card.updated_at or datetime.now(UTC)))
            await conn.execute(
                "insert into public.practice_answers (user_hash, item_id, course, platform,"
                " session_id, is_right, answered_at) values (%s, %s, %s, %s, %s, %s, %s)",
                (answer.user_hash, answer.item_id, answer.course, answer.platform,
                 answer.session_id, answer.right, answer.answered_at or datetime.now(UTC)))
        await self._in_transaction(work)

    async def answered(self, user_hash: str, session_id: str, item_id: str) -> bool:
        rows = await self._fetch(
            "select 1 from public.practice_answers where user_hash = %s and session_id = %s"
            " and item_id = %s limit 1", (user_hash, session_id, item_id))
        return bool(rows)

    async def cards(self, user_hash: str, course: str | None = None) -> list[Card]:
        clause, params = "where user_hash = %s", [user_hash]
        if course is not None:
            clause += " and course = %s"
            params.append(course)
        rows = await self._fetch(f"select {CARD} from public.practice_cards {clause}"
                                 " order by updated_at, item_id", tuple(params))
        return [_card(r) for r in rows]

    async def answers(self, course: str | None = None, since: datetime | None = None
                      ) -> list[Answer]:
        clause, params = where(("course = %s", course), ("answered_at >= %s", since))
        rows = await self._fetch(
            "select user_hash, item_id, course, platform, is_right, answered_at, session_id"
            f" from public.practice_answers {clause} order by answered_at, id", params)
        return [Answer(r[0], r[1], r[2], r[3], bool(r[4]), r[5], r[6]) for r in rows]

    async def save_session(self, session: Session) -> None:
        await self._execute(
            f"insert into public.practice_sessions ({SESSION}) values (%s, %s, %s, %s, %s, %s,"
            " %s, %s) on conflict (id) do update set position = excluded.position,"
            " right_count = excluded.right_count",
            (session.id, session.platform, session.chat, session.user_hash,
             json.dumps(list(session.item_ids)), session.position, session.right,
             session.created_at or datetime.now(UTC)))

    async def session(self, session_id: str) -> Session | None:
        rows = await self._fetch(f"select {SESSION} from public.practice_sessions where id = %s",
                                 (session_id,))
        if not rows:
            return None
        r = rows[0]
        return Session(r[0], r[1], r[2], r[3], tuple(r[4]), r[5], r[6], r[7])

    async def save_prompt(self, prompt: Prompt) -> None:
        await self._execute(
            "insert into public.practice_prompts (key, item_id, session_id) values (%s, %s, %s)"
            " on conflict (key) do update set item_id = excluded.item_id,"
            " session_id = excluded.session_id", (prompt.key, prompt.item_id, prompt.session_id))

    async def prompt(self, key: str) -> Prompt | None:
        rows = await self._fetch("select key, item_id, session_id from public.practice_prompts"
                                 " where key = %s", (key,))
        return Prompt(rows[0][0], rows[0][1], rows[0][2]) if rows else None

    async def forget(self, user_hash: str) -> int:
        async def work(conn: psycopg.AsyncConnection[Any]) -> int:
            removed = 0
            for statement in (
                    "delete from public.practice_cards where user_hash = %s",
                    "delete from public.practice_answers where user_hash = %s",
                    "delete from public.practice_prompts where session_id in"
                    " (select id from public.practice_sessions where user_hash = %s)",
                    "delete from public.practice_sessions where user_hash = %s"):
                cursor = await conn.execute(statement, (user_hash,))
                removed += cursor.rowcount
            return removed
        return await self._in_transaction(work)


def _card(r: Sequence[Any]) -> Card:
    return Card(user_hash=r[0], item_id=r[1], course=r[2], box=r[3], due_at=r[4], right=r[5],
                wrong=r[6], last_right=r[7], updated_at=r[8])
