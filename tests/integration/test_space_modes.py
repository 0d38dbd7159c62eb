"""Study-integrity mode on the real stores and the real service (build_app, offline): only staff
change a space's mode, /course show and /mode tell it, a server's mode covers its channels, and
in guide mode a request for graded work gets concepts, steps and a question back, no code, while
a study question is answered exactly as in explain mode."""
from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.container import App
from core.course.tenancy import Actor
from core.messages import IncomingMessage, Reply
from core.rag.integrity import has_solution
from tests.support.telegram_desk import add_course, make_app

pytestmark = pytest.mark.integration

CHANNEL, OTHER, SERVER = "discord:channel:1", "discord:channel:2", "discord:guild:9"
STAFF = Actor("t", SERVER, staff=True)
NOTES = ("# Recursion\n\nA recursive function calls itself on a smaller instance of the same "
         "problem. Every recursive function needs a base case that is answered directly, and a "
         "recursive case that moves towards the base case. The factorial of n is n times the "
         "factorial of n - 1, and the factorial of 0 is 1.\n\nA recursive factorial in Python:\n\n"
         "```python\ndef factorial(n):\n    if n == 0:\n        return 1\n"
         "    return n * factorial(n - 1)\n```\n")


@pytest.fixture
async def app(tmp_path: Path) -> AsyncIterator[App]:
    application = await make_app(tmp_path)
    await add_course(application, tmp_path, "CS101", "recursion.md", NOTES)
    yield application
    await application.close()


async def ask(app: App, text: str, *spaces: str, user: str = "student") -> Reply:
    return await app.service.handle(IncomingMessage(platform="discord", user_id=user,
                                                    chat_id=spaces[0], text=text, spaces=spaces,
                                                    is_direct=False))


class TestSettingTheMode:
    async def test_only_staff_set_it_and_show_tells_it(self, app):
        spaces = app.desk.spaces
        refused = await spaces.set_mode(CHANNEL, "guide", actor=Actor("s", SERVER), where="channel",
                                        language="ar")
        assert refused.notice == "not_staff" and "المشرفين" in refused.text
        assert (await spaces.resolve((CHANNEL, SERVER))).mode == "explain"
        bad = await spaces.set_mode(CHANNEL, "lenient", actor=STAFF, where="channel",
                                    language="en")
        assert bad.notice == "mode_bad" and (await spaces.resolve((CHANNEL,))).mode == "explain"

        done = await spaces.set_mode(SERVER, " Guide ", actor=STAFF, where="server",
                                     language="en")
        assert done.notice == "mode_set" and "this server is now in guide mode" in done.text
        assert (await spaces.resolve((CHANNEL, SERVER))).mode == "guide"  # inherited
        await spaces.set_mode(CHANNEL, "explain", actor=STAFF, where="channel",
                              language="en")
        assert (await spaces.resolve((CHANNEL, SERVER))).mode == "explain"  # channel overrides
        assert (await spaces.resolve((OTHER, SERVER))).mode == "guide"
        shown = await spaces.show((OTHER, SERVER), "en", personal=False)
        assert "CS101" in shown.text and "Study mode: guide" in shown.text
        alone = await spaces.show_mode((OTHER, SERVER), "ar")
        assert "وضع الدراسة: التوجيه" in alone.text and "/mode guide" in alone.text


class TestGuideModeThroughTheService:
    async def test_a_solve_request_is_guided_and_a_study_question_answered_as_usual(self, app):
        await app.desk.spaces.set_mode(SERVER, "guide", actor=STAFF, where="server",
                                       language="en")
        solve = "Write the code for assignment 2: a recursive factorial function in Python."
        guided = await ask(app, solve, CHANNEL, SERVER)
        assert "guide" in guided.route and guided.course == "CS101"
        assert "base case" in guided.text and "Steps to try" in guided.text
        assert guided.text.rstrip().endswith("?") or guided.text.endswith("check it.")
        assert "def factorial" not in guided.text and not has_solution(guided.text)
        assert [c.display_name for c in guided.citations] == ["recursion.md"]

        plain = await ask(app, solve, "discord:channel:5", user="other")  # no mode: explain
        assert "guide" not in plain.route and "Steps to try" not in plain.text

        learn = "What does a recursive function need?"
        in_guide = await ask(app, learn, CHANNEL, SERVER, user="learner")
        in_explain = await ask(app, learn, "discord:channel:5", user="learner2")
        assert "guide" not in in_guide.route and in_guide.text == in_explain.text
        assert "base case" in in_guide.text

    async def test_an_arabic_request_in_a_telegram_group_is_guided_in_arabic(self, app):
        group = "telegram:chat:-100555"
        await app.desk.spaces.set_mode(group, "guide", actor=Actor("1", group, staff=True), where="group",
                                       language="ar")
        reply = await ask(app, "اكتب كود التكليف: دالة تعاودية تحسب المضروب", group)
        assert reply.route[-1] == "guide" and "خطوات للتجربة" in reply.text
        assert "def " not in reply.text and not has_solution(reply.text)
