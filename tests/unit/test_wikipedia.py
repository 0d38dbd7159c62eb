"""WikipediaSource against httpx.MockTransport with payloads shaped like the Action API's."""
from __future__ import annotations

import json
import logging

import httpx
import pytest

from core.sources.wikipedia import WikipediaSource, article_url
from core.upstream.calls import SourceFailure

UA = "StudyBuddy/0.1 (tests; admin@example.org)"

EN_SEARCH = {
    "batchcomplete": True, "continue": {"sroffset": 2, "continue": "-||"},
    "query": {"searchinfo": {"totalhits": 8124}, "search": [
        {"ns": 0, "title": "Photosynthesis", "pageid": 24544,
         "snippet": "<span class=\"searchmatch\">Photosynthesis</span> is a system of biological "
                    "processes by which photosynthetic organisms&#039; cells convert light"},
        {"ns": 0, "title": "Light-dependent reactions", "pageid": 1577094,
         "snippet": "The <span class=\"searchmatch\">light</span>-dependent reactions &amp; more"},
    ]}}
EN_EXTRACTS = {"batchcomplete": True, "query": {"pages": [
    {"pageid": 1577094, "ns": 0, "title": "Light-dependent reactions", "extract": ""},
    {"pageid": 24544, "ns": 0, "title": "Photosynthesis",
     "extract": "Photosynthesis is a system of biological processes by which photosynthetic "
                "organisms convert light energy into chemical energy."},
]}}
AR_SEARCH = {
    "batchcomplete": True,
    "query": {"searchinfo": {"totalhits": 312}, "search": [
        {"ns": 0, "title": "تمثيل ضوئي", "pageid": 21417,
         "snippet": "<span class=\"searchmatch\">التمثيل</span> الضوئي هو عملية"},
    ]}}
AR_EXTRACTS = {"batchcomplete": True, "query": {"pages": [
    {"pageid": 21417, "ns": 0, "title": "تمثيل ضوئي",
     "extract": "التمثيل الضوئي هو عملية تحويل الطاقة الضوئية إلى طاقة كيميائية."},
]}}


def source_with(handler) -> tuple[WikipediaSource, list[httpx.Request]]:
    seen: list[httpx.Request] = []

    def record(request: httpx.Request) -> httpx.Response:
        seen.append(request)
        return handler(request)

    client = httpx.AsyncClient(transport=httpx.MockTransport(record))
    return WikipediaSource(client, user_agent=UA, timeout_s=2.0), seen


def api(search: dict, extracts: dict):
    def handler(request: httpx.Request) -> httpx.Response:
        body = search if request.url.params.get("list") == "search" else extracts
        return httpx.Response(200, json=body)
    return handler


async def test_english_question_searches_then_fetches_intro_extracts():
    source, seen = source_with(api(EN_SEARCH, EN_EXTRACTS))
    docs = await source.search("How does photosynthesis work?", 5)
    assert [d.title for d in docs] == ["Photosynthesis", "Light-dependent reactions"]
    first, second = docs
    assert first.text.startswith("Photosynthesis is a system") and first.source_type == "wikipedia"
    assert first.url_or_path == "https://en.wikipedia.org/wiki/Photosynthesis"
    assert first.metadata["lang"] == "en" and first.score > second.score
    # an empty intro falls back to the search snippet, without its HTML
    assert second.text == "The light-dependent reactions & more"
    search, extracts = seen
    assert search.url.host == "en.wikipedia.org" and search.url.path == "/w/api.php"
    assert search.url.params["srsearch"] == "How does photosynthesis work?"
    assert search.url.params["formatversion"] == "2" and search.url.params["srlimit"] == "5"
    assert extracts.url.params["prop"] == "extracts" and extracts.url.params["exintro"] == "1"
    assert extracts.url.params["explaintext"] == "1"
    assert extracts.url.params["titles"] == "Photosynthesis|Light-dependent reactions"
    assert all(r.headers["User-Agent"] == UA for r in seen)


async def test_arabic_question_uses_arabic_wikipedia():
    source, seen = source_with(api(AR_SEARCH, AR_EXTRACTS))
    [doc] = await source.search("ما هو التمثيل الضوئي؟", 5)
    assert seen[0].url.host == "ar.wikipedia.org"
    assert doc.url_or_path == "https://ar.wikipedia.org/wiki/تمثيل_ضوئي"
    assert doc.text.startswith("التمثيل الضوئي") and doc.metadata["lang"] == "ar"


async def test_no_hits_means_one_request_and_no_documents(caplog):
    empty = {"batchcomplete": True, "query": {"searchinfo": {"totalhits": 0}, "search": []}}
    source, seen = source_with(api(empty, {}))
    assert await source.search("qwxzv", 5) == [] and len(seen) == 1
    assert not caplog.records


def raise_(exc: Exception):
    def handler(request: httpx.Request) -> httpx.Response:
        raise exc
    return handler


def respond(status: int, body: bytes | str = b"{}", headers: dict | None = None):
    def handler(request: httpx.Request) -> httpx.Response:
        return httpx.Response(status, content=body, headers=headers)
    return handler


FAILURES = {
    "timeout": raise_(httpx.ReadTimeout("read timed out")),
    "connection": raise_(httpx.ConnectError("connection refused")),
    "429": respond(429, b"Too many requests", {"Retry-After": "5"}),
    "500": respond(500, b"<html>Internal error</html>"),
    "403": respond(403, b"Please set a user-agent"),
    "malformed json": respond(200, b'{"query": {"search": ['),
    "html instead of json": respond(200, b"<!DOCTYPE html><html></html>"),
    "unexpected shape": respond(200, json.dumps({"query": {"search": "nope"}})),
    "list payload": respond(200, b"[]"),
    "api error": respond(200, json.dumps({"error": {"code": "badvalue", "info": "Bad"}})),
}


@pytest.mark.parametrize("handler", FAILURES.values(), ids=FAILURES.keys())
async def test_every_failure_raises_one_safe_line_and_logs_nothing(handler, caplog):
    """The source raises (so a breaker counts it); `retrieve` alone logs and degrades."""
    source, _ = source_with(handler)
    with caplog.at_level(logging.DEBUG), pytest.raises(SourceFailure) as caught:
        await source.search("photosynthesis", 5)
    reason = str(caught.value)
    assert reason and "\n" not in reason and "://" not in reason and "wikipedia.org" not in reason
    assert not [r for r in caplog.records if r.name == "core.sources.wikipedia"]


async def test_failing_extracts_request_also_fails_the_search():
    def handler(request: httpx.Request) -> httpx.Response:
        if request.url.params.get("list") == "search":
            return httpx.Response(200, json=EN_SEARCH)
        return httpx.Response(503)
    source, _ = source_with(handler)
    with pytest.raises(SourceFailure, match="HTTP 503"):
        await source.search("photosynthesis", 5)


@pytest.mark.parametrize(("text", "host"), [
    ("What is mitosis?", "en.wikipedia.org"), ("ما هو الانقسام المتساوي؟", "ar.wikipedia.org"),
    ("ما معنى DNA في علم الأحياء", "ar.wikipedia.org"),
    ("What does 'مرحبا' mean in English?", "en.wikipedia.org"),
])
async def test_wiki_language_follows_the_script_of_the_question(text, host):
    empty = {"batchcomplete": True, "query": {"searchinfo": {"totalhits": 0}, "search": []}}
    source, seen = source_with(api(empty, {}))
    await source.search(text, 3)
    assert seen[0].url.host == host


def test_article_url_keeps_titles_readable_but_safe():
    assert article_url("en", "C++ (programming language)") == \
        "https://en.wikipedia.org/wiki/C++_(programming_language)"
    assert article_url("en", "What? #1") == "https://en.wikipedia.org/wiki/What%3F_%231"
