"""HttpAdapter: a small JSON API over the core (POST /ask, POST /forget, GET /healthz), plus the
instructor report page (GET /report, only with `Authorization: Bearer REPORT_TOKEN`).

Meant for loopback use, scripts and evaluation, not for the open internet: /ask and /forget have
no authentication, so the default bind address is 127.0.0.1. Every error is JSON with a clear
message; a handler failure is logged and answered with a generic 500, never a stack trace.
"""
from __future__ import annotations

import asyncio
import hmac
import json
import logging
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

from aiohttp import web

from adapters.metrics import CONTENT_TYPE as METRICS_CONTENT_TYPE
from adapters.metrics import PrometheusMetrics
from core.messages import IncomingMessage, Reply
from core.ports import MessageHandler
from core.report import InstructorReports

Route = Callable[[web.Request], Awaitable[web.StreamResponse]]

logger = logging.getLogger(__name__)

PLATFORM = "http"
DEFAULT_USER = "http"
MAX_BODY_BYTES = 1 << 20
REPLY_FIELDS = ("answer", "citations", "low_confidence", "intent", "confidence")
MAX_REPORT_DAYS = 366
# The report shows student questions: no scripts, nothing fetched, never framed or cached.
REPORT_HEADERS = {
    "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; img-src data:; "
                               "base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    "X-Content-Type-Options": "nosniff", "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-store",
}


class BadRequest(Exception):
    """A request we refuse, with the status and the message the client sees."""

    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.status = status


def reply_json(reply: Reply) -> dict[str, Any]:
    """The public subset of Reply.to_dict(): no routing or cost internals."""
    data = reply.to_dict()
    return {key: data[key] for key in REPLY_FIELDS}


def _error(status: int, message: str) -> web.Response:
    return web.json_response({"error": message}, status=status)


@web.middleware
async def json_errors(request: web.Request,
                      handler: Callable[[web.Request], Awaitable[web.StreamResponse]]
                      ) -> web.StreamResponse:
    """Turn refusals and aiohttp's own HTTP errors (404, 405, 413) into JSON bodies."""
    try:
        return await handler(request)
    except BadRequest as err:
        return _error(err.status, str(err))
    except web.HTTPException as err:
        if err.status < 400:
            raise
        return _error(err.status, err.reason)
    except Exception:
        logger.exception("HTTP %s %s failed", request.method, request.path)
        return _error(500, "internal error")


async def _json_object(request: web.Request) -> dict[str, Any]:
    try:
        body = await request.json()
    except (json.JSONDecodeError, UnicodeDecodeError) as err:
        raise BadRequest("body must be valid JSON") from err
    if not isinstance(body, dict):
        raise BadRequest("body must be a JSON object")
    return body


def _user_id(body: dict[str, Any], *, required: bool) -> str:
    user_id = body.get("user_id")
    if user_id is None and not required:
        return DEFAULT_USER
    if not isinstance(user_id, str) or not user_id.strip():
        raise BadRequest("'user_id' must be a non-empty string")
    return user_id.strip()


class HttpAdapter:
    """Serves the JSON API on host:port; port 0 picks a free port (read `port` after start)."""

    name = "http"
    finished: asyncio.Event | None = None  # runs until stopped

    def __init__(self, handler: MessageHandler, host: str = "127.0.0.1", port: int = 8080,
                 max_question_chars: int = 2000, reports: InstructorReports | None = None,
                 report_token: str | None = None,
                 routes: Sequence[tuple[str, Route]] = (),
                 metrics: PrometheusMetrics | None = None) -> None:
        self.handler = handler
        self.metrics = metrics  # GET /metrics when given
        self.routes = list(routes)  # extra POST routes (the Telegram webhook)
        self.host = host
        self.port = port
        self.max_question_chars = max_question_chars
        self.reports = reports  # GET /report exists only with both reports and a token
        self._report_token = report_token.encode() if report_token else None
        self._runner: web.AppRunner | None = None

    def build_app(self) -> web.Application:
        app = web.Application(middlewares=[json_errors], client_max_size=MAX_BODY_BYTES)
        app.router.add_post("/ask", self._ask)
        app.router.add_post("/forget", self._forget)
        app.router.add_get("/healthz", self._healthz)
        if self.reports is not None and self._report_token:
            app.router.add_get("/report", self._report)
        for path, route in self.routes:
            app.router.add_post(path, route)
        if self.metrics is not None:
            app.router.add_get("/metrics", self._metrics)
        return app

    async def start(self) -> None:
        """Bind and serve; returns once the socket listens."""
        runner = web.AppRunner(self.build_app(), handle_signals=False, access_log=None)
        await runner.setup()
        try:
            site = web.TCPSite(runner, self.host, self.port)
            await site.start()
        except BaseException:
            await runner.cleanup()
            raise
        self._runner = runner
        self.port = runner.addresses[0][1]
        logger.info("HTTP adapter listening on http://%s:%s", self.host, self.port)

    async def stop(self) -> None:
        """Stop listening and close open connections; safe to call twice."""
        runner, self._runner = self._runner, None
        if runner is not None:
            await runner.cleanup()

    async def _ask(self, request: web.Request) -> web.Response:
        body = await _json_object(request)
        question = body.get("question")
        if question is None:
            raise BadRequest("missing 'question'")
        if not isinstance(question, str):
            raise BadRequest("'question' must be a string")
        question = question.strip()
        if not question:
            raise BadRequest("'question' must not be blank")
        if len(question) > self.max_question_chars:
            raise BadRequest(f"'question' is longer than {self.max_question_chars} characters",
                             status=413)
        user_id = _user_id(body, required=False)
        course = body.get("course")
        if course is not None and (not isinstance(course, str) or not course.strip()):
            raise BadRequest("'course' must be a non-blank string")
        message = IncomingMessage(platform=PLATFORM, user_id=user_id, chat_id=user_id,
                                  text=question, is_direct=True,
                                  course=course.strip() if course else None)
        return web.json_response(reply_json(await self.handler.handle(message)))

    async def _forget(self, request: web.Request) -> web.Response:
        user_id = _user_id(await _json_object(request), required=True)
        reply = await self.handler.forget(PLATFORM, user_id)
        if reply.notice == "forget_failed":  # nothing was erased: an API client must not assume so
            return web.json_response({"status": "failed", "user_id": user_id,
                                      "message": reply.text}, status=503)
        return web.json_response({"status": "forgotten", "user_id": user_id,
                                  "message": reply.text})

    async def _metrics(self, request: web.Request) -> web.Response:
        assert self.metrics is not None
        return web.Response(body=self.metrics.exposition(),
                            headers={"Content-Type": METRICS_CONTENT_TYPE})

    async def _healthz(self, request: web.Request) -> web.Response:
        return web.json_response({"status": "ok"})

    def _authorized(self, request: web.Request) -> bool:
        """Bearer token check in constant time; the token itself is never logged."""
        scheme, _, token = request.headers.get("Authorization", "").partition(" ")
        expected = self._report_token
        return (expected is not None and scheme.lower() == "bearer"
                and hmac.compare_digest(token.strip().encode(), expected))

    async def _report(self, request: web.Request) -> web.Response:
        if not self._authorized(request):
            logger.warning("GET /report refused: missing or wrong token")
            return web.json_response({"error": "a valid report token is required"}, status=401,
                                     headers={"WWW-Authenticate": 'Bearer realm="report"'})
        course = request.query.get("course", "").strip() or None
        days_text = request.query.get("days", "7").strip()
        if not days_text.isdigit() or not 1 <= int(days_text) <= MAX_REPORT_DAYS:
            raise BadRequest(f"'days' must be a whole number from 1 to {MAX_REPORT_DAYS}")
        from adapters.report_page import render_html  # pygal loads only when a report is asked

        assert self.reports is not None
        report = await self.reports.build(course=course, days=int(days_text))
        return web.Response(text=render_html(report), content_type="text/html",
                            charset="utf-8", headers=REPORT_HEADERS)
