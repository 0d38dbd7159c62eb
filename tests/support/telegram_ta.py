"""Ask a TA on Telegram, the test side: the real app (build_app: SQLite stores, the offline
embedder, its TADesk on the SQLite escalation store) behind the real python-telegram-bot
Application, against the fake Bot API. Group A owns the course ALG; its admin sets a TA desk in a
staff group. Fixtures (telegram_admins for the shared fake `server`, max_open, open_bot, bot) for
tests/integration/telegram_ta_desk/ and the steps a test takes (set the desk, escalate, the card,
a staff draft, what was delivered).
"""
from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest

from core.escalation.service import TADesk
from tests.support import fake_telegram as tg
from tests.support.telegram_desk import (
    ADMIN,
    GROUP_A,
    GROUP_B,
    HEAPS,
    REPLY_S,
    STUDENT,
    RunningBot,
    add_course,
    in_group,
    make_app,
    restartable,
    text_of,
)

STAFF_GROUP = -100333  # where ALG's TA desk sits
ATTACKER = 70  # admin of group B (owner of another course), also in the staff group
OTHER = 77  # a second student of group A
UNSURE = "How does a binary heap keep its shape when a key is removed?"
LATER = "How does a binary heap keep its shape when you remove a key?"  # reworded: ✅
ANSWER = "Removing the minimum moves the last leaf to the root and sifts it down, so the tree " \
         "stays complete: every level is full except the last, filled from the left."


class Bot(RunningBot):
    """The real app (its TA desk on the SQLite escalation store) and adapter."""

    def __init__(self, server: tg.FakeTelegram, app: Any) -> None:
        assert app.tadesk is not None
        self.tadesk: TADesk = app.tadesk
        super().__init__(server, app, journal=app.journal, desk=app.desk, tadesk=self.tadesk,
                         ta_sweep_s=3600)


@pytest.fixture
def telegram_admins() -> dict[int, set[int]]:
    """Group A's admin, group B's (the attacker), both also admins of the staff group."""
    return {GROUP_A: {ADMIN}, GROUP_B: {ATTACKER}, STAFF_GROUP: {ADMIN, ATTACKER}}


@pytest.fixture
def max_open() -> int:
    return 3


@pytest.fixture
async def open_bot(server: tg.FakeTelegram, tmp_path: Path, max_open: int
                   ) -> AsyncIterator[Callable[[], Awaitable[Bot]]]:
    """Starts bots on one data directory (a second one is the same bot after a restart)."""
    async def start() -> Bot:
        return Bot(server, await make_app(tmp_path, ta_max_open=max_open))

    async with restartable(start) as open_:
        yield open_


@pytest.fixture
async def bot(open_bot: Callable[[], Awaitable[Bot]], tmp_path: Path) -> Bot:
    """Group A's admin made ALG (so group A owns it) and its notes are in."""
    running = await open_bot()
    made = await running.say(in_group("/course ALG"))
    assert "ALG" in text_of(made)
    await add_course(running.app, tmp_path, "ALG", "heaps.md", HEAPS)
    return running


def keyboard(sent: dict[str, Any]) -> list[list[str]]:
    rows = sent.get("reply_markup", {}).get("inline_keyboard", [])
    return [[b["callback_data"] for b in row] for row in rows]


def data_of(sent: dict[str, Any], prefix: str) -> str:
    return next(d for row in keyboard(sent) for d in row if d.startswith(prefix))


def in_chat(server: tg.FakeTelegram, chat: int) -> list[dict[str, Any]]:
    return sorted((m for m in server.sent.values() if m["chat"]["id"] == chat),
                  key=lambda m: m["message_id"])


async def said(server: tg.FakeTelegram, chat: int, words: str, after: int = 0
               ) -> dict[str, Any]:
    """The bot's first message in `chat` (newer than message id `after`) containing `words`."""
    return await server.wait_until(
        lambda: next((m for m in in_chat(server, chat) if m["message_id"] > after
                      and words in text_of(m)), None), f"'{words}' in {chat}", timeout=REPLY_S)


async def set_desk(bot: Bot, chat: int = STAFF_GROUP, user: int = ADMIN, course: str = "ALG"
                   ) -> str:
    return text_of(await bot.say(in_group(f"/ta here {course}", group=chat, user=user)))


async def escalate(bot: Bot, question: str = UNSURE, user: int = STUDENT, note: str = ""
                   ) -> tuple[dict[str, Any], dict[str, Any]]:
    """Ask in group A, press "Ask a TA", add `note` (or skip): (question, the confirmation)."""
    asked = in_group(f"/ask {question}", user=user)
    answer = await bot.answer(asked)
    await bot.press(answer, data_of(answer, "esc:ask:"), user)
    prompt = await said(bot.server, GROUP_A, "What don't you get?", answer["message_id"])
    assert prompt["reply_to_message"]["message_id"] == answer["message_id"]
    if note:
        reply = in_group(note, user=user, reply_to=bot.server.sent[prompt["message_id"]])
        confirmation = await bot.say(reply)
    else:
        await bot.press(prompt, data_of(prompt, "esc:skip:"), user)
        confirmation = await bot.server.wait_reply(prompt["message_id"], timeout=REPLY_S)
    await bot.server.wait_until(lambda: keyboard(bot.server.sent[prompt["message_id"]]) == []
                                or None, "the prompt's button removed")
    return asked, confirmation


async def card_of(bot: Bot, after: int = 0) -> dict[str, Any]:
    """The next card in the staff group, once the desk knows where it was posted (the bot
    records that after sendMessage returns: a press a moment earlier would find no card)."""
    card = await said(bot.server, STAFF_GROUP, "Question for course staff", after)
    for _ in range(int(REPLY_S * 20)):
        if await bot.tadesk.store.card_at("telegram", str(STAFF_GROUP),
                                          str(card["message_id"])) is not None:
            return card
        await asyncio.sleep(0.05)
    raise AssertionError("the card was never recorded as posted")


async def draft(bot: Bot, card: dict[str, Any], answer: str = ANSWER, user: int = ADMIN
                ) -> tuple[dict[str, Any], dict[str, Any]]:
    """A staff reply to the card: (that reply, the bot's notice under it)."""
    reply = in_group(answer, group=STAFF_GROUP, user=user,
                     reply_to=bot.server.sent[card["message_id"]])
    return reply, await bot.say(reply)


async def delivered(bot: Bot, asked: dict[str, Any]) -> dict[str, Any]:
    """The staff answer the student received under their question."""
    return await bot.server.wait_until(
        lambda: next((m for m in bot.server.replies_to(asked["message_id"])
                      if "Answered by course staff" in text_of(m)), None),
        "the staff answer under the question", timeout=REPLY_S)


def staff_answers_under(server: tg.FakeTelegram, asked: dict[str, Any]) -> list[dict[str, Any]]:
    return [m for m in server.replies_to(asked["message_id"])
            if "Answered by course staff" in text_of(m)]
