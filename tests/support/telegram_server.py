"""The `server` fixture the Telegram integration tests share: a FakeTelegram on loopback.

One copy instead of one per test module. A module that needs another token, or chat admins and
members, overrides the small fixture it changes (`telegram_token`, `telegram_admins`,
`telegram_members`) rather than the server. Registered in tests/integration/conftest.py.
"""
from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from tests.support.fake_telegram import FakeTelegram


@pytest.fixture
def telegram_token() -> str:
    """The token the server accepts: the course-desk bot's unless a module overrides it."""
    # Imported here, not at the top: telegram_desk loads the whole app, and this module is
    # imported by the conftest of every integration test, Telegram or not.
    from tests.support.telegram_desk import TOKEN

    return TOKEN


@pytest.fixture
def telegram_admins() -> dict[int, set[int]]:
    """Chat id -> user ids getChatMember calls administrators (none by default)."""
    return {}


@pytest.fixture
def telegram_members() -> dict[int, set[int]]:
    """Chat id -> its members; a chat not listed has everyone as a member."""
    return {}


@pytest.fixture
async def server(telegram_token: str, telegram_admins: dict[int, set[int]],
                 telegram_members: dict[int, set[int]]) -> AsyncIterator[FakeTelegram]:
    """A started FakeTelegram for one test, closed after it."""
    fake = FakeTelegram(telegram_token)
    fake.admins = telegram_admins
    fake.members = telegram_members
    await fake.start()
    yield fake
    await fake.close()
