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
CHANNEL2_ID, STAFF_ROLE_ID, STAFF_USER_ID = 2000000000000000004, 2000000000000000005, 3000000000000000003
STAFF_ROLE_NAME = "Teaching Staff"
MANAGE_GUILD = 1 << 5
TIMESTAMP = "2026-11-01T00:00:00+00:00"


def user(uid: int, name: str, *, bot: bool = False) -> dict[str, Any]:
    return {"id": str(uid), "username": name, "discriminator": "0", "avatar": None, "bot": bot}


def member(*, permissions: int = 0, roles: tuple[int, ...] = ()) -> dict[str, Any]:
    """A guild member; `permissions` is the resolved bitfield interactions carry."""
    return {"roles": [str(r) for r in roles], "flags": 0, "joined_at": TIMESTAMP,
            "permissions": str(permissions)}


def role(rid: int, name: str, position: int = 0) -> dict[str, Any]:
    return {"id": str(rid), "name": name, "permissions": "0", "position": position,
            "color": 0, "hoist": False, "managed": False, "mentionable": False, "flags": 0}


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
        self.files: dict[str, bytes] = {}  # attachment path -> bytes served on download
        self.messages: dict[str, dict[str, Any]] = {}  # message id -> latest payload
        self.originals: dict[str, str] = {}  # interaction token -> the message @original names

    # -- lifecycle --------------------------------------------------------------------------
    async def start(self) -> None:
        app = web.Application()
        app.router.add_get("/gateway", self._gateway)
        app.router.add_route("*", "/api/v10/{tail:.*}", self._rest)
        app.router.add_get("/attachments/{tail:.*}", self._download)
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

    async def _download(self, request: web.Request) -> web.StreamResponse:
        """The CDN: serves attachment bytes, and records that someone downloaded them."""
        path = "/attachments/" + request.match_info["tail"]
        self._record("GET", path, dict(request.query), None, request.headers.get("Authorization"))
        data = self.files.get(path)
        return web.Response(status=404) if data is None else web.Response(body=data)

    def downloads(self) -> list[Call]:
        return self.find("GET", r"/attachments/.*")

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
        if match := re.fullmatch(r"/interactions/(\d+)/([^/]+)/callback", path):
            self._respond(match.group(2), body or {})
            return _json({"interaction": {"id": match.group(1), "type": 2}})
        if match := re.fullmatch(r"/webhooks/\d+/([^/]+)(?:/messages/(@original|\d+))?", path):
            if method == "DELETE":
                return web.Response(status=204)
            if method == "PATCH":
                return _json(self._edit(match.group(1), match.group(2), body))
            sent = self._message(str(CHANNEL_ID), body)
            if match.group(2) is None:
                self.originals.setdefault(match.group(1), sent["id"])
            return _json(sent)
        return _json({"message": "404: Not Found", "code": 0}, status=404)

    def _message(self, channel_id: str, body: Any) -> dict[str, Any]:
        body = body or {}
        sent = {"id": str(next(self._ids)), "channel_id": channel_id, "type": 0,
                "content": body.get("content", ""), "author": user(BOT_ID, "studybuddy", bot=True),
                "attachments": [], "embeds": [], "mentions": [], "mention_roles": [],
                "pinned": False, "mention_everyone": False, "tts": False,
                "timestamp": TIMESTAMP, "edited_timestamp": None, "flags": body.get("flags", 0),
                "components": body.get("components", [])}
        self.messages[sent["id"]] = sent
        return sent

    def _respond(self, token: str, body: dict[str, Any]) -> None:
        """A callback that shows a message (4) or updates the clicked one (7) changes state."""
        if body.get("type") == 4:
            self.originals[token] = self._message(str(CHANNEL_ID), body.get("data"))["id"]
        elif body.get("type") == 7:
            self._edit(token, "@original", body.get("data"))

    def _edit(self, token: str, which: str, body: Any) -> dict[str, Any]:
        """PATCH @original (or a followup id): update the stored message, echo it back."""
        message_id = self.originals.get(token) if which == "@original" else which
        message = self.messages.get(message_id or "") or self._message(str(CHANNEL_ID), {})
        for key in ("content", "components"):
            if body and key in body:
                message[key] = body[key]
        return message

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
                "owner_id": str(OWNER_ID), "emojis": [], "features": [],
                "roles": [role(GUILD_ID, "@everyone"), role(STAFF_ROLE_ID, STAFF_ROLE_NAME, 1)],
                "member_count": 2, "members": [],
                "channels": [{"id": str(CHANNEL_ID), "type": 0, "name": "general",
                              "position": 0},
                             {"id": str(CHANNEL2_ID), "type": 0, "name": "physics",
                              "position": 1}]}

    # -- event payloads -----------------------------------------------------------------------
    def message(self, content: str, *, dm: bool = False, mention_bot: bool = False,
                mention_everyone: bool = False, author_bot: bool = False,
                channel_id: int = CHANNEL_ID) -> dict[str, Any]:
        """A MESSAGE_CREATE payload from a human (or another bot) in the guild or a DM."""
        author = user(OTHER_BOT_ID, "otherbot", bot=True) if author_bot else user(USER_ID, "alice")
        mentions = [{**user(BOT_ID, "studybuddy", bot=True), "member": member()}] \
            if mention_bot else []
        data: dict[str, Any] = {
            "id": str(next(self._ids)), "channel_id": str(DM_CHANNEL_ID if dm else channel_id),
            "type": 0, "content": content, "author": author, "mentions": mentions,
            "mention_everyone": mention_everyone, "mention_roles": [], "attachments": [],
            "embeds": [], "pinned": False, "tts": False, "timestamp": TIMESTAMP,
            "edited_timestamp": None, "flags": 0}
        if not dm:
            data |= {"guild_id": str(GUILD_ID), "member": member()}
        return data

    def interaction(self, name: str, options: dict[str, Any] | None = None, *,
                    dm: bool = False, sub: str | None = None, kind: int = 2,
                    focused: str | None = None, channel_id: int = CHANNEL_ID,
                    user_id: int = USER_ID, permissions: int = 0,
                    roles: tuple[int, ...] = ()) -> dict[str, Any]:
        """An INTERACTION_CREATE payload for a slash command (kind 2) or its autocomplete (4).

        Option values: str (STRING) or an `attachment()` dict (ATTACHMENT, put in
        data.resolved like Discord does); `sub` nests them under a subcommand; `focused` marks
        the option being typed in an autocomplete; `permissions` / `roles` make the member
        staff or a student."""
        opts: list[dict[str, Any]] = []
        resolved: dict[str, Any] = {}
        for key, value in (options or {}).items():
            if isinstance(value, dict):
                resolved.setdefault("attachments", {})[value["id"]] = value
                opts.append({"name": key, "type": 11, "value": value["id"]})
            else:
                opts.append({"name": key, "type": 3, "value": value}
                            | ({"focused": True} if key == focused else {}))
        if sub is not None:
            opts = [{"name": sub, "type": 1, "options": opts}]
        data = self._interaction_base(kind, dm=dm, channel_id=channel_id, user_id=user_id,
                                      permissions=permissions, roles=roles)
        data["data"] = {"id": str(next(self._ids)), "name": name, "type": 1, "options": opts}
        if resolved:
            data["data"]["resolved"] = resolved
        return data

    def component(self, custom_id: str, message: dict[str, Any], *, user_id: int = USER_ID,
                  permissions: int = 0, dm: bool = False) -> dict[str, Any]:
        """A button press (MESSAGE_COMPONENT) on `message`, as the fake stored it."""
        data = self._interaction_base(3, dm=dm, channel_id=int(message["channel_id"]),
                                      user_id=user_id, permissions=permissions, roles=())
        data["data"] = {"custom_id": custom_id, "component_type": 2}
        data["message"] = message
        self.originals[data["token"]] = message["id"]  # @original is the clicked message
        return data

    def attachment(self, filename: str, content: bytes, *, size: int | None = None
                   ) -> dict[str, Any]:
        """An uploaded file: its bytes are served from this server's /attachments/ path."""
        aid = str(next(self._ids))
        path = f"/attachments/{aid}/{filename}"
        self.files[path] = content
        url = f"http://127.0.0.1:{self.port}{path}"
        return {"id": aid, "filename": filename, "size": len(content) if size is None else size,
                "url": url, "proxy_url": url, "content_type": "application/octet-stream"}

    def _interaction_base(self, kind: int, *, dm: bool, channel_id: int, user_id: int,
                          permissions: int, roles: tuple[int, ...]) -> dict[str, Any]:
        who = user(user_id, "alice" if user_id == USER_ID else f"user{user_id % 1000}")
        data: dict[str, Any] = {
            "id": str(next(self._ids)), "application_id": str(APP_ID), "type": kind,
            "token": f"itoken-{next(self._ids)}", "version": 1,
            "attachment_size_limit": 10485760, "locale": "en-US", "entitlements": []}
        if dm:
            data |= {"user": who, "context": 1,
                     "channel": {"id": str(DM_CHANNEL_ID), "type": 1},
                     "channel_id": str(DM_CHANNEL_ID)}
        else:
            data |= {"guild_id": str(GUILD_ID), "context": 0, "app_permissions": "0",
                     "guild_locale": "en-US", "channel_id": str(channel_id),
                     "channel": {"id": str(channel_id), "type": 0, "name": "general",
                                 "position": 0, "guild_id": str(GUILD_ID)},
                     "member": {**member(permissions=permissions, roles=roles), "user": who},
                     "authorizing_integration_owners": {"0": str(GUILD_ID)}}
        return data


def _json(obj: Any, status: int = 200) -> web.Response:
    # Exactly "application/json": discord.py parses JSON only on that exact header value.
    return web.Response(body=json.dumps(obj).encode(), status=status,
                        content_type="application/json")
