"""The one retry policy for Mistral calls: which failures are worth retrying, and how long to wait.

Retried: 429 (honouring Retry-After, capped), 5xx, timeouts and connection errors. Never retried:
other 4xx (bad request, bad key, validation) and malformed bodies, which a retry cannot fix.
Backoff is capped exponential with "equal jitter" (half fixed, half random) so concurrent callers
spread out without ever retrying instantly.
"""
from __future__ import annotations

import random
import time
from email.utils import parsedate_to_datetime

import httpx

DEFAULT_BASE_DELAY_S = 0.5
DEFAULT_MAX_DELAY_S = 8.0
DEFAULT_RETRY_AFTER_CAP_S = 20.0


def parse_retry_after(value: str | None, *, now: float | None = None) -> float | None:
    """Seconds from a Retry-After header (delta-seconds, fractional tolerated, or an HTTP date)."""
    if not value:
        return None
    value = value.strip()
    try:
        seconds = float(value)
    except ValueError:
        try:
            when = parsedate_to_datetime(value)
        except (TypeError, ValueError):
            return None
        if when is None:
            return None
        seconds = when.timestamp() - (time.time() if now is None else now)
    return max(0.0, seconds) if seconds == seconds else None  # NaN -> None


def backoff(attempt: int, base_s: float = DEFAULT_BASE_DELAY_S,
            max_s: float = DEFAULT_MAX_DELAY_S) -> float:
    """Wait before retry number `attempt` (1-based): in [d/2, d], d = min(max, base * 2^(n-1))."""
    ceiling = min(max_s, base_s * 2 ** max(0, attempt - 1))
    return float(ceiling / 2 + random.uniform(0, ceiling / 2))


def retry_delay(exc: BaseException, attempt: int, *, base_s: float = DEFAULT_BASE_DELAY_S,
                max_s: float = DEFAULT_MAX_DELAY_S,
                retry_after_cap_s: float = DEFAULT_RETRY_AFTER_CAP_S) -> float | None:
    """Seconds to wait before retrying after exc, or None when exc is not retryable."""
    if isinstance(exc, httpx.HTTPStatusError):
        status = exc.response.status_code
        if status == 429:
            hinted = parse_retry_after(exc.response.headers.get("Retry-After"))
            if hinted is not None:
                return min(hinted, retry_after_cap_s)
            return backoff(attempt, base_s, max_s)
        return backoff(attempt, base_s, max_s) if status >= 500 else None
    if isinstance(exc, (httpx.TimeoutException, httpx.NetworkError, httpx.RemoteProtocolError)):
        return backoff(attempt, base_s, max_s)
    return None


def is_rate_limit(exc: BaseException) -> bool:
    return isinstance(exc, httpx.HTTPStatusError) and exc.response.status_code == 429
