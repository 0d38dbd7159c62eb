"""FakeDiscord's gateway: the websocket discord.py connects to (HELLO, heartbeats, IDENTIFY then
READY and GUILD_CREATE, RESUME) and the dispatch events tests send on it."""
from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from aiohttp import WSMsgType, web

from tests.support.discord_payloads import (
    APP_ID,
    BOT_ID,
    CHANNEL2_ID,
    CHANNEL_ID,
    DESK_CHANNEL_ID,
    FORUM_ID,
    GUILD_ID,
    OWNER_ID,
    STAFF_ROLE_ID,
    STAFF_ROLE_NAME,
    role,
    user,
)

if TYPE_CHECKING:
    from tests.support.fake_discord import Call


class DiscordGateway:
    """Mixed into FakeDiscord: `_gateway` is its websocket handler."""

    sockets: list[web.WebSocketResponse]
    threads: dict[str, dict[str, Any]]
    _seq: int

    if TYPE_CHECKING:  # defined by FakeDiscord
        @property
        def gateway_url(self) -> str: ...
        def _record(self, method: str, path: str, query: dict[str, str], body: Any,
                    auth: str | None) -> Call: ...

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
                ready = self.ready_payload()
                if "shard" in payload["d"]:  # a sharded client: READY names its shard
                    ready["shard"] = payload["d"]["shard"]
                await self._send(ws, "READY", ready)
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

    def guild_payload(self) -> dict[str, Any]:
        return {"id": str(GUILD_ID), "name": "Study Server", "unavailable": False,
                "owner_id": str(OWNER_ID), "emojis": [], "features": [],
                "roles": [role(GUILD_ID, "@everyone"), role(STAFF_ROLE_ID, STAFF_ROLE_NAME, 1)],
                "member_count": 2, "members": [],
                "channels": [{"id": str(CHANNEL_ID), "type": 0, "name": "general",
                              "position": 0},
                             {"id": str(CHANNEL2_ID), "type": 0, "name": "physics",
                              "position": 1},
                             {"id": str(FORUM_ID), "type": 15, "name": "ta-desk",
                              "position": 2, "available_tags": []},
                             {"id": str(DESK_CHANNEL_ID), "type": 0, "name": "staff-desk",
                              "position": 3}],
                "threads": list(self.threads.values())}
