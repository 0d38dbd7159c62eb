"""Calling upstream HTTP APIs (Wikipedia, arXiv, web search, Jina, Mistral): shared plumbing.

One request with an explicit timeout and a descriptive User-Agent; any failure turned into a
short reason fit for one WARNING line. Keys travel in headers, never in URLs, and `scrub` removes
them from reasons anyway in case an upstream echoes one back. Nothing here logs or retries.
"""
from __future__ import annotations

import html
import json
import re
from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from typing import Any
from xml.etree.ElementTree import ParseError

import httpx

from core.errors import UpstreamError

DEFAULT_TIMEOUT_S = 8.0
_TAG = re.compile(r"<[^>]*>")
_SPACE = re.compile(r"\s+")


class SourceFailure(UpstreamError, RuntimeError):
    """A source could not answer. The message is one safe line: no URL, body or key.
    `unreachable`: no connection could be made at all (no network, DNS failure, refused)."""

    def __init__(self, reason: str, *, unreachable: bool = False) -> None:
        super().__init__(reason)
        self.unreachable = unreachable


@contextmanager
def described_failures(secrets: Iterable[str] = ()) -> Iterator[None]:
    """Turn any failure inside the block into a SourceFailure carrying its safe description."""
    try:
        yield
    except SourceFailure:
        raise
    except Exception as exc:
        raise SourceFailure(describe_failure(exc, secrets),
                            unreachable=isinstance(exc, httpx.ConnectError)) from None


class UnexpectedShape(UpstreamError, ValueError):
    """The payload parsed, but is not shaped like the documented API response."""


async def request(client: httpx.AsyncClient, method: str, url: str, *, user_agent: str,
                  timeout_s: float, params: Mapping[str, Any] | None = None,
                  json_body: Any = None, headers: Mapping[str, str] | None = None
                  ) -> httpx.Response:
    """Send one request; raises httpx errors (incl. HTTPStatusError for 4xx/5xx)."""
    merged = {"User-Agent": user_agent, **(headers or {})}
    response = await client.request(method, url, params=params, json=json_body, headers=merged,
                                    timeout=timeout_s)
    response.raise_for_status()
    return response


def parse_json(response: httpx.Response) -> Any:
    """The body as JSON; a body that is not JSON becomes UnexpectedShape."""
    try:
        return response.json()
    except ValueError as exc:  # JSONDecodeError and UnicodeDecodeError are ValueErrors
        raise UnexpectedShape("malformed JSON") from exc


def expect(value: Any, kind: type | tuple[type, ...], what: str) -> Any:
    """Return value if it has the documented type, else raise UnexpectedShape naming it."""
    if not isinstance(value, kind):
        raise UnexpectedShape(f"{what} is {type(value).__name__}")
    return value


def describe_failure(exc: BaseException, secrets: Iterable[str] = ()) -> str:
    """A one-line reason without URLs, bodies or keys."""
    if isinstance(exc, httpx.HTTPStatusError):
        status = exc.response.status_code
        reason = f"HTTP {status}"
        if status == 429:
            reason += " (rate limited"
            retry_after = exc.response.headers.get("Retry-After")
            reason += f", Retry-After {retry_after[:20]})" if retry_after else ")"
        elif status == 402:
            reason += " (payment required / quota used up)"
    elif isinstance(exc, httpx.TimeoutException):
        reason = f"timed out ({type(exc).__name__})"
    elif isinstance(exc, httpx.RequestError):
        reason = f"connection error ({type(exc).__name__})"
    elif isinstance(exc, json.JSONDecodeError):
        reason = "malformed JSON"
    elif isinstance(exc, ParseError):
        reason = "malformed XML"
    elif isinstance(exc, UnexpectedShape):
        reason = f"unexpected response shape: {exc}"
    elif isinstance(exc, (KeyError, TypeError, IndexError, AttributeError, ValueError)):
        reason = f"unexpected response shape ({type(exc).__name__})"
    else:
        reason = f"{type(exc).__name__}: {exc}"[:200]
    return scrub(reason, secrets)


def scrub(text: str, secrets: Iterable[str]) -> str:
    """Replace every non-empty secret in text with ***."""
    for secret in secrets:
        if secret:
            text = text.replace(secret, "***")
    return text


def strip_html(text: str) -> str:
    """Snippet HTML (<span class="searchmatch">, <strong>, entities) to plain single-spaced text."""
    return _SPACE.sub(" ", html.unescape(_TAG.sub("", text or ""))).strip()


def collapse(text: str) -> str:
    """Collapse runs of whitespace (Atom titles and abstracts wrap lines)."""
    return _SPACE.sub(" ", text or "").strip()
