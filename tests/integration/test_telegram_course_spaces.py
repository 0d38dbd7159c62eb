"""Course spaces on Telegram, end to end: the real app (build_app: SQLite stores, local embedder,
course desk) behind the real python-telegram-bot Application, against the fake Bot API.

Group admins choose a group's course and upload its materials from the chat; students cannot;
each group is answered from its own course only; a private chat picks its own course.
"""
from __future__ import annotations

import html
import json
import re
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import core.uploads
from adapters.telegram.adapter import TelegramAdapter
from bot.container import App, build_app
from bot.settings import load_settings
from core.ingest.pipeline import ingest_paths
from core.messages import IncomingMessage, Reply
from core.ports import Embedder, Replier
from tests.support import fake_telegram as tg

pytestmark = pytest.mark.integration

TOKEN = "424242:COURSE-SPACES-fake-token_0123456789abcdef"
GROUP_A, GROUP_B = -100111, -100222
ADMIN, STUDENT, STAFF_DM, PRIVATE_USER = 7, 8, 9, 50
ANONYMOUS = {"id": 1087968824, "is_bot": True, "first_name": "Group",
             "username": "GroupAnonymousBot"}
ALPHA = ("# The kingdom\n\nThe capital of the kingdom is Zarnow, a walled city on the river Olt. "
         "Zarnow has been the capital of the kingdom since the old treaty.\n")
BETA = ("# The kingdom\n\nThe capital of the kingdom is Quellbridge, a harbour town by the grey "
        "sea. Quellbridge became the capital of the kingdom after the great flood.\n")
HEAPS = ("# Binary heaps\n\nA binary heap is a complete binary tree in which every parent is "
         "smaller than its children, so the minimum sits at the root. Inserting into a binary "
         "heap sifts the new key up; removing the minimum sifts the last key down.\n")
REPLY_S = 60.0  # the real pipeline (local embedder, reranker) on a shared CI core


class Recorder:
    """The real StudyBuddy, keeping each Reply so tests can read its course and citations."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.replies: list[Reply] = []

    async def respond(self, message: IncomingMessage, replier: Replier) -> Reply:
        reply = await self.inner.respond(message, replier)
        self.replies.append(reply)
        return reply

    async def handle(self, message: IncomingMessage) -> Reply:
        return await self.inner.handle(message)

    async def forget(self, platform: str, user_id: str) -> Reply:
        return await self.inner.forget(platform, user_id)


class Bot:
    """One running app + adapter; `say` sends a message and returns the bot's reply text."""

    def __init__(self, server: tg.FakeTelegram, app: App) -> None:
        self.server, self.app = server, app
        self.service = Recorder(app.service)
        self.adapter = TelegramAdapter(self.service, TOKEN, base_url=server.base_url,
                                       base_file_url=server.base_file_url, desk=app.desk,
                                       staff_ids=[STAFF_DM])

    async def say(self, message: dict[str, Any]) -> dict[str, Any]:
        self.server.push_update(message)
        return await self.server.wait_reply(message["message_id"], timeout=REPLY_S)

    async def ask(self, message: dict[str, Any]) -> tuple[dict[str, Any], Reply]:
        """A study question: the reply as sent, and the core's Reply (recorded just after)."""
        seen = len(self.service.replies)
        sent = await self.say(message)
        await self.server.wait_until(lambda: len(self.service.replies) > seen or None,
                                     "the recorded reply")
        return sent, self.service.replies[-1]

    async def close(self) -> None:
        await self.adapter.stop()
        await self.app.close()


def in_group(text: str, group: int = GROUP_A, user: int = ADMIN, **kw: Any) -> dict[str, Any]:
    return tg.message(text, chat_id=group, group=True, sender=tg.user(user), **kw)


def in_private(text: str, user: int = PRIVATE_USER) -> dict[str, Any]:
    return tg.message(text, chat_id=user, sender=tg.user(user))


def upload(server: tg.FakeTelegram, name: str, content: bytes, *, caption: str = "/upload",
           user: int = ADMIN, group: int | None = GROUP_A, size: int | None = None,
           language: str = "en") -> dict[str, Any]:
    """A document message in a group (or, with group=None, in the sender's private chat)."""
    file_id = f"f{len(server.files) + 1}"
    server.add_file(file_id, content, f"documents/{name}")
    return tg.document(file_id, name, len(content) if size is None else size, caption=caption,
                       chat_id=group or user, group=group is not None,
                       sender=tg.user(user, language_code=language))


def button(sent: dict[str, Any], action: str) -> str:
    """The callback data of the Confirm ("ok") or Cancel ("no") button under a preview."""
    [row] = sent["reply_markup"]["inline_keyboard"]
    return next(b["callback_data"] for b in row if b["callback_data"].startswith(f"desk:{action}:"))


def answers(server: tg.FakeTelegram, query_id: str) -> list[dict[str, str]]:
    return [c.params for c in server.calls_to("answerCallbackQuery")
            if c.params["callback_query_id"] == query_id]


async def answered(server: tg.FakeTelegram, query_id: str) -> dict[str, str]:
    found = await server.wait_until(lambda: answers(server, query_id) or None,
                                    f"answerCallbackQuery {query_id}")
    return found[0]


def text_of(sent: dict[str, Any]) -> str:
    """What the user reads: the HTML the bot sent, without tags and entities."""
    return html.unescape(re.sub(r"<[^>]+>", "", sent["text"]))


def course_files(reply: Reply) -> set[str]:
    return {c.display_name for c in reply.citations if c.source_type == "course"}


async def make_app(tmp_path: Path, **overrides: Any) -> App:
    settings = load_settings(data_dir=tmp_path / "data", auto_ingest_sample=False,
                             wikipedia_enabled=False, arxiv_enabled=False, web_search="none",
                             **overrides)
    return await build_app(settings)


async def add_course(app: App, tmp_path: Path, course: str, name: str, text: str) -> None:
    folder = tmp_path / f"course-{course}"
    folder.mkdir()
    (folder / name).write_text(text, encoding="utf-8")
    report = await ingest_paths([folder], app.store, app.embedder, course=course)
    assert report.errors == [] and report.files_ok == 1
    app.desk.spaces.courses_changed()


@pytest.fixture
async def server() -> AsyncIterator[tg.FakeTelegram]:
    fake = tg.FakeTelegram(TOKEN)
    fake.admins = {GROUP_A: {ADMIN}, GROUP_B: {ADMIN}}
    await fake.start()
    yield fake
    await fake.close()


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

    async def test_a_private_chat_picks_its_own_course_among_existing_ones(self, bot, server):
        unset = await bot.say(in_private("/course"))
        assert "Choose one with /course NAME" in text_of(unset) and "A, B" in text_of(unset)
        unknown = await bot.say(in_private("/course Z"))
        assert "There is no course called “Z”" in text_of(unknown)
        chosen = await bot.say(in_private("/course b"))
        assert "your private questions now answer from B" in text_of(chosen)
        answer, reply = await bot.ask(in_private("What is the capital of the kingdom?"))
        assert course_files(reply) == {"beta.md"}
        assert "Quellbridge" in text_of(answer)
        assert server.calls_to("getChatMember") == []  # no admins in a private chat

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
        monkeypatch.setattr(core.uploads, "PROGRESS_EVERY_S", 0.01)
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


class HeldEmbedder:
    """Embeds passages only after the first progress line reached the chat, so the test sees
    one progress edit however fast the machine is."""

    def __init__(self, inner: Embedder, server: tg.FakeTelegram) -> None:
        self.inner, self.server = inner, server
        self.name, self.dim = inner.name, inner.dim

    async def embed_queries(self, texts: Sequence[str]) -> np.ndarray:
        return await self.inner.embed_queries(texts)

    async def embed_passages(self, texts: Sequence[str]) -> np.ndarray:
        await self.server.wait_until(
            lambda: any(c.params.get("text", "").startswith("Adding")
                        for c in self.server.calls_to("editMessageText")) or None,
            "a progress edit")
        return await self.inner.embed_passages(texts)
