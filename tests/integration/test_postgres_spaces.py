"""PostgresSpaceStore on a real Postgres: the same behaviour as the embedded space store, so
several bot processes sharing one database agree on every chat's course."""
from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from core.ports import SpaceAssignment
from core.stores.pg_migrate import apply_migrations
from core.stores.postgres_spaces import PostgresSpaceStore
from core.stores.sqlite_spaces import SqliteSpaceStore
from tests.support.postgres import LocalPostgres

pytestmark = pytest.mark.integration


@pytest.fixture(scope="module")
def spaces_dsn(local_postgres: LocalPostgres) -> str:
    dsn = local_postgres.create_database("spaces")
    apply_migrations(dsn)
    return dsn


@pytest.fixture(params=["postgres", "sqlite"])
async def store(request, spaces_dsn, tmp_path) -> AsyncIterator[PostgresSpaceStore]:
    if request.param == "postgres":
        pg = PostgresSpaceStore(spaces_dsn)
        await pg._execute("delete from public.course_spaces", ())
        yield pg
        await pg.aclose()
    else:
        lite = SqliteSpaceStore(tmp_path / "spaces.db")
        await lite.open()
        yield lite  # type: ignore[misc]
        await lite.close()


async def test_lookup_takes_the_most_specific_assigned_space(store) -> None:
    await store.assign(SpaceAssignment("discord:guild:9", "ALG", "admin"))
    await store.assign(SpaceAssignment("discord:channel:1", "DS", "admin"))
    found = await store.lookup(["discord:channel:1", "discord:guild:9"])
    assert (found.space, found.course, found.set_by) == ("discord:channel:1", "DS", "admin")
    assert found.set_at is not None
    assert (await store.lookup(["discord:channel:2", "discord:guild:9"])).course == "ALG"
    assert await store.lookup(["telegram:chat:5"]) is None
    assert await store.lookup([]) is None


async def test_assign_changes_and_unassign_removes(store) -> None:
    await store.assign(SpaceAssignment("telegram:chat:-100", "ALG", "1"))
    await store.assign(SpaceAssignment("telegram:chat:-100", "DS", "2"))
    assert [(a.space, a.course, a.set_by) for a in await store.assignments()] == [
        ("telegram:chat:-100", "DS", "2")]
    assert await store.unassign("telegram:chat:-100") is True
    assert await store.unassign("telegram:chat:-100") is False
    assert await store.assignments() == []


async def test_a_second_process_sees_the_assignment(spaces_dsn) -> None:
    first, second = PostgresSpaceStore(spaces_dsn), PostgresSpaceStore(spaces_dsn)
    try:
        await first.assign(SpaceAssignment("discord:channel:77", "PHY", "admin"))
        assert (await second.lookup(["discord:channel:77"])).course == "PHY"
    finally:
        await first.aclose()
        await second.aclose()
