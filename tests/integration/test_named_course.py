"""A course named by the caller (`studybuddy ask --course`, HTTP "course") must exist: a typo
is told as such, with the courses there are, and is never answered as "your course has nothing
on this" nor recorded as a course in the instructor report; another spelling of a real course
answers from it."""
from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import httpx
import pytest

from adapters.http import HttpAdapter
from bot.container import App
from core.messages import IncomingMessage, Reply
from tests.support.telegram_desk import add_course, make_app

pytestmark = pytest.mark.integration

NOTES = ("# Recursion\n\nA recursive function calls itself on a smaller instance of the same "
         "problem. Every recursive function needs a base case that is answered directly.\n")


@pytest.fixture
async def app(tmp_path: Path) -> AsyncIterator[App]:
    application = await make_app(tmp_path)
    await add_course(application, tmp_path, "CS101", "recursion.md", NOTES)
    yield application
    await application.close()


async def ask(app: App, course: str, text: str = "What does a recursive function need?"
              ) -> Reply:
    return await app.service.handle(IncomingMessage("cli", "alice", "alice", text, course=course))


async def test_an_unknown_course_is_named_with_the_courses_there_are(app):
    reply = await ask(app, "CS1O1")
    assert reply.notice == "unknown_course" and reply.answer_id is None
    assert "no course named “CS1O1”" in reply.text and "CS101" in reply.text
    arabic = await ask(app, "CS1O1", "ماذا تحتاج الدالة التعاودية؟")
    assert "لا يوجد مقرر باسم «CS1O1»" in arabic.text


async def test_another_spelling_of_a_real_course_answers_from_it(app):
    reply = await ask(app, "cs101")
    assert reply.course == "CS101" and "base case" in reply.text
    assert [c.display_name for c in reply.citations] == ["recursion.md"]


async def test_http_answers_404_without_retry_after(app):
    adapter = HttpAdapter(app.service, port=0)
    await adapter.start()
    try:
        async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{adapter.port}") as client:
            missing = await client.post("/ask", json={"question": "What is recursion?",
                                                      "course": "NOPE"})
            found = await client.post("/ask", json={"question": "What is recursion?",
                                                    "course": "CS101"})
    finally:
        await adapter.stop()
    assert missing.status_code == 404 and "Retry-After" not in missing.headers
    assert "no course named “NOPE”" in missing.json()["answer"]
    assert found.status_code == 200 and "recursive" in found.json()["answer"]
