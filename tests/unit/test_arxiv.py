"""ArxivSource against httpx.MockTransport with real-looking Atom feeds and a fake clock."""
from __future__ import annotations

import asyncio
import itertools
import logging

import httpx
import pytest

from core.sources.arxiv import ArxivSource, parse_feed, search_query
from core.upstream.calls import SourceFailure

UA = "StudyBuddy/0.1 (tests; admin@example.org)"

# Classic export-API shape: opensearch/arxiv namespaces declared on the elements that use them.
FEED = b"""<?xml version="1.0" encoding="UTF-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
  <link href="http://arxiv.org/api/query?search_query%3Dall%3Aretrieval%20AND%20all%3Aaugmented%26id_list%3D%26start%3D0%26max_results%3D2" rel="self" type="application/atom+xml"/>
  <title type="html">ArXiv Query: search_query=all:retrieval AND all:augmented&amp;id_list=&amp;start=0&amp;max_results=2</title>
  <id>http://arxiv.org/api/cHxbiOdZaP56ODnBPIenZhzg5f8</id>
  <updated>2024-05-01T00:00:00-04:00</updated>
  <opensearch:totalResults xmlns:opensearch="http://a9.com/-/spec/opensearch/1.1/">1840</opensearch:totalResults>
  <opensearch:startIndex xmlns:opensearch="http://a9.com/-/spec/opensearch/1.1/">0</opensearch:startIndex>
  <opensearch:itemsPerPage xmlns:opensearch="http://a9.com/-/spec/opensearch/1.1/">2</opensearch:itemsPerPage>
  <entry>
    <id>http://arxiv.org/abs/2005.11401v4</id>
    <updated>2021-04-12T15:42:12Z</updated>
    <published>2020-05-22T17:29:37Z</published>
    <title>Retrieval-Augmented Generation for Knowledge-Intensive NLP
  Tasks</title>
    <summary>  Large pre-trained language models have been shown to store factual knowledge
in their parameters, and achieve state-of-the-art results when fine-tuned on
downstream NLP tasks.
</summary>
    <author>
      <name>Patrick Lewis</name>
    </author>
    <author>
      <name>Ethan Perez</name>
    </author>
    <arxiv:comment xmlns:arxiv="http://arxiv.org/schemas/atom">Accepted at NeurIPS 2020</arxiv:comment>
    <link href="http://arxiv.org/abs/2005.11401v4" rel="alternate" type="text/html"/>
    <link title="pdf" href="http://arxiv.org/pdf/2005.11401v4" rel="related" type="application/pdf"/>
    <arxiv:primary_category xmlns:arxiv="http://arxiv.org/schemas/atom" term="cs.CL" scheme="http://arxiv.org/schemas/atom"/>
    <category term="cs.CL" scheme="http://arxiv.org/schemas/atom"/>
    <category term="cs.LG" scheme="http://arxiv.org/schemas/atom"/>
  </entry>
  <entry>
    <id>http://arxiv.org/abs/2312.10997v5</id>
    <updated>2024-03-27T06:23:48Z</updated>
    <published>2023-12-18T07:47:33Z</published>
    <title>Retrieval-Augmented Generation for Large Language Models: A Survey</title>
    <summary>  Large Language Models (LLMs) showcase impressive capabilities but encounter
challenges like hallucination.</summary>
    <author>
      <name>Yunfan Gao</name>
    </author>
    <arxiv:doi xmlns:arxiv="http://arxiv.org/schemas/atom">10.48550/arXiv.2312.10997</arxiv:doi>
    <link href="http://arxiv.org/abs/2312.10997v5" rel="alternate" type="text/html"/>
    <link title="pdf" href="http://arxiv.org/pdf/2312.10997v5" rel="related" type="application/pdf"/>
    <arxiv:primary_category xmlns:arxiv="http://arxiv.org/schemas/atom" term="cs.CL" scheme="http://arxiv.org/schemas/atom"/>
  </entry>
</feed>
"""

# 2025 header format: every namespace declared on the root, https ids.
FEED_2025 = b"""<?xml version='1.0' encoding='UTF-8'?>
<feed xmlns:opensearch="http://a9.com/-/spec/opensearch/1.1/" xmlns:arxiv="http://arxiv.org/schemas/atom" xmlns="http://www.w3.org/2005/Atom">
  <id>https://arxiv.org/api/Uq8WIqHpxp0Tn4CGWlQPrtsmuNU</id>
  <title>arXiv Query: search_query=all:attention AND all:transformer&amp;id_list=&amp;start=0&amp;max_results=1</title>
  <updated>2025-06-02T09:16:01Z</updated>
  <link href="https://arxiv.org/api/query?search_query=all:attention+AND+all:transformer&amp;start=0&amp;max_results=1&amp;id_list=" type="application/atom+xml"/>
  <opensearch:itemsPerPage>1</opensearch:itemsPerPage>
  <opensearch:totalResults>52310</opensearch:totalResults>
  <opensearch:startIndex>0</opensearch:startIndex>
  <entry>
    <id>http://arxiv.org/abs/1706.03762v7</id>
    <title>Attention Is All You Need</title>
    <updated>2023-08-02T00:41:18Z</updated>
    <link href="https://arxiv.org/abs/1706.03762v7" rel="alternate" type="text/html"/>
    <link href="https://arxiv.org/pdf/1706.03762v7" rel="related" type="application/pdf" title="pdf"/>
    <summary>The dominant sequence transduction models are based on complex recurrent or
convolutional neural networks.</summary>
    <category term="cs.CL" scheme="http://arxiv.org/schemas/atom"/>
    <published>2017-06-12T17:57:34Z</published>
    <arxiv:comment>15 pages, 5 figures</arxiv:comment>
    <arxiv:primary_category term="cs.CL"/>
    <author>
      <name>Ashish Vaswani</name>
    </author>
  </entry>
</feed>
"""

ERROR_FEED = b"""<?xml version="1.0" encoding="UTF-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
  <link href="http://arxiv.org/api/query?search_query%3D%26id_list%3D1234.12345v%26start%3D0%26max_results%3D10" rel="self" type="application/atom+xml"/>
  <title type="html">ArXiv Query: search_query=&amp;id_list=1234.12345v&amp;start=0&amp;max_results=10</title>
  <id>http://arxiv.org/api/kvuntZ8c9a4Eq5CF7KY03nMug+Q</id>
  <updated>2024-05-01T00:00:00-04:00</updated>
  <opensearch:totalResults xmlns:opensearch="http://a9.com/-/spec/opensearch/1.1/">1</opensearch:totalResults>
  <entry>
    <id>http://arxiv.org/api/errors#incorrect_id_format_for_1234.12345v</id>
    <title>Error</title>
    <summary>incorrect id format for 1234.12345v</summary>
    <updated>2024-05-01T00:00:00-04:00</updated>
    <link href="http://arxiv.org/api/errors#incorrect_id_format_for_1234.12345v" rel="alternate" type="text/html"/>
    <author>
      <name>arXiv api core</name>
    </author>
  </entry>
</feed>
"""


class FakeClock:
    """Monotonic time that only moves when the source sleeps."""

    def __init__(self) -> None:
        self.now = 1000.0
        self.sleeps: list[float] = []

    def __call__(self) -> float:
        return self.now

    async def sleep(self, seconds: float) -> None:
        self.sleeps.append(seconds)
        self.now += seconds
        await asyncio.sleep(0)


def make_source(handler, clock: FakeClock | None = None) -> tuple[ArxivSource, FakeClock, list]:
    clock = clock or FakeClock()
    seen: list[tuple[float, httpx.Request]] = []

    async def record(request: httpx.Request) -> httpx.Response:
        seen.append((clock.now, request))
        return await handler(request) if asyncio.iscoroutinefunction(handler) else handler(request)

    client = httpx.AsyncClient(transport=httpx.MockTransport(record))
    return ArxivSource(client, user_agent=UA, clock=clock, sleep=clock.sleep), clock, seen


def atom(body: bytes, status: int = 200):
    def handler(request: httpx.Request) -> httpx.Response:
        return httpx.Response(status, content=body,
                              headers={"Content-Type": "application/atom+xml; charset=utf-8"})
    return handler


async def test_feed_becomes_documents_with_abs_urls():
    source, _, seen = make_source(atom(FEED))
    docs = await source.search("What is retrieval augmented generation?", 5)
    assert [d.title for d in docs] == [
        "Retrieval-Augmented Generation for Knowledge-Intensive NLP Tasks",
        "Retrieval-Augmented Generation for Large Language Models: A Survey"]
    first = docs[0]
    assert first.source_type == "arxiv" and first.url_or_path == "https://arxiv.org/abs/2005.11401v4"
    assert first.text.startswith("Large pre-trained language models have been shown to store")
    assert "\n" not in first.text
    assert first.metadata["authors"] == ["Patrick Lewis", "Ethan Perez"]
    assert first.metadata["primary_category"] == "cs.CL"
    assert first.metadata["pdf_url"] == "https://arxiv.org/pdf/2005.11401v4"
    assert docs[1].metadata["doi"] == "10.48550/arXiv.2312.10997"
    [(_, request)] = seen
    assert request.url.host == "export.arxiv.org" and request.url.path == "/api/query"
    assert request.url.params["search_query"] == "all:retrieval AND all:augmented AND all:generation"
    assert request.url.params["max_results"] == "5" and request.url.params["sortBy"] == "relevance"
    assert request.headers["User-Agent"] == UA


def test_2025_feed_with_root_namespaces_parses():
    [doc] = parse_feed(FEED_2025)
    assert doc.title == "Attention Is All You Need"
    assert doc.metadata["arxiv_id"] == "1706.03762v7" and doc.metadata["primary_category"] == "cs.CL"
    assert doc.url_or_path == "https://arxiv.org/abs/1706.03762v7"


def test_field_syntax_passes_through_and_questions_become_keywords():
    assert search_query('ti:"attention is all" AND cat:cs.CL') == 'ti:"attention is all" AND cat:cs.CL'
    assert search_query("How do transformers use self-attention in NLP?") == \
        "all:transformers AND all:use AND all:self-attention AND all:nlp"
    assert search_query("ما هو التعلم العميق؟") == ""


async def test_requests_are_spaced_three_seconds_apart_without_real_sleeps():
    source, clock, seen = make_source(atom(FEED))
    for query in ("retrieval augmented", "attention transformer", "graph neural networks"):
        await source.search(query, 3)
    starts = [t for t, _ in seen]
    assert len(starts) == 3
    assert all(b - a >= 3.0 for a, b in itertools.pairwise(starts))
    assert clock.sleeps == [3.0, 3.0]


async def test_concurrent_searches_use_one_connection_at_a_time():
    in_flight = peak = 0

    async def handler(request: httpx.Request) -> httpx.Response:
        nonlocal in_flight, peak
        in_flight += 1
        peak = max(peak, in_flight)
        await asyncio.sleep(0.01)
        in_flight -= 1
        return atom(FEED)(request)

    source, _, seen = make_source(handler)
    results = await asyncio.gather(*(source.search(q, 2) for q in ("alpha beta", "gamma delta",
                                                                   "epsilon zeta")))
    assert peak == 1 and len(seen) == 3 and all(len(r) == 2 for r in results)
    starts = sorted(t for t, _ in seen)
    assert all(b - a >= 3.0 for a, b in itertools.pairwise(starts))


async def test_a_failed_request_still_counts_against_the_rate(caplog):
    calls = iter([httpx.Response(503), httpx.Response(200, content=FEED)])
    source, _, seen = make_source(lambda request: next(calls))
    with pytest.raises(SourceFailure):
        await source.search("retrieval", 2)
    assert len(await source.search("augmented", 2)) == 2
    assert seen[1][0] - seen[0][0] >= 3.0


async def test_repeated_query_is_served_from_cache():
    source, _, seen = make_source(atom(FEED))
    first = await source.search("retrieval augmented generation", 2)
    again = await source.search("Retrieval augmented generation", 2)
    assert first == again and len(seen) == 1


def raise_(exc: Exception):
    def handler(request: httpx.Request) -> httpx.Response:
        raise exc
    return handler


FAILURES = {
    "error entry": atom(ERROR_FEED),
    "timeout": raise_(httpx.ReadTimeout("timed out")),
    "connection": raise_(httpx.ConnectError("refused")),
    "429": atom(b"Rate exceeded.", status=429),
    "500": atom(b"<html>oops</html>", status=500),
    "malformed xml": atom(FEED[:400]),
    "not atom": atom(b"<html><body>maintenance</body></html>"),
}


@pytest.mark.parametrize("handler", FAILURES.values(), ids=FAILURES.keys())
async def test_every_failure_raises_one_safe_line(handler, caplog):
    source, _, _ = make_source(handler)
    with caplog.at_level(logging.DEBUG), pytest.raises(SourceFailure) as caught:
        await source.search("retrieval augmented generation", 5)
    assert str(caught.value) and "\n" not in str(caught.value)
    assert not [r for r in caplog.records if r.name == "core.sources.arxiv"]


async def test_error_entry_reason_is_the_failure():
    source, _, _ = make_source(atom(ERROR_FEED))
    with pytest.raises(SourceFailure, match="incorrect id format"):
        await source.search("id_list trouble", 5)
