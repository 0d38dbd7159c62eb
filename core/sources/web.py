"""Web search as a Source: Tavily, Brave or a self-hosted SearXNG, chosen by one setting.

`build_web_source` returns the configured provider, or None when web search is off or lacks its
key / URL. Keys go in headers only. Snippets lose their HTML. Every failure (timeout, 4xx/5xx
incl. 429, malformed JSON, odd shapes) becomes an empty result plus one key-free WARNING.
"""
from __future__ import annotations

import logging
from typing import Any, Protocol

import httpx

from core.ports import Document, Source
from core.upstream.calls import (
    DEFAULT_TIMEOUT_S,
    described_failures,
    expect,
    parse_json,
    request,
    strip_html,
)

log = logging.getLogger(__name__)

MAX_SNIPPET_CHARS = 2000


class _Secret(Protocol):
    def get_secret_value(self) -> str: ...


def _reveal(value: str | _Secret | None) -> str:
    if value is None:
        return ""
    return value if isinstance(value, str) else value.get_secret_value()


class _WebSource:
    """Shared search loop: subclasses say how to ask and how to read the answer."""

    name = "web"
    provider = "web"
    _snippet_key = "content"  # which result field holds the snippet

    def __init__(self, client: httpx.AsyncClient, *, user_agent: str,
                 timeout_s: float = DEFAULT_TIMEOUT_S) -> None:
        self._client = client
        self._user_agent = user_agent
        self._timeout_s = timeout_s
        self._secrets: tuple[str, ...] = ()

    async def search(self, query: str, k: int, course: str | None = None) -> list[Document]:
        """Up to k results, best first; SourceFailure (key scrubbed) on any failure."""
        if not query.strip() or k < 1:
            return []
        with described_failures(self._secrets):
            return self._documents(await self._results(query, k), k)

    async def _results(self, query: str, k: int) -> list[Any]:
        raise NotImplementedError

    def _documents(self, items: list[Any], k: int) -> list[Document]:
        docs = []
        for rank, item in enumerate(items):
            expect(item, dict, "result")
            url = item.get("url")
            text = strip_html(str(item.get(self._snippet_key) or ""))[:MAX_SNIPPET_CHARS]
            if not isinstance(url, str) or not url.startswith(("http://", "https://")) or not text:
                continue
            raw = item.get("score")
            score = float(raw) if isinstance(raw, (int, float)) else 1.0 / (1 + rank)
            docs.append(Document(text=text, title=strip_html(str(item.get("title") or url)),
                                 url_or_path=url, source_type="web", score=score,
                                 metadata={"provider": self.provider, "rank": rank}))
            if len(docs) >= k:
                break
        return docs


class TavilySource(_WebSource):
    """POST https://api.tavily.com/search with a Bearer key."""

    provider = "tavily"

    def __init__(self, client: httpx.AsyncClient, api_key: str, *, user_agent: str,
                 timeout_s: float = DEFAULT_TIMEOUT_S,
                 base_url: str = "https://api.tavily.com") -> None:
        super().__init__(client, user_agent=user_agent, timeout_s=timeout_s)
        self._api_key = api_key
        self._secrets = (api_key,)
        self._url = base_url.rstrip("/") + "/search"

    async def _results(self, query: str, k: int) -> list[Any]:
        response = await request(
            self._client, "POST", self._url, user_agent=self._user_agent, timeout_s=self._timeout_s,
            headers={"Authorization": f"Bearer {self._api_key}"},
            json_body={"query": query, "search_depth": "basic", "max_results": k,
                       "include_answer": False, "include_raw_content": False})
        payload = expect(parse_json(response), dict, "response")
        return list(expect(payload.get("results"), list, "results"))


class BraveSource(_WebSource):
    """GET https://api.search.brave.com/res/v1/web/search with X-Subscription-Token."""

    provider = "brave"
    _snippet_key = "description"

    def __init__(self, client: httpx.AsyncClient, api_key: str, *, user_agent: str,
                 timeout_s: float = DEFAULT_TIMEOUT_S,
                 base_url: str = "https://api.search.brave.com") -> None:
        super().__init__(client, user_agent=user_agent, timeout_s=timeout_s)
        self._api_key = api_key
        self._secrets = (api_key,)
        self._url = base_url.rstrip("/") + "/res/v1/web/search"

    async def _results(self, query: str, k: int) -> list[Any]:
        response = await request(
            self._client, "GET", self._url, user_agent=self._user_agent, timeout_s=self._timeout_s,
            params={"q": query, "count": str(min(k, 20))},
            headers={"Accept": "application/json", "X-Subscription-Token": self._api_key})
        payload = expect(parse_json(response), dict, "response")
        web = payload.get("web") or {"results": []}  # no web block = no web results
        return list(expect(expect(web, dict, "web").get("results"), list, "web.results"))


class SearxngSource(_WebSource):
    """GET <searxng>/search?format=json (JSON must be enabled in the instance's settings.yml)."""

    provider = "searxng"

    def __init__(self, client: httpx.AsyncClient, base_url: str, *, user_agent: str,
                 timeout_s: float = DEFAULT_TIMEOUT_S) -> None:
        super().__init__(client, user_agent=user_agent, timeout_s=timeout_s)
        self._url = base_url.rstrip("/") + "/search"

    async def _results(self, query: str, k: int) -> list[Any]:
        response = await request(self._client, "GET", self._url, user_agent=self._user_agent,
                                 timeout_s=self._timeout_s, params={"q": query, "format": "json"})
        payload = expect(parse_json(response), dict, "response")
        return list(expect(payload.get("results"), list, "results"))  # ~20 per page; cut to k later


def build_web_source(provider: str, client: httpx.AsyncClient, *,
                     tavily_key: str | _Secret | None = None,
                     brave_key: str | _Secret | None = None,
                     searxng_url: str | None = None,
                     user_agent: str = "StudyBuddy/0.1 (study assistant)",
                     timeout_s: float = DEFAULT_TIMEOUT_S) -> Source | None:
    """The configured web Source, or None for "none" or a provider missing its key / URL."""
    provider = (provider or "none").strip().lower()
    if provider == "none":
        return None
    if provider == "tavily":
        key = _reveal(tavily_key)
        if key:
            return TavilySource(client, key, user_agent=user_agent, timeout_s=timeout_s)
    elif provider == "brave":
        key = _reveal(brave_key)
        if key:
            return BraveSource(client, key, user_agent=user_agent, timeout_s=timeout_s)
    elif provider == "searxng":
        if searxng_url:
            return SearxngSource(client, searxng_url, user_agent=user_agent, timeout_s=timeout_s)
    else:
        raise ValueError(f"unknown web search provider {provider!r} (none|tavily|brave|searxng)")
    log.warning("web search %s is selected but not configured (missing key or URL); disabled",
                provider)
    return None
