"""/quiz and /review on Telegram, end to end: the real app (build_app, SQLite stores, the offline
embedder) behind the real python-telegram-bot Application, against the fake RunningBot API, which
enforces sendPoll's limits. Items are quiz polls (never anonymous); a group's are scored per
student from poll_answer updates; a private chat gets the next item after each answer; a missed
item comes back in /review; a poll sent before a restart still counts; /forget erases it all."""
from __future__ import annotations

import asyncio
import shutil
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest

from bot.container import SAMPLE_COURSE
from core.ingest.pipeline import ingest_paths
from tests.support import fake_telegram as tg
from tests.support.telegram_desk import (
    GROUP_A,
    REPLY_S,
    STUDENT,
    RunningBot,
    in_group,
    in_private,
    make_app,
    restartable,
)

pytestmark = pytest.mark.integration
OTHER = 77
NOTES = ("01-complexity.md", "02-sorting.md", "04-graphs.md")


@pytest.fixture
async def open_bot(server: tg.FakeTelegram, tmp_path: Path
                   ) -> AsyncIterator[Callable[[], Awaitable[RunningBot]]]:
    async def start() -> RunningBot:
        app = await make_app(tmp_path)
        return RunningBot(server, app, journal=app.journal, desk=app.desk,
                          practice=app.practice)

    async with restartable(start) as open_:
        yield open_


@pytest.fixture
async def bot(open_bot: Callable[[], Awaitable[RunningBot]], tmp_path: Path) -> RunningBot:
    running = await open_bot()
    folder = tmp_path / "alg"
    folder.mkdir()
    for name in NOTES:
        shutil.copy(SAMPLE_COURSE / name, folder / name)
    report = await ingest_paths([folder], running.app.store, running.app.embedder, course="ALG")
    assert report.errors == []
    running.app.desk.spaces.courses_changed()
    assert running.app.desk.sharing is not None
    await running.app.desk.sharing.set_flags("ALG", public=True)
    return running


async def polls(server: tg.FakeTelegram, chat: int, count: int) -> list[dict[str, Any]]:
    return await server.wait_until(lambda: found if len(found := server.polls(chat)) >= count
                                   else None, f"{count} poll(s) in chat {chat}",
                                   timeout=REPLY_S)


async def said(server: tg.FakeTelegram, chat: int, words: str) -> dict[str, Any]:
    return await server.wait_until(
        lambda: next((m for m in server.sent.values() if m["chat"]["id"] == chat
                      and words in m.get("text", "")), None), f"'{words}' in {chat}",
        timeout=REPLY_S)


def answer(server: tg.FakeTelegram, sent: dict[str, Any], user: int, right: bool) -> None:
    poll = sent["poll"]
    correct = poll["correct_option_ids"][0]
    choice = correct if right else (correct + 1) % len(poll["options"])
    server.push_poll_answer(poll["id"], tg.user(user), [choice])


async def answers_of(bot: RunningBot, user: int, count: int) -> list[bool]:
    """The user's recorded answers (right or not), once there are `count` of them."""
    who = user_hash_of(bot, user)
    assert bot.app.practice is not None
    store = bot.app.practice.store
    for _ in range(int(REPLY_S * 10)):
        mine = [a.right for a in await store.answers() if a.user_hash == who]
        if len(mine) >= count:
            return mine
        await asyncio.sleep(0.1)
    raise AssertionError(f"{count} answer(s) of {user} never recorded")


def user_hash_of(bot: RunningBot, user: int) -> str:
    assert bot.app.practice is not None
    return bot.app.practice.hash("telegram", str(user))


async def test_a_group_quiz_is_scored_per_student(bot: RunningBot, server: tg.FakeTelegram) -> None:
    server.push_update(in_group("/quiz 2", group=GROUP_A))
    sent = await polls(server, GROUP_A, 2)
    for call in server.calls_to("sendPoll"):
        params = call.params
        assert params["type"] == "quiz" and params["is_anonymous"] in ("false", "False")
        assert len(params["explanation"]) <= 200 and len(params["correct_option_ids"]) == 3
    assert "Quiz: 2 question(s)" in (await said(server, GROUP_A, "Quiz:"))["text"]
    answer(server, sent[0], STUDENT, right=True)
    answer(server, sent[0], OTHER, right=False)
    answer(server, sent[1], OTHER, right=True)
    assert await answers_of(bot, STUDENT, 1) == [True]
    assert await answers_of(bot, OTHER, 2) == [False, True]
    assert len(server.polls(GROUP_A)) == 2  # a group gets no follow-up items


async def test_a_private_quiz_goes_item_by_item_and_review_brings_back_a_miss(
        bot: RunningBot, server: tg.FakeTelegram) -> None:
    server.push_update(in_private("/quiz 2", user=STUDENT))
    first = (await polls(server, STUDENT, 1))[0]
    answer(server, first, STUDENT, right=False)
    second = (await polls(server, STUDENT, 2))[1]
    answer(server, second, STUDENT, right=True)
    done = await said(server, STUDENT, "Quiz done")
    assert "1 of 2 right" in done["text"] and "Due for review: 1" in done["text"]
    server.push_update(in_private("/review", user=STUDENT))
    again = (await polls(server, STUDENT, 3))[2]
    assert again["poll"]["question"] == first["poll"]["question"]
    server.push_update(in_private("/quiz stats", user=STUDENT))
    stats = await said(server, STUDENT, "Your practice")
    assert "right" in stats["text"]

    server.push_update(in_private("/forget", user=STUDENT))
    assert bot.app.practice is not None
    for _ in range(100):
        if not await bot.app.practice.store.cards(user_hash_of(bot, STUDENT)):
            break
        await asyncio.sleep(0.1)
    assert await bot.app.practice.store.cards(user_hash_of(bot, STUDENT)) == []
    assert [a for a in await bot.app.practice.store.answers()
            if a.user_hash == user_hash_of(bot, STUDENT)] == []


async def test_a_poll_sent_before_a_restart_still_counts(
        bot: RunningBot, open_bot: Callable[[], Awaitable[RunningBot]], server: tg.FakeTelegram) -> None:
    server.push_update(in_private("/quiz 2", user=STUDENT))
    first = (await polls(server, STUDENT, 1))[0]
    restarted = await open_bot()  # the same data directory: a new process
    answer(server, first, STUDENT, right=True)
    second = (await polls(server, STUDENT, 2))[1]
    assert second["poll"]["question"] != first["poll"]["question"]
    assert await answers_of(restarted, STUDENT, 1) == [True]


def test_long_explanations_are_cut_cleanly() -> None:
    from adapters.telegram.quiz import poll_explanation
    from core.ports.practice import ItemSource, QuizItem

    quote = "Quicksort " + "partitions the array around a pivot and " * 12 + "recurses."
    item = QuizItem("i", "C", "en", "cloze", "Fill in the blank: _____ sorts.",
                    ("Quicksort", "Heap sort", "Merge sort"), 0, quote,
                    ItemSource("02-sorting.md", "Sorting", None, "Quicksort"), "Quicksort")
    cut = poll_explanation(item)
    assert len(cut) <= 200 and cut.startswith("Right answer: Quicksort.")
    assert cut.endswith("(02-sorting.md › Quicksort)") and "…" in cut
