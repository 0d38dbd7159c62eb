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
"""
from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from aiohttp import web

from tests.support.loopback import serve

# The update builders live beside the server; tests import them from here.
from tests.support.telegram_updates import BOT_USER as BOT_USER
from tests.support.telegram_updates import document as document
from tests.support.telegram_updates import message as message
from tests.support.telegram_updates import photo as photo
from tests.support.telegram_updates import user as user

T = TypeVar("T")


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
        try:
            result = await handler(params)
        except _ApiError as err:
            return _error(err.status, err.description)
        return web.json_response({"ok": True, "result": result})

    async def _m_getMe(self, params: dict[str, str]) -> Any:
        return BOT_USER

    async def _m_deleteWebhook(self, params: dict[str, str]) -> Any:
        return True

    async def _m_setWebhook(self, params: dict[str, str]) -> Any:
        return True  # recorded like every call: tests read url and secret_token from it

    async def _m_setMyCommands(self, params: dict[str, str]) -> Any:
        return True

    async def _m_sendChatAction(self, params: dict[str, str]) -> Any:
        return True

    async def _m_sendMessage(self, params: dict[str, str]) -> Any:
        chat_id = int(params["chat_id"])
        if chat_id in self.unreachable:
            raise _ApiError(403, "Forbidden: bot was kicked from the supergroup chat")
        self._next_message_id += 1
        sent: dict[str, Any] = {
            "message_id": self._next_message_id, "date": int(time.time()),
            "chat": {"id": chat_id, "type": "private" if chat_id > 0 else "supergroup"},
            "from": BOT_USER, "text": params.get("text", "")}
        if params.get("reply_markup"):
            sent["reply_markup"] = _keyboard(params["reply_markup"])
        if params.get("reply_parameters"):  # Telegram returns the message it replied to
            quoted = json.loads(params["reply_parameters"])["message_id"]
            sent["reply_to_message"] = {"message_id": quoted, "date": sent["date"],
                                        "chat": sent["chat"]}
        self.sent[sent["message_id"]] = sent
        return sent

    async def _m_sendPoll(self, params: dict[str, str]) -> Any:
        """Telegram's limits: question 1-300 characters, 2-10 options of 1-100, an explanation
        of at most 200 characters and 2 line feeds; a quiz needs correct_option_id."""
        options = [o if isinstance(o, str) else o["text"] for o in json.loads(params["options"])]
        question, explanation = params.get("question", ""), params.get("explanation", "")
        if not 1 <= len(question) <= 300:
            raise _ApiError(400, "Bad Request: poll question length must not exceed 300")
        if not 2 <= len(options) <= 10 or any(not 1 <= len(o) <= 100 for o in options):
            raise _ApiError(400, "Bad Request: poll options length must not exceed 100")
        if len(explanation) > 200 or explanation.count("\n") > 2:
            raise _ApiError(400, "Bad Request: explanation is too long")
        quiz = params.get("type") == "quiz"
        right = (json.loads(params["correct_option_ids"]) if "correct_option_ids" in params
                 else [int(params.get("correct_option_id", -1))])  # before Bot API 9.6
        if quiz and (len(right) != 1 or not 0 <= right[0] < len(options)):
            raise _ApiError(400, "Bad Request: wrong correct option ID specified")
        chat_id = int(params["chat_id"])
        self._next_message_id += 1
        poll = {"id": f"poll{self._next_message_id}", "question": question,
                "options": [{"text": o, "voter_count": 0, "persistent_id": f"o{i}"}
                            for i, o in enumerate(options)],
                "total_voter_count": 0, "is_closed": False, "allows_revoting": False,
                "members_only": False,
                "is_anonymous": params.get("is_anonymous", "true") in ("true", "True", "1"),
                "type": params.get("type", "regular"), "allows_multiple_answers": False}
        if quiz:
            poll["correct_option_ids"] = right
            poll["explanation"] = explanation
        sent = {"message_id": self._next_message_id, "date": int(time.time()),
                "chat": {"id": chat_id, "type": "private" if chat_id > 0 else "supergroup"},
                "from": BOT_USER, "poll": poll}
        self.sent[sent["message_id"]] = sent
        return sent

    async def _m_editMessageText(self, params: dict[str, str]) -> Any:
        return self._edit(params, text=params.get("text", ""))

    async def _m_editMessageReplyMarkup(self, params: dict[str, str]) -> Any:
        return self._edit(params, text=None)

    def _edit(self, params: dict[str, str], text: str | None) -> Any:
        sent = dict(self.sent[int(params["message_id"])])
        if text is not None:
            sent["text"] = text
        sent.pop("reply_markup", None)  # an edit without reply_markup removes the keyboard
        if params.get("reply_markup"):
            sent["reply_markup"] = _keyboard(params["reply_markup"])
        self.sent[sent["message_id"]] = sent
        return sent

    async def _m_answerCallbackQuery(self, params: dict[str, str]) -> Any:
        if params["callback_query_id"] not in self.open_queries:  # unknown or answered before
            raise _ApiError(400, "Bad Request: query is too old or query ID is invalid")
        self.open_queries.discard(params["callback_query_id"])
        return True

    async def _m_getChatMember(self, params: dict[str, str]) -> Any:
        user_id = int(params["user_id"])
        member = user(user_id)
        if user_id in self.admins.get(int(params["chat_id"]), set()):
            return {"status": "administrator", "user": member, "can_be_edited": False,
                    "is_anonymous": False, "can_manage_chat": True,
                    "can_delete_messages": True, "can_manage_video_chats": True,
                    "can_restrict_members": True, "can_promote_members": False,
                    "can_change_info": True, "can_invite_users": True,
                    "can_post_stories": False, "can_edit_stories": False,
                    "can_delete_stories": False}
        chat_members = self.members.get(int(params["chat_id"]))
        if chat_members is not None and user_id not in chat_members:
            return {"status": "left", "user": member}
        return {"status": "member", "user": member}

    async def _m_getFile(self, params: dict[str, str]) -> Any:
        file_id = params["file_id"]
        if file_id not in self.files:
            raise _ApiError(400, "Bad Request: invalid file_id")
        path, content = self.files[file_id]
        return {"file_id": file_id, "file_unique_id": f"u{file_id}", "file_size": len(content),
                "file_path": path}

    async def _download(self, request: web.Request) -> web.Response:
        if request.match_info["token"] != self.token:
            return web.Response(status=401)
        path = request.match_info["path"]
        found = next((content for p, content in self.files.values() if p == path), None)
        if found is None:
            return web.Response(status=404)
        self.downloads.append(path)
        return web.Response(body=found, content_type="application/octet-stream")

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


class _ApiError(Exception):
    def __init__(self, status: int, description: str) -> None:
        super().__init__(description)
        self.status, self.description = status, description


def _keyboard(markup: str) -> dict[str, Any]:
    """A reply_markup as sent, refused like Telegram's when a button's data is over 64 bytes."""
    keyboard: dict[str, Any] = json.loads(markup)
    if any(len(b.get("callback_data", "").encode()) > 64
           for row in keyboard.get("inline_keyboard", ()) for b in row):
        raise _ApiError(400, "Bad Request: BUTTON_DATA_INVALID")
    return keyboard


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
