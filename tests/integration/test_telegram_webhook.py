"""Telegram webhook mode: the real PTB bot registers its webhook (with the secret) on the fake
Bot API and receives updates on the HTTP adapter's server; deliveries without the right secret
are refused with 401 and never reach the core."""
from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from itertools import count

import httpx
import pytest

from adapters.http import HttpAdapter
from adapters.telegram.adapter import TelegramAdapter
from adapters.telegram.webhook import SECRET_HEADER, Webhook
from tests.support.fake_handler import FakeHandler
from tests.support.fake_telegram import FakeTelegram, message

pytestmark = pytest.mark.integration
TOKEN = "777777:webhook-test-token"
SECRET = "s3cret_webhook-token"
_update_ids = count(1000)


@pytest.fixture
async def running() -> AsyncIterator[tuple[FakeTelegram, FakeHandler, httpx.AsyncClient]]:
    server = FakeTelegram(TOKEN)
    await server.start()
    handler = FakeHandler()
    telegram = TelegramAdapter(handler, TOKEN, base_url=server.base_url,
                               webhook=Webhook("https://bot.example.org/tg/hook", SECRET))
    http = HttpAdapter(handler, port=0, routes=[telegram.webhook_route()])
    await http.start()
    await telegram.start()
    async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{http.port}", timeout=5) as client:
        yield server, handler, client
    await telegram.stop()
    await http.stop()
    await server.close()


def update(text: str) -> dict[str, object]:
    return {"update_id": next(_update_ids), "message": message(text, chat_id=55)}


async def test_start_registers_the_webhook_with_its_secret_and_never_polls(running) -> None:
    server, _, _ = running
    [call] = server.calls_to("setWebhook")
    assert call.params["url"] == "https://bot.example.org/tg/hook"
    assert call.params["secret_token"] == SECRET
    assert "callback_query" in call.params["allowed_updates"]
    assert server.calls_to("getUpdates") == []


async def test_a_delivery_with_the_secret_is_answered(running) -> None:
    server, handler, client = running
    response = await client.post("/tg/hook", json=update("What is merge sort?"),
                                 headers={SECRET_HEADER: SECRET})
    assert response.status_code == 200
    [sent] = await server.wait_for("sendMessage")
    assert sent.params["chat_id"] == "55" and "Answer about: What is merge sort?" in \
        sent.params["text"]
    assert [m.text for m in handler.seen] == ["What is merge sort?"]


@pytest.mark.parametrize("headers", [{}, {SECRET_HEADER: "wrong"}, {SECRET_HEADER: ""}])
async def test_a_delivery_without_the_secret_is_refused_and_not_processed(running,
                                                                          headers) -> None:
    server, handler, client = running
    response = await client.post("/tg/hook", json=update("What is merge sort?"), headers=headers)
    assert response.status_code == 401
    ok = await client.post("/tg/hook", json=update("hello"), headers={SECRET_HEADER: SECRET})
    assert ok.status_code == 200
    await server.wait_for("sendMessage")  # the good one was answered; the refused one never
    assert [m.text for m in handler.seen] == ["hello"]


@pytest.mark.parametrize("body", [b"{}", b"not json", b'{"update_id": 7, "message": {"chat": 5}}'])
async def test_a_delivery_that_is_no_update_is_acknowledged_and_logged_once(running, caplog,
                                                                           body) -> None:
    """A 200, or Telegram would re-send it forever; one warning line, no traceback."""
    server, handler, client = running
    with caplog.at_level(logging.INFO):
        response = await client.post("/tg/hook", content=body, headers={SECRET_HEADER: SECRET})
    assert response.status_code == 200
    [line] = [r for r in caplog.records if r.name.startswith(("adapters", "telegram"))]
    assert "acknowledged and ignored" in line.getMessage() and line.exc_info is None
    ok = await client.post("/tg/hook", json=update("hello"), headers={SECRET_HEADER: SECRET})
    assert ok.status_code == 200
    await server.wait_for("sendMessage")
    assert [m.text for m in handler.seen] == ["hello"]
