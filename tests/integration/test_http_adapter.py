"""HttpAdapter served for real on a free loopback port, exercised with httpx."""
from __future__ import annotations

import httpx
import pytest

from adapters.http import HttpAdapter
from core.chat.limits import Limits
from core.chat.service import StudyBuddy
from tests.support.fake_handler import FakeHandler
from tests.support.fakes import DownHistory

pytestmark = pytest.mark.integration


class ExplodingHandler(FakeHandler):
    async def handle(self, message):
        raise RuntimeError("secret internals")


@pytest.fixture
def handler() -> FakeHandler:
    return FakeHandler(study_delay_s=0.01)


@pytest.fixture
async def client(handler: FakeHandler):
    adapter = HttpAdapter(handler, port=0, max_question_chars=50)
    await adapter.start()
    assert adapter.port != 0
    async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{adapter.port}", timeout=5) as c:
        yield c
    await adapter.stop()


class TestAsk:
    async def test_study_question_returns_the_reply_subset(self, client, handler):
        response = await client.post("/ask", json={"question": " What is merge sort? ",
                                                   "user_id": "u1"})
        assert response.status_code == 200
        body = response.json()
        assert set(body) == {"answer", "citations", "low_confidence", "intent", "confidence",
                             "quoted_language"}
        assert body["quoted_language"] is None  # an answer quoting its own language
        assert body["answer"].startswith("Answer about: What is merge sort?")
        assert [c["n"] for c in body["citations"]] == [1, 2]
        assert body["citations"][1]["source_type"] == "wikipedia"
        assert (body["intent"], body["confidence"], body["low_confidence"]) == (
            "simple", "supplemented", False)
        seen = handler.seen[0]
        assert (seen.platform, seen.user_id, seen.text) == ("http", "u1", "What is merge sort?")

    async def test_a_course_may_be_named(self, client, handler):
        response = await client.post("/ask", json={"question": "What is a heap?",
                                                   "course": " CS101 "})
        assert response.status_code == 200 and handler.seen[0].course == "CS101"
        bad = await client.post("/ask", json={"question": "What is a heap?", "course": 7})
        assert bad.status_code == 400 and "'course'" in bad.json()["error"]

    async def test_user_id_is_optional(self, client, handler):
        response = await client.post("/ask", json={"question": "hello"})
        assert response.status_code == 200 and response.json()["intent"] == "chitchat"
        assert handler.seen[0].user_id == "http"

    @pytest.mark.parametrize(("body", "message"), [
        (b"{not json", "valid JSON"),
        (b"[1, 2]", "JSON object"),
        (b"{}", "missing 'question'"),
        (b'{"question": 42}', "must be a string"),
        (b'{"question": "   "}', "must not be blank"),
        (b'{"question": "hi", "user_id": 7}', "'user_id'"),
    ])
    async def test_bad_requests_get_400_with_a_clear_message(self, client, handler, body, message):
        response = await client.post("/ask", content=body,
                                     headers={"Content-Type": "application/json"})
        assert response.status_code == 400
        assert message in response.json()["error"]
        assert handler.seen == []

    async def test_too_long_question_gets_413(self, client, handler):
        response = await client.post("/ask", json={"question": "x" * 51})
        assert response.status_code == 413
        assert "50 characters" in response.json()["error"]
        assert handler.seen == []

    async def test_oversized_body_gets_413_json(self, client, handler):
        response = await client.post("/ask", json={"question": "x" * (2 << 20)})
        assert response.status_code == 413 and "error" in response.json()
        assert handler.seen == []

    async def test_handler_failure_is_a_generic_500(self):
        adapter = HttpAdapter(ExplodingHandler(), port=0)
        await adapter.start()
        try:
            async with httpx.AsyncClient() as c:
                response = await c.post(f"http://127.0.0.1:{adapter.port}/ask",
                                        json={"question": "why?"})
        finally:
            await adapter.stop()
        assert response.status_code == 500
        assert response.json() == {"error": "internal error"}


class TestOtherRoutes:
    async def test_forget_confirms(self, client, handler):
        response = await client.post("/forget", json={"user_id": "u1"})
        assert response.status_code == 200
        assert response.json()["status"] == "forgotten"
        assert handler.forgotten == [("http", "u1")]

    async def test_failed_erasure_is_a_503_not_a_confirmation(self, graph, make_context):
        adapter = HttpAdapter(StudyBuddy(graph, make_context(), DownHistory(), Limits()), port=0)
        await adapter.start()
        try:
            async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{adapter.port}") as c:
                response = await c.post("/forget", json={"user_id": "u1"})
        finally:
            await adapter.stop()
        assert response.status_code == 503 and response.json()["status"] == "failed"
        assert "nothing was deleted" in response.json()["message"]

    async def test_forget_needs_a_user_id(self, client, handler):
        response = await client.post("/forget", json={})
        assert response.status_code == 400 and "user_id" in response.json()["error"]
        assert handler.forgotten == []

    async def test_healthz(self, client):
        response = await client.get("/healthz")
        assert response.status_code == 200 and response.json() == {"status": "ok"}

    async def test_unknown_route_and_wrong_method_are_json(self, client):
        missing = await client.get("/nope")
        wrong = await client.get("/ask")
        assert missing.status_code == 404 and "error" in missing.json()
        assert wrong.status_code == 405 and "error" in wrong.json()


async def test_stop_is_idempotent_and_frees_the_port():
    adapter = HttpAdapter(FakeHandler(), port=0)
    await adapter.start()
    port = adapter.port
    await adapter.stop()
    await adapter.stop()
    with pytest.raises(httpx.ConnectError):
        async with httpx.AsyncClient() as c:
            await c.get(f"http://127.0.0.1:{port}/healthz")
