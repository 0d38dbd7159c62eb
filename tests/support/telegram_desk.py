"""The real app behind the real PTB adapter, for the Telegram tests: a running bot that records
the core's replies (and restarts on the same data), message and upload builders, tiny courses, a
gated embedder."""
from __future__ import annotations

import html
import re
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, TypeVar

import numpy as np

from adapters.telegram.adapter import TelegramAdapter
from bot.container import App, build_app
from bot.settings import load_settings
from core.ingest.pipeline import ingest_paths
from core.messages import IncomingMessage, Reply
from core.ports import Embedder, Replier
from tests.support import fake_telegram as tg

TOKEN = "424242:COURSE-SPACES-fake-token_0123456789abcdef"
GROUP_A, GROUP_B = -100111, -100222
ADMIN, STUDENT, STAFF_DM, PRIVATE_USER = 7, 8, 9, 50
ANONYMOUS = {"id": 1087968824, "is_bot": True, "first_name": "Group",
             "username": "GroupAnonymousBot"}
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

    async def sources(self, answer_id: str, language: str) -> Reply:
        return await self.inner.sources(answer_id, language)

    async def vote(self, answer_id: str, platform: str, user_id: str, value: int,
                   reason: str = "", *, language: str = "en") -> Reply:
        return await self.inner.vote(answer_id, platform, user_id, value, reason,
                                     language=language)


class RunningBot:
    """The real app behind the real adapter on the fake Bot API, the core's replies recorded;
    `options` wire the adapter as the test needs (journal, desk, practice, tadesk ...)."""

    def __init__(self, server: tg.FakeTelegram, app: App, **options: Any) -> None:
        self.server, self.app = server, app
        self.service = Recorder(app.service)
        self.adapter = TelegramAdapter(self.service, TOKEN, base_url=server.base_url, **options)

    async def say(self, message: dict[str, Any]) -> dict[str, Any]:
        """Send a message; the bot's first reply to it."""
        self.server.push_update(message)
        return await self.server.wait_reply(message["message_id"], timeout=REPLY_S)

    async def answer(self, message: dict[str, Any]) -> dict[str, Any]:
        """A study question; the last part of the bot's answer (the one carrying the buttons)."""
        seen = len(self.service.replies)
        self.server.push_update(message)
        await self.server.wait_until(lambda: len(self.service.replies) > seen or None,
                                     "the answer", timeout=REPLY_S)  # recorded once all sent
        chat = message["chat"]["id"]
        return max((m for m in self.server.sent.values() if m["chat"]["id"] == chat),
                   key=lambda m: m["message_id"])

    async def press(self, sent: dict[str, Any], data: str, user: int, language: str = "en"
                    ) -> dict[str, str]:
        """Press a button on the message as Telegram shows it now; the answerCallbackQuery."""
        current = self.server.sent[sent["message_id"]]
        query_id = self.server.push_callback(current, data, tg.user(user, language))
        return await answered(self.server, query_id)

    async def close(self) -> None:
        await self.adapter.stop()
        await self.app.close()


B = TypeVar("B", bound=RunningBot)


@asynccontextmanager
async def restartable(start: Callable[[], Awaitable[B]]
                      ) -> AsyncIterator[Callable[[], Awaitable[B]]]:
    """What an `open_bot` fixture yields: each call starts a bot from `start()` (one data
    directory: the next is the same bot after a restart, the one before is closed first);
    the last is closed at the end."""
    bots: list[B] = []

    async def open_bot() -> B:
        if bots:
            await bots[-1].close()
        bot = await start()
        bots.append(bot)
        await bot.adapter.start()
        return bot

    yield open_bot
    if bots:
        await bots[-1].close()


class Bot(RunningBot):
    """The course-desk tests' bot: desk and staff wired, files served; `ask` also returns the
    core's Reply."""

    def __init__(self, server: tg.FakeTelegram, app: App) -> None:
        super().__init__(server, app, base_file_url=server.base_file_url, desk=app.desk,
                         staff_ids=[STAFF_DM])

    async def ask(self, message: dict[str, Any]) -> tuple[dict[str, Any], Reply]:
        """A study question: the reply as sent, and the core's Reply (recorded just after)."""
        seen = len(self.service.replies)
        sent = await self.say(message)
        await self.server.wait_until(lambda: len(self.service.replies) > seen or None,
                                     "the recorded reply")
        return sent, self.service.replies[-1]


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
