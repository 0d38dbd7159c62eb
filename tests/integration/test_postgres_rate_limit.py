"""Per-user rate limits on a real Postgres: exact when several processes count the same user at
the same moment, per user, and reset by /forget."""
from __future__ import annotations

import asyncio

import pytest

from core.stores.pg_migrate import apply_migrations
from core.stores.postgres_rate_limit import PostgresRateLimiter
from tests.support.postgres import LocalPostgres

pytestmark = pytest.mark.integration


@pytest.fixture(scope="module")
def limits_dsn(local_postgres: LocalPostgres) -> str:
    dsn = local_postgres.create_database("ratelimits")
    apply_migrations(dsn)
    return dsn


async def test_three_processes_let_exactly_the_limit_through(limits_dsn) -> None:
    processes = [PostgresRateLimiter(limits_dsn) for _ in range(3)]
    try:
        waits = await asyncio.gather(*(processes[i % 3].acquire("telegram:u1", 5)
                                       for i in range(30)))
        assert waits.count(0) == 5 and all(1 <= w <= 61 for w in waits if w)
        assert await processes[0].acquire("telegram:u2", 5) == 0  # per user
        await processes[1].reset("telegram:u1")
        assert await processes[2].acquire("telegram:u1", 5) == 0
    finally:
        for limiter in processes:
            await limiter.aclose()
