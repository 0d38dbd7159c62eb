"""The Mistral retry policy: what is retried, and how long each wait is."""
from __future__ import annotations

from email.utils import formatdate

import httpx
import pytest

from core.llm.retry import backoff, parse_retry_after, retry_delay


def status_error(code: int, headers: dict | None = None) -> httpx.HTTPStatusError:
    request = httpx.Request("POST", "https://api.mistral.ai/v1/chat/completions")
    response = httpx.Response(code, headers=headers, request=request)
    return httpx.HTTPStatusError(f"HTTP {code}", request=request, response=response)


@pytest.mark.parametrize(("value", "seconds"), [("2", 2.0), ("0.25", 0.25), ("-3", 0.0),
                                                (None, None), ("", None), ("soon", None)])
def test_retry_after_seconds(value, seconds):
    assert parse_retry_after(value) == seconds


def test_retry_after_http_date():
    now = 1_700_000_000.0
    assert parse_retry_after(formatdate(now + 7, usegmt=True), now=now) == pytest.approx(7, abs=1)


def test_429_honours_retry_after_up_to_the_cap():
    assert retry_delay(status_error(429, {"Retry-After": "3"}), 1) == 3.0
    assert retry_delay(status_error(429, {"Retry-After": "600"}), 1, retry_after_cap_s=20) == 20


@pytest.mark.parametrize("exc", [status_error(429), status_error(500), status_error(503),
                                 httpx.ReadTimeout("t"), httpx.ConnectError("c"),
                                 httpx.RemoteProtocolError("eof")])
def test_transient_failures_are_retried_with_bounded_backoff(exc):
    delay = retry_delay(exc, 2, base_s=0.5, max_s=8)
    assert delay is not None and 0.5 <= delay <= 1.0


@pytest.mark.parametrize("exc", [status_error(400), status_error(401), status_error(422),
                                 ValueError("malformed JSON"), KeyError("choices")])
def test_permanent_failures_are_not_retried(exc):
    assert retry_delay(exc, 1) is None


def test_backoff_grows_then_caps():
    assert all(0.25 <= backoff(1, 0.5, 8) <= 0.5 for _ in range(50))
    assert all(4.0 <= backoff(10, 0.5, 8) <= 8.0 for _ in range(50))
