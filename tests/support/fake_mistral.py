"""FakeMistral: a loopback aiohttp server speaking Mistral's chat-completions and embeddings API.

Scriptable per request (a queue of steps shared by both endpoints; empty queue -> normal reply):
`reply(text)`, `rate_limited(retry_after)`, `server_error(status)`, `hang(seconds)`,
`malformed()`. Every request is recorded (path, headers, JSON body, arrival time) so tests can
count upstream calls. Lets the real ChatMistralAI run end to end without the internet.
"""
from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import time
import uuid
from collections import deque
from dataclasses import dataclass, field
from typing import Any

import numpy as np
from aiohttp import web

from tests.support.loopback import serve


@dataclass(frozen=True)
class Step:
    kind: str  # reply | rate_limited | server_error | hang | malformed
    content: str = "Hello from the fake Mistral."
    status: int = 200
    retry_after: str | None = None
    seconds: float = 0.0


def reply(content: str = "Hello from the fake Mistral.") -> Step:
    return Step("reply", content=content)


def rate_limited(retry_after: str | None = "0.2") -> Step:
    return Step("rate_limited", status=429, retry_after=retry_after)


def server_error(status: int = 500) -> Step:
    return Step("server_error", status=status)


def hang(seconds: float = 30.0) -> Step:
    return Step("hang", seconds=seconds)


def malformed() -> Step:
    return Step("malformed")


@dataclass
class Recorded:
    path: str
    headers: dict[str, str]
    body: Any
    at: float = field(default_factory=time.monotonic)


class FakeMistral:
    """Start with `async with FakeMistral() as fake:`; point clients at `fake.base_url`."""

    def __init__(self, api_key: str | None = None, dim: int = 1024) -> None:
        self.api_key = api_key
        self.dim = dim
        self.requests: list[Recorded] = []
        self._script: deque[Step] = deque()
        self._release = asyncio.Event()
        self._runner: web.AppRunner | None = None
        self.base_url = ""

    def enqueue(self, *steps: Step) -> None:
        self._script.extend(steps)

    async def __aenter__(self) -> FakeMistral:
        app = web.Application()
        app.router.add_post("/v1/chat/completions", self._chat)
        app.router.add_post("/v1/embeddings", self._embeddings)
        self._runner, port = await serve(app, shutdown_timeout=0.5)
        self.base_url = f"http://127.0.0.1:{port}/v1"
        return self

    async def __aexit__(self, *exc: object) -> None:
        self._release.set()  # end any hanging handler at once
        if self._runner:
            await self._runner.cleanup()

    # ------------------------------------------------------------------ handlers
    async def _common(self, request: web.Request) -> tuple[Any, Step, web.Response | None]:
        try:
            body = await request.json()
        except ValueError:
            body = None
        self.requests.append(Recorded(request.path, dict(request.headers), body))
        step = self._script.popleft() if self._script else reply()
        if self.api_key and request.headers.get("Authorization") != f"Bearer {self.api_key}":
            return body, step, web.json_response({"message": "Unauthorized",
                                                  "request_id": uuid.uuid4().hex}, status=401)
        if body is None:
            return body, step, _error(422, "invalid_request_error", "Invalid JSON body")
        if step.kind == "rate_limited":
            headers = {"Retry-After": step.retry_after} if step.retry_after else {}
            return body, step, _error(429, "rate_limited", "Requests rate limit exceeded",
                                      headers)
        if step.kind == "server_error":
            return body, step, _error(step.status, "internal_server_error",
                                      "Internal server error")
        if step.kind == "hang":
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._release.wait(), step.seconds)
        if step.kind == "malformed":
            return body, step, web.Response(text='{"id": "cmpl-1", "choices": [{"index": 0, "mess',
                                            content_type="application/json")
        return body, step, None

    async def _chat(self, request: web.Request) -> web.StreamResponse:
        body, step, early = await self._common(request)
        if early is not None:
            return early
        model = body.get("model", "ministral-8b-latest")
        words = step.content.split(" ")
        usage = {"prompt_tokens": 12, "completion_tokens": len(words),
                 "total_tokens": 12 + len(words)}
        ident, created = f"cmpl-{uuid.uuid4().hex[:24]}", int(time.time())
        if not body.get("stream"):
            return web.json_response({
                "id": ident, "object": "chat.completion", "created": created, "model": model,
                "choices": [{"index": 0, "message": {"role": "assistant", "content": step.content,
                                                     "tool_calls": None},
                             "finish_reason": "stop"}],
                "usage": usage})
        response = web.StreamResponse(headers={"Content-Type": "text/event-stream"})
        await response.prepare(request)
        for i, word in enumerate(words):
            delta = {"role": "assistant", "content": ""} if i == 0 else {}
            delta["content"] = word if i == 0 else " " + word
            last = i == len(words) - 1
            chunk = {"id": ident, "object": "chat.completion.chunk", "created": created,
                     "model": model, "choices": [{"index": 0, "delta": delta,
                                                  "finish_reason": "stop" if last else None}]}
            if last:
                chunk["usage"] = usage
            await response.write(f"data: {json.dumps(chunk)}\n\n".encode())
        await response.write(b"data: [DONE]\n\n")
        await response.write_eof()
        return response

    async def _embeddings(self, request: web.Request) -> web.StreamResponse:
        body, _, early = await self._common(request)
        if early is not None:
            return early
        texts = body.get("input") or []
        texts = [texts] if isinstance(texts, str) else texts
        data = [{"object": "embedding", "embedding": self.vector(t).tolist(), "index": i}
                for i, t in enumerate(texts)]
        data.reverse()  # index, not position, is what ties a vector to its input
        tokens = sum(len(t.split()) for t in texts)
        return web.json_response({"id": f"embd-{uuid.uuid4().hex[:24]}", "object": "list",
                                  "data": data, "model": body.get("model", "mistral-embed"),
                                  "usage": {"prompt_tokens": tokens, "total_tokens": tokens}})

    def vector(self, text: str) -> np.ndarray:
        """Deterministic, deliberately unnormalised vector for a text."""
        seed = int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "little")
        return np.random.default_rng(seed).normal(0, 3, self.dim).round(5)


def _error(status: int, kind: str, message: str,
           headers: dict[str, str] | None = None) -> web.Response:
    return web.json_response({"object": "error", "message": message, "type": kind, "param": None,
                              "code": str(status)}, status=status, headers=headers)
