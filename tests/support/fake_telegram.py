"""FakeTelegram: a local Telegram Bot API stand-in (aiohttp) for driving the real PTB library.

Serves `/bot<token>/<method>` on loopback: getMe, deleteWebhook, getUpdates (long poll with
offset confirmation), sendMessage, sendChatAction, setMyCommands; 404 JSON for anything else.
Parameters arrive form-encoded from PTB (JSON bodies are accepted too) and are recorded as
strings, exactly as sent. See reference/platforms.md, appendix.
"""
from __future__ import annotations

import asyncio
import json
import time
from dataclasses import dataclass
from typing import Any

from aiohttp import web

BOT_USER = {"id": 999, "is_bot": True, "first_name": "Study Buddy", "username": "study_buddy_bot"}


@dataclass(frozen=True)
class Call:
    """One Bot API request as the server saw it."""

    method: str
    params: dict[str, str]
    at: float


class FakeTelegram:
    """Records every call; tests push updates and wait for calls to arrive."""

    def __init__(self, token: str, *, max_poll_s: float = 1.0) -> None:
        self.token = token
        self.max_poll_s = max_poll_s
        self.calls: list[Call] = []
        self.updates: list[dict[str, Any]] = []
        self.faults: dict[str, list[tuple[int, dict[str, Any]]]] = {}
        self._next_update_id = 1
        self._next_message_id = 1000
        self._changed = asyncio.Event()
        self._closing = False
        self._runner: web.AppRunner | None = None
        self.port = 0

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/bot"

    async def start(self) -> None:
        app = web.Application()
        app.router.add_route("*", "/bot{token}/{method}", self._dispatch)
        self._runner = web.AppRunner(app, handle_signals=False, shutdown_timeout=1.0)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        self.port = self._runner.addresses[0][1]

    async def close(self) -> None:
        self._closing = True
        self._wake()
        if self._runner is not None:
            await self._runner.cleanup()

    # --- test helpers ---

    def push_update(self, message: dict[str, Any]) -> int:
        """Queue an update carrying `message`; returns its update_id."""
        update_id = self._next_update_id
        self._next_update_id += 1
        self.updates.append({"update_id": update_id, "message": message})
        self._wake()
        return update_id

    def fail_next(self, method: str, status: int = 429, retry_after: int = 1) -> None:
        """Make the next call to `method` fail (429 carries retry_after, like Telegram's)."""
        parameters = {"retry_after": retry_after} if status == 429 else {}
        self.faults.setdefault(method, []).append((status, parameters))

    def calls_to(self, method: str) -> list[Call]:
        return [c for c in self.calls if c.method == method]

    async def wait_for(self, method: str, count: int = 1, timeout: float = 5.0) -> list[Call]:
        """Poll the recorded calls until `count` calls to `method` arrived, or fail."""
        deadline = time.monotonic() + timeout
        while len(self.calls_to(method)) < count:
            if time.monotonic() > deadline:
                seen = [c.method for c in self.calls]
                raise AssertionError(f"timed out waiting for {count} x {method}; saw {seen}")
            await asyncio.sleep(0.01)
        return self.calls_to(method)

    # --- server ---

    def _wake(self) -> None:
        self._changed.set()
        self._changed = asyncio.Event()

    async def _dispatch(self, request: web.Request) -> web.Response:
        if request.match_info["token"] != self.token:
            return _error(401, "Unauthorized")
        params = await _read_params(request)
        method = request.match_info["method"]
        self.calls.append(Call(method, params, time.monotonic()))
        handler = getattr(self, f"_m_{method}", None)
        if handler is None:
            return _error(404, "Not Found: method not found")
        if self.faults.get(method):
            status, parameters = self.faults[method].pop(0)
            return _error(status, "Too Many Requests" if status == 429 else "Error", parameters)
        return web.json_response({"ok": True, "result": await handler(params)})

    async def _m_getMe(self, params: dict[str, str]) -> Any:
        return BOT_USER

    async def _m_deleteWebhook(self, params: dict[str, str]) -> Any:
        return True

    async def _m_setMyCommands(self, params: dict[str, str]) -> Any:
        return True

    async def _m_sendChatAction(self, params: dict[str, str]) -> Any:
        return True

    async def _m_sendMessage(self, params: dict[str, str]) -> Any:
        chat_id = int(params["chat_id"])
        self._next_message_id += 1
        return {"message_id": self._next_message_id, "date": int(time.time()),
                "chat": {"id": chat_id, "type": "private" if chat_id > 0 else "supergroup"},
                "from": BOT_USER, "text": params.get("text", "")}

    async def _m_getUpdates(self, params: dict[str, str]) -> Any:
        offset = int(params.get("offset") or 0)
        # "An update is considered confirmed as soon as getUpdates is called with an offset
        # higher than its update_id": confirmed updates are gone for good.
        self.updates = [u for u in self.updates if u["update_id"] >= offset]
        wait_s = min(float(params.get("timeout") or 0), self.max_poll_s)
        deadline = time.monotonic() + wait_s
        while not self.updates and not self._closing:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                break
            try:
                await asyncio.wait_for(self._changed.wait(), remaining)
            except TimeoutError:
                break
        return list(self.updates)


def _error(status: int, description: str, parameters: dict[str, Any] | None = None
           ) -> web.Response:
    body: dict[str, Any] = {"ok": False, "error_code": status, "description": description}
    if parameters:
        body["parameters"] = parameters
    return web.json_response(body, status=status)


async def _read_params(request: web.Request) -> dict[str, str]:
    if request.content_type == "application/json":
        body = await request.json() if request.can_read_body else {}
        return {k: v if isinstance(v, str) else json.dumps(v) for k, v in body.items()}
    if request.content_type in ("application/x-www-form-urlencoded", "multipart/form-data"):
        form = await request.post()
        return {k: v for k, v in form.items() if isinstance(v, str)}
    return dict(request.query)


# --- update builders (Bot API JSON, as Telegram would send it) ---

_ids = iter(range(1, 1_000_000))


def user(user_id: int = 42, language_code: str | None = "en") -> dict[str, Any]:
    data: dict[str, Any] = {"id": user_id, "is_bot": False, "first_name": "Student"}
    if language_code:
        data["language_code"] = language_code
    return data


def _utf16_len(text: str) -> int:
    return len(text.encode("utf-16-le")) // 2


def message(text: str, *, chat_id: int = 42, group: bool = False,
            sender: dict[str, Any] | None = None,
            reply_to: dict[str, Any] | None = None) -> dict[str, Any]:
    """A text message with mention / command entities computed like Telegram does."""
    chat: dict[str, Any] = ({"id": chat_id, "type": "supergroup", "title": "Study group"} if group
                            else {"id": chat_id, "type": "private", "first_name": "Student"})
    entities = []
    for word_start, word in _words(text):
        kind = ("bot_command" if word.startswith("/") and word_start == 0 else
                "mention" if word.startswith("@") and len(word) > 1 else None)
        if kind:
            entities.append({"type": kind, "offset": _utf16_len(text[:word_start]),
                             "length": _utf16_len(word)})
    data: dict[str, Any] = {"message_id": next(_ids), "date": int(time.time()), "chat": chat,
                            "from": sender or user(), "text": text}
    if entities:
        data["entities"] = entities
    if reply_to:
        data["reply_to_message"] = reply_to
    return data


def _words(text: str) -> list[tuple[int, str]]:
    out, index = [], 0
    for word in text.split():
        index = text.index(word, index)
        out.append((index, word.rstrip(".,!?:;")))
        index += len(word)
    return out
