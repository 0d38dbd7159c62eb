"""Ask a TA on Discord, the test side: the real app (build_app, SQLite stores, the offline
embedder) and its TADesk behind the real discord.py client, against FakeDiscord; fixtures (fake,
app, tadesk, bot) for tests/integration/discord_ta_desk/ and the steps a test takes (ask,
escalate, the card, staff writing in its thread, presses, what was delivered).

Every wait is on a call the fake recorded, never a sleep.
"""
from __future__ import annotations

import re
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from adapters.discord.adapter import DiscordAdapter
from bot.container import App, build_app
from core.escalation.service import TADesk
from tests.support.discord_desk import buttons, callbacks, click, serving, shown, until
from tests.support.discord_spaces import ALGEBRA, add_course, settings_for
from tests.support.fake_discord import (
    BOT_ID,
    CHANNEL_ID,
    DM_CHANNEL_ID,
    FORUM_ID,
    STAFF_ROLE_ID,
    STAFF_ROLE_NAME,
    STAFF_USER_ID,
    USER_ID,
    FakeDiscord,
)

TOKEN = "MTAwMC5mYWtl.test-token-SECRET-0123456789"
FAST = {"guild_ready_timeout": 0.05}
EPHEMERAL = 1 << 6
TA = STAFF_USER_ID  # has the staff role in the test server
TA_ASKING = STAFF_USER_ID + 7  # also staff, but asks as a student
STUDENT2 = USER_ID + 5
OTHER_GUILD = 2000000000000000099
UNSURE = "Does the midterm cover chapter 5?"  # not in the materials: ⚠
PARAPHRASE = "Is chapter 5 on the midterm?"
ANSWER = "Yes: the midterm covers chapters 1 to 5, and chapter 5 only up to section 5.3."
CARD_ID = re.compile(r"ta:(?!ask:)[a-z]+:([A-Za-z0-9_-]+)")


@pytest.fixture
async def fake(monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[FakeDiscord]:
    async with serving(monkeypatch, TOKEN) as server:  # checks every text the bot showed
        server.member_roles |= {TA: [STAFF_ROLE_ID], TA_ASKING: [STAFF_ROLE_ID]}
        yield server


async def open_app(data: Path, **settings: Any) -> App:
    """The app with its own TA desk (the SQLite escalation store in `data`)."""
    return await build_app(settings_for(data, default_course="ALG101", **settings))


@pytest.fixture
async def app(tmp_path: Path) -> AsyncIterator[App]:
    application = await open_app(tmp_path / "data")
    await add_course(application, tmp_path, "ALG101", ALGEBRA)
    yield application
    await application.close()


async def start_bot(app: App, sweep_s: float = 3600) -> DiscordAdapter:
    adapter = DiscordAdapter(app.service, TOKEN, client_options=FAST, desk=app.desk,
                             staff_role=STAFF_ROLE_NAME, tadesk=app.tadesk, ta_sweep_s=sweep_s)
    await adapter.start()
    return adapter


@pytest.fixture
def tadesk(app: App) -> TADesk:
    assert app.tadesk is not None
    return app.tadesk


@pytest.fixture
async def bot(fake: FakeDiscord, app: App) -> AsyncIterator[DiscordAdapter]:
    adapter = await start_bot(app)
    yield adapter
    await adapter.stop()


# --- driving it ---

async def ask(fake: FakeDiscord, question: str, *, user_id: int = USER_ID,
              channel_id: int = CHANNEL_ID, dm: bool = False
              ) -> tuple[dict[str, Any], dict[str, Any]]:
    """Mention the bot (or DM it); (the question message, the answer part carrying the
    buttons)."""
    after = len(fake.calls) - 1
    channel_id = DM_CHANNEL_ID if dm else channel_id
    message = fake.message(question if dm else f"<@{BOT_ID}> {question}", mention_bot=not dm,
                           user_id=user_id, channel_id=channel_id, dm=dm)
    await fake.dispatch("MESSAGE_CREATE", message)

    def answered() -> dict[str, Any] | None:
        sent = [c.json for c in fake.find("POST", rf"/channels/{channel_id}/messages",
                                          after=after)]
        return next((s for s in sent if buttons(s)), None)

    body = await until(answered, f"the answer to {question!r}")
    stored = next(m for m in reversed(fake.messages.values())
                  if m["channel_id"] == str(channel_id) and buttons(m) == buttons(body))
    return message, stored


def ask_id(answer: dict[str, Any]) -> str | None:
    return next((cid for cid in buttons(answer) if cid.startswith("ta:ask:")), None)


async def ta_command(fake: FakeDiscord, sub: str, options: dict[str, Any] | None = None, *,
                     user_id: int = TA, channel_id: int = FORUM_ID, **kwargs: Any) -> str:
    """/ta <sub> as staff (by default); the private answer's text."""
    payload = fake.interaction("ta", options or {}, sub=sub, user_id=user_id,
                               channel_id=channel_id, roles=(STAFF_ROLE_ID,), **kwargs)
    await fake.dispatch("INTERACTION_CREATE", payload)
    body = (await until(lambda: shown(fake, payload["token"]), f"/ta {sub}"))[0]
    return str(body["content"])


async def escalate(fake: FakeDiscord, answer: dict[str, Any], note: str = "", *,
                   user_id: int = USER_ID, dm: bool = False) -> str:
    """Press Ask a TA, fill the modal; the confirmation's text (private in a server)."""
    custom_id = ask_id(answer)
    assert custom_id is not None, answer
    payload = fake.component(custom_id, answer, user_id=user_id, dm=dm)
    await fake.dispatch("INTERACTION_CREATE", payload)
    modal = await until(lambda: fake.modals.get(payload["token"]), "the note modal")
    assert modal["title"] == "Ask a TA"
    submit = fake.modal_submit(modal, [note], user_id=user_id, dm=dm,
                               channel_id=int(answer["channel_id"]), message=answer)
    await fake.dispatch("INTERACTION_CREATE", submit)
    [body] = await until(lambda: shown(fake, submit["token"]), "the escalation's answer")
    assert bool(body.get("flags", 0) & EPHEMERAL) is not dm
    return str(body["content"])


async def forum_card(fake: FakeDiscord, count: int = 1) -> dict[str, Any]:
    """The `count`th card posted as a forum post: its starter message (its id is its
    thread's)."""
    call = await fake.wait_for_call("POST", rf"/channels/{FORUM_ID}/threads", count=count)
    assert call.json["message"]["allowed_mentions"] == {"parse": []}
    starters = [m for m in fake.messages.values() if m["id"] == m["channel_id"]]
    return starters[count - 1]


def card_id_of(card: dict[str, Any]) -> str:
    return next(m.group(1) for cid in buttons(card) if (m := CARD_ID.fullmatch(cid)))


async def staff_writes(fake: FakeDiscord, thread: str, text: str, *, user_id: int = TA
                       ) -> tuple[dict[str, Any], str]:
    """A TA mentions the bot in the card's thread; (their message, the bot's reply text)."""
    after = len(fake.calls) - 1
    message = fake.message(f"<@{BOT_ID}> {text}", mention_bot=True, channel_id=int(thread),
                           user_id=user_id)
    await fake.dispatch("MESSAGE_CREATE", message)
    reply = await fake.wait_for_call("POST", rf"/channels/{thread}/messages", after=after)
    return message, str(reply.json["content"])


async def press(fake: FakeDiscord, custom_id: str, *, user_id: int = TA) -> str:
    """Press a card button; the private answer's text."""
    token = await click(fake, custom_id, user_id=user_id)
    bodies = await until(lambda: [b for b in shown(fake, token) if b.get("flags", 0)
                                  & EPHEMERAL], f"the answer to {custom_id}")
    [callback] = callbacks(fake, token)
    assert callback.json["type"] == 6  # a deferred update: the card is edited, not replaced
    return str(bodies[0]["content"])


async def delivered_to(fake: FakeDiscord, question: dict[str, Any]) -> dict[str, Any]:
    """The staff answer posted as a reply to the student's question."""
    def found() -> dict[str, Any] | None:
        return next((c.json for c in fake.find("POST", rf"/channels/{question['channel_id']}"
                                                       "/messages")
                     if (c.json.get("message_reference") or {}).get("message_id")
                     == int(question["id"]) and "course staff" in c.json["content"]), None)
    return await until(found, "the staff answer")


def deliveries(fake: FakeDiscord) -> list[str]:
    """Channels that received a staff answer (refused posts left out)."""
    return [c.path.split("/")[2] for c in fake.find("POST", r"/channels/\d+/messages")
            if "Answered by course staff" in c.json.get("content", "")
            and c.path.split("/")[2] not in fake.refuse]


# --- the tests ---
