"""Data at rest (issue 22): DATA_DIR is 0700 and the database, its WAL, the log, the key and
report files 0600 whatever the umask (earlier, looser ones are tightened at start); history keeps
keyed user hashes, never platform ids; answered journal rows keep no user id."""
from __future__ import annotations

import logging
import logging.handlers
import os
import shutil
import sqlite3
import stat
from collections.abc import Iterator
from contextlib import AsyncExitStack
from pathlib import Path

import pytest

from bot.chat_state import build_history, user_hash_key
from bot.logging_setup import configure_logging
from bot.report_cli import write_files
from bot.settings import Settings
from core.ports import Turn
from core.stores.sqlite_history import SqliteHistoryStore
from core.stores.sqlite_journal import SqliteMessageJournal
from core.stores.sqlite_migrate import MIGRATIONS_DIR, apply_migrations, connect
from core.stores.user_hash import user_hash

pytestmark = pytest.mark.integration
RAW_ID = "7391846250"  # a Telegram-like user id: easy to find in a file if it is stored


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def raw_bytes(db: Path) -> bytes:
    return b"".join(p.read_bytes() for p in db.parent.iterdir() if p.name.startswith(db.name))


@pytest.fixture(autouse=True)
def loose_umask() -> Iterator[None]:
    """The usual 022: without explicit modes, files would be 0644 and folders 0755."""
    old = os.umask(0o022)
    yield
    os.umask(old)


def settings(data_dir: Path) -> Settings:
    return Settings(_env_file=None, data_dir=data_dir, auto_ingest_sample=False)


async def test_a_new_data_dir_is_0700_and_its_files_0600(tmp_path: Path) -> None:
    data = tmp_path / "fresh" / ".studybuddy"
    async with AsyncExitStack() as stack:
        history = await build_history(settings(data), stack)
        await history.append(Turn("telegram", RAW_ID, "What is a heap?", "A tree.", "simple"))
        modes = {p.name: mode(p) for p in data.iterdir()}
    assert mode(data) == 0o700
    assert {"studybuddy.db", "user-hash.key"} <= set(modes)
    assert set(modes.values()) == {0o600}, modes
    assert mode(tmp_path / "fresh") == 0o755  # a parent the bot did not own stays as it was


async def test_an_open_data_dir_from_an_earlier_run_is_tightened_at_start(tmp_path: Path
                                                                          ) -> None:
    data = tmp_path / "data"
    connect(data / "studybuddy.db").close()
    (data / "user-hash.key").write_bytes(os.urandom(32))
    (data / "studybuddy.db-wal").write_bytes(b"")
    for path in [data, *data.iterdir()]:
        path.chmod(0o755 if path.is_dir() else 0o644)
    async with AsyncExitStack() as stack:
        await build_history(settings(data), stack)
        assert mode(data) == 0o700
        assert {p.name: mode(p) for p in data.iterdir()} == {
            p.name: 0o600 for p in data.iterdir()}


def test_the_user_hash_key_file_is_never_readable_by_others(tmp_path: Path) -> None:
    key = user_hash_key(settings(tmp_path / "d"))
    assert len(key) == 32 and mode(tmp_path / "d" / "user-hash.key") == 0o600
    assert user_hash_key(settings(tmp_path / "d")) == key  # kept, not regenerated


@pytest.fixture
def restored_logging() -> Iterator[None]:
    root = logging.getLogger()
    handlers, level = list(root.handlers), root.level
    named = {name: logger.level for name, logger in logging.root.manager.loggerDict.items()
             if isinstance(logger, logging.Logger)}  # configure_logging sets discord's etc.
    yield
    for name, was in named.items():
        logging.getLogger(name).setLevel(was)
    for handler in list(root.handlers):
        root.removeHandler(handler)
        handler.close()
    for handler in handlers:
        root.addHandler(handler)
    root.setLevel(level)


def test_the_log_and_its_rotations_are_0600(tmp_path: Path, restored_logging: None) -> None:
    data = tmp_path / "data"
    data.mkdir(mode=0o755)
    (data / "studybuddy.log.1").write_text("old question text\n")
    (data / "studybuddy.log.1").chmod(0o644)
    configure_logging("INFO", [], log_file=data / "studybuddy.log")
    logging.getLogger("test").info("a student's question")
    [handler] = logging.getLogger().handlers
    assert isinstance(handler, logging.handlers.RotatingFileHandler)
    handler.doRollover()
    logging.getLogger("test").info("after the rotation")
    assert mode(data) == 0o700
    assert {p.name: mode(p) for p in data.iterdir()} == {
        "studybuddy.log": 0o600, "studybuddy.log.1": 0o600, "studybuddy.log.2": 0o600}


def test_report_files_are_0600_and_a_chosen_folder_is_left_alone(tmp_path: Path) -> None:
    write_files(tmp_path / "new", {"report.html": "<p>questions</p>", "gaps.csv": "a,b\n"})
    assert mode(tmp_path / "new") == 0o700
    assert {mode(p) for p in (tmp_path / "new").iterdir()} == {0o600}
    shared = tmp_path / "shared"
    shared.mkdir(mode=0o755)
    (shared / "report.html").write_text("an older report")
    (shared / "report.html").chmod(0o644)
    write_files(shared, {"report.html": "<p>new</p>"})
    assert mode(shared) == 0o755 and mode(shared / "report.html") == 0o600
    assert (shared / "report.html").read_text() == "<p>new</p>"


async def test_history_holds_keyed_hashes_not_user_ids(tmp_path: Path) -> None:
    db = tmp_path / "h.db"
    key = os.urandom(32)
    store = SqliteHistoryStore(db, user_key=key)
    await store.open()
    await store.append(Turn("telegram", RAW_ID, "What is a heap?", "A tree.", "simple"))
    assert [t.user_id for t in await store.recent("telegram", RAW_ID, 5)] == [RAW_ID]
    other_key = SqliteHistoryStore(db, user_key=os.urandom(32))
    await other_key.open()
    assert await other_key.recent("telegram", RAW_ID, 5) == []  # the hash needs the key
    await other_key.close()
    await store.close()
    with sqlite3.connect(db) as conn:
        columns = [r[1] for r in conn.execute("PRAGMA table_info(turns)")]
        stored = conn.execute("SELECT user_hash FROM turns").fetchall()
    assert "user_id" not in columns and stored == [(user_hash(key, "telegram", RAW_ID),)]
    assert RAW_ID.encode() not in raw_bytes(db)


def test_the_migration_drops_turns_saved_with_raw_ids(tmp_path: Path) -> None:
    before = tmp_path / "before"
    before.mkdir()
    for path in MIGRATIONS_DIR.glob("[0-9][0-9][0-9][0-9]_*.sql"):
        if path.name < "0012":
            shutil.copy(path, before)
    db = tmp_path / "old.db"
    with sqlite3.connect(db) as conn:
        apply_migrations(conn, before)
        conn.execute("INSERT INTO turns(platform, user_id, question, answer, intent, created_at)"
                     " VALUES ('telegram', ?, 'q', 'a', 'simple', '2026-12-01T00:00:00+00:00')",
                     (RAW_ID,))
    connect(db).close()
    with sqlite3.connect(db) as conn:
        assert conn.execute("SELECT count(*) FROM turns").fetchone() == (0,)
    assert RAW_ID.encode() not in raw_bytes(db)


async def test_answered_journal_rows_keep_no_user_id(tmp_path: Path) -> None:
    db = tmp_path / "j.db"
    journal = SqliteMessageJournal(db)
    await journal.open()
    update = {"update_id": 1, "message": {"text": "What is BFS?"}}
    assert await journal.begin("telegram", "-100123", "1", RAW_ID, update)  # a group
    assert await journal.begin("telegram", RAW_ID, "2", RAW_ID, update)  # their private chat
    await journal.finish("telegram", "-100123", "1")
    await journal.finish("telegram", RAW_ID, "2")
    with sqlite3.connect(db) as conn:
        rows = conn.execute("SELECT chat_id, user_id, payload FROM message_journal"
                            " ORDER BY message_id").fetchall()
    assert rows == [("-100123", "", "{}"), (RAW_ID, "", "{}")]
    assert await journal.forget("telegram", RAW_ID) == 1  # the private chat's row goes too
    assert not await journal.begin("telegram", "-100123", "1", RAW_ID, update)  # still answered
    await journal.close()
