"""Course spaces on Telegram, end to end: the real app (build_app: SQLite stores, local embedder,
course desk) behind the real python-telegram-bot Application, against the fake Bot API.

Group admins choose a group's course and upload its materials from the chat; students cannot;
each group is answered from its own course only; a private chat picks its own course.
"""
from __future__ import annotations

import json
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest

import core.course.uploads
from tests.support import fake_telegram as tg
from tests.support.telegram_desk import (
    ADMIN,
    ANONYMOUS,
    GROUP_A,
    GROUP_B,
    HEAPS,
    PRIVATE_USER,
    REPLY_S,
    STAFF_DM,
    STUDENT,
    Bot,
    HeldEmbedder,
    add_course,
    answered,
    button,
    course_files,
    in_group,
    in_private,
    make_app,
    text_of,
    upload,
)

pytestmark = pytest.mark.integration
ALPHA = ("# The kingdom\n\nThe capital of the kingdom is Zarnow, a walled city on the river Olt. "
         "Zarnow has been the capital of the kingdom since the old treaty.\n")
BETA = ("# The kingdom\n\nThe capital of the kingdom is Quellbridge, a harbour town by the grey "
        "sea. Quellbridge became the capital of the kingdom after the great flood.\n")


@pytest.fixture
def telegram_admins() -> dict[int, set[int]]:
    return {GROUP_A: {ADMIN}, GROUP_B: {ADMIN}}


@pytest.fixture
async def open_bot(server: tg.FakeTelegram, tmp_path: Path
                   ) -> AsyncIterator[Callable[..., Awaitable[Bot]]]:
    bots: list[Bot] = []

    async def start(**settings: Any) -> Bot:
        bot = Bot(server, await make_app(tmp_path, **settings))
        bots.append(bot)
        await bot.adapter.start()
        return bot

    yield start
    for bot in bots:
        await bot.close()


@pytest.fixture
async def bot(open_bot: Callable[..., Awaitable[Bot]], tmp_path: Path) -> Bot:
    """A running bot whose store holds two courses: A (alpha.md) and B (beta.md)."""
    running = await open_bot()
    await add_course(running.app, tmp_path, "A", "alpha.md", ALPHA)
    await add_course(running.app, tmp_path, "B", "beta.md", BETA)
    return running


async def own(bot: Bot, course: str, group: int = GROUP_A) -> None:
    """The operator gives a course to a group (`studybuddy courses transfer`)."""
    assert bot.app.desk.sharing is not None
    await bot.app.desk.sharing.transfer(course, f"telegram:chat:{group}")


class TestChoosingACourse:
    async def test_a_group_admin_sets_the_course_and_a_student_cannot(self, bot, server):
        space = ("telegram:chat:" + str(GROUP_A),)
        refused = await bot.say(in_group("/course A", user=STUDENT))
        assert "Only staff" in text_of(refused)
        assert (await bot.app.desk.spaces.resolve(space)).course is None  # nothing changed

        done = await bot.say(in_group("/course@study_buddy_bot a"))
        assert "this group now answers from A" in text_of(done)
        resolved = await bot.app.desk.spaces.resolve(space)
        assert (resolved.course, resolved.origin) == ("A", "space")

        shown = await bot.say(in_group("/course", user=STUDENT))
        assert "course A (set by staff)" in text_of(shown) and "Courses: A, B" in text_of(shown)
        # one getChatMember per (chat, user) and command; a repeat within a minute is cached
        assert len(server.calls_to("getChatMember")) == 2
        await bot.say(in_group("/course B"))
        assert [c.params["user_id"] for c in server.calls_to("getChatMember")] == [
            str(STUDENT), str(ADMIN)]

    async def test_an_anonymous_admin_posting_as_the_group_counts_as_an_admin(self, bot, server):
        group_chat = {"id": GROUP_A, "type": "supergroup", "title": "Study group"}
        done = await bot.say(tg.message("/course B", chat_id=GROUP_A, group=True,
                                        sender=ANONYMOUS, sender_chat=group_chat))
        assert "this group now answers from B" in text_of(done)
        assert server.calls_to("getChatMember") == []

    async def test_two_groups_with_two_courses_never_cross_cite(self, bot):
        await bot.say(in_group("/course A", group=GROUP_A))
        await bot.say(in_group("/course B", group=GROUP_B))
        for group, course, expected in ((GROUP_A, "A", "Zarnow"), (GROUP_B, "B", "Quellbridge")):
            answer, reply = await bot.ask(in_group("/ask What is the capital of the kingdom?",
                                                   group=group, user=STUDENT))
            assert reply.course == course
            assert course_files(reply) == {"alpha.md" if course == "A" else "beta.md"}
            assert expected in text_of(answer)

    async def test_a_private_chat_picks_among_its_groups_courses_and_public_ones(self, bot,
                                                                               server):
        unset = await bot.say(in_private("/course"))
        assert "You have no course here yet" in text_of(unset)  # A and B: no group of theirs
        await bot.say(in_group("/course A"))  # group A answers from A; the user is a member
        server.members = {GROUP_A: {ADMIN, PRIVATE_USER}}
        refused = await bot.say(in_private("/course b"))
        assert "You can't choose “b”" in text_of(refused) and "choose: A" in text_of(refused)
        chosen = await bot.say(in_private("/course a"))
        assert "your private questions now answer from A" in text_of(chosen)
        answer, reply = await bot.ask(in_private("What is the capital of the kingdom?"))
        assert course_files(reply) == {"alpha.md"} and "Zarnow" in text_of(answer)
        asked = {(c.params["chat_id"], c.params["user_id"])
                 for c in server.calls_to("getChatMember")}
        assert (str(GROUP_A), str(PRIVATE_USER)) in asked  # membership asked of Telegram

        outsider = await bot.say(in_private("/course a", user=PRIVATE_USER + 1))
        assert "You can't choose" in text_of(outsider)
        await bot.app.desk.sharing.set_flags("B", public=True)  # studybuddy courses public B
        public = await bot.say(in_private("/course b", user=PRIVATE_USER + 1))
        assert "your private questions now answer from B" in text_of(public)

    async def test_the_space_survives_a_restart(self, open_bot, server):
        first = await open_bot()
        await first.say(in_group("/course CS101"))
        await first.close()
        second = await open_bot()
        shown = await second.say(in_group("/course", user=STUDENT))
        assert "course CS101 (set by staff)" in text_of(shown)


class TestUploads:
    async def test_staff_upload_preview_confirm_then_the_group_answers_from_it(
            self, bot, server, monkeypatch):
        monkeypatch.setattr(core.course.uploads, "PROGRESS_EVERY_S", 0.01)
        bot.app.desk.uploads.embedder = HeldEmbedder(bot.app.desk.uploads.embedder, server)
        await bot.say(in_group("/course NEW"))
        preview = await bot.say(upload(server, "heaps.md", HEAPS.encode()))
        assert "Ready to add to NEW" in text_of(preview) and "heaps.md" in text_of(preview)
        assert server.downloads == ["documents/heaps.md"]

        other = server.push_callback(preview, button(preview, "ok"), tg.user(STUDENT))
        assert "Only the person who started this" in (await answered(server, other))["text"]
        clicked = server.push_callback(preview, button(preview, "ok"), tg.user(ADMIN))
        await answered(server, clicked)
        done = await server.wait_until(
            lambda: next((m for m in server.replies_to(preview["reply_to_message"]["message_id"])
                          if text_of(m).startswith("Added")), None), "the upload summary",
            REPLY_S)
        assert "Added “heaps.md” to NEW" in text_of(done) and "reply_markup" not in done
        edits = [c.params["text"] for c in server.calls_to("editMessageText")]
        assert edits[0].startswith("Adding heaps.md: 0/") and edits[-1] == done["text"]
        assert "reply_markup" not in server.calls_to("editMessageText")[0].params  # no buttons

        answer, reply = await bot.ask(in_group("/ask What is a binary heap?", user=STUDENT))
        assert reply.course == "NEW" and course_files(reply) == {"heaps.md"}
        assert "heaps.md" in text_of(answer)

    async def test_cancel_stores_nothing(self, bot, server):
        await own(bot, "A")
        await bot.say(in_group("/course A"))
        preview = await bot.say(upload(server, "heaps.md", HEAPS.encode()))
        clicked = server.push_callback(preview, button(preview, "no"), tg.user(ADMIN))
        await answered(server, clicked)
        cancelled = await server.wait_until(
            lambda: next((m for m in server.sent.values() if text_of(m).startswith("Cancelled")),
                         None), "the cancelled notice")
        assert cancelled["message_id"] == preview["message_id"] and "reply_markup" not in cancelled
        assert [d.display_name for d in await bot.app.store.documents("A")] == ["alpha.md"]

    async def test_a_students_upload_is_refused_without_downloading(self, bot, server):
        refused = await bot.say(upload(server, "notes.md", HEAPS.encode(), user=STUDENT))
        assert "Only staff" in text_of(refused) and "reply_markup" not in refused
        assert server.calls_to("getFile") == [] and server.downloads == []

    async def test_oversized_and_unsupported_files_are_refused_without_downloading(
            self, open_bot, server):
        bot = await open_bot(upload_max_mb=1)
        big = await bot.say(upload(server, "big.pdf", b"%PDF-1.4", size=3 * 2**20))
        assert "“big.pdf” is 3.0 MB; the limit is 1 MB" in text_of(big)
        exe = await bot.say(upload(server, "tool.exe", b"MZ"))
        assert "I can't read “tool.exe”" in text_of(exe) and ".pdf" in text_of(exe)
        assert server.calls_to("getFile") == [] and server.downloads == []

    async def test_an_expired_or_unknown_button_is_still_answered(self, bot, server):
        shown = await bot.say(in_group("/course"))
        stale = server.push_callback(shown, f"desk:ok:{'x' * 12}:{ADMIN}", tg.user(ADMIN))
        assert "expired" in (await answered(server, stale))["text"]
        junk = server.push_callback(shown, "desk:zz", tg.user(ADMIN))
        assert "expired" in (await answered(server, junk))["text"]

    async def test_staff_remove_a_document_after_confirming(self, bot, server):
        await own(bot, "A")
        await bot.say(in_group("/course A"))
        student = await bot.say(in_group("/remove alpha.md", user=STUDENT))
        assert "Only staff" in text_of(student)
        preview = await bot.say(in_group("/remove alpha.md"))
        assert "Remove “alpha.md”" in text_of(preview)
        clicked = server.push_callback(preview, button(preview, "ok"), tg.user(ADMIN))
        await answered(server, clicked)
        await server.wait_until(lambda: server.sent[preview["message_id"]]["text"].startswith(
            "Removed") or None, "the removal summary")
        assert await bot.app.store.documents("A") == []


    async def test_listed_staff_upload_in_private_chats_in_their_language(self, bot, server):
        student = await bot.say(upload(server, "heaps.md", HEAPS.encode(), caption="/upload B",
                                       user=PRIVATE_USER, group=None, language="ar"))
        assert "هذا الأمر للمشرفين فقط" in text_of(student) and server.downloads == []
        preview = await bot.say(upload(server, "heaps.md", HEAPS.encode(), caption="/upload B",
                                       user=STAFF_DM, group=None, language="ar-EG"))
        assert "جاهز للإضافة إلى B" in text_of(preview)
        assert [b["text"] for b in preview["reply_markup"]["inline_keyboard"][0]] == [
            "✅ تأكيد", "✖️ إلغاء"]
        assert server.calls_to("getChatMember") == []  # private chats: TELEGRAM_STAFF_IDS
        clicked = server.push_callback(preview, button(preview, "ok"),
                                       tg.user(STAFF_DM, language_code="ar"))
        await answered(server, clicked)
        await server.wait_until(lambda: server.sent[preview["message_id"]]["text"].startswith(
            "أُضيف") or None, "the Arabic summary", REPLY_S)
        assert sorted(d.display_name for d in await bot.app.store.documents("B")) == [
            "beta.md", "heaps.md"]


class TestHelp:
    async def test_help_and_the_command_menu_explain_the_desk(self, bot, server):
        helped = await bot.say(in_private("/help"))
        for needle in ("/course", "/upload", "/remove", "administrators", "TELEGRAM_STAFF_IDS"):
            assert needle in text_of(helped)
        commands = json.loads(server.calls_to("setMyCommands")[0].params["commands"])
        assert {"course", "upload", "remove"} <= {c["command"] for c in commands}
        polling = server.calls_to("getUpdates")[0].params["allowed_updates"]
        assert "callback_query" in polling


RECURSION = ("# Recursion\n\nA recursive function calls itself on a smaller instance of the same "
             "problem. Every recursive function needs a base case that is answered directly, and "
             "a recursive case that moves towards the base case.\n\nA recursive factorial in "
             "Python:\n\n```python\ndef factorial(n):\n    return 1 if n == 0 else "
             "n * factorial(n - 1)\n```\n")
SOLVE = "/ask Write the code for assignment 2: a recursive factorial function."


class TestStudyMode:
    async def test_admins_set_guide_mode_students_cannot_and_solve_requests_are_guided(
            self, open_bot, tmp_path):
        bot = await open_bot()
        await add_course(bot.app, tmp_path, "CS101", "recursion.md", RECURSION)
        refused = await bot.say(in_group("/mode guide", user=STUDENT))
        assert "Only staff" in text_of(refused)
        assert "Study mode: explain" in text_of(await bot.say(in_group("/mode", user=STUDENT)))

        done = await bot.say(in_group("/mode@study_buddy_bot guide"))
        assert "this group is now in guide mode" in text_of(done)
        assert "Study mode: guide" in text_of(await bot.say(in_group("/course", user=STUDENT)))
        sent, reply = await bot.ask(in_group(SOLVE, user=STUDENT))
        shown = text_of(sent)
        assert "guide" in reply.route and course_files(reply) == {"recursion.md"}
        assert "Steps to try" in shown and "base case" in shown
        assert "def factorial" not in shown and "<pre" not in sent["text"]
        _, other = await bot.ask(in_group(SOLVE, group=GROUP_B, user=STUDENT))
        assert "guide" not in other.route  # the other group is still in explain mode

    async def test_an_anonymous_admin_switches_back_and_arabic_users_read_arabic(
            self, open_bot):
        bot = await open_bot()
        await bot.say(in_group("/mode guide"))
        group_chat = {"id": GROUP_A, "type": "supergroup", "title": "Study group"}
        back = await bot.say(tg.message("/mode explain", chat_id=GROUP_A, group=True,
                                        sender=ANONYMOUS, sender_chat=group_chat))
        assert "explain mode" in text_of(back)
        asked = tg.message("/mode", chat_id=GROUP_A, group=True,
                           sender=tg.user(STUDENT, language_code="ar"))
        assert "وضع الدراسة: الشرح" in text_of(await bot.say(asked))
        assert "/mode guide" in text_of(await bot.say(in_private("/help")))
