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
        await pg._execute("delete from public.space_modes", ())
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


async def test_modes_resolve_most_specific_first_and_change(store) -> None:
    """A server's mode covers its channels; a channel's own mode overrides it."""
    assert await store.mode(["discord:channel:1", "discord:guild:9"]) is None
    assert await store.mode([]) is None
    await store.set_mode("discord:guild:9", "guide", "admin")
    assert await store.mode(["discord:channel:1", "discord:guild:9"]) == "guide"
    await store.set_mode("discord:channel:1", "explain", "admin")
    assert await store.mode(["discord:channel:1", "discord:guild:9"]) == "explain"
    assert await store.mode(["discord:channel:2", "discord:guild:9"]) == "guide"
    await store.set_mode("discord:guild:9", "explain", "other-admin")
    assert await store.mode(["discord:channel:2", "discord:guild:9"]) == "explain"
    assert await store.assignments() == []  # a mode is not a course


async def test_an_unknown_mode_is_refused_by_the_database(store) -> None:
    with pytest.raises(Exception, match=r"(?i)check|constraint"):
        await store.set_mode("telegram:chat:-100", "solve-everything", "admin")
    assert await store.mode(["telegram:chat:-100"]) is None


async def test_a_second_process_sees_the_assignment(spaces_dsn) -> None:
    first, second = PostgresSpaceStore(spaces_dsn), PostgresSpaceStore(spaces_dsn)
    try:
        await first.assign(SpaceAssignment("discord:channel:77", "PHY", "admin"))
        assert (await second.lookup(["discord:channel:77"])).course == "PHY"
        await first.set_mode("discord:channel:77", "guide", "admin")
        assert await second.mode(["discord:channel:77"]) == "guide"
    finally:
        await first.aclose()
        await second.aclose()
