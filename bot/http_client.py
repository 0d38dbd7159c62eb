"""The one httpx client factory for bot/: every outbound call (sources, reranker, embedder, the
CLI's embedder) names Study Buddy in its User-Agent and gives up after SOURCE_TIMEOUT_S, instead
of httpx's anonymous defaults.

Built only when called: the caller owns the client and closes it (`async with` or an exit stack).
"""
from __future__ import annotations

import httpx

from bot.settings import Settings


def http_client(settings: Settings) -> httpx.AsyncClient:
    """A shared client: USER_AGENT on every request, SOURCE_TIMEOUT_S, redirects followed."""
    return httpx.AsyncClient(timeout=httpx.Timeout(settings.source_timeout_s),
                             follow_redirects=True,
                             headers={"User-Agent": settings.user_agent})
