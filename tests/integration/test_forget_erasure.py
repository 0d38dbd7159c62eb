"""/forget leaves 0 bytes of the user's text in the database file, its WAL or its SHM.

Greps the raw bytes (not SQL) because a DELETE without secure_delete only unlinks cells: the
text stays readable in free pages and in old WAL frames (reliability.md F1).
"""
from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from core.ports import Turn
from core.stores.sqlite_history import SqliteHistoryStore

pytestmark = pytest.mark.integration

USERS = ("alice", "bob", "carol", "dave")
TURNS_PER_USER = 60


def canary(user: str, i: int) -> str:
    return f"CANARY-{user}-{i:03d}"


def long_turn(user: str, i: int) -> Turn:
    """Questions, answers (some past a page, so overflow pages are used) and citations."""
    answer = f"answer {canary(user, i)}-A " + ("x" * (5000 if i % 7 == 0 else 50))
    citations = ({"n": 1, "title": f"title {canary(user, i)}-T", "url_or_path": "notes.md"},)
    return Turn("telegram", user, f"question {canary(user, i)}-Q ملاحظة", answer, "simple",
                citations, datetime.now(UTC))


def raw_bytes(db: Path) -> bytes:
    return b"".join(p.read_bytes() for p in db.parent.iterdir() if p.name.startswith(db.name))


def leaked(raw: bytes, user: str) -> int:
    """How many bytes of `user`'s canaries (any of them, any field) remain."""
    marker = f"CANARY-{user}-".encode()
    return raw.count(marker) * len(marker)


async def test_forget_leaves_no_bytes_of_the_user_and_keeps_the_others(tmp_path: Path) -> None:
    db = tmp_path / "history.db"
    store = SqliteHistoryStore(db)
    await store.open()
    for i in range(TURNS_PER_USER):  # interleaved, so the users share pages
        for user in USERS:
            await store.append(long_turn(user, i))
    assert leaked(raw_bytes(db), "alice") > 0  # the grep sees text before erasure

    removed = await store.forget("telegram", "alice")
    assert removed == TURNS_PER_USER
    raw_open = raw_bytes(db)  # while the connection is still open (WAL checkpointed)
    await store.close()
    raw_closed = raw_bytes(db)

    figures = {"open": leaked(raw_open, "alice"), "closed": leaked(raw_closed, "alice")}
    print(f"\n/forget: {TURNS_PER_USER} turns x {len(USERS)} users; bytes of alice's canaries "
          f"left: {figures}; files: {sorted(p.name for p in tmp_path.iterdir())}")
    assert figures == {"open": 0, "closed": 0}
    for user in USERS[1:]:
        for i in range(TURNS_PER_USER):
            assert f"{canary(user, i)}-Q".encode() in raw_closed
    reopened = SqliteHistoryStore(db)
    await reopened.open()
    try:
        for user in USERS[1:]:
            turns = await reopened.recent("telegram", user, 1000)
            assert len(turns) == TURNS_PER_USER
        assert await reopened.recent("telegram", "alice", 1000) == []
    finally:
        await reopened.close()


async def test_forget_twice_and_unknown_user_are_harmless(tmp_path: Path) -> None:
    store = SqliteHistoryStore(tmp_path / "h.db")
    await store.open()
    await store.append(long_turn("bob", 1))
    assert await store.forget("telegram", "nobody") == 0
    assert await store.forget("telegram", "bob") == 1
    assert await store.forget("telegram", "bob") == 0
    await store.close()
    assert leaked(raw_bytes(tmp_path / "h.db"), "bob") == 0
