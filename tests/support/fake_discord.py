"""FakeDiscord: Discord REST + gateway on 127.0.0.1, for driving the real discord.py in tests.

One aiohttp app serves both; every REST call and every gateway IDENTIFY/RESUME is recorded in
arrival order so tests can assert on order (typing before reply, defer before followup, sync
before IDENTIFY). Facts behind each reply are in /work/shared/reference/discord-testing.md.
"""
from __future__ import annotations

import asyncio
import itertools
import json
import re
import time
from dataclasses import dataclass, field
from typing import Any

from aiohttp import WSMsgType, web

BOT_ID, APP_ID, OWNER_ID = 1000000000000000001, 1000000000000000002, 1000000000000000003
GUILD_ID, CHANNEL_ID, DM_CHANNEL_ID = 2000000000000000001, 2000000000000000002, 2000000000000000003
USER_ID, OTHER_BOT_ID = 3000000000000000001, 3000000000000000002
TIMESTAMP = "2026-11-01T00:00:00+00:00"


def user(uid: int, name: str, *, bot: bool = False) -> dict[str, Any]:
    return {"id": str(uid), "username": name, "discriminator": "0", "avatar": None, "bot": bot}


def member() -> dict[str, Any]:
    return {"roles": [], "flags": 0, "joined_at": TIMESTAMP, "permissions": "0"}


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


class FakeDiscord:
    """The fake server. `await start()`, point discord.py at `api_base`/`gateway_url`, `stop()`."""

    def __init__(self, token: str = "test-token") -> None:
        self.token = token
        self.calls: list[Call] = []
        self.sockets: list[web.WebSocketResponse] = []
        self._ids = itertools.count(5000000000000000001)
        self._seq = 0
        self._runner: web.AppRunner | None = None
        self.port = 0

    # -- lifecycle --------------------------------------------------------------------------
    async def start(self) -> None:
        app = web.Application()
        app.router.add_get("/gateway", self._gateway)
        app.router.add_route("*", "/api/v10/{tail:.*}", self._rest)
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        self.port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]

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

    # -- REST ---------------------------------------------------------------------------------
    async def _rest(self, request: web.Request) -> web.StreamResponse:
        path = "/" + request.match_info["tail"]
        raw = await request.read()
        body: Any = None
        if raw and request.content_type == "application/json":
            body = json.loads(raw)
        self._record(request.method, path, dict(request.query), body,
                     request.headers.get("Authorization"))
        return self._route(request.method, path, body, request.headers.get("Authorization"))

    def _route(self, method: str, path: str, body: Any, auth: str | None) -> web.StreamResponse:
        if method == "GET" and path == "/users/@me":
            if auth != f"Bot {self.token}":
                return _json({"message": "401: Unauthorized", "code": 0}, status=401)
            return _json(user(BOT_ID, "studybuddy", bot=True))
        if method == "GET" and path == "/oauth2/applications/@me":
            return _json({"id": str(APP_ID), "name": "Study Buddy", "description": "",
                          "icon": None, "bot_public": True, "bot_require_code_grant": False,
                          "owner": user(OWNER_ID, "owner"), "verify_key": "0" * 64, "flags": 0})
        if method == "PUT" and re.fullmatch(r"/applications/\d+(/guilds/\d+)?/commands", path):
            return _json([{**cmd, "id": str(next(self._ids)), "application_id": str(APP_ID),
                           "version": "1"} for cmd in body or []])
        if method == "POST" and re.fullmatch(r"/channels/\d+/typing", path):
            return web.Response(status=204)
        if (match := re.fullmatch(r"/channels/(\d+)/messages", path)) and method == "POST":
            return _json(self._message(match.group(1), body))
        if match := re.fullmatch(r"/interactions/(\d+)/[^/]+/callback", path):
            return _json({"interaction": {"id": match.group(1), "type": 2}})
        if re.fullmatch(r"/webhooks/\d+/[^/]+(/messages/@original)?", path):
            if method == "DELETE":
                return web.Response(status=204)
            return _json(self._message(str(CHANNEL_ID), body))
        return _json({"message": "404: Not Found", "code": 0}, status=404)

    def _message(self, channel_id: str, body: Any) -> dict[str, Any]:
        body = body or {}
        return {"id": str(next(self._ids)), "channel_id": channel_id, "type": 0,
                "content": body.get("content", ""), "author": user(BOT_ID, "studybuddy", bot=True),
                "attachments": [], "embeds": [], "mentions": [], "mention_roles": [],
                "pinned": False, "mention_everyone": False, "tts": False,
                "timestamp": TIMESTAMP, "edited_timestamp": None, "flags": body.get("flags", 0)}

    # -- gateway ------------------------------------------------------------------------------
    async def _gateway(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse()
        await ws.prepare(request)
        self.sockets.append(ws)
        await ws.send_str(json.dumps({"op": 10, "d": {"heartbeat_interval": 41250}}))
        async for msg in ws:
            if msg.type != WSMsgType.TEXT:
                continue
            payload = json.loads(msg.data)
            op = payload.get("op")
            if op == 1:
                await ws.send_str(json.dumps({"op": 11}))
            elif op == 2:
                self._record("GATEWAY", "IDENTIFY", {}, payload["d"], None)
                await self._send(ws, "READY", self.ready_payload())
                await self._send(ws, "GUILD_CREATE", self.guild_payload())
            elif op == 6:
                self._record("GATEWAY", "RESUME", {}, payload["d"], None)
                await self._send(ws, "RESUMED", {})
        return ws

    async def _send(self, ws: web.WebSocketResponse, event: str, data: dict[str, Any]) -> None:
        self._seq += 1
        await ws.send_str(json.dumps({"op": 0, "s": self._seq, "t": event, "d": data}))

    async def dispatch(self, event: str, data: dict[str, Any]) -> None:
        """Send a dispatch event on the newest gateway connection."""
        await self._send(self.sockets[-1], event, data)

    async def drop_connection(self, code: int = 4000) -> None:
        """Close the newest gateway socket with a resumable code, forcing a RESUME."""
        await self.sockets[-1].close(code=code)

    def ready_payload(self) -> dict[str, Any]:
        return {"v": 10, "user": user(BOT_ID, "studybuddy", bot=True),
                "guilds": [{"id": str(GUILD_ID), "unavailable": True}],
                "session_id": "fake-session", "resume_gateway_url": self.gateway_url,
                "application": {"id": str(APP_ID), "flags": 0}}

    @staticmethod
    def guild_payload() -> dict[str, Any]:
        return {"id": str(GUILD_ID), "name": "Study Server", "unavailable": False,
                "owner_id": str(OWNER_ID), "roles": [], "emojis": [], "features": [],
                "member_count": 2, "members": [],
                "channels": [{"id": str(CHANNEL_ID), "type": 0, "name": "general",
                              "position": 0}]}

    # -- event payloads -----------------------------------------------------------------------
    def message(self, content: str, *, dm: bool = False, mention_bot: bool = False,
                mention_everyone: bool = False, author_bot: bool = False) -> dict[str, Any]:
        """A MESSAGE_CREATE payload from a human (or another bot) in the guild or a DM."""
        author = user(OTHER_BOT_ID, "otherbot", bot=True) if author_bot else user(USER_ID, "alice")
        mentions = [{**user(BOT_ID, "studybuddy", bot=True), "member": member()}] \
            if mention_bot else []
        data: dict[str, Any] = {
            "id": str(next(self._ids)), "channel_id": str(DM_CHANNEL_ID if dm else CHANNEL_ID),
            "type": 0, "content": content, "author": author, "mentions": mentions,
            "mention_everyone": mention_everyone, "mention_roles": [], "attachments": [],
            "embeds": [], "pinned": False, "tts": False, "timestamp": TIMESTAMP,
            "edited_timestamp": None, "flags": 0}
        if not dm:
            data |= {"guild_id": str(GUILD_ID), "member": member()}
        return data

    def interaction(self, name: str, options: dict[str, str] | None = None, *,
                    dm: bool = False) -> dict[str, Any]:
        """An INTERACTION_CREATE payload for a slash command."""
        data: dict[str, Any] = {
            "id": str(next(self._ids)), "application_id": str(APP_ID), "type": 2,
            "token": f"itoken-{next(self._ids)}", "version": 1,
            "attachment_size_limit": 10485760, "locale": "en-US", "entitlements": [],
            "data": {"id": str(next(self._ids)), "name": name, "type": 1,
                     "options": [{"name": k, "type": 3, "value": v}
                                 for k, v in (options or {}).items()]}}
        if dm:
            data |= {"user": user(USER_ID, "alice"), "context": 1,
                     "channel": {"id": str(DM_CHANNEL_ID), "type": 1},
                     "channel_id": str(DM_CHANNEL_ID)}
        else:
            data |= {"guild_id": str(GUILD_ID), "context": 0, "app_permissions": "0",
                     "guild_locale": "en-US", "channel_id": str(CHANNEL_ID),
                     "channel": {"id": str(CHANNEL_ID), "type": 0, "name": "general",
                                 "position": 0, "guild_id": str(GUILD_ID)},
                     "member": {**member(), "user": user(USER_ID, "alice")},
                     "authorizing_integration_owners": {"0": str(GUILD_ID)}}
        return data


def _json(obj: Any, status: int = 200) -> web.Response:
    # Exactly "application/json": discord.py parses JSON only on that exact header value.
    return web.Response(body=json.dumps(obj).encode(), status=status,
                        content_type="application/json")
