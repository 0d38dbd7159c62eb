"""Scale-out test support: a Bot API stand-in that knows which process sent each reply, and a
round-robin load balancer in front of several webhook processes.

Each bot process gets its own Bot API base URL (`/p<i>/bot<token>/…`) on one FakeTelegram, so
every sendMessage is recorded with the process that sent it and when. The proxy forwards each
webhook delivery to the next process; a connection error or a 5xx is retried on the next one,
as Telegram retries a failed webhook. A re-delivery of an update goes to another process than
the one that took it last.
"""
from __future__ import annotations

import asyncio
import json
import time
from dataclasses import dataclass, field
from typing import Any

import aiohttp
from aiohttp import web

from tests.support.fake_telegram import FakeTelegram
from tests.support.loopback import serve


@dataclass(frozen=True)
class Sent:
    """One bot message as the Bot API saw it: who sent it, when, what it quotes."""

    process: int
    at: float
    chat_id: int
    reply_to: int | None
    text: str


class TaggedTelegram(FakeTelegram):
    """FakeTelegram that also serves `/p<i>/bot<token>/<method>` and tags replies with `i`."""

    def __init__(self, token: str) -> None:
        super().__init__(token)
        self.replies: list[Sent] = []

    def base_url_for(self, process: int) -> str:
        return f"http://127.0.0.1:{self.port}/p{process}/bot"

    def routes(self, app: web.Application) -> None:
        app.router.add_route("*", "/p{process}/bot{token}/{method}", self._dispatch)
        super().routes(app)

    async def _dispatch(self, request: web.Request) -> web.Response:
        response = await super()._dispatch(request)
        if request.match_info["method"] == "sendMessage" and response.status == 200:
            assert isinstance(response.body, bytes)
            sent = json.loads(response.body)["result"]
            quoted = sent.get("reply_to_message", {}).get("message_id")
            self.replies.append(Sent(int(request.match_info.get("process", "-1")),
                                     time.monotonic(), sent["chat"]["id"], quoted, sent["text"]))
        return response


@dataclass
class RoundRobinProxy:
    """The load balancer: forwards POSTs round-robin, re-delivers failures to the next backend."""

    backends: list[str]
    # update id -> (backend, when) for every delivery a backend took (2xx-4xx)
    accepted: dict[int, list[tuple[int, float]]] = field(default_factory=dict)
    failures: int = 0  # deliveries a backend failed (connection error or 5xx), then re-sent
    _next: int = 0
    _runner: web.AppRunner | None = None
    _session: aiohttp.ClientSession | None = None
    port: int = 0

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    async def start(self) -> None:
        self._session = aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=60))
        app = web.Application()
        app.router.add_post("/{path:.*}", self._forward)
        self._runner, self.port = await serve(app, handle_signals=False, shutdown_timeout=1.0)

    async def close(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()
        if self._session is not None:
            await self._session.close()

    def _order(self, avoid: int | None) -> list[int]:
        start, self._next = self._next, (self._next + 1) % len(self.backends)
        order = [(start + i) % len(self.backends) for i in range(len(self.backends))]
        return sorted(order, key=lambda i: i == avoid)  # the last taker only as a last resort

    async def _forward(self, request: web.Request) -> web.Response:
        assert self._session is not None
        body = await request.read()
        update_id = int(json.loads(body)["update_id"])
        taken = self.accepted.get(update_id)
        headers = {k: v for k, v in request.headers.items()
                   if k.lower() in ("content-type", "x-telegram-bot-api-secret-token")}
        for index in self._order(taken[-1][0] if taken else None):
            try:
                async with self._session.post(self.backends[index] + request.path, data=body,
                                              headers=headers) as response:
                    status = response.status
            except (aiohttp.ClientError, TimeoutError):
                status = 599
            if status < 500:
                self.accepted.setdefault(update_id, []).append((index, time.monotonic()))
                return web.Response(status=status)
            self.failures += 1
        return web.Response(status=502)


async def wait_for(condition: Any, timeout: float, what: str) -> None:
    """Poll `condition()` until true, or fail naming `what` (a deadline, not a fixed sleep)."""
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout:.0f} s waiting for {what}")
        await asyncio.sleep(0.05)
