"""The Bot API's wire format for FakeTelegram: how parameters arrive, how errors and keyboards
are answered. Kept apart from the methods so each method reads as Telegram's rules only."""
from __future__ import annotations

import json
from typing import Any

from aiohttp import web


class ApiError(Exception):
    """A method refusing a call the way Telegram does: an HTTP status and a description."""

    def __init__(self, status: int, description: str) -> None:
        super().__init__(description)
        self.status, self.description = status, description


def keyboard(markup: str) -> dict[str, Any]:
    """A reply_markup as sent, refused like Telegram's when a button's data is over 64 bytes."""
    parsed: dict[str, Any] = json.loads(markup)
    if any(len(b.get("callback_data", "").encode()) > 64
           for row in parsed.get("inline_keyboard", ()) for b in row):
        raise ApiError(400, "Bad Request: BUTTON_DATA_INVALID")
    return parsed


def error(status: int, description: str, parameters: dict[str, Any] | None = None
          ) -> web.Response:
    """Telegram's error body: ok false, the code, the description (and retry_after on 429)."""
    body: dict[str, Any] = {"ok": False, "error_code": status, "description": description}
    if parameters:
        body["parameters"] = parameters
    return web.json_response(body, status=status)


async def read_params(request: web.Request) -> dict[str, str]:
    """A call's parameters as strings, exactly as sent: form-encoded (PTB), JSON or a query."""
    if request.content_type == "application/json":
        body = await request.json() if request.can_read_body else {}
        return {k: v if isinstance(v, str) else json.dumps(v) for k, v in body.items()}
    if request.content_type in ("application/x-www-form-urlencoded", "multipart/form-data"):
        form = await request.post()
        return {k: v for k, v in form.items() if isinstance(v, str)}
    return dict(request.query)
