"""Course owners, grants and share codes behave the same on the embedded database and on
Postgres, and the upgrade gives existing courses the owner the issue asks for: the one scope
already using a course, else the operator."""
from __future__ import annotations

import sqlite3
from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from core.course.tenancy import (
    OPERATOR,
    Actor,
    CourseAccess,
    is_scope_key,
    may_change,
    may_read,
)
from core.ports import CourseRecord, SpaceAssignment
from core.stores.pg_migrate import apply_migrations
from core.stores.postgres_courses import PostgresCourseRegistry
from core.stores.postgres_spaces import PostgresSpaceStore
from core.stores.sqlite_courses import SqliteCourseRegistry
from core.stores.sqlite_migrate import MIGRATIONS_DIR
from core.stores.sqlite_migrate import apply_migrations as apply_sqlite
from core.stores.sqlite_spaces import SqliteSpaceStore
from tests.support.postgres import LocalPostgres

pytestmark = pytest.mark.integration
GROUP_A, GROUP_B = "telegram:chat:-100111", "telegram:chat:-100222"


@pytest.fixture(scope="module")
def registry_dsn(local_postgres: LocalPostgres) -> str:
    dsn = local_postgres.create_database("registry")
    apply_migrations(dsn)
    return dsn


@pytest.fixture(params=["postgres", "sqlite"])
async def stores(request, registry_dsn, tmp_path) -> AsyncIterator[tuple]:
    if request.param == "postgres":
        registry, spaces = PostgresCourseRegistry(registry_dsn), PostgresSpaceStore(registry_dsn)
        for table in ("courses", "course_grants", "share_codes", "course_spaces"):
            await registry._execute(f"delete from public.{table}", ())
        yield registry, spaces
        await registry.aclose()
        await spaces.aclose()
    else:
        registry = SqliteCourseRegistry(tmp_path / "r.db")
        spaces = SqliteSpaceStore(tmp_path / "r.db")
        await registry.open()
        await spaces.open()
        yield registry, spaces
        await spaces.close()
        await registry.close()


async def test_the_first_owner_of_a_name_wins_and_the_operator_can_change_it(stores):
    registry, _ = stores
    assert await registry.get("CS101") is None
    first = await registry.create(CourseRecord("CS101", GROUP_A, created_by="7"))
    late = await registry.create(CourseRecord("CS101", GROUP_B, created_by="70"))
    assert first.owner == late.owner == GROUP_A  # a race ends with one owner
    await registry.save(CourseRecord("CS101", OPERATOR, private=True, public=False))
    stored = await registry.get("CS101")
    assert stored is not None and (stored.owner, stored.private) == (OPERATOR, True)
    assert [r.name for r in await registry.records()] == ["CS101"]


async def test_grants_codes_and_the_scopes_using_a_course(stores):
    registry, spaces = stores
    await registry.grant("CS101", GROUP_B, "7")
    await registry.grant("CS101", GROUP_B, "7")  # twice is once
    assert await registry.grants("CS101") == [("CS101", GROUP_B)]
    assert await registry.revoke("CS101", GROUP_B) and not await registry.revoke("CS101", GROUP_B)

    now = datetime.now(UTC)
    await registry.add_code("h1", "CS101", "7", now + timedelta(hours=24))
    await registry.add_code("h2", "CS101", "7", now - timedelta(seconds=1))
    assert await registry.redeem("h1", now) == "CS101"
    assert await registry.redeem("h1", now) is None  # used
    assert await registry.redeem("h2", now) is None  # expired
    assert await registry.redeem("nope", now) is None

    await spaces.assign(SpaceAssignment("discord:channel:1", "CS101", "1",
                                        scope="discord:guild:9"))
    await spaces.assign(SpaceAssignment("telegram:user:5", "CS101", "5"))  # a DM: no scope
    assert await registry.scopes_using("CS101") == ["discord:guild:9"]
    assert (await spaces.lookup(("discord:channel:1",))).scope == "discord:guild:9"


async def test_the_rules_in_one_table(stores):
    registry, _ = stores
    access = CourseAccess(registry, sample_course="sample")
    await registry.create(CourseRecord("CS101", GROUP_A))
    staff_a, staff_b = Actor("7", GROUP_A, staff=True), Actor("70", GROUP_B, staff=True)
    student_a = Actor("8", GROUP_A)
    assert await access.can_read("CS101", GROUP_A) and not await access.can_read("CS101", GROUP_B)
    assert await access.can_change("CS101", staff_a)
    assert not await access.can_change("CS101", staff_b)
    assert not await access.can_change("CS101", student_a)
    assert await access.can_change("CS101", Actor("1", None, operator=True))
    await registry.grant("CS101", GROUP_B, "7")
    assert await access.can_read("CS101", GROUP_B) and not await access.can_change("CS101",
                                                                                    staff_b)
    # operator courses: open unless private; the sample is public
    assert await access.can_read("R101", GROUP_B) and not await access.can_change("R101",
                                                                                   staff_b)
    assert (await access.record("sample")).public
    assert await access.can_read_personal("sample", "telegram", "5")
    assert not await access.can_read_personal("CS101", "telegram", "5")  # no membership known
    private = CourseAccess(registry, private_by_default=True)
    assert not await private.can_read("R101", GROUP_B)


@pytest.mark.parametrize(("key", "valid"), [
    ("discord:guild:81384788765712384", True), ("telegram:chat:-1001234567890", True),
    ("telegram:chat:42", True), ("discord:guild:-5", False), ("discord:guild:0", False),
    ("discord:guild:" + "1" * 32, False), ("discord:guild:١٢٣", False),
    ("telegram:guild:5", False), ("discord:chat:5", False), ("discord:guild:", False)])
def test_a_scope_an_operator_types_must_look_like_a_platform_id(key, valid):
    assert is_scope_key(key) is valid


def test_pure_rules_do_not_depend_on_a_store():
    course = CourseRecord("CS101", GROUP_A)
    assert may_read(course, GROUP_A, []) and not may_read(course, None, [])
    assert may_read(CourseRecord("X", GROUP_A, public=True), None, [])
    assert not may_change(course, Actor("7", GROUP_A, staff=False))


def test_the_upgrade_gives_each_course_the_one_scope_already_using_it(tmp_path: Path):
    conn = sqlite3.connect(tmp_path / "old.db")
    older = tmp_path / "older"
    older.mkdir()
    for path in sorted(MIGRATIONS_DIR.glob("000*.sql")):
        (older / path.name).write_text(path.read_text(encoding="utf-8"), encoding="utf-8")
    apply_sqlite(conn, older)
    rows = [("telegram:chat:-1", "ONE", "7"), ("telegram:user:5", "ONE", "5"),
            ("discord:guild:9", "SHARED", "1"), ("telegram:chat:-2", "SHARED", "8"),
            ("discord:channel:3", "CHANNEL", "1")]
    conn.executemany("INSERT INTO course_spaces(space, course, set_by, set_at) "
                     "VALUES (?, ?, ?, '2026-11-30T00:00:00+00:00')", rows)
    conn.commit()
    apply_sqlite(conn)
    owners = dict(conn.execute("SELECT name, owner FROM courses").fetchall())
    assert owners == {"ONE": "telegram:chat:-1"}  # SHARED, CHANNEL: the operator's (no row)
    scopes = dict(conn.execute("SELECT space, scope FROM course_spaces").fetchall())
    assert scopes["discord:guild:9"] == "discord:guild:9" and scopes["discord:channel:3"] == ""
    conn.close()
