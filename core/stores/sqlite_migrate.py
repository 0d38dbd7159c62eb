"""Numbered, append-only SQLite migrations (migrations/sqlite/NNNN_*.sql), recorded as applied."""
from __future__ import annotations

import sqlite3
from pathlib import Path

import migrations
from core.stores.private_files import private_database, private_dir

MIGRATIONS_DIR = migrations.directory("sqlite")


def apply_migrations(conn: sqlite3.Connection, directory: Path = MIGRATIONS_DIR) -> list[str]:
    """Apply every migration not yet recorded, in order; returns the names applied now."""
    conn.execute("CREATE TABLE IF NOT EXISTS schema_migrations (name TEXT PRIMARY KEY, "
                 "applied_at TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP)")
    done = {row[0] for row in conn.execute("SELECT name FROM schema_migrations")}
    applied = []
    for path in sorted(directory.glob("[0-9][0-9][0-9][0-9]_*.sql")):
        if path.name in done:
            continue
        with conn:
            conn.executescript(path.read_text(encoding="utf-8"))
            conn.execute("INSERT INTO schema_migrations(name) VALUES (?)", (path.name,))
        applied.append(path.name)
    return applied


def connect(path: Path | str) -> sqlite3.Connection:
    """Open the embedded database in WAL mode with the schema up to date; only the bot's own
    account may read it (core/stores/private_files.py)."""
    if str(path) != ":memory:":  # a new DATA_DIR is 0700, the database and its WAL 0600
        file = Path(path)
        if not file.parent.is_dir():
            private_dir(file.parent)
        private_database(file)
    conn = sqlite3.connect(str(path), check_same_thread=False, timeout=30)
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute("PRAGMA synchronous=NORMAL")
    conn.execute("PRAGMA foreign_keys=ON")
    apply_migrations(conn)
    return conn
