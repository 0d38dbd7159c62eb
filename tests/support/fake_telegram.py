"""FakeTelegram: a local Telegram Bot API stand-in (aiohttp) for driving the real PTB library.

Serves `/bot<token>/<method>` on loopback: getMe, deleteWebhook, getUpdates (long poll with
offset confirmation), sendMessage (keeps what it sent, buttons included), sendChatAction,
setMyCommands, getChatMember (admins set per chat), getFile, answerCallbackQuery (once per
query), editMessageText, editMessageReplyMarkup (callback_data over 64 bytes refused), sendPoll
(quiz polls, Telegram's length limits enforced; `push_poll_answer` answers one); 404. Files registered with
`add_file` are served at `/file/bot<token>/<path>`, each download recorded. Parameters arrive
form-encoded from PTB (JSON bodies are accepted too) and are recorded as strings, exactly as
sent. `push_edit` sends an edited_message; sendMessage to a chat in `unreachable` fails
like a chat the bot was removed from (403). See reference/platforms.md, appendix.

This module holds the state, the test helpers and the dispatch; the methods themselves are in
telegram_methods.py, the wire format in telegram_wire.py, the update builders in
telegram_updates.py (re-exported here).
"""
from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from aiohttp import web

from tests.support.loopback import serve
from tests.support.telegram_methods import BotApiMethods

# The update builders live beside the server; tests import them from here.
from tests.support.telegram_updates import BOT_USER as BOT_USER
from tests.support.telegram_updates import document as document
from tests.support.telegram_updates import message as message
from tests.support.telegram_updates import photo as photo
from tests.support.telegram_updates import user as user
from tests.support.telegram_wire import ApiError, error, read_params

T = TypeVar("T")


@dataclass(frozen=True)
class Call:
    """One Bot API request as the server saw it."""

    method: str
    params: dict[str, str]
    at: float


class FakeTelegram(BotApiMethods):
    """Records every call; tests push updates and wait for calls to arrive."""

    def __init__(self, token: str, *, max_poll_s: float = 1.0) -> None:
        self.token = token
        self.max_poll_s = max_poll_s
        self.calls: list[Call] = []
        self.updates: list[dict[str, Any]] = []
        self.faults: dict[str, list[tuple[int, dict[str, Any]]]] = {}
        self.admins: dict[int, set[int]] = {}  # chat id -> user ids getChatMember calls admins
        self.members: dict[int, set[int]] = {}  # chat id -> its members (others have "left")
        self.files: dict[str, tuple[str, bytes]] = {}  # file_id -> (file_path, content)
        self.downloads: list[str] = []  # file paths fetched from the file route
        self.sent: dict[int, dict[str, Any]] = {}  # message_id -> the message as sent / edited
        self.open_queries: set[str] = set()  # pushed callback queries not answered yet
        self.unreachable: set[int] = set()  # chats sendMessage refuses (the bot was removed)
        self._next_update_id = 1
        self._next_message_id = 1000
        self._changed = asyncio.Event()
        self._closing = False
        self._runner: web.AppRunner | None = None
        self.port = 0

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/bot"

    @property
    def base_file_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/file/bot"

    def routes(self, app: web.Application) -> None:
        app.router.add_route("*", "/bot{token}/{method}", self._dispatch)
        app.router.add_get("/file/bot{token}/{path:.+}", self._download)

    async def start(self) -> None:
        app = web.Application()
        self.routes(app)
        self._runner, self.port = await serve(app, handle_signals=False, shutdown_timeout=1.0)

    async def close(self) -> None:
        self._closing = True
        self._wake()
        if self._runner is not None:
            await self._runner.cleanup()

    # --- test helpers ---

    def push_update(self, message: dict[str, Any]) -> int:
        """Queue an update carrying `message`; returns its update_id."""
        return self._push({"message": message})

    def push_edit(self, message: dict[str, Any], text: str) -> int:
        """Queue an edited_message update: `message` (as pushed before) now reads `text`."""
        edited = {**message, "text": text, "edit_date": int(time.time())}
        edited.pop("entities", None)
        return self._push({"edited_message": edited})

    def push_callback(self, sent: dict[str, Any], data: str,
                      sender: dict[str, Any] | None = None) -> str:
        """Queue a button click on the bot's message `sent`; returns the callback query id."""
        query_id = f"cq{self._next_update_id}"
        self.open_queries.add(query_id)
        self._push({"callback_query": {"id": query_id, "from": sender or user(),
                                       "chat_instance": "ci1", "message": sent, "data": data}})
        return query_id

    def push_poll_answer(self, poll_id: str, sender: dict[str, Any], option_ids: list[int]
                         ) -> int:
        """Queue a poll_answer update: `sender` chose `option_ids` in a non-anonymous poll."""
        return self._push({"poll_answer": {"poll_id": poll_id, "user": sender,
                                           "option_ids": option_ids,
                                           "option_persistent_ids": [f"o{i}" for i in
                                                                     option_ids]}})

    def polls(self, chat_id: int | None = None) -> list[dict[str, Any]]:
        """The polls sent (to one chat), oldest first, as their messages."""
        return [m for m in self.sent.values() if "poll" in m
                and (chat_id is None or m["chat"]["id"] == chat_id)]

    def add_file(self, file_id: str, content: bytes, file_path: str | None = None) -> None:
        """Make a file getFile can describe and the file route can serve."""
        self.files[file_id] = (file_path or f"documents/{file_id}", content)

    def _push(self, payload: dict[str, Any]) -> int:
        update_id = self._next_update_id
        self._next_update_id += 1
        self.updates.append({"update_id": update_id, **payload})
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

    def replies_to(self, message_id: int) -> list[dict[str, Any]]:
        """The bot's messages (as last edited) that quote the user's message `message_id`."""
        return [m for m in self.sent.values()
                if m.get("reply_to_message", {}).get("message_id") == message_id]

    async def wait_until(self, found: Callable[[], T | None], what: str,
                         timeout: float = 10.0) -> T:
        """Poll the recorded state until `found()` returns something, or fail naming `what`."""
        deadline = time.monotonic() + timeout
        while (result := found()) is None:
            if time.monotonic() > deadline:
                raise AssertionError(f"timed out waiting for {what}; saw "
                                     f"{[c.method for c in self.calls]}")
            await asyncio.sleep(0.01)
        return result

    async def wait_reply(self, message_id: int, timeout: float = 10.0) -> dict[str, Any]:
        """The bot's first message quoting `message_id`, once it was sent."""
        replies = await self.wait_until(lambda: self.replies_to(message_id) or None,
                                        f"a reply to message {message_id}", timeout)
        return replies[0]

    # --- server ---

    def _wake(self) -> None:
        self._changed.set()
        self._changed = asyncio.Event()

    async def _dispatch(self, request: web.Request) -> web.Response:
        if request.match_info["token"] != self.token:
            return error(401, "Unauthorized")
        params = await read_params(request)
        method = request.match_info["method"]
        self.calls.append(Call(method, params, time.monotonic()))
        handler = getattr(self, f"_m_{method}", None)
        if handler is None:
            return error(404, "Not Found: method not found")
        if self.faults.get(method):
            status, parameters = self.faults[method].pop(0)
            return error(status, "Too Many Requests" if status == 429 else "Error", parameters)
        try:
            result = await handler(params)
        except ApiError as err:
            return error(err.status, err.description)
        return web.json_response({"ok": True, "result": result})
