"""arXiv as a Source: the export API's Atom feed, parsed namespace-aware with ElementTree.

arXiv's terms allow one request every 3 s over one connection, so every call goes through an
asyncio.Lock and waits out the gap since the previous request finished (clock and sleep are
injectable so tests check the spacing without sleeping). Recent answers are cached, since a
retry pass often repeats a query. Failures, including arXiv's "Error" entries, become an empty
result plus one WARNING.
"""
from __future__ import annotations

import asyncio
import re
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from xml.etree import ElementTree as ET

import httpx

from core.ports import Document
from core.upstream.calls import (
    DEFAULT_TIMEOUT_S,
    UnexpectedShape,
    collapse,
    described_failures,
    request,
)

NS = {"atom": "http://www.w3.org/2005/Atom", "arxiv": "http://arxiv.org/schemas/atom",
      "opensearch": "http://a9.com/-/spec/opensearch/1.1/"}
MIN_INTERVAL_S = 3.0  # https://info.arxiv.org/help/api/tou.html
MAX_KEYWORDS = 5
CACHE_SIZE = 128
CACHE_TTL_S = 3600.0
_WORD = re.compile(r"[A-Za-z0-9][A-Za-z0-9\-]*")
_FIELD_SYNTAX = re.compile(r"\b(ti|au|abs|co|jr|cat|rn|id|all):")
_ABS_ID = re.compile(r"arxiv\.org/abs/(\S+)$")
_STOPWORDS = frozenset("""a an and are as at be between by can do does for from how i in into is it
its of on or that the their these this to was were what when where which who why will with
explain describe difference versus vs about please tell me""".split())


def search_query(question: str) -> str:
    """arXiv search_query: explicit field syntax passes through; otherwise the question's first
    MAX_KEYWORDS content words ANDed over all fields (ORing them returns mostly noise)."""
    if _FIELD_SYNTAX.search(question):
        return question
    words: list[str] = []
    for word in _WORD.findall(question.lower()):
        if word not in _STOPWORDS and len(word) > 1 and word not in words:
            words.append(word)
    return " AND ".join(f"all:{w}" for w in words[:MAX_KEYWORDS])


def parse_feed(xml: bytes) -> list[Document]:
    """Documents from an arXiv Atom feed; an "Error" entry raises UnexpectedShape."""
    root = ET.fromstring(xml)
    if root.tag != f"{{{NS['atom']}}}feed":
        raise UnexpectedShape(f"root element is {root.tag[:60]}")
    docs = []
    for rank, entry in enumerate(root.findall("atom:entry", NS)):
        title = collapse(entry.findtext("atom:title", "", NS))
        summary = collapse(entry.findtext("atom:summary", "", NS))
        if title == "Error":
            raise UnexpectedShape(f"arXiv error entry: {summary[:120]}")
        entry_id = (entry.findtext("atom:id", "", NS) or "").strip()
        match = _ABS_ID.search(entry_id)
        if not (match and summary):
            continue
        abs_url = next((link.get("href", "") for link in entry.findall("atom:link", NS)
                        if link.get("rel") == "alternate"), "") or entry_id
        pdf_url = next((link.get("href", "") for link in entry.findall("atom:link", NS)
                        if link.get("title") == "pdf"), "")
        category = entry.find("arxiv:primary_category", NS)
        docs.append(Document(
            text=summary, title=title, url_or_path=abs_url.replace("http://", "https://", 1),
            source_type="arxiv", score=1.0 / (1 + rank),
            metadata={"arxiv_id": match.group(1), "rank": rank,
                      "authors": [collapse(a.findtext("atom:name", "", NS))
                                  for a in entry.findall("atom:author", NS)],
                      "published": entry.findtext("atom:published", "", NS),
                      "primary_category": category.get("term") if category is not None else None,
                      "pdf_url": pdf_url.replace("http://", "https://", 1) or None,
                      "doi": entry.findtext("arxiv:doi", None, NS)}))
    return docs


class ArxivSource:
    """Source port over https://export.arxiv.org/api/query, politely serialised."""

    name = "arxiv"

    def __init__(self, client: httpx.AsyncClient, *, user_agent: str,
                 timeout_s: float = DEFAULT_TIMEOUT_S,
                 base_url: str = "https://export.arxiv.org/api/query",
                 min_interval_s: float = MIN_INTERVAL_S,
                 clock: Callable[[], float] = time.monotonic,
                 sleep: Callable[[float], Awaitable[object]] = asyncio.sleep) -> None:
        self._client = client
        self._user_agent = user_agent
        self._timeout_s = timeout_s
        self._base_url = base_url
        self._min_interval_s = min_interval_s
        self._clock = clock
        self._sleep = sleep
        self._lock = asyncio.Lock()  # one connection at a time
        self._last_done: float | None = None
        self._cache: OrderedDict[tuple[str, int], tuple[float, list[Document]]] = OrderedDict()

    async def search(self, query: str, k: int, course: str | None = None) -> list[Document]:
        """Up to k abstracts by relevance; SourceFailure on any failure."""
        with described_failures():
            return await self._search(query, k)

    async def _search(self, query: str, k: int) -> list[Document]:
        expression = search_query(query)
        if not expression or k < 1:
            return []
        key = (expression, k)
        cached = self._cache.get(key)
        if cached and self._clock() - cached[0] < CACHE_TTL_S:
            return list(cached[1])
        docs = await self._fetch(expression, k)
        self._cache[key] = (self._clock(), docs)
        while len(self._cache) > CACHE_SIZE:
            self._cache.popitem(last=False)
        return list(docs)

    async def _fetch(self, expression: str, k: int) -> list[Document]:
        async with self._lock:
            if self._last_done is not None:
                wait = self._last_done + self._min_interval_s - self._clock()
                if wait > 0:
                    await self._sleep(wait)
            try:
                response = await request(
                    self._client, "GET", self._base_url, user_agent=self._user_agent,
                    timeout_s=self._timeout_s,
                    params={"search_query": expression, "start": "0", "max_results": str(k),
                            "sortBy": "relevance", "sortOrder": "descending"})
            finally:
                self._last_done = self._clock()  # failed requests count against the rate too
        return parse_feed(response.content)[:k]
