"""Sources / 👍 / 👎 under study answers on Telegram, end to end: the real app (build_app: SQLite
stores, local embedder, outcome store) behind the real python-telegram-bot Application, against
the fake RunningBot API, which refuses a second answerCallbackQuery and callback data over 64 bytes."""
from __future__ import annotations

import json
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest

from core.ports import Vote
from tests.support import fake_telegram as tg
from tests.support.telegram_desk import (
    HEAPS,
    REPLY_S,
    STUDENT,
    RunningBot,
    add_course,
    in_group,
    in_private,
    make_app,
    restartable,
    text_of,
)
from tests.support.telegram_html import parse_telegram_html

pytestmark = pytest.mark.integration
QUESTION = "What is a binary heap?"
OTHER = 77  # a second student in the group


@pytest.fixture
async def open_bot(server: tg.FakeTelegram, tmp_path: Path
                   ) -> AsyncIterator[Callable[[], Awaitable[RunningBot]]]:
    """The real app and adapter (journal and desk wired as the runner wires them)."""
    async def start() -> RunningBot:
        app = await make_app(tmp_path)
        return RunningBot(server, app, journal=app.journal, desk=app.desk)

    async with restartable(start) as open_:
        yield open_


@pytest.fixture
async def bot(open_bot: Callable[[], Awaitable[RunningBot]], tmp_path: Path) -> RunningBot:
    running = await open_bot()
    await add_course(running.app, tmp_path, "ALG", "heaps.md", HEAPS)
    assert running.app.desk.sharing is not None  # students ask in DMs: `studybuddy courses public`
    await running.app.desk.sharing.set_flags("ALG", public=True)
    return running


def keyboard(sent: dict[str, Any]) -> list[list[str]]:
    """The callback data of the buttons under a message, row by row ([] without any)."""
    rows = sent.get("reply_markup", {}).get("inline_keyboard", [])
    return [[b["callback_data"] for b in row] for row in rows]


def main_row(answer_id: str) -> list[list[str]]:
    return [[f"ans:src:{answer_id}", f"ans:up:{answer_id}", f"ans:dn:{answer_id}"]]


async def votes(bot: RunningBot, answer_id: str) -> list[tuple[int, str]]:
    outcome = await bot.app.actions.store.get(answer_id)
    assert outcome is not None
    return sorted((v.value, v.reason) for v in outcome.votes)


class TestWhereButtonsAppear:
    async def test_a_study_answer_has_them_and_a_greeting_or_notice_has_none(self, bot, server):
        greeting = in_private("hello", user=STUDENT)
        server.push_update(greeting)
        hello = await server.wait_reply(greeting["message_id"], timeout=REPLY_S)
        help_message = in_private("/help", user=STUDENT)
        server.push_update(help_message)
        shown = await server.wait_reply(help_message["message_id"], timeout=REPLY_S)
        assert keyboard(hello) == [] and keyboard(shown) == []

        answer = await bot.answer(in_private(QUESTION, user=STUDENT))
        reply = bot.service.replies[-1]
        assert reply.answer_id and "heap" in text_of(answer).lower()
        assert keyboard(answer) == main_row(reply.answer_id)
        labels = [b["text"] for b in answer["reply_markup"]["inline_keyboard"][0]]
        assert labels == ["📚 Sources", "👍", "👎"]
        typing = server.calls_to("sendChatAction")  # the study path still shows "typing…"
        answered_at = server.calls.index(server.calls_to("sendMessage")[-1])
        assert typing and server.calls.index(typing[0]) < answered_at
        assert bot.adapter.typing_loops.active_chats == 0


class TestSources:
    async def test_sources_quotes_the_cited_passage_under_the_answer(self, bot, server):
        answer = await bot.answer(in_private(QUESTION, user=STUDENT))
        answer_id = bot.service.replies[-1].answer_id
        toast = await bot.press(answer, f"ans:src:{answer_id}", STUDENT)
        assert "text" not in toast  # the spinner clears; the passages come as a message
        [posted] = await server.wait_until(lambda: server.replies_to(answer["message_id"]) or None,
                                           "the sources message")
        html_text = posted["text"]
        parse_telegram_html(html_text)  # Telegram would accept it
        assert "Sources of this answer:" in text_of(posted)
        assert "<b>[1] heaps.md" in html_text and "<blockquote>" in html_text
        assert "binary heap is a complete binary tree" in text_of(posted)
        assert keyboard(server.sent[answer["message_id"]]) == main_row(answer_id)  # unchanged

    async def test_in_a_group_sources_are_posted_once_per_answer(self, bot, server):
        answer = await bot.answer(in_group(f"/ask {QUESTION}", user=STUDENT))
        answer_id = bot.service.replies[-1].answer_id
        await bot.press(answer, f"ans:src:{answer_id}", STUDENT)
        await server.wait_until(lambda: server.replies_to(answer["message_id"]) or None,
                                "the sources message")
        again = await bot.press(answer, f"ans:src:{answer_id}", OTHER)
        assert "posted just below" in again["text"]
        assert len(server.replies_to(answer["message_id"])) == 1


class TestVotes:
    async def test_up_then_down_with_a_reason_changes_the_vote(self, bot, server):
        answer = await bot.answer(in_private(QUESTION, user=STUDENT))
        answer_id = bot.service.replies[-1].answer_id
        up = await bot.press(answer, f"ans:up:{answer_id}", STUDENT)
        assert up["text"] == "Thanks, glad it helped!"
        assert await votes(bot, answer_id) == [(1, "")]
        assert server.calls_to("editMessageReplyMarkup") == []  # the keyboard stays as it is

        down = await bot.press(answer, f"ans:dn:{answer_id}", STUDENT)
        assert "What was wrong" in down["text"]
        await server.wait_for("editMessageReplyMarkup")
        shown = server.sent[answer["message_id"]]
        assert keyboard(shown) == [[f"ans:r{i}:{answer_id}"] for i in range(4)] + [
            [f"ans:src:{answer_id}", f"ans:up:{answer_id}"]]
        labels = [row[0]["text"] for row in shown["reply_markup"]["inline_keyboard"][:4]]
        assert labels == ["👎 Wrong", "👎 Not in the materials", "👎 Gave away a solution",
                          "👎 Wrong language"]
        assert await votes(bot, answer_id) == [(-1, "")]

        reason = await bot.press(answer, f"ans:r1:{answer_id}", STUDENT)
        assert "Not in the materials" in reason["text"]
        assert await votes(bot, answer_id) == [(-1, "not_in_materials")]
        await server.wait_for("editMessageReplyMarkup", 2)
        assert keyboard(server.sent[answer["message_id"]]) == main_row(answer_id)

    async def test_forget_erases_the_users_votes_and_then_the_answer(self, bot, server):
        answer = await bot.answer(in_group(f"/ask {QUESTION}", user=STUDENT))
        answer_id = bot.service.replies[-1].answer_id
        await bot.press(answer, f"ans:up:{answer_id}", STUDENT)
        await bot.press(answer, f"ans:dn:{answer_id}", OTHER)
        await bot.press(answer, f"ans:r0:{answer_id}", OTHER)
        assert await votes(bot, answer_id) == [(-1, "wrong"), (1, "")]

        forget = in_group("/forget", user=OTHER)
        server.push_update(forget)
        await server.wait_reply(forget["message_id"], timeout=REPLY_S)
        outcome = await bot.app.actions.store.get(answer_id)
        assert outcome is not None and outcome.votes == (
            Vote(answer_id, bot.app.actions.hash("telegram", str(STUDENT)), 1, "",
                 outcome.votes[0].voted_at),)

        forget = in_group("/forget", user=STUDENT)  # the asker: the answer itself goes
        server.push_update(forget)
        await server.wait_reply(forget["message_id"], timeout=REPLY_S)
        assert await bot.app.actions.store.get(answer_id) is None
        gone = await bot.press(answer, f"ans:up:{answer_id}", OTHER)
        assert "no longer have that answer" in gone["text"]
        await server.wait_until(lambda: keyboard(server.sent[answer["message_id"]]) == []
                                or None, "the buttons removed")


class TestUnknownAndRestart:
    async def test_unknown_or_malformed_buttons_are_still_answered(self, bot, server):
        answer = await bot.answer(in_private(QUESTION, user=STUDENT))
        for data in ("ans:up:zzzzzzzz", "ans:src:zzzzzzzz", "ans:r2:zzzzzzzz"):
            toast = await bot.press(answer, data, STUDENT)
            assert "no longer have that answer" in toast["text"], data
        for data in ("ans:xx:abc", "ans:", "ans:up:" + "a" * 40):
            toast = await bot.press(answer, data, STUDENT)
            assert toast["text"] == "This button no longer works. Ask again?", data
        arabic = await bot.press(answer, "ans:dn:zzzzzzzz", STUDENT, language="ar")
        assert "لم تعد هذه الإجابة متاحة" in arabic["text"]
        assert len(server.replies_to(answer["message_id"])) == 0  # no sources posted

    async def test_buttons_still_work_after_a_restart(self, bot, open_bot, server):
        answer = await bot.answer(in_private(QUESTION, user=STUDENT))
        answer_id = bot.service.replies[-1].answer_id
        restarted = await open_bot()  # closes the first bot; same data directory
        up = await restarted.press(answer, f"ans:up:{answer_id}", STUDENT)
        assert up["text"] == "Thanks, glad it helped!"
        assert await votes(restarted, answer_id) == [(1, "")]
        await restarted.press(answer, f"ans:src:{answer_id}", STUDENT)
        [posted] = await server.wait_until(lambda: server.replies_to(answer["message_id"]) or None,
                                           "the sources message")
        assert "binary heap" in text_of(posted)
        sent = json.loads(server.calls_to("sendMessage")[-1].params["reply_parameters"])
        assert sent["message_id"] == answer["message_id"]
