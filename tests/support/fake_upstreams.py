"""Fake HTTP upstreams behind one httpx.MockTransport: Wikipedia, arXiv, Tavily, Jina, Supabase.

Each upstream answers like the real API when healthy and can be switched to one fault:
timeout (the client's timeout firing: httpx.ReadTimeout after a short wait), 429 with
Retry-After, 5xx, a malformed body, or connection refused. Every request is recorded per
upstream so tests can count upstream calls (and repeated identical requests = retries).
"""
from __future__ import annotations

import asyncio
import json
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

import httpx

FAULTS = ("timeout", "429", "5xx", "malformed", "refused")
HOSTS = {"en.wikipedia.org": "wikipedia", "export.arxiv.org": "arxiv", "api.tavily.com": "web",
         "api.jina.ai": "jina", "sb.test": "supabase"}
SUPABASE_URL = "http://sb.test"

MERGE = ("Merge sort divides the array into two halves, sorts each half recursively and merges "
         "the sorted halves. Merge sort runs in O(n log n) time in the worst case.")
QUICK_WIKI = ("Quicksort is a divide-and-conquer sorting algorithm. Quicksort picks a pivot and "
              "partitions the array; its average time complexity is O(n log n).")
ARXIV_ABSTRACT = ("We analyse the time complexity of merge sort and quicksort on modern caches "
                  "and compare both sorting algorithms experimentally.")
WEB_SNIPPET = ("Merge sort and quicksort are both O(n log n) on average; quicksort has a "
               "quadratic worst case while merge sort does not.")

ATOM = f"""<?xml version="1.0" encoding="UTF-8"?>
<feed xmlns="http://www.w3.org/2005/Atom"><title>arXiv Query</title>
<entry><id>http://arxiv.org/abs/2101.00001v1</id><title>Sorting on caches</title>
<summary>{ARXIV_ABSTRACT}</summary>
<link href="http://arxiv.org/abs/2101.00001v1" rel="alternate" type="text/html"/>
<link title="pdf" href="http://arxiv.org/pdf/2101.00001v1" rel="related"/></entry></feed>"""


def _wikipedia(request: httpx.Request) -> httpx.Response:
    if request.url.params.get("list") == "search":
        return httpx.Response(200, json={"query": {"search": [
            {"title": "Quicksort", "snippet": "Quicksort is a <b>sorting</b> algorithm"}]}})
    return httpx.Response(200, json={"query": {"pages": [
        {"pageid": 1, "title": "Quicksort", "extract": QUICK_WIKI}]}})


def _tavily(request: httpx.Request) -> httpx.Response:
    return httpx.Response(200, json={"results": [
        {"url": "https://cs.example.edu/sorting", "title": "Sorting compared",
         "content": WEB_SNIPPET, "score": 0.9}]})


def _jina(request: httpx.Request) -> httpx.Response:
    n = len(json.loads(request.content)["documents"])
    return httpx.Response(200, json={"results": [
        {"index": i, "relevance_score": 0.9 - 0.05 * i} for i in range(n)]})


def _supabase(request: httpx.Request) -> httpx.Response:
    if request.url.path.endswith("/rpc/hybrid_search"):
        return httpx.Response(200, json=[{
            "id": "c1", "content": MERGE, "parent_id": "p1", "parent_text": MERGE,
            "title": "Sorting › Merge sort", "url": "02-sorting.md", "course": "cs101",
            "doc_type": "lecture", "lang": "en", "score": 0.03}])
    return httpx.Response(200, json=0)


HEALTHY: dict[str, Callable[[httpx.Request], httpx.Response]] = {
    "wikipedia": _wikipedia, "arxiv": lambda r: httpx.Response(200, text=ATOM),
    "web": _tavily, "jina": _jina, "supabase": _supabase}


@dataclass
class Upstreams:
    """Routes by host; `fault[name] = "5xx"` (etc.) breaks one upstream, `None` heals it."""

    fault: dict[str, str | None] = field(default_factory=dict)
    calls: dict[str, list[httpx.Request]] = field(default_factory=dict)
    echo_key_in_errors: str | None = None  # a 401 body that echoes the key (canary tests)

    def transport(self) -> httpx.MockTransport:
        return httpx.MockTransport(self._handle)

    def count(self, name: str) -> int:
        return len(self.calls.get(name, []))

    def max_repeats(self, name: str) -> int:
        """Most times one identical request was sent: 1 = no retries, 3 = two retries."""
        keys = Counter(f"{r.method} {r.url} {r.content!r}" for r in self.calls.get(name, []))
        return max(keys.values(), default=0)

    async def _handle(self, request: httpx.Request) -> httpx.Response:
        name = HOSTS[request.url.host]
        self.calls.setdefault(name, []).append(request)
        fault = self.fault.get(name)
        if fault is None:
            return HEALTHY[name](request)
        if fault == "timeout":
            await asyncio.sleep(0.05)
            raise httpx.ReadTimeout("timed out", request=request)
        if fault == "refused":
            raise httpx.ConnectError("[Errno 111] Connection refused", request=request)
        if fault == "429":
            return httpx.Response(429, headers={"Retry-After": "1"}, json={
                "code": "429", "message": "Too many requests", "details": None, "hint": None})
        if fault == "5xx":
            return httpx.Response(503, json={"code": "503", "message": "Service unavailable",
                                             "details": None, "hint": None})
        if fault == "401":
            return httpx.Response(401, json={"detail": f"Invalid API key {self.echo_key_in_errors}"})
        if fault == "malformed":
            body = "<feed><entry" if name == "arxiv" else '{"results": [{"ind'
            return httpx.Response(200, text=body, headers={"Content-Type": "application/json"})
        raise AssertionError(f"unknown fault {fault}")
