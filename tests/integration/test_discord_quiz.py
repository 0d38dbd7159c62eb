"""/quiz and /review on Discord, end to end: the real app (build_app, SQLite stores, the offline
embedder) behind the real discord.py client, against the fake gateway + REST. Each item is an
embed with one button per option; the verdict and explanation are private; a server channel's
items are answered by everyone and scored per student; a DM goes item by item; a button on an
item sent before a restart still counts; /review brings back a miss; /forget erases it."""
from __future__ import annotations

import re
import shutil
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from adapters.discord.adapter import DiscordAdapter
from bot.container import SAMPLE_COURSE, App, build_app
from bot.settings import load_settings
from core.ingest.pipeline import ingest_paths
from tests.support.discord_desk import buttons, click, serving, shown, until
from tests.support.fake_discord import USER_ID, FakeDiscord

pytestmark = pytest.mark.integration

TOKEN = "MTAwMC5mYWtl.test-token-SECRET-0123456789"
FAST = {"guild_ready_timeout": 0.05}
OTHER = 3000000000000000077
EPHEMERAL = 1 << 6
NOTES = ("01-complexity.md", "02-sorting.md", "04-graphs.md")
QUIZ_ID = re.compile(r"sb:quiz:([0-9a-f]{16}):([0-9a-f]{16}):([0-3])")


@pytest.fixture
async def fake(monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[FakeDiscord]:
    async with serving(monkeypatch, TOKEN) as server:  # checks every text the bot showed
        yield server


@pytest.fixture
async def app(tmp_path: Path) -> AsyncIterator[App]:
    application = await build_app(load_settings(
        data_dir=tmp_path / "data", auto_ingest_sample=False, wikipedia_enabled=False,
        arxiv_enabled=False, web_search="none", default_course="ALG"))
    folder = tmp_path / "alg"
    folder.mkdir()
    for name in NOTES:
        shutil.copy(SAMPLE_COURSE / name, folder / name)
    report = await ingest_paths([folder], application.store, application.embedder,
                                course="ALG")
    assert report.errors == []
    yield application
    await application.close()


async def start(app: App) -> DiscordAdapter:
    adapter = DiscordAdapter(app.service, TOKEN, client_options=FAST, practice=app.practice)
    await adapter.start()
    return adapter


async def quiz(fake: FakeDiscord, n: int, *, dm: bool = False) -> str:
    payload = fake.interaction("quiz", dm=dm)
    payload["data"]["options"] = [{"name": "n", "type": 4, "value": n}]
    await fake.dispatch("INTERACTION_CREATE", payload)
    return str(payload["token"])


def items_shown(fake: FakeDiscord) -> list[dict[str, Any]]:
    """The item messages sent so far, oldest first."""
    return [m for m in fake.messages.values()
            if any(cid.startswith("sb:quiz:") for cid in buttons(m))]


async def press(fake: FakeDiscord, app: App, message: dict[str, Any], *, right: bool,
                user: int = USER_ID) -> str:
    """Press the right (or a wrong) option of an item message; the verdict shown privately."""
    session, item_id, _ = QUIZ_ID.fullmatch(buttons(message)[0]).groups()  # type: ignore[union-attr]
    assert app.practice is not None
    item = (await app.practice.store.items([item_id]))[item_id]
    choice = item.answer if right else (item.answer + 1) % len(item.options)
    token = await click(fake, f"sb:quiz:{session}:{item_id}:{choice}", user_id=user)
    verdict = (await until(lambda: [b for b in shown(fake, token)
                                    if b.get("flags", 0) & EPHEMERAL], "the verdict"))[0]
    return str(verdict["content"])


async def test_a_channel_quiz_is_scored_per_student(fake: FakeDiscord, app: App) -> None:
    bot = await start(app)
    try:
        token = await quiz(fake, 2)
        intro = (await until(lambda: shown(fake, token), "the intro"))[0]
        assert intro["content"].startswith("Quiz: 2 question(s)")
        sent = await until(lambda: items_shown(fake) if len(items_shown(fake)) >= 2 else None,
                           "two items")
        embed = sent[0]["embeds"][0]
        assert "**A.**" in embed["description"] and len(buttons(sent[0])) in (3, 4)
        assert all(len(cid) <= 100 for m in sent for cid in buttons(m))
        mine = await press(fake, app, sent[0], right=True)
        theirs = await press(fake, app, sent[0], right=False, user=OTHER)
        assert mine.startswith("✅") and "“" in mine  # the explanation quotes the passage
        assert theirs.startswith("❌")
        again = await press(fake, app, sent[0], right=False)
        assert "already answered" in again
        assert app.practice is not None
        answers = await app.practice.store.answers(course="ALG")
        assert sorted(a.right for a in answers) == [False, True]
        assert len({a.user_hash for a in answers}) == 2
        assert len(items_shown(fake)) == 2  # a channel gets no follow-up items
    finally:
        await bot.stop()


async def test_a_dm_quiz_survives_a_restart_and_review_brings_back_a_miss(
        fake: FakeDiscord, app: App) -> None:
    bot = await start(app)
    try:
        await quiz(fake, 2, dm=True)
        first = (await until(lambda: items_shown(fake), "the first item"))[0]
        await bot.stop()
        bot = await start(app)  # a new client: the old message's buttons still work
        assert (await press(fake, app, first, right=False)).startswith("❌")
        second = (await until(lambda: items_shown(fake)[1:], "the next item"))[0]
        await press(fake, app, second, right=True)
        done = await until(lambda: [m for m in fake.messages.values()
                                    if m["content"].startswith("Quiz done")], "the score")
        assert "1 of 2 right" in done[0]["content"]
        payload = fake.interaction("review", dm=True)
        await fake.dispatch("INTERACTION_CREATE", payload)
        await until(lambda: items_shown(fake)[2:], "the review item")
        assert buttons(items_shown(fake)[2])[0].split(":")[3] == buttons(first)[0].split(":")[3]

        assert app.practice is not None
        forget = fake.interaction("forget", dm=True)
        await fake.dispatch("INTERACTION_CREATE", forget)
        await until(lambda: shown(fake, forget["token"]), "/forget")
        who = app.practice.hash("discord", str(USER_ID))
        assert await app.practice.store.cards(who) == []
    finally:
        await bot.stop()
