"""Web search providers against httpx.MockTransport with payloads shaped like each real API."""
from __future__ import annotations

import json
import logging

import httpx
import pytest
from pydantic import SecretStr

from core.sources.web import BraveSource, SearxngSource, TavilySource, build_web_source
from core.upstream.calls import SourceFailure

UA = "StudyBuddy/0.1 (tests; admin@example.org)"
TAVILY_KEY = "tvly-dev-SECRET123"
BRAVE_KEY = "BSA-SECRET-456"

TAVILY = {
    "query": "what is a binary search tree", "follow_up_questions": None, "answer": None,
    "images": [], "response_time": 1.09,
    "results": [
        {"title": "Binary search tree - Wikipedia", "url": "https://en.wikipedia.org/wiki/Binary_search_tree",
         "content": "In computer science, a <b>binary search tree</b> (BST) is a rooted binary tree.",
         "score": 0.91, "raw_content": None},
        {"title": "BST &amp; friends", "url": "https://example.edu/bst",
         "content": "Each node&#39;s left subtree holds smaller keys.", "score": 0.72,
         "raw_content": None},
    ]}
BRAVE = {
    "type": "search",
    "query": {"original": "binary search tree", "more_results_available": True},
    "mixed": {"type": "mixed", "main": [{"type": "web", "index": 0, "all": False}]},
    "web": {"type": "search", "family_friendly": True, "results": [
        {"type": "search_result", "title": "Binary Search Tree - GeeksforGeeks",
         "url": "https://www.geeksforgeeks.org/binary-search-tree/", "is_source_local": False,
         "description": "A <strong>Binary Search Tree</strong> is a data structure used for "
                        "organizing &amp; storing data.", "language": "en",
         "meta_url": {"scheme": "https", "netloc": "geeksforgeeks.org"}},
        {"type": "search_result", "title": "No snippet", "url": "https://example.com/x",
         "description": ""},
    ]}}
SEARXNG = {
    "query": "binary search tree", "number_of_results": 0,
    "results": [
        {"url": "https://en.wikipedia.org/wiki/Binary_search_tree", "title": "Binary search tree",
         "content": "A <em>binary search tree</em> is a rooted binary tree data structure",
         "engine": "wikipedia", "engines": ["wikipedia", "duckduckgo"], "positions": [1, 2],
         "score": 4.5, "category": "general", "parsed_url": ["https", "en.wikipedia.org"]},
        {"url": "https://cs.example.org/bst", "title": "BST notes", "content": "Lecture notes.",
         "engine": "bing", "engines": ["bing"], "score": 1.0, "category": "general"},
        {"url": "https://cs.example.org/avl", "title": "AVL", "content": "Balanced trees.",
         "engine": "bing", "engines": ["bing"], "score": 0.5, "category": "general"},
    ],
    "answers": [], "corrections": [], "infoboxes": [], "suggestions": [],
    "unresponsive_engines": []}


def client_with(handler, seen: list | None = None) -> httpx.AsyncClient:
    def record(request: httpx.Request) -> httpx.Response:
        if seen is not None:
            seen.append(request)
        return handler(request)
    return httpx.AsyncClient(transport=httpx.MockTransport(record))


def ok(body: dict):
    return lambda request: httpx.Response(200, json=body)


async def test_tavily_posts_json_with_bearer_key_and_strips_html():
    seen: list[httpx.Request] = []
    source = TavilySource(client_with(ok(TAVILY), seen), TAVILY_KEY, user_agent=UA)
    docs = await source.search("what is a binary search tree", 5)
    assert [d.url_or_path for d in docs] == ["https://en.wikipedia.org/wiki/Binary_search_tree",
                                             "https://example.edu/bst"]
    assert docs[0].text == "In computer science, a binary search tree (BST) is a rooted binary tree."
    assert docs[1].title == "BST & friends" and docs[1].text.startswith("Each node's left")
    assert docs[0].source_type == "web" and docs[0].score == 0.91
    [request] = seen
    assert request.method == "POST" and str(request.url) == "https://api.tavily.com/search"
    assert request.headers["Authorization"] == f"Bearer {TAVILY_KEY}"
    body = json.loads(request.content)
    assert body["query"] == "what is a binary search tree" and body["max_results"] == 5
    assert TAVILY_KEY not in str(request.url) and TAVILY_KEY not in request.content.decode()


async def test_brave_sends_subscription_token_header_and_skips_empty_snippets():
    seen: list[httpx.Request] = []
    source = BraveSource(client_with(ok(BRAVE), seen), BRAVE_KEY, user_agent=UA)
    [doc] = await source.search("binary search tree", 5)
    assert doc.text == ("A Binary Search Tree is a data structure used for organizing & "
                        "storing data.")
    [request] = seen
    assert request.url.path == "/res/v1/web/search" and request.url.params["q"] == "binary search tree"
    assert request.url.params["count"] == "5"
    assert request.headers["X-Subscription-Token"] == BRAVE_KEY and BRAVE_KEY not in str(request.url)


async def test_brave_without_web_block_means_no_results(caplog):
    source = BraveSource(client_with(ok({"type": "search", "query": {"original": "x"}})),
                         BRAVE_KEY, user_agent=UA)
    assert await source.search("x", 5) == [] and not caplog.records


async def test_searxng_asks_for_json_and_cuts_to_k():
    seen: list[httpx.Request] = []
    source = SearxngSource(client_with(ok(SEARXNG), seen), "http://searx.local:8080/",
                           user_agent=UA)
    docs = await source.search("binary search tree", 2)
    assert len(docs) == 2 and docs[0].text.startswith("A binary search tree is a rooted")
    [request] = seen
    assert str(request.url).startswith("http://searx.local:8080/search?")
    assert request.url.params["format"] == "json"


def test_factory_picks_the_configured_provider_or_none(caplog):
    client = httpx.AsyncClient()
    assert build_web_source("none", client) is None
    assert isinstance(build_web_source("tavily", client, tavily_key=SecretStr(TAVILY_KEY)),
                      TavilySource)
    assert isinstance(build_web_source("brave", client, brave_key=BRAVE_KEY), BraveSource)
    assert isinstance(build_web_source("searxng", client, searxng_url="http://s"), SearxngSource)
    with caplog.at_level(logging.WARNING):
        assert build_web_source("tavily", client, tavily_key=SecretStr("")) is None
        assert build_web_source("brave", client) is None
        assert build_web_source("searxng", client) is None
    assert len(caplog.records) == 3
    with pytest.raises(ValueError, match="unknown web search provider"):
        build_web_source("bing", client)


def fails_with(status: int, body: bytes = b"", headers: dict | None = None):
    return lambda request: httpx.Response(status, content=body, headers=headers)


def raises(exc: Exception):
    def handler(request: httpx.Request) -> httpx.Response:
        raise exc
    return handler


FAILURES = {
    "timeout": raises(httpx.ConnectTimeout("timed out")),
    "connection": raises(httpx.ConnectError("refused")),
    "401 echoing the key": fails_with(401, json.dumps(
        {"detail": {"error": f"Unauthorized: invalid API key {TAVILY_KEY} {BRAVE_KEY}"}}).encode()),
    "429": fails_with(429, b'{"detail": {"error": "usage limit"}}', {"Retry-After": "60"}),
    "432 plan limit": fails_with(432, b"{}"),
    "500": fails_with(500, b"Internal Server Error"),
    "malformed json": fails_with(200, b'{"results": [{"url": '),
    "results not a list": fails_with(200, b'{"results": {"a": 1}, "web": {"results": 3}}'),
    "result not an object": fails_with(200, b'{"results": ["x"], "web": {"results": ["x"]}}'),
}


@pytest.mark.parametrize("provider", ["tavily", "brave", "searxng"])
@pytest.mark.parametrize("handler", FAILURES.values(), ids=FAILURES.keys())
async def test_every_failure_raises_one_key_free_line(provider, handler, caplog):
    source = build_web_source(provider, client_with(handler), tavily_key=TAVILY_KEY,
                              brave_key=BRAVE_KEY, searxng_url="http://searx.local",
                              user_agent=UA)
    with caplog.at_level(logging.DEBUG), pytest.raises(SourceFailure) as caught:
        await source.search("binary search tree", 5)
    reason = str(caught.value)
    assert reason and TAVILY_KEY not in reason and BRAVE_KEY not in reason
    assert caught.value.__cause__ is None and caught.value.__suppress_context__
    assert TAVILY_KEY not in caplog.text and BRAVE_KEY not in caplog.text
