"""Driving the bot through FakeDiscord: serve the fake (checking every text the bot showed), run a
command or press a button, then wait for what the bot showed (polling the fake's records, never
sleeping a fixed time)."""
from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from tests.support.fake_discord import BOT_ID, Call, FakeDiscord


def shown(fake: FakeDiscord, token: str) -> list[dict[str, Any]]:
    """Every message body the bot showed for one interaction: an immediate answer or update
    (callback type 4 / 7), followups, and edits of its messages."""
    bodies = []
    for call in fake.calls:
        if token not in call.path or call.method not in ("POST", "PATCH") or not call.json:
            continue
        if call.path.endswith("/callback"):
            if call.json["type"] in (4, 7):
                bodies.append(call.json["data"])
        elif "content" in call.json:
            bodies.append(call.json)
    return bodies


async def until(found: Any, what: str, timeout: float = 30.0) -> Any:
    """Poll the fake's records until `found()` is truthy (uploads parse and embed for real)."""
    deadline = time.monotonic() + timeout
    while not (result := found()):
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        await asyncio.sleep(0.01)
    return result


async def command(fake: FakeDiscord, name: str, options: dict[str, Any] | None = None,
                  **kwargs: Any) -> dict[str, Any]:
    """Run a slash command and return the first message body it showed."""
    payload = fake.interaction(name, options, **kwargs)
    await fake.dispatch("INTERACTION_CREATE", payload)
    return (await until(lambda: shown(fake, payload["token"]), f"/{name}"))[0]


async def ask_in(fake: FakeDiscord, channel_id: int, question: str) -> str:
    """Mention the bot in a channel; the text of its reply."""
    after = len(fake.calls) - 1
    await fake.dispatch("MESSAGE_CREATE", fake.message(
        f"<@{BOT_ID}> {question}", mention_bot=True, channel_id=channel_id))
    reply = await fake.wait_for_call("POST", rf"/channels/{channel_id}/messages", after=after,
                                     timeout=30)
    return str(reply.json["content"])


def buttons(body: dict[str, Any]) -> list[str]:
    return [c["custom_id"] for row in body.get("components", []) for c in row["components"]]


async def upload(fake: FakeDiscord, filename: str, content: bytes, **kwargs: Any
                 ) -> tuple[dict[str, Any], dict[str, Any]]:
    """/upload a file as `kwargs` say (staff or not); (first body shown, the attachment)."""
    attachment = fake.attachment(filename, content, size=kwargs.pop("size", None))
    options: dict[str, Any] = {"file": attachment}
    if "course" in kwargs:
        options["course"] = kwargs.pop("course")
    return await command(fake, "upload", options, **kwargs), attachment


async def click(fake: FakeDiscord, custom_id: str, *, user_id: int) -> str:
    """Press a button on the message that carries it; the interaction's token."""
    message = next(m for m in fake.messages.values() if custom_id in buttons(m))
    payload = fake.component(custom_id, message, user_id=user_id)
    await fake.dispatch("INTERACTION_CREATE", payload)
    return str(payload["token"])


def callbacks(fake: FakeDiscord, token: str) -> list[Call]:
    return fake.find("POST", rf"/interactions/\d+/{token}/callback")


SUPPRESS_EMBEDS = 1 << 2
MAX_CONTENT = 2000


@asynccontextmanager
async def serving(monkeypatch: Any, token: str) -> AsyncIterator[FakeDiscord]:
    """A running FakeDiscord that discord.py talks to; on the way out, every text the bot showed
    is checked (reliability.md A4): no pings, no link embeds on new messages, no @everyone, within
    Discord's limit."""
    server = FakeDiscord(token)
    await server.start()
    server.point_discord_py_here(monkeypatch)
    try:
        yield server
    finally:
        await server.stop()
    for call in server.sends():
        assert call.json["allowed_mentions"] == {"parse": []}, call
        if call.method == "POST" and not call.json.get("embeds"):  # new messages (a quiz
            # item's own embed, no link in it, is the exception); edits keep their flags
            assert call.json.get("flags", 0) & SUPPRESS_EMBEDS, call
        assert len(call.json["content"]) <= MAX_CONTENT and "@everyone" not in \
            call.json["content"], call
    for call in server.calls:  # interaction responses carry their text under "data"
        body = call.json if isinstance(call.json, dict) else {}
        body = body.get("data") or body if call.path.endswith("/callback") else body
        if isinstance(body, dict) and "content" in body:
            assert body.get("allowed_mentions") == {"parse": []}, call
