"""Telegram webhook mode: Telegram POSTs updates to our HTTP server instead of us polling.

The receiving route lives on the same aiohttp server as POST /ask (adapters/http.py). Telegram
sends the secret given to setWebhook in the X-Telegram-Bot-Api-Secret-Token header; a request
without it, or with another, is refused with 401 before anything is read or processed.
"""
from __future__ import annotations

import hmac
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from aiohttp import web
from telegram import Update

logger = logging.getLogger(__name__)
SECRET_HEADER = "X-Telegram-Bot-Api-Secret-Token"
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


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
        given = request.headers.get(SECRET_HEADER, "").encode()
        if not hmac.compare_digest(given, expected):
            logger.warning("webhook delivery refused: missing or wrong secret token")
            return web.Response(status=401, text="unauthorized")
        app = running_app()
        if app is None or not app.running:  # Telegram retries a failed delivery later
            return web.Response(status=503, text="not ready")
        try:
            data = await request.json()
        except ValueError:
            return web.Response(status=400, text="not JSON")
        if not isinstance(data, dict):
            return web.Response(status=400, text="not an update")
        await app.update_queue.put(Update.de_json(data, app.bot))
        return web.Response(status=200)

    return receive
