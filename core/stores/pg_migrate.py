"""Apply migrations/supabase/*.sql to a Postgres database, in order, each once.

Applied files are recorded in `supabase_migrations.schema_migrations` (version, name,
statements): the Supabase CLI's own table, so `supabase db push` and this runner agree on what is
applied. Each file runs in its own transaction together with its record; an advisory lock keeps
two starting processes from applying the same file twice. Stores never migrate on their own.
"""
from __future__ import annotations

import logging
import re
from pathlib import Path

import psycopg
from psycopg import sql as pgsql

import migrations
from core.stores.errors import StoreError, describe_db_error, dsn_secrets

log = logging.getLogger(__name__)

MIGRATIONS_DIR = migrations.directory("supabase")
FILE_NAME = re.compile(r"^(\d{14})_(\w+)\.sql$")
LOCK_KEY = 0x5B_5B_0001  # arbitrary, constant: serialises concurrent runners

CREATE_LEDGER = """
create schema if not exists supabase_migrations;
create table if not exists supabase_migrations.schema_migrations (
  version text not null primary key, statements text[], name text)
"""


def migration_files(directory: Path = MIGRATIONS_DIR) -> list[tuple[str, str, Path]]:
    """(version, name, path) of every migration, oldest first; rejects badly named files."""
    found = []
    for path in sorted(directory.glob("*.sql")):
        match = FILE_NAME.match(path.name)
        if not match:
            raise StoreError(
                f"migration file name must be <YYYYMMDDHHMMSS>_<name>.sql: {path.name}")
        found.append((match.group(1), match.group(2), path))
    versions = [v for v, _, _ in found]
    if len(set(versions)) != len(versions):
        raise StoreError("two migration files share a timestamp")
    return found


def pending_migrations(dsn: str, directory: Path = MIGRATIONS_DIR) -> list[tuple[str, str]]:
    """(version, name) of the files not yet applied, oldest first; changes nothing."""
    files = migration_files(directory)
    try:
        with psycopg.connect(dsn, autocommit=True, prepare_threshold=None) as conn:
            exists = conn.execute(
                "select to_regclass('supabase_migrations.schema_migrations')").fetchone()
            done = set() if not exists or exists[0] is None else {row[0] for row in conn.execute(
                "select version from supabase_migrations.schema_migrations")}
    except psycopg.Error as err:
        raise StoreError(f"reading the Postgres migration ledger failed: "
                         f"{describe_db_error(err, dsn_secrets(dsn))}") from None
    return [(version, name) for version, name, _ in files if version not in done]


def apply_migrations(dsn: str, directory: Path = MIGRATIONS_DIR) -> list[str]:
    """Apply pending migrations; returns the versions applied now ([] when up to date)."""
    files = migration_files(directory)
    applied_now: list[str] = []
    current = "(connecting)"
    try:
        with psycopg.connect(dsn, autocommit=True, prepare_threshold=None) as conn:
            conn.execute("select pg_advisory_lock(%s)", (LOCK_KEY,))
            try:
                conn.execute(CREATE_LEDGER)
                done = {row[0] for row in conn.execute(
                    "select version from supabase_migrations.schema_migrations")}
                for version, name, path in files:
                    if version in done:
                        continue
                    current = path.name
                    text = path.read_text(encoding="utf-8")
                    with conn.transaction():
                        # a file, not a literal string: the type checker cannot vouch for it
                        conn.execute(pgsql.SQL(text))
                        conn.execute(
                            "insert into supabase_migrations.schema_migrations"
                            " (version, name, statements) values (%s, %s, %s)",
                            (version, name, [text]))
                    log.info("applied migration %s_%s", version, name)
                    applied_now.append(version)
            finally:
                conn.execute("select pg_advisory_unlock(%s)", (LOCK_KEY,))
    except psycopg.Error as err:
        raise StoreError(
            f"applying Postgres migration {current} failed: "
            f"{describe_db_error(err, dsn_secrets(dsn))}"
        ) from None
    return applied_now

