"""Secrets canary (issue 6.6, reliability.md C4): DEBUG logging through a full run, 0 leaks.

Logging is configured exactly as the bot does it (bot.logging_setup.configure_logging); canary
values stand in for every token and key. A Telegram and a Discord question go through the real
PTB / discord.py against the fake servers, into a StudyBuddy whose LLM is the real ChatMistralAI
(FakeMistral), Jina and Supabase the real clients over MockTransport, with upstream errors whose
bodies echo the key. The stderr log, every raised error's text and traceback, and every reply
must contain 0 canaries.
"""
from __future__ import annotations

import logging
import traceback

import httpx
import pytest
from langchain_core.messages import HumanMessage

from adapters.discord.adapter import DiscordAdapter
from adapters.telegram.adapter import TelegramAdapter
from bot.logging_setup import configure_logging
from core.chat.limits import Limits
from core.chat.service import StudyBuddy
from core.config import RagConfig
from core.llm.mistral import build_chat_model
from core.rag.graph import build_graph
from core.rag.state import RagContext
from core.rerank.cascade import RerankCascade
from core.rerank.jina import JinaReranker
from core.rerank.local import LocalReranker
from core.sources.course import CourseSource
from core.stores.supabase_store import SupabaseCourseStore, connect_supabase
from core.upstream.resilience import (
    CircuitBreaker,
    GuardedChatModel,
    GuardedReranker,
    GuardedSource,
)
from tests.integration.test_upstream_faults import History
from tests.support import fake_mistral as fm
from tests.support.fake_discord import BOT_ID, CHANNEL_ID, FakeDiscord
from tests.support.fake_embedder import HashingEmbedder
from tests.support.fake_telegram import FakeTelegram, message
from tests.support.fake_upstreams import SUPABASE_URL, Upstreams

pytestmark = pytest.mark.integration

TELEGRAM = "987654321:AAH-canaryTelegramToken_0123456789xyz"
DISCORD = "MTk4NjIy.canary-discord-token.G7xQ-0123456789abcdef"
MISTRAL = "mistral-canary-key-5f1e2d3c4b5a"
JINA = "jina_canary_key_0a1b2c3d4e5f67"
SUPABASE = "eyJhbGciOiJIUzI1NiJ9.c2VydmljZV9yb2xl.supabase-canary-sig"
CANARIES = (TELEGRAM, DISCORD, MISTRAL, JINA, SUPABASE)


def occurrences(text: str) -> int:
    return sum(text.count(c) for c in CANARIES)


class RawRecords(logging.Handler):
    """Counts canaries in records *before* redaction (added first, so it runs first)."""

    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.texts: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.texts.append(record.getMessage())


async def build_service(upstreams: Upstreams, mistral: fm.FakeMistral) -> StudyBuddy:
    client = httpx.AsyncClient(transport=upstreams.transport())
    embedder = HashingEmbedder()
    sb = await connect_supabase(SUPABASE_URL, SUPABASE, httpx_client=client)
    llm = build_chat_model(MISTRAL, base_url=mistral.base_url, timeout_s=1, requests_per_second=100,
                           retry_base_delay_s=0.01, retry_after_cap_s=0.05)
    context = RagContext(
        config=RagConfig(source_timeout_s=1.0, triage_timeout_s=2.0),
        sources={"course": GuardedSource(CourseSource(SupabaseCourseStore(sb, embedder)),
                                         CircuitBreaker("supabase"))},
        reranker=RerankCascade([GuardedReranker(JinaReranker(client, JINA), CircuitBreaker("jina")),
                                LocalReranker(embedder)]),
        llm=GuardedChatModel(inner=llm, breaker=CircuitBreaker("mistral")), embedder=embedder)
    return StudyBuddy(build_graph(), context, History(), Limits(reply_deadline_s=10))


async def raised_errors() -> list[str]:
    """Direct calls that must fail: their messages and tracebacks are checked for canaries."""
    echo = Upstreams(fault={"jina": "401", "supabase": "401"}, echo_key_in_errors=JINA)
    client = httpx.AsyncClient(transport=echo.transport())

    def mistral_401(request: httpx.Request) -> httpx.Response:
        return httpx.Response(401, json={"message": f"Invalid key {MISTRAL}",
                                         "url": str(request.url)})

    texts = []
    echo_sb = Upstreams(fault={"supabase": "401"}, echo_key_in_errors=SUPABASE)
    sb = await connect_supabase(SUPABASE_URL, SUPABASE, httpx_client=httpx.AsyncClient(
        transport=echo_sb.transport()))
    llm = build_chat_model(MISTRAL, base_url="http://mistral.test/v1", max_retries=0,
                           http_client=httpx.AsyncClient(transport=httpx.MockTransport(mistral_401)))
    calls = [JinaReranker(client, JINA).score("q", ["a"]),
             SupabaseCourseStore(sb, HashingEmbedder()).search("merge sort", 3),
             llm.ainvoke([HumanMessage("hi")])]
    for call in calls:
        try:
            await call
        except Exception as exc:  # each must fail, without the key in its text
            texts.append(str(exc) + "".join(traceback.format_exception(exc)))
    assert len(texts) == 3
    return texts


async def test_no_canary_in_logs_errors_or_replies(capsys, monkeypatch):
    root = logging.getLogger()
    saved = (list(root.handlers), root.level)
    raw = RawRecords()
    try:
        root.addHandler(raw)
        configure_logging("DEBUG", CANARIES)
        root.addHandler(raw)  # configure_logging removed it; unredacted, for the figure only
        upstreams = Upstreams(fault={"jina": "401"}, echo_key_in_errors=JINA)
        async with fm.FakeMistral(api_key=MISTRAL) as mistral:
            mistral.enqueue(fm.rate_limited("0.01"), fm.reply("INTENT: simple"))
            service = await build_service(upstreams, mistral)
            telegram = FakeTelegram(TELEGRAM)
            await telegram.start()
            tg = TelegramAdapter(service, TELEGRAM, base_url=telegram.base_url)
            await tg.start()
            telegram.push_update(message("What is merge sort?"))
            tg_sent = await telegram.wait_for("sendMessage", timeout=15)
            await tg.stop()
            await telegram.close()

            upstreams.fault["supabase"], upstreams.echo_key_in_errors = "401", SUPABASE
            fake = FakeDiscord(DISCORD)
            await fake.start()
            fake.point_discord_py_here(monkeypatch)
            dc = DiscordAdapter(service, DISCORD, client_options={"guild_ready_timeout": 0.05})
            await dc.start()
            await fake.dispatch("MESSAGE_CREATE", fake.message(
                f"<@{BOT_ID}> how does merge sort work?", mention_bot=True))
            dc_sent = await fake.wait_for_call("POST", rf"/channels/{CHANNEL_ID}/messages",
                                               timeout=15)
            await dc.stop()
            await fake.stop()
        errors = await raised_errors()
        for name in logging.root.manager.loggerDict:  # DEBUG everywhere, for a thorough test
            logging.getLogger(name).debug("canary sweep for %s", name)
    finally:
        root.handlers[:], root.level = saved
    stderr = capsys.readouterr().err
    replies = [c.params["text"] for c in tg_sent] + [dc_sent.json["content"]]
    figure = {"log": occurrences(stderr), "errors": sum(map(occurrences, errors)),
              "replies": sum(map(occurrences, replies))}
    redacted = sum(map(occurrences, raw.texts))
    print(f"\n[secrets] canary occurrences: logs={figure['log']} errors={figure['errors']} "
          f"replies={figure['replies']} ({len(stderr.splitlines())} DEBUG log lines; "
          f"{redacted} canary occurrence(s) in records before redaction)")
    assert len(stderr.splitlines()) > 10 and "DEBUG" in stderr
    assert figure == {"log": 0, "errors": 0, "replies": 0}, figure
