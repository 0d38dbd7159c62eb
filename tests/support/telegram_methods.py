"""The Bot API methods FakeTelegram answers, one `_m_<method>` each (plus the file route), with
Telegram's rules: who is an admin or a member, poll limits, one answer per callback query, the
long poll that confirms updates by offset. FakeTelegram owns the state they read and change."""
from __future__ import annotations

import asyncio
import json
import time
from typing import Any

from aiohttp import web

from tests.support.telegram_updates import BOT_USER, user
from tests.support.telegram_wire import ApiError, keyboard


class BotApiMethods:
    """Mixed into FakeTelegram: `_dispatch` calls `_m_<method>` by name."""

    token: str
    max_poll_s: float
    updates: list[dict[str, Any]]
    admins: dict[int, set[int]]
    members: dict[int, set[int]]
    files: dict[str, tuple[str, bytes]]
    downloads: list[str]
    sent: dict[int, dict[str, Any]]
    open_queries: set[str]
    unreachable: set[int]
    _next_message_id: int
    _changed: asyncio.Event
    _closing: bool

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
            raise ApiError(403, "Forbidden: bot was kicked from the supergroup chat")
        self._next_message_id += 1
        sent: dict[str, Any] = {
            "message_id": self._next_message_id, "date": int(time.time()),
            "chat": {"id": chat_id, "type": "private" if chat_id > 0 else "supergroup"},
            "from": BOT_USER, "text": params.get("text", "")}
        if params.get("reply_markup"):
            sent["reply_markup"] = keyboard(params["reply_markup"])
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
            raise ApiError(400, "Bad Request: poll question length must not exceed 300")
        if not 2 <= len(options) <= 10 or any(not 1 <= len(o) <= 100 for o in options):
            raise ApiError(400, "Bad Request: poll options length must not exceed 100")
        if len(explanation) > 200 or explanation.count("\n") > 2:
            raise ApiError(400, "Bad Request: explanation is too long")
        quiz = params.get("type") == "quiz"
        right = (json.loads(params["correct_option_ids"]) if "correct_option_ids" in params
                 else [int(params.get("correct_option_id", -1))])  # before Bot API 9.6
        if quiz and (len(right) != 1 or not 0 <= right[0] < len(options)):
            raise ApiError(400, "Bad Request: wrong correct option ID specified")
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
            sent["reply_markup"] = keyboard(params["reply_markup"])
        self.sent[sent["message_id"]] = sent
        return sent

    async def _m_answerCallbackQuery(self, params: dict[str, str]) -> Any:
        if params["callback_query_id"] not in self.open_queries:  # unknown or answered before
            raise ApiError(400, "Bad Request: query is too old or query ID is invalid")
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
            raise ApiError(400, "Bad Request: invalid file_id")
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
