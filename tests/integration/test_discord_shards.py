"""DISCORD_SHARD_COUNT / DISCORD_SHARD_IDS: the real discord.py AutoShardedClient against the
fake gateway identifies as the configured shard and answers like the one-connection bot."""
from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from adapters.discord.adapter import DiscordAdapter, ShardedStudyBuddyClient
from tests.support.discord_desk import serving
from tests.support.fake_discord import FakeDiscord
from tests.support.fake_handler import FakeHandler

pytestmark = pytest.mark.integration
TOKEN = "MTAwMC5mYWtl.shard-test-token-0123456789"


@pytest.fixture
async def fake(monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[FakeDiscord]:
    async with serving(monkeypatch, TOKEN) as server:
        yield server


async def test_one_shard_of_two_identifies_as_that_shard_and_answers(fake):
    handler = FakeHandler()
    adapter = DiscordAdapter(handler, TOKEN, client_options={"guild_ready_timeout": 0.05},
                             shard_count=2, shard_ids=[1])
    await adapter.start()
    try:
        assert isinstance(adapter.client, ShardedStudyBuddyClient)
        [identify] = fake.find("GATEWAY", "IDENTIFY")
        assert identify.json["shard"] == [1, 2]
        await fake.dispatch("MESSAGE_CREATE", fake.message("What is merge sort?", dm=True))
        await fake.wait_for_call("POST", r"/channels/\d+/messages")
        assert [m.text for m in handler.seen] == ["What is merge sort?"]
    finally:
        await adapter.stop()
