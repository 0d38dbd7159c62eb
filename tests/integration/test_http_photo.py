"""POST /ask with a photo of the question (base64 `image`): handed to the core within
PHOTO_MAX_BYTES, refused as a 4xx otherwise; read and answered by the real service."""
from __future__ import annotations

import base64
from collections.abc import AsyncIterator
from pathlib import Path

import httpx
import pytest

from adapters.http import HttpAdapter
from core.chat.limits import Limits
from core.chat.photo import PhotoLimits, PhotoReader
from core.chat.service import StudyBuddy
from core.ports import ChatService
from core.stores.sqlite_history import SqliteHistoryStore
from tests.support.fake_handler import FakeHandler
from tests.support.ocr_fixtures import FONT, needs_tesseract, png, text_image

pytestmark = pytest.mark.integration
PICTURE = b"\x89PNG\r\n\x1a\n" + b"\0" * 200  # only its bytes matter to the adapter


async def serving(handler: ChatService, **kwargs: object) -> tuple[HttpAdapter, httpx.AsyncClient]:
    adapter = HttpAdapter(handler, port=0, **kwargs)  # type: ignore[arg-type]
    await adapter.start()
    return adapter, httpx.AsyncClient(base_url=f"http://127.0.0.1:{adapter.port}", timeout=60)


@pytest.fixture
async def handler() -> FakeHandler:
    return FakeHandler()


@pytest.fixture
async def client(handler: FakeHandler) -> AsyncIterator[httpx.AsyncClient]:
    adapter, client = await serving(handler, photos=PhotoLimits(max_bytes=1000))
    async with client:
        yield client
    await adapter.stop()


def b64(data: bytes) -> str:
    return base64.b64encode(data).decode()


async def test_the_image_and_its_caption_reach_the_core(client, handler):
    response = await client.post("/ask", json={"image": b64(PICTURE), "question": "Exercise 2",
                                               "user_id": "u1"})
    assert response.status_code == 200
    [seen] = handler.seen
    assert (seen.image, seen.text, seen.user_id) == (PICTURE, "Exercise 2", "u1")


async def test_the_question_is_optional_with_an_image(client, handler):
    assert (await client.post("/ask", json={"image": b64(PICTURE)})).status_code == 200
    assert handler.seen[0].text == "" and handler.seen[0].image == PICTURE


@pytest.mark.parametrize(("image", "status", "error"), [
    ("not base64!", 400, "base64"), (7, 400, "base64"), ("", 400, "empty"),
    (b64(b"x" * 1001), 413, "larger than 1000 bytes"),
    (b64(b"x" * 5000), 413, "larger than 1000 bytes"),
])
async def test_a_bad_or_large_image_is_refused_before_the_core(client, handler, image, status,
                                                                error):
    response = await client.post("/ask", json={"image": image})
    assert response.status_code == status and error in response.json()["error"]
    assert handler.seen == []


@needs_tesseract
@pytest.mark.skipif(not Path(FONT).exists(), reason=f"no font at {FONT}")
async def test_a_photo_is_read_and_answered(tmp_path, graph, make_context):
    history = SqliteHistoryStore(tmp_path / "history.db")
    await history.open()
    service = StudyBuddy(graph, make_context(), history, Limits(), photos=PhotoReader())
    adapter, client = await serving(service)
    picture = png(text_image(["What is the worst case time of merge sort?"]))
    try:
        async with client:
            response = await client.post("/ask", json={"image": b64(picture)})
    finally:
        await adapter.stop()
        await history.close()
    answer = response.json()["answer"]
    assert answer.startswith("I read: “What is the worst case time of merge sort?”")
    assert "O(n log n)" in answer
