"""Hostile HTTP input (issue 22): whatever a client sends to /ask, /forget, /report or the
Telegram webhook route, the answer is never a 5xx and the log never holds a traceback.

A refused request is a 4xx JSON error and one log line; a webhook delivery with the right secret
that is not an update is acknowledged (200, so Telegram does not re-send it forever) and logged
once. The server runs on a real socket in its own thread, so Hypothesis drives it synchronously.
"""
from __future__ import annotations

import asyncio
import json
import logging
import threading
from collections.abc import Iterator
from types import SimpleNamespace
from typing import Any
from urllib.parse import quote

import httpx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from adapters.http import HttpAdapter
from adapters.telegram.webhook import SECRET_HEADER, Webhook, receiver
from core.insight.report import build_report
from tests.support.fake_embedder import HashingEmbedder
from tests.support.fake_handler import FakeHandler

pytestmark = pytest.mark.integration

TOKEN = "report-token-for-fuzzing"
SECRET = "webhook_secret-123"
HOOK = "/tg/hook"
AUTH = {"Authorization": f"Bearer {TOKEN}"}
JSON = {"Content-Type": "application/json"}
FUZZ = settings(max_examples=60, deadline=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture,
                                       HealthCheck.too_slow])


class EmptyReports:
    """InstructorReports over no outcomes: the real report model and page, nothing stored."""

    async def build(self, *, course: str | None = None, days: int = 7, **_: Any) -> Any:
        return await build_report([], HashingEmbedder(), course=course, days=days)


class NullTelegram:
    """Just what the webhook receiver needs of a running PTB application."""

    running = True
    bot = None

    def __init__(self) -> None:
        self.updates: list[Any] = []

    async def process_update(self, update: Any) -> None:
        self.updates.append(update)

    def create_task(self, coroutine: Any, update: Any = None) -> asyncio.Task[Any]:
        return asyncio.ensure_future(coroutine)


@pytest.fixture(scope="module")
def served() -> Iterator[SimpleNamespace]:
    """The HTTP adapter with /report and a webhook route, served from a background loop."""
    telegram = NullTelegram()
    adapter = HttpAdapter(FakeHandler(), port=0, max_question_chars=500,
                          reports=EmptyReports(),  # type: ignore[arg-type]
                          report_token=TOKEN,
                          routes=[(HOOK, receiver(Webhook(f"https://bot.example.org{HOOK}", SECRET),
                                                  lambda: telegram))])
    loop = asyncio.new_event_loop()
    thread = threading.Thread(target=loop.run_forever, daemon=True)
    thread.start()
    asyncio.run_coroutine_threadsafe(adapter.start(), loop).result(10)
    with httpx.Client(base_url=f"http://127.0.0.1:{adapter.port}", timeout=10) as client:
        yield SimpleNamespace(client=client, telegram=telegram)
    asyncio.run_coroutine_threadsafe(adapter.stop(), loop).result(10)
    loop.call_soon_threadsafe(loop.stop)
    thread.join(5)
    loop.close()


def _server_lines(caplog: pytest.LogCaptureFixture) -> list[logging.LogRecord]:
    """What the server logged (httpx logs each request the test itself makes)."""
    return [r for r in caplog.records if not r.name.startswith(("httpx", "httpcore"))]


def _no_traceback(caplog: pytest.LogCaptureFixture) -> None:
    for record in _server_lines(caplog):
        assert record.exc_info is None and record.exc_text is None, record.getMessage()
        assert "Traceback" not in record.getMessage()
        assert record.levelno < logging.ERROR, record.getMessage()


def _refused_once(response: httpx.Response, caplog: pytest.LogCaptureFixture) -> None:
    """A 4xx with a JSON error, one log line, no traceback. (HTTP that aiohttp cannot parse, such
    as a request line over 8 KB, never reaches the app: aiohttp's plain-text 400, one line.)"""
    assert 400 <= response.status_code < 500, (response.status_code, response.text[:200])
    lines = _server_lines(caplog)
    assert len(lines) == 1, [r.getMessage() for r in lines]
    if lines[0].name != "aiohttp.server":
        assert isinstance(response.json()["error"], str)
    _no_traceback(caplog)


# Everything JSON can hold, odd corners included: huge and tiny numbers, lone surrogates,
# controls, bidi overrides, deep-ish nesting.
ODD_TEXT = st.text(max_size=80) | st.sampled_from(
    ["\ud800", "a\udfffb", "\u202e", "x\u2066y", "\n", "\x00", "²", "٣", "9" * 5000, " "])
JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=True) | ODD_TEXT,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(ODD_TEXT, inner, max_size=4),
    max_leaves=12)
FIELDS = st.sampled_from(["question", "user_id", "course", "update_id", "message", "x"])
BODIES = st.dictionaries(FIELDS, JSON_VALUES, max_size=4)


def _encoded(value: Any) -> bytes:
    """JSON with lone surrogates kept as \\ud800 escapes (what a hostile client sends)."""
    return json.dumps(value, ensure_ascii=True, allow_nan=True).encode()


RAW = st.binary(max_size=300) | st.sampled_from([
    b"", b"{", b"[" * 100_000 + b"]" * 100_000, b'{"a":' * 50_000, b'{"question": 1' + b"0" * 5000
    + b"}", b'{"user_id": ' + b"9" * 5000 + b"}", b"\xef\xbb\xbf{}", b'{"question": "\\ud800"}',
    b"\xff\xfe{\x00}\x00", b'{"question": "hi", "user_id": "' + b"u" * 500_000 + b'"}'])


@FUZZ
@given(path=st.sampled_from(["/ask", "/forget"]), body=BODIES | JSON_VALUES)
def test_json_bodies_never_give_a_5xx(served, caplog, path, body) -> None:
    caplog.clear()
    with caplog.at_level(logging.INFO):
        response = served.client.post(path, content=_encoded(body), headers=JSON)
    assert response.status_code in (200, 400, 413), (response.status_code, response.text[:200])
    if response.status_code != 200:
        _refused_once(response, caplog)
    _no_traceback(caplog)


@FUZZ
@given(path=st.sampled_from(["/ask", "/forget", HOOK]), raw=RAW)
def test_raw_bytes_never_give_a_5xx(served, caplog, path, raw) -> None:
    caplog.clear()
    headers = JSON | ({SECRET_HEADER: SECRET} if path == HOOK else {})
    with caplog.at_level(logging.INFO):
        response = served.client.post(path, content=raw, headers=headers)
    if path == HOOK:  # acknowledged, or (a valid update) handled; never a retry loop
        assert response.status_code == 200
    elif response.status_code != 200:  # 200: the bytes happened to be a good request
        _refused_once(response, caplog)
    _no_traceback(caplog)


@FUZZ
@given(days=ODD_TEXT | st.integers().map(str), course=st.none() | ODD_TEXT)
def test_report_parameters_never_give_a_5xx(served, caplog, days, course) -> None:
    caplog.clear()
    params = {"days": days} | ({"course": course} if course is not None else {})
    query = "&".join(f"{k}={quote(v.encode('utf-8', 'surrogatepass'), safe='')}"
                     for k, v in params.items())
    with caplog.at_level(logging.INFO):
        response = served.client.get(f"/report?{query}", headers=AUTH)
    assert response.status_code in (200, 400), (response.status_code, response.text[:200])
    if response.status_code == 400:
        _refused_once(response, caplog)
    _no_traceback(caplog)


@FUZZ
@given(update=BODIES | st.fixed_dictionaries({"update_id": st.integers()}, optional={
    "message": JSON_VALUES, "callback_query": JSON_VALUES, "edited_message": JSON_VALUES}))
def test_webhook_deliveries_are_acknowledged(served, caplog, update) -> None:
    caplog.clear()
    with caplog.at_level(logging.INFO):
        response = served.client.post(HOOK, content=_encoded(update),
                                      headers=JSON | {SECRET_HEADER: SECRET})
    assert response.status_code == 200
    assert len(_server_lines(caplog)) <= 1
    _no_traceback(caplog)


@pytest.mark.parametrize(("method", "path", "body", "headers"), [
    ("POST", "/ask", b'{"question": "hi", "user_id": ' + b"9" * 5000 + b"}", JSON),
    ("POST", "/ask", b"[" * 100_000 + b"]" * 100_000, JSON),
    ("POST", "/ask", b'{"question": "what is \\ud800 merge sort?"}', JSON),
    ("POST", "/ask", b'{"question": "hi", "user_id": "' + b"u" * 500_000 + b'"}', JSON),
    ("POST", "/ask", b'{"question": "hi", "user_id": "a\\nb"}', JSON),
    ("POST", "/ask", b'{"question": "hi", "user_id": "\\u202eevil"}', JSON),
    ("POST", "/ask", b'{"question": "hi", "course": "' + b"c" * 65 + b'"}', JSON),
    ("POST", "/forget", b'{"user_id": "\\udfff"}', JSON),
    ("GET", "/report?days=%C2%B2", b"", AUTH),
    ("GET", "/report?days=%D9%A3", b"", AUTH),
    ("GET", "/report?days=" + "9" * 5000, b"", AUTH),
    ("GET", "/report?course=CS%E2%80%AE101", b"", AUTH),
    ("GET", "/report", b"", {"Authorization": b"Bearer \xff\xfe"}),
])
def test_the_requests_that_gave_500_are_refused_in_one_line(served, caplog, method, path, body,
                                                              headers) -> None:
    with caplog.at_level(logging.INFO):
        response = served.client.request(method, path, content=body, headers=headers)
    assert 400 <= response.status_code < 500, (response.status_code, response.text[:200])
    assert "error" in response.json()
    [line] = _server_lines(caplog)
    assert "refused" in line.getMessage()
    _no_traceback(caplog)


@pytest.mark.parametrize("body", [b"{}", b"[]", b"not json", b'{"update_id": "1"}',
                                  b'{"update_id": 1, "message": {"chat": 5}}'])
def test_a_webhook_delivery_that_is_no_update_is_acknowledged_once(served, caplog, body) -> None:
    with caplog.at_level(logging.INFO):
        response = served.client.post(HOOK, content=body, headers={SECRET_HEADER: SECRET})
    assert response.status_code == 200
    [line] = _server_lines(caplog)
    assert "acknowledged and ignored" in line.getMessage() and line.levelno == logging.WARNING
    _no_traceback(caplog)


def test_json_is_read_as_utf8_whatever_charset_is_claimed(served, caplog) -> None:
    response = served.client.post("/ask", content='{"question": "hi é"}'.encode(),
                                  headers={"Content-Type": "application/json; charset=nope"})
    assert response.status_code == 200
    _no_traceback(caplog)


def test_a_wrong_webhook_secret_is_still_refused(served, caplog) -> None:
    response = served.client.post(HOOK, content=b"{}", headers={SECRET_HEADER: b"\xff"})
    assert response.status_code == 401 and response.json() == {"error": "unauthorized"}
    _no_traceback(caplog)
