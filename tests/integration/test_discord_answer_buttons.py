"""Sources / 👍 / 👎 under study answers on Discord, end to end: the real app (build_app) and the
real discord.py client against FakeDiscord. Buttons only on study answers; Sources quotes the
cited passage privately; votes change, are erased by /forget, and old buttons survive a restart.

Every wait is on a call the fake recorded, never a sleep.
"""
from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from adapters.discord.adapter import DiscordAdapter
from bot.container import App, build_app
from bot.settings import load_settings
from core.ingest.pipeline import ingest_paths
from tests.support.discord_desk import buttons, callbacks, click, command, serving, shown, until
from tests.support.fake_discord import BOT_ID, CHANNEL_ID, USER_ID, FakeDiscord

pytestmark = pytest.mark.integration

TOKEN = "MTAwMC5mYWtl.test-token-SECRET-0123456789"
FAST = {"guild_ready_timeout": 0.05}
SUPPRESS_EMBEDS, EPHEMERAL = 1 << 2, 1 << 6
OTHER_USER = USER_ID + 5
QUESTION = "What is a basis of a vector space?"
ALGEBRA = {"alg_vectors.md": (
    "# Vector spaces\n\nA vector space is a set of vectors closed under vector addition and "
    "scalar multiplication. A basis of a vector space is a linearly independent set of "
    "vectors that spans the whole space; the number of basis vectors is the dimension.\n")}


def settings_for(data_dir: Path) -> Any:
    return load_settings(data_dir=data_dir, auto_ingest_sample=False, wikipedia_enabled=False,
                         arxiv_enabled=False, web_search="none", default_course="ALG")


async def open_app(data_dir: Path, sources: Path | None = None) -> App:
    app = await build_app(settings_for(data_dir))
    if sources is not None:
        sources.mkdir()
        for name, text in ALGEBRA.items():
            (sources / name).write_text(text)
        report = await ingest_paths([sources], app.store, app.embedder, course="ALG")
        assert report.errors == [] and report.files_ok == len(ALGEBRA)
    return app


async def start_bot(app: App) -> DiscordAdapter:
    adapter = DiscordAdapter(app.service, TOKEN, client_options=FAST)
    await adapter.start()
    return adapter


@pytest.fixture
async def fake(monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[FakeDiscord]:
    async with serving(monkeypatch, TOKEN) as server:  # checks every text the bot showed
        yield server


@pytest.fixture
async def app(tmp_path: Path) -> AsyncIterator[App]:
    application = await open_app(tmp_path / "data", tmp_path / "src")
    yield application
    await application.close()


@pytest.fixture
async def bot(fake: FakeDiscord, app: App) -> AsyncIterator[DiscordAdapter]:
    adapter = await start_bot(app)
    yield adapter
    await adapter.stop()


def answer_ids(body: dict[str, Any]) -> list[str]:
    return [cid for cid in buttons(body) if cid.startswith("sb:ans:")]


async def ask(fake: FakeDiscord, question: str) -> list[dict[str, Any]]:
    """Mention the bot; every part of its reply, up to the one that carries the buttons."""
    after = len(fake.calls) - 1
    await fake.dispatch("MESSAGE_CREATE", fake.message(f"<@{BOT_ID}> {question}",
                                                       mention_bot=True))

    def parts() -> list[dict[str, Any]]:
        sent = [c.json for c in fake.find("POST", rf"/channels/{CHANNEL_ID}/messages",
                                          after=after)]
        return sent if sent and answer_ids(sent[-1]) else []

    return list(await until(parts, "the answer with its buttons"))


async def ask_plain(fake: FakeDiscord, text: str) -> list[dict[str, Any]]:
    """Mention the bot with a one-part reply (greetings); that reply."""
    after = len(fake.calls) - 1
    await fake.dispatch("MESSAGE_CREATE", fake.message(f"<@{BOT_ID}> {text}", mention_bot=True))
    call = await fake.wait_for_call("POST", rf"/channels/{CHANNEL_ID}/messages", after=after,
                                    timeout=30)
    return [call.json]


def ids_of(body: dict[str, Any]) -> tuple[str, dict[str, str]]:
    """(answer id, custom_id by action) of a message's answer buttons."""
    ids = {cid.split(":")[2]: cid for cid in answer_ids(body)}
    return ids["src"].split(":")[3], ids


async def study_answer(fake: FakeDiscord) -> tuple[str, dict[str, str]]:
    """Ask the course question; (answer id, custom_id by action)."""
    *_, last = await ask(fake, QUESTION)
    return ids_of(last)


async def press(fake: FakeDiscord, custom_id: str, *, user_id: int = USER_ID,
                count: int = 1) -> list[dict[str, Any]]:
    """Press a button; the first `count` private messages the bot showed for it."""
    token = await click(fake, custom_id, user_id=user_id)
    bodies = await until(lambda: (b := shown(fake, token)) and len(b) >= count and b,
                         f"the answer to {custom_id}")
    [callback] = callbacks(fake, token)
    assert callback.json["type"] == 5 and callback.json["data"]["flags"] & EPHEMERAL
    assert all(body["flags"] & EPHEMERAL for body in bodies)
    return list(bodies)


async def votes(app: App, answer_id: str) -> list[tuple[int, str]]:
    outcome = await app.actions.store.get(answer_id)
    assert outcome is not None
    return sorted((v.value, v.reason) for v in outcome.votes)


class TestWhereButtonsAppear:
    async def test_a_study_answer_has_sources_up_down_and_a_greeting_has_none(
            self, fake, bot, app):
        [greeting] = await ask_plain(fake, "hi")
        assert "components" not in greeting or greeting["components"] == []

        *earlier, last = await ask(fake, QUESTION)
        assert all(answer_ids(part) == [] for part in earlier)
        answer_id, ids = ids_of(last)
        assert list(ids) == ["src", "up", "dn"]
        assert ids["src"] == f"sb:ans:src:{answer_id}:en"
        row = last["components"][0]["components"]
        assert row[0]["label"] == "Sources"
        assert [c["emoji"]["name"] for c in row[1:]] == ["👍", "👎"]
        assert await app.actions.store.get(answer_id) is not None

    async def test_an_ask_followup_carries_the_buttons_too(self, fake, bot, app):
        payload = fake.interaction("ask", {"question": QUESTION})
        await fake.dispatch("INTERACTION_CREATE", payload)
        bodies = await until(lambda: [b for b in shown(fake, payload["token"])
                                      if answer_ids(b)], "the /ask answer")
        answer_id = answer_ids(bodies[-1])[0].split(":")[3]
        assert (await app.actions.store.get(answer_id)) is not None
        hello = await command(fake, "ask", {"question": "hello"})
        assert answer_ids(hello) == []


class TestPresses:
    async def test_sources_quotes_the_cited_passage_privately(self, fake, bot):
        _, ids = await study_answer(fake)
        [sources] = await press(fake, ids["src"])
        text = sources["content"]
        assert text.startswith("Sources of this answer:")
        assert "[1] alg_vectors.md" in text and "› Vector spaces" in text
        assert "> " in text and "linearly independent set of vectors" in text
        assert answer_ids(sources) == []

    async def test_up_then_down_with_a_reason_changes_the_vote(self, fake, bot, app):
        answer_id, ids = await study_answer(fake)
        [thanks] = await press(fake, ids["up"])
        assert "glad it helped" in thanks["content"]
        assert await votes(app, answer_id) == [(1, "")]

        [asked] = await press(fake, ids["dn"])
        assert "What was wrong with it?" in asked["content"]
        reasons = answer_ids(asked)
        assert reasons == [f"sb:ans:r{i}:{answer_id}:en" for i in range(4)]
        labels = [c["label"] for c in asked["components"][0]["components"]]
        assert labels == ["Wrong", "Not in the materials", "Gave away a solution",
                          "Wrong language"]
        assert await votes(app, answer_id) == [(-1, "")]

        [noted] = await press(fake, reasons[1])
        assert "“Not in the materials”" in noted["content"] and answer_ids(noted) == []
        assert await votes(app, answer_id) == [(-1, "not_in_materials")]

    async def test_forget_erases_the_users_votes(self, fake, bot, app):
        answer_id, ids = await study_answer(fake)
        await press(fake, ids["up"])
        await press(fake, ids["dn"], user_id=OTHER_USER)
        assert await votes(app, answer_id) == [(-1, ""), (1, "")]

        forgot = await command(fake, "forget", user_id=OTHER_USER)
        assert "erased" in forgot["content"]
        assert await votes(app, answer_id) == [(1, "")]  # the asker's answer and vote stay
        await command(fake, "forget")  # the asker: the answer and its votes go
        assert await app.actions.store.get(answer_id) is None
        [gone] = await press(fake, ids["up"])
        assert "no longer have that answer" in gone["content"]

    async def test_an_unknown_answer_id_gets_a_notice(self, fake, bot):
        fake.seed_message("an old answer", ["sb:ans:src:zzzzzzzz:en", "sb:ans:up:zzzzzzzz:en"])
        for cid in ("sb:ans:src:zzzzzzzz:en", "sb:ans:up:zzzzzzzz:en"):
            [notice] = await press(fake, cid)
            assert "I no longer have that answer" in notice["content"]
            assert answer_ids(notice) == []


class TestRestart:
    async def test_buttons_still_work_after_a_restart(self, fake, tmp_path):
        data = tmp_path / "data"
        first = await open_app(data, tmp_path / "src")
        adapter = await start_bot(first)
        try:
            answer_id, ids = await study_answer(fake)
        finally:
            await adapter.stop()
            await first.close()

        second = await open_app(data)
        adapter = await start_bot(second)
        try:  # nothing sent in this run yet: only setup_hook knows the buttons
            [sources] = await press(fake, ids["src"])
            assert "alg_vectors.md" in sources["content"] and "> " in sources["content"]
            await press(fake, ids["dn"])
            [noted] = await press(fake, f"sb:ans:r0:{answer_id}:en")
            assert "“Wrong”" in noted["content"]
            assert await votes(second, answer_id) == [(-1, "wrong")]
        finally:
            await adapter.stop()
            await second.close()
