"""FakeDiscord's REST API and attachment CDN: the routes discord.py calls (users, commands,
members, messages, threads, interaction callbacks, webhook followups) and the messages, threads
and modals they leave behind. FakeDiscord owns the state; the gateway sends the events."""
from __future__ import annotations

import itertools
import json
import re
from typing import TYPE_CHECKING, Any

from aiohttp import web

from tests.support.discord_payloads import (
    APP_ID,
    BOT_ID,
    CHANNEL_ID,
    GUILD_ID,
    OWNER_ID,
    TIMESTAMP,
    user,
)

if TYPE_CHECKING:
    from tests.support.fake_discord import Call


class DiscordRest:
    """Mixed into FakeDiscord: `_rest` and `_download` are its HTTP handlers."""

    token: str
    files: dict[str, bytes]
    members: dict[int, set[int]]
    messages: dict[str, dict[str, Any]]
    modals: dict[str, dict[str, Any]]
    originals: dict[str, str]
    threads: dict[str, dict[str, Any]]
    member_roles: dict[int, list[int]]
    dm_channels: dict[str, int]
    refuse: set[str]
    _ids: itertools.count[int]
    _events: list[tuple[str, dict[str, Any]]]

    if TYPE_CHECKING:  # defined by FakeDiscord, DiscordGateway and EventBuilders
        def _record(self, method: str, path: str, query: dict[str, str], body: Any,
                    auth: str | None) -> Call: ...
        def find(self, method: str, path: str, *, after: int = -1) -> list[Call]: ...
        async def dispatch(self, event: str, data: dict[str, Any]) -> None: ...
        def channel_payload(self, channel_id: int, guild_id: int = GUILD_ID
                            ) -> dict[str, Any]: ...

    async def _rest(self, request: web.Request) -> web.StreamResponse:
        path = "/" + request.match_info["tail"]
        raw = await request.read()
        body: Any = None
        if raw and request.content_type == "application/json":
            body = json.loads(raw)
        self._record(request.method, path, dict(request.query), body,
                     request.headers.get("Authorization"))
        response = self._route(request.method, path, body, request.headers.get("Authorization"))
        events, self._events = self._events, []
        for event, data in events:  # e.g. THREAD_CREATE, as Discord sends after a new thread
            await self.dispatch(event, data)
        return response

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
        if method == "GET" and (match := re.fullmatch(r"/guilds/(\d+)/members/(\d+)", path)):
            return self._member(int(match.group(1)), int(match.group(2)))
        if method == "POST" and re.fullmatch(r"/channels/\d+/typing", path):
            return web.Response(status=204)
        if (match := re.fullmatch(r"/channels/(\d+)/messages", path)) and method == "POST":
            if match.group(1) in self.refuse:
                return _json({"message": "Missing Access", "code": 50001}, status=403)
            return _json(self._message(match.group(1), body))
        if found := self._threads_and_channels(method, path, body):
            return found
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

    def _threads_and_channels(self, method: str, path: str, body: Any) -> web.Response | None:
        """Forum posts, threads from messages, message edits, channel reads, DM channels."""
        if method == "POST" and (match := re.fullmatch(r"/channels/(\d+)/threads", path)):
            if match.group(1) in self.refuse:
                return _json({"message": "Missing Access", "code": 50001}, status=403)
            thread = self._thread(str(next(self._ids)), match.group(1), body["name"])
            starter = self._message(thread["id"], body.get("message"), message_id=thread["id"])
            return _json({**thread, "message": starter})
        if method == "POST" and (match := re.fullmatch(r"/channels/(\d+)/messages/(\d+)/threads",
                                                       path)):
            return _json(self._thread(match.group(2), match.group(1), body["name"]))
        if method == "PATCH" and (match := re.fullmatch(r"/channels/\d+/messages/(\d+)", path)):
            message = self.messages.get(match.group(1))
            if message is None:
                return _json({"message": "Unknown Message", "code": 10008}, status=404)
            message.update({k: body[k] for k in ("content", "components") if k in body})
            return _json(message)
        if method == "GET" and (match := re.fullmatch(r"/channels/(\d+)", path)):
            return _json(self.channel_payload(int(match.group(1))))
        if method == "POST" and path == "/users/@me/channels":
            channel = str(next(self._ids))
            self.dm_channels[channel] = int(body["recipient_id"])
            return _json({"id": channel, "type": 1, "last_message_id": None,
                          "recipients": [user(int(body["recipient_id"]), "student")]})
        return None

    async def open_thread(self, parent_id: int, name: str) -> str:
        """A thread someone else opened (a forum post, a staff room); its id."""
        thread = self._thread(str(next(self._ids)), str(parent_id), name)
        events, self._events = self._events, []
        for event, data in events:
            await self.dispatch(event, data)
        return str(thread["id"])

    def _thread(self, thread_id: str, parent_id: str, name: str) -> dict[str, Any]:
        """A public thread the bot made; THREAD_CREATE follows on the gateway."""
        thread = {"id": thread_id, "guild_id": str(GUILD_ID), "parent_id": parent_id,
                  "owner_id": str(BOT_ID), "name": name, "type": 11, "message_count": 0,
                  "member_count": 1, "rate_limit_per_user": 0, "flags": 0,
                  "thread_metadata": {"archived": False, "auto_archive_duration": 10080,
                                      "archive_timestamp": TIMESTAMP, "locked": False}}
        self.threads[thread_id] = thread
        self._events.append(("THREAD_CREATE", {**thread, "newly_created": True}))
        return thread

    def _member(self, guild_id: int, user_id: int) -> web.Response:
        """GET a server member: everyone is in the test server unless `members` says who."""
        wanted = self.members.get(guild_id, None if guild_id == GUILD_ID else set())
        if wanted is not None and user_id not in wanted:
            return _json({"message": "Unknown Member", "code": 10007}, status=404)
        return _json({"user": user(user_id, f"user{user_id}"),
                      "roles": [str(r) for r in self.member_roles.get(user_id, [])], "deaf": False,
                      "mute": False, "joined_at": TIMESTAMP, "flags": 0})

    def _message(self, channel_id: str, body: Any, *, message_id: str | None = None
                 ) -> dict[str, Any]:
        body = body or {}
        sent = {"id": message_id or str(next(self._ids)), "channel_id": channel_id,
                "type": 19 if body.get("message_reference") else 0,
                "content": body.get("content", ""), "author": user(BOT_ID, "studybuddy", bot=True),
                "attachments": [], "embeds": body.get("embeds", []), "mentions": [],
                "mention_roles": [],
                "pinned": False, "mention_everyone": False, "tts": False,
                "timestamp": TIMESTAMP, "edited_timestamp": None, "flags": body.get("flags", 0),
                "components": body.get("components", [])}
        if body.get("message_reference"):
            sent["message_reference"] = {k: str(v) for k, v in body["message_reference"].items()
                                         if k in ("message_id", "channel_id", "guild_id")}
        self.messages[sent["id"]] = sent
        return sent

    def seed_message(self, content: str, custom_ids: list[str], *,
                     channel_id: int = CHANNEL_ID) -> dict[str, Any]:
        """A bot message with these buttons, as if sent long ago (before a restart, or for an
        answer the store no longer has)."""
        row = {"type": 1, "components": [{"type": 2, "style": 2, "label": cid, "custom_id": cid}
                                         for cid in custom_ids]}
        return self._message(str(channel_id), {"content": content, "components": [row]})

    def _respond(self, token: str, body: dict[str, Any]) -> None:
        """A callback that shows a message (4) or updates the clicked one (7) changes state."""
        if body.get("type") == 4:
            self.originals[token] = self._message(str(CHANNEL_ID), body.get("data"))["id"]
        elif body.get("type") == 9:  # a modal: what the test submits back
            self.modals[token] = body["data"]
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


def _json(obj: Any, status: int = 200) -> web.Response:
    # Exactly "application/json": discord.py parses JSON only on that exact header value.
    return web.Response(body=json.dumps(obj).encode(), status=status,
                        content_type="application/json")
