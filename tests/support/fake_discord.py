"""FakeDiscord: Discord REST + gateway on 127.0.0.1, for driving the real discord.py in tests.

One aiohttp app serves both; every REST call and every gateway IDENTIFY/RESUME is recorded in
arrival order so tests can assert on order (typing before reply, defer before followup, sync
before IDENTIFY). Facts behind each reply are in /work/shared/reference/discord-testing.md.

This module holds the state, the lifecycle and the call log; the REST routes are in
discord_rest.py, the gateway in discord_gateway.py, the payload builders in discord_payloads.py
(the ids and builders tests use are re-exported here).
"""
from __future__ import annotations

import asyncio
import itertools
import re
import time
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web

from tests.support.discord_gateway import DiscordGateway
from tests.support.discord_payloads import (
    APP_ID,
    BOT_ID,
    CHANNEL2_ID,
    CHANNEL_ID,
    DESK_CHANNEL_ID,
    DM_CHANNEL_ID,
    FORUM_ID,
    GUILD_ID,
    MANAGE_GUILD,
    OTHER_BOT_ID,
    OWNER_ID,
    STAFF_ROLE_ID,
    STAFF_ROLE_NAME,
    STAFF_USER_ID,
    TIMESTAMP,
    USER_ID,
    EventBuilders,
    member,
    role,
    user,
)
from tests.support.discord_rest import DiscordRest
from tests.support.loopback import serve

__all__ = ["APP_ID", "BOT_ID", "CHANNEL2_ID", "CHANNEL_ID", "DESK_CHANNEL_ID", "DM_CHANNEL_ID",
           "FORUM_ID", "GUILD_ID",
           "MANAGE_GUILD", "OTHER_BOT_ID", "OWNER_ID", "STAFF_ROLE_ID", "STAFF_ROLE_NAME",
           "STAFF_USER_ID", "TIMESTAMP", "USER_ID", "Call", "FakeDiscord", "member", "role",
           "user"]


@dataclass
class Call:
    """One recorded request: REST (GET/POST/PUT...) or a gateway frame (method "GATEWAY")."""

    index: int
    method: str
    path: str
    query: dict[str, str]
    json: Any
    authorization: str | None
    at: float = field(default_factory=time.monotonic)


class FakeDiscord(EventBuilders, DiscordRest, DiscordGateway):
    """The fake server. `await start()`, point discord.py at `api_base`/`gateway_url`, `stop()`."""

    def __init__(self, token: str = "test-token") -> None:
        self.token = token
        self.calls: list[Call] = []
        self.sockets: list[web.WebSocketResponse] = []
        self._ids = itertools.count(5000000000000000001)
        self._seq = 0
        self._runner: web.AppRunner | None = None
        self.port = 0
        self.files: dict[str, bytes] = {}  # attachment path -> bytes served on download
        self.members: dict[int, set[int]] = {}  # server id -> its members (GET member route)
        self.messages: dict[str, dict[str, Any]] = {}  # message id -> latest payload
        self.modals: dict[str, dict[str, Any]] = {}  # interaction token -> the modal shown
        self.originals: dict[str, str] = {}  # interaction token -> the message @original names
        self.threads: dict[str, dict[str, Any]] = {}  # thread id -> channel payload
        self.member_roles: dict[int, list[int]] = {}  # user id -> role ids (GET member)
        self.dm_channels: dict[str, int] = {}  # DM channel id -> its user (POST @me/channels)
        self.refuse: set[str] = set()  # channel ids where posting answers 403
        self._events: list[tuple[str, dict[str, Any]]] = []  # dispatched after the reply

    # -- lifecycle --------------------------------------------------------------------------
    async def start(self) -> None:
        app = web.Application()
        app.router.add_get("/gateway", self._gateway)
        app.router.add_route("*", "/api/v10/{tail:.*}", self._rest)
        app.router.add_get("/attachments/{tail:.*}", self._download)
        self._runner, self.port = await serve(app, access_log=None)

    async def stop(self) -> None:
        for ws in self.sockets:
            await ws.close()
        if self._runner is not None:
            await self._runner.cleanup()

    def point_discord_py_here(self, monkeypatch: Any) -> None:
        """discord.py has no base-URL option: its REST base and gateway URL are class attributes."""
        import discord.gateway
        import discord.http
        import yarl

        monkeypatch.setattr(discord.http.Route, "BASE", self.api_base)
        monkeypatch.setattr(discord.gateway.DiscordWebSocket, "DEFAULT_GATEWAY",
                            yarl.URL(self.gateway_url))

    @property
    def api_base(self) -> str:
        return f"http://127.0.0.1:{self.port}/api/v10"

    @property
    def gateway_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/gateway"

    # -- recording --------------------------------------------------------------------------
    def _record(self, method: str, path: str, query: dict[str, str], body: Any,
                auth: str | None) -> Call:
        call = Call(len(self.calls), method, path, query, body, auth)
        self.calls.append(call)
        return call

    def find(self, method: str, path: str, *, after: int = -1) -> list[Call]:
        """Recorded calls with this method whose path matches the regex `path` in full."""
        return [c for c in self.calls if c.index > after and c.method == method
                and re.fullmatch(path, c.path)]

    async def wait_for_call(self, method: str, path: str, *, after: int = -1, count: int = 1,
                            timeout: float = 5.0) -> Call:
        """Poll until `count` matching calls were recorded; return the last of them."""
        deadline = time.monotonic() + timeout
        while True:
            found = self.find(method, path, after=after)
            if len(found) >= count:
                return found[count - 1]
            if time.monotonic() > deadline:
                seen = [(c.method, c.path) for c in self.calls]
                raise AssertionError(f"no {count}x {method} {path} within {timeout}s; saw {seen}")
            await asyncio.sleep(0.005)

    def sends(self) -> list[Call]:
        """Every call that posts visible text: channel messages and webhook followups."""
        return [c for c in self.calls if c.method in ("POST", "PATCH")
                and re.fullmatch(r"/channels/\d+/messages|/webhooks/\d+/[^/]+(/messages/.*)?",
                                 c.path)]
