"""Wikipedia as a Source: Action API search, then plain-text intros of the hits.

Two requests per question (list=search, then prop=extracts for those titles), on the Arabic
Wikipedia when the question is mostly Arabic script, else the English one. Every failure becomes
an empty result plus one WARNING; the question never fails because Wikipedia did.
"""
from __future__ import annotations

from typing import Any, cast

import httpx

from core.ports import Document
from core.text import detect_language
from core.upstream.calls import (
    DEFAULT_TIMEOUT_S,
    described_failures,
    expect,
    parse_json,
    request,
    strip_html,
)

# Characters that would break a URL path; everything else (incl. Arabic letters) stays readable.
_URL_UNSAFE = {" ": "_", "%": "%25", "?": "%3F", "#": "%23", '"': "%22", "<": "%3C", ">": "%3E",
               "[": "%5B", "]": "%5D", "{": "%7B", "}": "%7D", "|": "%7C", "\\": "%5C", "^": "%5E",
               "`": "%60"}
EXTRACTS_MAX = 20  # the API returns at most 20 intro extracts per request
MAX_CHARS = 4000  # long intros are cut; generation only needs the gist


def article_url(lang: str, title: str) -> str:
    """https://<lang>.wikipedia.org/wiki/<Title> with spaces as underscores."""
    path = "".join(_URL_UNSAFE.get(ch, ch) for ch in title)
    return f"https://{lang}.wikipedia.org/wiki/{path}"


class WikipediaSource:
    """Source port over the MediaWiki Action API of <lang>.wikipedia.org."""

    name = "wikipedia"

    def __init__(self, client: httpx.AsyncClient, *, user_agent: str,
                 timeout_s: float = DEFAULT_TIMEOUT_S,
                 base_url_template: str = "https://{lang}.wikipedia.org/w/api.php") -> None:
        self._client = client
        self._user_agent = user_agent
        self._timeout_s = timeout_s
        self._base_url_template = base_url_template

    async def search(self, query: str, k: int, course: str | None = None) -> list[Document]:
        """Up to k intro extracts, best search hit first; SourceFailure on any failure."""
        if not query.strip() or k < 1:
            return []
        with described_failures():
            return await self._search(detect_language(query), query, k)

    async def _search(self, lang: str, query: str, k: int) -> list[Document]:
        hits = await self._titles(lang, query, min(k, EXTRACTS_MAX))
        if not hits:
            return []
        extracts = await self._extracts(lang, [title for title, _ in hits])
        docs = []
        for rank, (title, snippet) in enumerate(hits):
            page = extracts.get(title, {})
            text = (page.get("extract") or "").strip() or snippet
            if not text:
                continue
            docs.append(Document(
                text=text[:MAX_CHARS], title=title, url_or_path=article_url(lang, title),
                source_type="wikipedia", score=1.0 / (1 + rank),
                metadata={"lang": lang, "pageid": page.get("pageid"), "rank": rank}))
        return docs

    async def _get(self, lang: str, params: dict[str, Any]) -> dict[str, Any]:
        url = self._base_url_template.format(lang=lang)
        response = await request(self._client, "GET", url, user_agent=self._user_agent,
                                 timeout_s=self._timeout_s,
                                 params={**params, "format": "json", "formatversion": "2"})
        payload = expect(parse_json(response), dict, "response")
        if "error" in payload:  # API errors come back as HTTP 200 with an error object
            code = payload["error"].get("code", "?") if isinstance(payload["error"], dict) else "?"
            raise RuntimeError(f"API error {str(code)[:40]}")
        return cast(dict[str, Any], payload)

    async def _titles(self, lang: str, query: str, limit: int) -> list[tuple[str, str]]:
        payload = await self._get(lang, {"action": "query", "list": "search", "srsearch": query,
                                         "srlimit": str(limit), "srprop": "snippet"})
        results = expect(expect(payload.get("query"), dict, "query").get("search"), list, "search")
        hits = []
        for item in results:
            expect(item, dict, "search item")
            title = expect(item.get("title"), str, "title")
            hits.append((title, strip_html(item.get("snippet") or "")))
        return hits

    async def _extracts(self, lang: str, titles: list[str]) -> dict[str, dict[str, Any]]:
        payload = await self._get(lang, {"action": "query", "prop": "extracts", "exintro": "1",
                                         "explaintext": "1", "exlimit": str(EXTRACTS_MAX),
                                         "titles": "|".join(titles), "redirects": "1"})
        pages = expect(expect(payload.get("query"), dict, "query").get("pages", []), list, "pages")
        by_title = {}
        for page in pages:
            if (isinstance(page, dict) and isinstance(page.get("title"), str)
                    and not page.get("missing")):
                by_title[page["title"]] = page
        return by_title
