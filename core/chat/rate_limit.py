"""Per-user rate limits: a sliding window of the last minute, in this process or shared.

One process keeps its windows in memory; several processes behind one bot share a Postgres
table (core/stores/postgres_rate_limit.py), so a user's limit is exact whichever process
answers. Both count an allowed question and tell a refused one how long to wait.
"""
from __future__ import annotations

import time
from collections import defaultdict, deque
from collections.abc import Callable

from core.ports import WINDOW_S


class MemoryRateLimiter:
    """The one-process limiter; memory stays bounded under many one-off users."""

    def __init__(self, clock: Callable[[], float] = time.monotonic,
                 max_keys: int = 10_000) -> None:
        self._clock = clock
        self._max_keys = max_keys
        self._recent: dict[str, deque[float]] = defaultdict(deque)

    async def acquire(self, key: str, limit: int) -> int:
        now = self._clock()
        window = self._recent[key]
        while window and now - window[0] >= WINDOW_S:
            window.popleft()
        if len(window) >= limit:
            return max(1, int(WINDOW_S - (now - window[0])) + 1)
        window.append(now)
        if len(self._recent) > self._max_keys:
            for stale in [k for k, w in self._recent.items() if not w or now - w[-1] >= WINDOW_S]:
                del self._recent[stale]
        return 0

    async def reset(self, key: str) -> None:
        self._recent.pop(key, None)
