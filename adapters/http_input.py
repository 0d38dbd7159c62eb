"""What the HTTP adapter accepts: the JSON body and each field or parameter, checked before the
core sees them.

Every way a request can be wrong ends here as a BadRequest (a 4xx the client reads), never as
another exception: Python's JSON parser alone raises ValueError for a 5,000-digit number,
RecursionError for deep nesting and hands back lone surrogates ("\\ud800") that no store can
encode, and `str.isdigit` accepts "²", which `int` refuses.
"""
from __future__ import annotations

import base64
import binascii
import json
from collections.abc import Mapping
from typing import Any

from aiohttp import web

from core.errors import StudyBuddyError
from core.text import clean_label, whole_number

MAX_USER_ID_CHARS = 64
MAX_COURSE_CHARS = 64


class BadRequest(StudyBuddyError):
    """A request we refuse, with the status and the message the client sees."""

    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.status = status


async def json_object(request: web.Request) -> dict[str, Any]:
    """The body as a JSON object; UTF-8 whatever the Content-Type claims (RFC 8259)."""
    raw = await request.read()  # over client_max_size: aiohttp's 413
    try:
        body = json.loads(raw.decode("utf-8"))
    except (ValueError, RecursionError) as err:  # JSONDecodeError and UnicodeDecodeError too
        raise BadRequest("body must be valid JSON") from err
    if not isinstance(body, dict):
        raise BadRequest("body must be a JSON object")
    return body


def is_text(value: str) -> bool:
    """False for strings holding lone surrogates (no UTF-8 form: unstorable, unprintable)."""
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def text_field(body: Mapping[str, Any], name: str) -> str | None:
    """A string field, stripped; None when absent. Wrong types and broken Unicode are refused."""
    value = body.get(name)
    if value is None:
        return None
    if not isinstance(value, str):
        raise BadRequest(f"'{name}' must be a string")
    if not is_text(value):
        raise BadRequest(f"'{name}' must be valid Unicode text (no lone surrogates)")
    return value.strip()


def label(value: str, name: str, limit: int) -> str:
    """An identifier-like value (user id, course): one clean line of at most `limit` characters.

    Refused rather than cleaned: "a\\nb" and "a b" must not become the same user."""
    if not value or len(value) > limit or clean_label(value, limit) != value:
        raise BadRequest(f"'{name}' must be 1 to {limit} characters on one line, without "
                         "control or direction characters")
    return value


def user_id(body: Mapping[str, Any], *, default: str | None) -> str:
    """The caller's user id; `default` when absent (None: it is required)."""
    value = text_field(body, "user_id")
    if value is None and default is not None:
        return default
    if not value:
        raise BadRequest("'user_id' must be a non-empty string")
    return label(value, "user_id", MAX_USER_ID_CHARS)


def course(body: Mapping[str, Any]) -> str | None:
    """The course the caller names, or None."""
    value = text_field(body, "course")
    if value is None:
        return None
    if not value:
        raise BadRequest("'course' must be a non-blank string")
    return label(value, "course", MAX_COURSE_CHARS)


def image(body: Mapping[str, Any], max_bytes: int) -> bytes | None:
    """A photo of the question, base64 in the `image` field; None when absent. Its length is
    checked before it is decoded: a picture over `max_bytes` is a 413."""
    value = body.get("image")
    if value is None:
        return None
    if not isinstance(value, str) or not value.isascii():
        raise BadRequest("'image' must be a base64 string")
    if len(value) > base64_length(max_bytes):
        raise BadRequest(f"'image' is larger than {max_bytes} bytes", status=413)
    try:
        data = base64.b64decode(value, validate=True)
    except (binascii.Error, ValueError) as err:
        raise BadRequest("'image' must be a base64 string") from err
    if not data:
        raise BadRequest("'image' must not be empty")
    if len(data) > max_bytes:
        raise BadRequest(f"'image' is larger than {max_bytes} bytes", status=413)
    return data


def base64_length(n: int) -> int:
    """Characters of `n` bytes in padded base64."""
    return 4 * ((n + 2) // 3)


def days(query: Mapping[str, str], default: int, maximum: int) -> int:
    """The `days` query parameter: ASCII digits from 1 to `maximum`."""
    text = query.get("days")
    value = default if text is None else whole_number(text, 1, maximum)
    if value is None:
        raise BadRequest(f"'days' must be a whole number from 1 to {maximum}")
    return value
