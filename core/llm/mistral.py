"""Chat model factory for Mistral: the real ChatMistralAI, rate-limited, retried in one layer.

Retries multiply when every layer retries (SDK x wrapper x graph), so exactly one layer does:
this one. The SDK's own tenacity loop is cut to a single attempt (`max_retries=1` there means
`stop_after_attempt(1)`), and `MistralChatModel` retries 429 (honouring Retry-After, capped), 5xx,
timeouts and connection errors up to `retries` times. A 429 pauses every caller of the model, not
just the one that got it, since Mistral limits per organisation. The final error is a
`MistralError` (a RuntimeError, which LangGraph's default RetryPolicy does not retry either)
whose text never contains the API key. The result is still a BaseChatModel, so its other
methods (with_structured_output, bind) keep working and inherit the retries.
"""
from __future__ import annotations

import asyncio
import logging
import math
import time
from collections.abc import AsyncIterator, Iterator
from typing import Any

import httpx
from langchain_core.language_models import BaseChatModel
from langchain_core.messages import BaseMessage
from langchain_core.outputs import ChatGenerationChunk, ChatResult
from langchain_core.rate_limiters import InMemoryRateLimiter
from langchain_mistralai import ChatMistralAI
from pydantic import PrivateAttr, SecretStr

from core.errors import UpstreamError
from core.llm.retry import (
    DEFAULT_BASE_DELAY_S,
    DEFAULT_MAX_DELAY_S,
    DEFAULT_RETRY_AFTER_CAP_S,
    is_rate_limit,
    retry_delay,
)
from core.upstream.calls import describe_failure

log = logging.getLogger(__name__)

DEFAULT_BASE_URL = "https://api.mistral.ai/v1"


class MistralError(UpstreamError, RuntimeError):
    """A Mistral call failed for good (after retries when retryable); text is key-free."""

    def __init__(self, message: str, *, status_code: int | None = None, attempts: int = 1) -> None:
        super().__init__(message)
        self.status_code = status_code
        self.attempts = attempts


class MistralChatModel(ChatMistralAI):
    """ChatMistralAI whose failed HTTP calls are retried here, and only here."""

    retries: int = 2
    retry_base_delay_s: float = DEFAULT_BASE_DELAY_S
    retry_max_delay_s: float = DEFAULT_MAX_DELAY_S
    retry_after_cap_s: float = DEFAULT_RETRY_AFTER_CAP_S
    _pause_until: float = PrivateAttr(default=0.0)

    def _delay(self, exc: BaseException, attempt: int) -> float | None:
        if attempt > self.retries:
            return None
        return retry_delay(exc, attempt, base_s=self.retry_base_delay_s,
                           max_s=self.retry_max_delay_s, retry_after_cap_s=self.retry_after_cap_s)

    def _error(self, exc: BaseException, attempts: int) -> MistralError:
        key = self.mistral_api_key.get_secret_value() if self.mistral_api_key else ""
        status = exc.response.status_code if isinstance(exc, httpx.HTTPStatusError) else None
        reason = describe_failure(exc, [key])
        return MistralError(f"Mistral chat request failed after {attempts} attempt(s): {reason}",
                            status_code=status, attempts=attempts)

    def _note_retry(self, exc: BaseException, attempt: int, delay: float) -> None:
        key = self.mistral_api_key.get_secret_value() if self.mistral_api_key else ""
        log.warning("Mistral call failed (%s); retry %d/%d in %.2fs",
                    describe_failure(exc, [key]), attempt, self.retries, delay)
        if is_rate_limit(exc):  # the limit is per organisation: hold every caller back
            self._pause_until = max(self._pause_until, time.monotonic() + delay)

    async def _before_attempt(self, attempt: int) -> None:
        wait = self._pause_until - time.monotonic()
        if wait > 0:
            await asyncio.sleep(wait)
        if attempt > 1 and self.rate_limiter:  # the first attempt was admitted by BaseChatModel
            await self.rate_limiter.aacquire(blocking=True)

    async def _after_failure(self, exc: Exception, attempt: int) -> None:
        delay = self._delay(exc, attempt)
        if delay is None:
            raise self._error(exc, attempt) from None
        self._note_retry(exc, attempt, delay)
        if not is_rate_limit(exc):
            await asyncio.sleep(delay)

    async def _agenerate(self, messages: list[BaseMessage], stop: list[str] | None = None,
                         run_manager: Any = None, stream: bool | None = None,
                         **kwargs: Any) -> ChatResult:
        parent = super()._agenerate
        attempt = 0
        while True:
            attempt += 1
            await self._before_attempt(attempt)
            try:
                return await parent(messages, stop=stop, run_manager=run_manager, stream=stream,
                                    **kwargs)
            except Exception as exc:
                await self._after_failure(exc, attempt)

    async def _astream(self, messages: list[BaseMessage], stop: list[str] | None = None,
                       run_manager: Any = None, **kwargs: Any
                       ) -> AsyncIterator[ChatGenerationChunk]:
        # Retry only until the first chunk arrives; after that the caller has seen partial text.
        parent = super()._astream
        attempt = 0
        while True:
            attempt += 1
            await self._before_attempt(attempt)
            chunks = parent(messages, stop=stop, run_manager=run_manager, **kwargs)
            try:
                first = await anext(chunks)
                break
            except StopAsyncIteration:
                return
            except Exception as exc:
                await self._after_failure(exc, attempt)
        yield first
        try:
            async for chunk in chunks:
                yield chunk
        except Exception as exc:
            raise self._error(exc, attempt) from None

    def _generate(self, messages: list[BaseMessage], stop: list[str] | None = None,
                  run_manager: Any = None, stream: bool | None = None, **kwargs: Any) -> ChatResult:
        parent = super()._generate
        attempt = 0
        while True:
            attempt += 1
            time.sleep(max(0.0, self._pause_until - time.monotonic()))
            if attempt > 1 and self.rate_limiter:
                self.rate_limiter.acquire(blocking=True)
            try:
                return parent(messages, stop=stop, run_manager=run_manager, stream=stream, **kwargs)
            except Exception as exc:
                delay = self._delay(exc, attempt)
                if delay is None:
                    raise self._error(exc, attempt) from None
                self._note_retry(exc, attempt, delay)
                if not is_rate_limit(exc):
                    time.sleep(delay)

    def _stream(self, *args: Any, **kwargs: Any) -> Iterator[ChatGenerationChunk]:
        # Sync streaming is not used by the bot; it gets one attempt and the key-free error.
        try:
            yield from super()._stream(*args, **kwargs)
        except Exception as exc:
            raise self._error(exc, 1) from None


class _ViaClient(httpx.AsyncBaseTransport):
    """Sends through a caller's client (its pool, proxies, transport) without changing its
    base_url or headers, so one shared client can also carry Mistral traffic."""

    def __init__(self, client: httpx.AsyncClient) -> None:
        self._client = client

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        return await self._client.send(request, stream=True)


def build_chat_model(api_key: str, *, model: str = "ministral-8b-latest",
                     base_url: str | None = None, temperature: float = 0.2,
                     timeout_s: float = 30, requests_per_second: float = 1.0, max_retries: int = 2,
                     http_client: httpx.AsyncClient | None = None, max_tokens: int | None = 800,
                     retry_base_delay_s: float = DEFAULT_BASE_DELAY_S,
                     retry_after_cap_s: float = DEFAULT_RETRY_AFTER_CAP_S) -> BaseChatModel:
    """A rate-limited ChatMistralAI that retries 429/5xx/timeouts `max_retries` times, in one layer.

    Each attempt is bounded by `timeout_s`, so a call ends within about
    (1 + max_retries) * timeout_s plus the capped waits. The caller owns the HTTP client:
    close it with `await model.async_client.aclose()` (it never closes `http_client`).
    """
    if not api_key:
        raise ValueError("build_chat_model needs a Mistral API key (offline mode has no model)")
    endpoint = (base_url or DEFAULT_BASE_URL).rstrip("/")
    headers = {"Authorization": f"Bearer {api_key}", "Content-Type": "application/json",
               "Accept": "application/json"}
    timeout = httpx.Timeout(timeout_s, connect=min(10.0, timeout_s))
    transport = _ViaClient(http_client) if http_client is not None else None
    async_client = httpx.AsyncClient(base_url=endpoint, headers=headers, timeout=timeout,
                                     transport=transport)
    sync_client = httpx.Client(base_url=endpoint, headers=headers, timeout=timeout)
    limiter = InMemoryRateLimiter(requests_per_second=requests_per_second,
                                  check_every_n_seconds=min(0.1, 0.5 / requests_per_second),
                                  max_bucket_size=1)
    return MistralChatModel(
        model_name=model, api_key=SecretStr(api_key), base_url=endpoint, temperature=temperature,
        max_tokens=max_tokens, timeout=max(1, math.ceil(timeout_s)),
        max_retries=1,  # the SDK's tenacity: stop_after_attempt(1) = no retries there
        retries=max_retries, retry_base_delay_s=retry_base_delay_s,
        retry_after_cap_s=retry_after_cap_s, rate_limiter=limiter,
        async_client=async_client, client=sync_client)
