"""Prometheus metrics (GET /metrics on the HTTP adapter), names prefixed `studybuddy_`.

An Observer of the core service: replies by route and confidence, latency of fast and study
replies, LLM calls, failed upstream sources, votes; the queue depth is read when scraped. Each
instance has its own registry, so several bots (or tests) in one process do not collide.
"""
from __future__ import annotations

from collections.abc import Callable

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, generate_latest
from prometheus_client.exposition import CONTENT_TYPE_LATEST

from core.messages import Reply

CONTENT_TYPE = CONTENT_TYPE_LATEST
FAST_BUCKETS = (0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25)
STUDY_BUCKETS = (0.25, 0.5, 1.0, 2.0, 4.0, 8.0, 15.0, 30.0, 60.0, 120.0)


class PrometheusMetrics:
    """Observer port over a prometheus_client registry."""

    def __init__(self, queue_depth: Callable[[], float] | None = None) -> None:
        self.registry = CollectorRegistry()
        self.replies = Counter("studybuddy_replies", "Replies sent, by how they were made",
                               ["path", "route", "confidence"], registry=self.registry)
        self.latency = {
            "fast": Histogram("studybuddy_fast_reply_seconds",
                              "Greetings, refusals and notices: time from message to reply",
                              registry=self.registry, buckets=FAST_BUCKETS),
            "study": Histogram("studybuddy_study_reply_seconds",
                               "Study answers: time from message to reply",
                               registry=self.registry, buckets=STUDY_BUCKETS)}
        self.llm_calls = Counter("studybuddy_llm_calls", "LLM calls made for replies",
                                 registry=self.registry)
        self.upstream_errors = Counter("studybuddy_upstream_errors",
                                       "Outside sources that failed or were skipped, by source",
                                       ["dependency"], registry=self.registry)
        self.votes = Counter("studybuddy_votes", "Votes on answers", ["vote", "reason"],
                             registry=self.registry)
        self.queue = Gauge("studybuddy_queue_depth", "Study questions waiting or being answered",
                           registry=self.registry)
        if queue_depth is not None:
            self.queue.set_function(queue_depth)

    def replied(self, reply: Reply, seconds: float) -> None:
        path = "fast" if reply.is_fast_path else "study"
        route = reply.route[-1] if reply.route else (reply.notice or "none")
        self.replies.labels(path, route, reply.confidence.value).inc()
        self.latency[path].observe(seconds)
        if reply.llm_calls:
            self.llm_calls.inc(reply.llm_calls)
        for dependency in reply.unavailable:
            self.upstream_errors.labels(dependency).inc()

    def voted(self, value: int, reason: str) -> None:
        self.votes.labels("up" if value > 0 else "down", reason or "none").inc()

    def exposition(self) -> bytes:
        return generate_latest(self.registry)

