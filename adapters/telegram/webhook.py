"""Telegram webhook mode: Telegram POSTs updates to our HTTP server instead of us polling.

The receiving route lives on the same aiohttp server as POST /ask (adapters/http.py). Telegram
sends the secret given to setWebhook in the X-Telegram-Bot-Api-Secret-Token header; a request
without it, or with another, is refused with 401 before anything is read or processed.

A delivery is acknowledged (200) only once its message is claimed in the message journal, or
handled: Telegram never re-sends an acknowledged update, so a process killed between a 200 and
the claim would lose it. Before the 200 a crash makes the delivery fail and Telegram (or the
load balancer) re-sends it; after it the journal's sweep answers it on a live process.

A delivery with the right secret that is not an update (bad JSON, `{}`, fields PTB cannot read)
is acknowledged too, with one log line: refusing it would make Telegram re-send it forever.
"""
from __future__ import annotations

import asyncio
import hmac
import logging
from collections.abc import Awaitable, Callable
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from aiohttp import web
from telegram import Update

from adapters.http_input import BadRequest, json_object

logger = logging.getLogger(__name__)
SECRET_HEADER = "X-Telegram-Bot-Api-Secret-Token"
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]
_claimed: ContextVar[asyncio.Event | None] = ContextVar("telegram_delivery_claimed", default=None)


def journaled() -> None:
    """The handler tells the delivery it came in with that its message is safe in the journal
    (claimed here, or already claimed or answered elsewhere): it may now be acknowledged.

    Passed to the handlers only in webhook mode (adapter.py); a replayed update (the sweep) has
    no delivery waiting, so there it does nothing."""
    event = _claimed.get()
    if event is not None:
        event.set()


@dataclass(frozen=True, slots=True)
class Webhook:
    """Where Telegram delivers updates, and the secret that proves a delivery is Telegram's."""

    url: str
    secret: str

    @property
    def path(self) -> str:
        return urlsplit(self.url).path or "/"


def receiver(webhook: Webhook, running_app: Callable[[], Any]) -> Handler:
    """The aiohttp handler that checks the secret and queues the update for the PTB app."""
    expected = webhook.secret.encode()

    async def receive(request: web.Request) -> web.StreamResponse:
        # aiohttp keeps undecodable header bytes as surrogates: surrogateescape gives them back
        given = request.headers.get(SECRET_HEADER, "").encode("utf-8", "surrogateescape")
        if not hmac.compare_digest(given, expected):
            logger.warning("webhook delivery refused: missing or wrong secret token")
            return web.json_response({"error": "unauthorized"}, status=401)
        app = running_app()
        if app is None or not app.running:  # Telegram retries a failed delivery later
            return web.json_response({"error": "not ready"}, status=503)
        update = await _update(request, app.bot)
        if update is None:
            return web.json_response({"ok": True, "ignored": "not an update"})
        await _handle_until_journaled(app, update)
        return web.Response(status=200)

    return receive


async def _update(request: web.Request, bot: Any) -> Update | None:
    """The delivery as a PTB Update, or None (logged once) when it cannot be one."""
    try:
        data = await json_object(request)
        if not isinstance(data.get("update_id"), int):
            raise BadRequest("no integer update_id")
        return Update.de_json(data, bot)
    except BadRequest as err:
        reason = str(err)
    except Exception as err:  # PTB's parsers raise KeyError, TypeError, ... on odd fields
        reason = f"{type(err).__name__} while reading it"
    logger.warning("webhook delivery acknowledged and ignored: %s", reason)
    return None


async def _handle_until_journaled(app: Any, update: Update) -> None:
    """Start handling `update` (the task carries `_claimed`) and return once its message is
    journaled or its handling is over, whichever comes first; the answer goes on after that."""
    claimed = asyncio.Event()
    token = _claimed.set(claimed)
    try:  # PTB tracks the task: stop() waits for it, and errors go to the error handler
        handling = app.create_task(app.process_update(update), update=update)
    finally:
        _claimed.reset(token)
    waiting = asyncio.ensure_future(claimed.wait())
    try:
        await asyncio.wait([handling, waiting], return_when=asyncio.FIRST_COMPLETED)
    finally:
        waiting.cancel()
