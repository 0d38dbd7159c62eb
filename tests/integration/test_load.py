"""Load (issue 6, item 8): 500 users in bursts through the real PTB and discord.py adapters.

Scenario 1 runs both platforms at once over one StudyBuddy (real graph, fakes with latency):
Telegram 100 users and Discord 400 users, each sending a burst of BURST questions with a limit
of LIMIT per minute. Telegram gets fewer users because PTB's AIORateLimiter holds the bot to the
Bot API's 30 requests/s (typing + reply per answer), which bounds the wall time, not the core.
Scenario 2 shrinks max_concurrent/queue_max so a Discord burst overflows the queue: the overflow
gets the polite "busy" notice and everything admitted is answered. Figures are printed (-s).
"""
from __future__ import annotations

import asyncio
import html
import json
import time
from collections.abc import AsyncIterator

import pytest

from adapters.discord.adapter import DiscordAdapter
from adapters.telegram.adapter import TelegramAdapter
from core.chat.limits import Limits
from core.chat.service import StudyBuddy
from tests.support import fake_discord as dc
from tests.support import fake_telegram as tg
from tests.support.load import Tally, peak_rss_mb, study_buddy, wait_until

pytestmark = pytest.mark.integration

TG_TOKEN = "123456789:AAE-fake_Token_for_load_tests_0123456789"
DC_TOKEN = "MTAwMC5mYWtl.load-token-SECRET-0123456789"
TG_USERS, DC_USERS, BURST, LIMIT = 100, 400, 4, 2
BUSY_USERS = 200
RSS_BOUND_MB = 1024
DEADLINE_S = 55.0


@pytest.fixture
async def discord_fake(monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[dc.FakeDiscord]:
    server = dc.FakeDiscord(DC_TOKEN)
    await server.start()
    server.point_discord_py_here(monkeypatch)
    yield server
    await server.stop()


@pytest.fixture
async def telegram_fake() -> AsyncIterator[tg.FakeTelegram]:
    server = tg.FakeTelegram(TG_TOKEN)
    await server.start()
    yield server
    await server.close()


def telegram_tally(server: tg.FakeTelegram, tally: Tally) -> Tally:
    """Match every sendMessage to the update it quotes (reply_parameters.message_id)."""
    fresh = Tally(owner=tally.owner)
    for call in server.calls_to("sendMessage"):
        raw = call.params.get("reply_parameters")
        fresh.add(json.loads(raw)["message_id"] if raw else None,
                  html.unescape(call.params["text"]))  # sent as HTML: "You&#x27;re"
    return fresh


def discord_tally(server: dc.FakeDiscord, tally: Tally) -> Tally:
    """Match every channel message to the message it replies to (message_reference)."""
    fresh = Tally(owner=tally.owner)
    for call in list(server.calls):
        if call.method == "POST" and call.path == f"/channels/{dc.CHANNEL_ID}/messages":
            reference = (call.json or {}).get("message_reference") or {}
            fresh.add(reference.get("message_id"), call.json["content"])
    return fresh


async def telegram_burst(server: tg.FakeTelegram, users: int, burst: int) -> Tally:
    tally = Tally()
    for n in range(users):
        uid = 10_000 + n
        for k in range(burst):
            data = tg.message(f"What is merge sort? ({k})", chat_id=uid, sender=tg.user(uid))
            tally.expect(data["message_id"], f"tg{uid}")
            server.push_update(data)
    return tally


async def discord_burst(server: dc.FakeDiscord, users: int, burst: int) -> Tally:
    tally = Tally()
    for k in range(burst):  # interleaved: every user's k-th question, then the next round
        for n in range(users):
            uid = 4_000_000_000_000_000_000 + n
            data = server.message(f"<@{dc.BOT_ID}> what is merge sort? ({k})", mention_bot=True)
            data["author"] = dc.user(uid, f"student{n}")
            tally.expect(int(data["id"]), f"dc{uid}")
            await server.dispatch("MESSAGE_CREATE", data)
    return tally


async def start_discord(buddy: StudyBuddy) -> DiscordAdapter:
    adapter = DiscordAdapter(buddy, DC_TOKEN, client_options={"guild_ready_timeout": 0.05})
    await adapter.start()
    return adapter


def assert_exactly_once(tally: Tally, name: str) -> None:
    print(tally.summary(name))
    assert tally.lost == 0 and tally.duplicated == 0 and tally.unmatched == 0, tally.summary(name)


async def test_rate_limits_hold_and_nothing_is_lost_or_doubled(tmp_path, telegram_fake,
                                                               discord_fake):
    limits = Limits(rate_limit_per_minute=LIMIT, max_concurrent=32, queue_max=10_000)
    buddy, history = await study_buddy(tmp_path, limits)
    telegram = TelegramAdapter(buddy, TG_TOKEN, base_url=telegram_fake.base_url)
    await telegram.start()
    discord_adapter = await start_discord(buddy)
    started = time.monotonic()
    try:
        tg_sent = await telegram_burst(telegram_fake, TG_USERS, BURST)
        dc_sent = await discord_burst(discord_fake, DC_USERS, BURST)
        await wait_until(lambda: len(telegram_fake.calls_to("sendMessage")) >= len(tg_sent.owner)
                         and len(discord_tally(discord_fake, dc_sent).replies)
                         >= len(dc_sent.owner), DEADLINE_S)
        await asyncio.sleep(0.5)  # anything doubled would land now
    finally:
        await telegram.stop()  # waits for in-flight updates
        await discord_adapter.stop()
        await history.close()
    wall = time.monotonic() - started
    for name, tally in (("telegram", telegram_tally(telegram_fake, tg_sent)),
                        ("discord", discord_tally(discord_fake, dc_sent))):
        assert_exactly_once(tally, name)
        answered, limited = tally.per_user("answer"), tally.per_user("rate_limited")
        assert set(answered.values()) == {LIMIT}, "each user gets exactly LIMIT answers"
        assert set(limited.values()) == {BURST - LIMIT}, "the rest of each burst is throttled"
        assert tally.kinds()["busy"] == 0
    typing = (len(telegram_fake.calls_to("sendChatAction")),
              sum(1 for c in discord_fake.calls if c.path.endswith("/typing")))
    print(f"load: users={TG_USERS + DC_USERS} wall={wall:.1f}s peak_rss={peak_rss_mb():.0f}MB "
          f"typing calls telegram/discord={typing}")
    assert peak_rss_mb() < RSS_BOUND_MB
    # One typing loop per chat: each Telegram user is a DM chat, all Discord users share one
    # channel (one loop per question sent 1,604 Discord typing POSTs in this run).
    # Bounds allow a loop to restart between one user's questions, never one loop per question.
    refreshes = int(wall // 4.0) + 1
    assert typing[0] <= TG_USERS * (LIMIT + refreshes)
    assert typing[1] <= 2 * refreshes


async def test_full_queue_answers_busy_and_the_rest_is_answered(tmp_path, discord_fake):
    limits = Limits(rate_limit_per_minute=60, max_concurrent=4, queue_max=12)
    buddy, history = await study_buddy(tmp_path, limits, latency_s=0.05)
    adapter = await start_discord(buddy)
    started = time.monotonic()
    try:
        sent = await discord_burst(discord_fake, BUSY_USERS, 1)
        await wait_until(lambda: len(discord_tally(discord_fake, sent).replies)
                         >= len(sent.owner), DEADLINE_S)
        await asyncio.sleep(0.5)
    finally:
        await adapter.stop()
        await history.close()
    tally = discord_tally(discord_fake, sent)
    assert_exactly_once(tally, "discord-busy")
    kinds = tally.kinds()
    print(f"busy: users={BUSY_USERS} answered={kinds['answer']} busy={kinds['busy']} "
          f"wall={time.monotonic() - started:.1f}s peak_rss={peak_rss_mb():.0f}MB")
    assert kinds["busy"] > 0, "a burst far above capacity must overflow the queue"
    assert kinds["answer"] >= limits.max_concurrent + limits.queue_max
    assert kinds["answer"] + kinds["busy"] == BUSY_USERS  # nothing else (no errors, no timeouts)
    assert peak_rss_mb() < RSS_BOUND_MB
