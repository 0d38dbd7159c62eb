"""SQLite history: migrations from an empty file, order, /forget isolation, retention purge."""
from __future__ import annotations

import sqlite3
from datetime import UTC, datetime, timedelta

from core.ports import Turn
from core.stores.sqlite_history import SqliteHistoryStore
from core.stores.sqlite_migrate import MIGRATIONS_DIR


def turn(user: str, q: str, days_ago: float = 0) -> Turn:
    return Turn("telegram", user, q, f"answer to {q}", "simple", ({"n": 1, "title": "t"},),
                datetime.now(UTC) - timedelta(days=days_ago))


async def test_migrations_apply_to_an_empty_file_and_wal_is_on(tmp_path):
    path = tmp_path / "h.db"
    store = SqliteHistoryStore(path)
    await store.open()
    await store.close()
    conn = sqlite3.connect(path)
    names = [r[0] for r in conn.execute("SELECT name FROM schema_migrations ORDER BY name")]
    assert names == sorted(p.name for p in MIGRATIONS_DIR.glob("[0-9]*.sql"))
    assert names[:2] == ["0001_course_chunks.sql", "0002_history.sql"]
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


async def test_recent_is_oldest_first_and_limited(tmp_path):
    store = SqliteHistoryStore(tmp_path / "h.db")
    await store.open()
    for i in range(5):
        await store.append(turn("alice", f"q{i}"))
    recent = await store.recent("telegram", "alice", 3)
    assert [t.question for t in recent] == ["q2", "q3", "q4"]
    assert recent[0].citations == ({"n": 1, "title": "t"},)
    await store.close()


async def test_forget_erases_one_user_only(tmp_path):
    store = SqliteHistoryStore(tmp_path / "h.db")
    await store.open()
    await store.append(turn("alice", "alice-canary-question"))
    await store.append(turn("bob", "bob question"))
    assert await store.forget("telegram", "alice") == 1
    assert await store.recent("telegram", "alice", 10) == []
    assert len(await store.recent("telegram", "bob", 10)) == 1
    await store.close()
    raw = b"".join(p.read_bytes() for p in tmp_path.iterdir() if p.name.startswith("h.db"))
    assert b"alice-canary-question" not in raw  # secure_delete + WAL checkpoint


async def test_retention_purge(tmp_path):
    store = SqliteHistoryStore(tmp_path / "h.db")
    await store.open()
    await store.append(turn("alice", "old", days_ago=40))
    await store.append(turn("alice", "new", days_ago=1))
    assert await store.purge_older_than(30) == 1
    assert [t.question for t in await store.recent("telegram", "alice", 10)] == ["new"]
    await store.close()


async def test_app_purges_history_and_journal_past_retention(tmp_path):
    import sqlite3

    from bot.container import build_app
    from bot.settings import Settings

    settings = Settings(_env_file=None, data_dir=tmp_path, auto_ingest_sample=False,
                        wikipedia_enabled=False, arxiv_enabled=False, retention_days=30)
    app = await build_app(settings)
    try:
        await app.history.append(turn("alice", "old", days_ago=40))
        await app.history.append(turn("alice", "new", days_ago=1))
        assert await app.journal.begin("telegram", "1", "7", "alice", {"update_id": 1})
        await app.journal.finish("telegram", "1", "7")
        with sqlite3.connect(tmp_path / "studybuddy.db") as conn:
            conn.execute("UPDATE message_journal SET created_at = '2000-01-01T00:00:00+00:00'")
        assert await app.purge_expired() == 2
        assert [t.question for t in await app.history.recent("telegram", "alice", 10)] == ["new"]
    finally:
        await app.close()
