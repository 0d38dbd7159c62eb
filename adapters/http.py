"""HttpAdapter: a small JSON API over the core (POST /ask, POST /forget, GET /healthz), plus the
instructor report page (GET /report, only with `Authorization: Bearer REPORT_TOKEN`).

Meant for loopback use, scripts and evaluation, not for the open internet: /ask and /forget have
no authentication, so the default bind address is 127.0.0.1. Every error is JSON with a clear
message. A bad request is a 4xx and one log line (adapters/http_input.py checks everything a
client sends); "busy" and rate-limit notices are 503 and 429 with Retry-After, their text in the
body; only a failure of our own is a generic 500 (logged with its traceback, never sent).
"""
from __future__ import annotations

import asyncio
import hmac
import logging
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

from aiohttp import web
from aiohttp.http_exceptions import HttpProcessingError

from adapters import http_input
from adapters.http_input import BadRequest
from adapters.metrics import CONTENT_TYPE as METRICS_CONTENT_TYPE
from adapters.metrics import PrometheusMetrics
from core.chat.photo import PhotoLimits
from core.course.spaces import stored_spelling
from core.insight.report import InstructorReports
from core.messages import IncomingMessage, Reply
from core.ports import ChatService

Route = Callable[[web.Request], Awaitable[web.StreamResponse]]

logger = logging.getLogger(__name__)

PLATFORM = "http"
DEFAULT_USER = "http"
MAX_BODY_BYTES = 1 << 20
REPLY_FIELDS = ("answer", "citations", "low_confidence", "intent", "confidence", "quoted_language")
MAX_REPORT_DAYS = 366
# Notices that are not answers: an API client must be able to tell them from one, and when to retry.
NOTICE_STATUS = {"busy": 503, "rate_limited": 429, "unknown_course": 404}
# The report shows student questions: no scripts, nothing fetched, never framed or cached.
REPORT_HEADERS = {
    "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; img-src data:; "
                               "base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    "X-Content-Type-Options": "nosniff", "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-store",
}


def reply_json(reply: Reply) -> dict[str, Any]:
    """The public subset of Reply.to_dict(): no routing or cost internals."""
    data = reply.to_dict()
    return {key: data[key] for key in REPLY_FIELDS}


def _error(status: int, message: str) -> web.Response:
    return web.json_response({"error": message}, status=status)


def reply_response(reply: Reply) -> web.Response:
    """200 with the reply; a "busy" or rate-limit notice as 503 / 429 with Retry-After, a course
    that does not exist as 404."""
    headers = {"Retry-After": str(max(1, reply.retry_after_s))} if reply.retry_after_s else {}
    return web.json_response(reply_json(reply), status=NOTICE_STATUS.get(reply.notice or "", 200),
                             headers=headers)


def _refused(request: web.Request, status: int, message: str) -> web.Response:
    """One log line per refused request (no traceback: the request was wrong, not the code)."""
    logger.info("HTTP %s %.200s refused with %s: %s", request.method, request.rel_url.raw_path,
                status, message)
    return _error(status, message)


class ProtocolLog(logging.LoggerAdapter):  # type: ignore[type-arg]
    """aiohttp's own log of requests it could not parse (a request line over 8 KB, broken
    headers): the client's fault, so one line and no traceback; anything else as aiohttp says."""

    def exception(self, msg: object, *args: object, exc_info: Any = True,
                  **kwargs: Any) -> None:
        if isinstance(exc_info, HttpProcessingError) and 400 <= (exc_info.code or 400) < 500:
            self.logger.info("HTTP request refused with %s: %s (malformed HTTP)",
                             exc_info.code or 400, type(exc_info).__name__)
            return
        self.logger.exception(msg, *args, exc_info=exc_info, **kwargs)


@web.middleware
async def json_errors(request: web.Request,
                      handler: Callable[[web.Request], Awaitable[web.StreamResponse]]
                      ) -> web.StreamResponse:
    """Turn refusals and aiohttp's own HTTP errors (404, 405, 413) into JSON bodies."""
    try:
        return await handler(request)
    except BadRequest as err:
        return _refused(request, err.status, str(err))
    except web.HTTPException as err:
        if err.status < 400:
            raise
        return _refused(request, err.status, err.reason)
    except Exception:
        logger.exception("HTTP %s %s failed", request.method, request.path)
        return _error(500, "internal error")


class HttpAdapter:
    """Serves the JSON API on host:port; port 0 picks a free port (read `port` after start)."""

    name = "http"
    finished: asyncio.Event | None = None  # runs until stopped

    def __init__(self, handler: ChatService, host: str = "127.0.0.1", port: int = 8080,
                 max_question_chars: int = 2000, reports: InstructorReports | None = None,
                 report_token: str | None = None,
                 routes: Sequence[tuple[str, Route]] = (),
                 metrics: PrometheusMetrics | None = None,
                 photos: PhotoLimits | None = None) -> None:
        self.handler = handler
        self.metrics = metrics  # GET /metrics when given
        self.routes = list(routes)  # extra POST routes (the Telegram webhook)
        self.host = host
        self.port = port
        self.max_question_chars = max_question_chars
        self.photos = photos or PhotoLimits()  # POST /ask's base64 `image`
        self.reports = reports  # GET /report exists only with both reports and a token
        self._report_token = report_token.encode() if report_token else None
        self._runner: web.AppRunner | None = None

    def build_app(self) -> web.Application:
        # a body may carry one photo (base64) beside the question
        body_max = MAX_BODY_BYTES + http_input.base64_length(self.photos.max_bytes)
        app = web.Application(middlewares=[json_errors], client_max_size=body_max)
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
        runner = web.AppRunner(self.build_app(), handle_signals=False, access_log=None,
                               logger=ProtocolLog(logging.getLogger("aiohttp.server")))
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
        body = await http_input.json_object(request)
        question = http_input.text_field(body, "question")
        image = http_input.image(body, self.photos.max_bytes)
        if image is not None:  # a photo of the question: `question` is optional, its caption
            question = question or ""
        elif question is None:
            raise BadRequest("missing 'question'")
        elif not question:
            raise BadRequest("'question' must not be blank")
        if len(question) > self.max_question_chars:
            raise BadRequest(f"'question' is longer than {self.max_question_chars} characters",
                             status=413)
        user_id = http_input.user_id(body, default=DEFAULT_USER)
        message = IncomingMessage(platform=PLATFORM, user_id=user_id, chat_id=user_id,
                                  text=question, is_direct=True, course=http_input.course(body),
                                  image=image)
        return reply_response(await self.handler.handle(message))

    async def _forget(self, request: web.Request) -> web.Response:
        user_id = http_input.user_id(await http_input.json_object(request), default=None)
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
        # aiohttp keeps undecodable header bytes as surrogates: surrogateescape gives them back
        return (expected is not None and scheme.lower() == "bearer"
                and hmac.compare_digest(token.strip().encode("utf-8", "surrogateescape"),
                                        expected))

    async def _report(self, request: web.Request) -> web.Response:
        if not self._authorized(request):
            logger.warning("GET /report refused: missing or wrong token")
            return web.json_response({"error": "a valid report token is required"}, status=401,
                                     headers={"WWW-Authenticate": 'Bearer realm="report"'})
        course = http_input.course({"course": request.query.get("course", "").strip() or None})
        days = http_input.days(request.query, 7, MAX_REPORT_DAYS)
        from adapters.report_page import render_html  # pygal loads only when a report is asked

        assert self.reports is not None
        if course is not None:  # a typo must not read as "nobody asked anything"
            known = await self.reports.courses()
            course = stored_spelling(course, known)
            if course is None:
                return web.json_response({"error": "there is no such course",
                                          "courses": sorted(known)}, status=404)
        report = await self.reports.build(course=course, days=days)
        return web.Response(text=render_html(report), content_type="text/html",
                            charset="utf-8", headers=REPORT_HEADERS)
