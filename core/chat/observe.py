"""What the service reports as it works (replies, latency, votes, failed upstreams), for metrics.

The core only calls an Observer; the Prometheus exposition lives with the HTTP adapter
(adapters/metrics.py). With no observer nothing is counted.
"""
from __future__ import annotations

from core.messages import Reply


class NoObserver:
    """The default: nothing is recorded."""

    def replied(self, reply: Reply, seconds: float) -> None:
        return None

    def voted(self, value: int, reason: str) -> None:
        return None
