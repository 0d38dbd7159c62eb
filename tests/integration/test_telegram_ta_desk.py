"""Ask a TA on Telegram, end to end (issue 23): the real app (build_app: SQLite stores, the
offline embedder, outcomes, the SQLite escalation store) behind the real python-telegram-bot Application, against the fake
Bot API. Group A owns the course ALG; its admin sets a TA desk in a staff group; a student's ⚠
answer gets "Ask a TA"; the card reaches the staff group; a staff reply (edited, then sent)
reaches every student on the card under their own question, once, and becomes course notes
that the next paraphrased question is answered from."""
from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

from adapters.telegram.adapter import TelegramAdapter
from core.escalation.notes import DOC_TYPE
from core.escalation.service import TADesk
from tests.support import fake_telegram as tg
from tests.support.telegram_desk import (
    ADMIN,
    GROUP_A,
    GROUP_B,
    HEAPS,
    REPLY_S,
    STUDENT,
    TOKEN,
    Recorder,
    add_course,
    answered,
    in_group,
    make_app,
    text_of,
)

pytestmark = pytest.mark.integration
STAFF_GROUP = -100333  # where ALG's TA desk sits
ATTACKER = 70  # admin of group B (owner of another course), also in the staff group
OTHER = 77  # a second student of group A
UNSURE = "How does a binary heap keep its shape when a key is removed?"
LATER = "How does a binary heap keep its shape when you remove a key?"  # reworded: ✅
ANSWER = "Removing the minimum moves the last leaf to the root and sifts it down, so the tree " \
         "stays complete: every level is full except the last, filled from the left."


class Bot:
    """The real app (its TA desk on the SQLite escalation store) and adapter."""

    def __init__(self, server: tg.FakeTelegram, app: Any) -> None:
        self.server, self.app = server, app
        self.service = Recorder(app.service)
        assert app.tadesk is not None
        self.tadesk: TADesk = app.tadesk
        self.adapter = TelegramAdapter(self.service, TOKEN, base_url=server.base_url,
                                       journal=app.journal, desk=app.desk, tadesk=self.tadesk,
                                       ta_sweep_s=3600)

    async def say(self, message: dict[str, Any]) -> dict[str, Any]:
        """Send a message; the bot's first reply to it."""
        self.server.push_update(message)
        return await self.server.wait_reply(message["message_id"], timeout=REPLY_S)

    async def ask(self, message: dict[str, Any]) -> dict[str, Any]:
        """A study question; the bot's answer (the part carrying the buttons)."""
        seen = len(self.service.replies)
        self.server.push_update(message)
        await self.server.wait_until(lambda: len(self.service.replies) > seen or None,
                                     "the answer", timeout=REPLY_S)
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


@pytest.fixture
async def server() -> AsyncIterator[tg.FakeTelegram]:
    fake = tg.FakeTelegram(TOKEN)
    fake.admins = {GROUP_A: {ADMIN}, GROUP_B: {ATTACKER}, STAFF_GROUP: {ADMIN, ATTACKER}}
    await fake.start()
    yield fake
    await fake.close()


@pytest.fixture
def max_open() -> int:
    return 3


@pytest.fixture
async def open_bot(server: tg.FakeTelegram, tmp_path: Path, max_open: int
                   ) -> AsyncIterator[Callable[[], Awaitable[Bot]]]:
    """Starts bots on one data directory (a second one is the same bot after a restart)."""
    bots: list[Bot] = []

    async def start() -> Bot:
        if bots:
            await bots[-1].close()
        bot = Bot(server, await make_app(tmp_path, ta_max_open=max_open))
        bots.append(bot)
        await bot.adapter.start()
        return bot

    yield start
    if bots:
        await bots[-1].close()


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
    answer = await bot.ask(asked)
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


async def test_the_whole_loop_from_an_unsure_answer_to_course_notes(bot, server):
    without = await bot.ask(in_group(f"/ask {UNSURE}", user=STUDENT))
    assert bot.service.replies[-1].confidence.value == "low"  # ⚠, but no desk yet
    assert not any(d.startswith("esc:") for row in keyboard(without) for d in row)

    assert "will come here" in await set_desk(bot)
    asked, confirmation = await escalate(bot, note="why is it still complete afterwards?")
    assert "Sent to the course staff" in text_of(confirmation)
    card = await card_of(bot)
    shown = text_of(card)
    assert UNSURE in shown and "ALG" in shown and "why is it still complete" in shown
    assert "a student in Study group" in shown  # anonymous by default
    card_id = keyboard(card)[0][0].split(":")[2]
    assert keyboard(card) == [[f"ta:claim:{card_id}", f"ta:close:{card_id}"],
                              [f"ta:material:{card_id}"], [f"ta:notes:{card_id}"]]

    claimed = await bot.press(card, f"ta:claim:{card_id}", ADMIN)
    assert "You claimed it" in claimed["text"]
    await said(server, STAFF_GROUP, "Claimed by", card["message_id"])

    _, notice = await draft(bot, card)
    assert "Answer ready for 1 student(s)" in text_of(notice)
    assert keyboard(notice)[0] == [f"ta:send:{card_id}"]
    await server.wait_until(lambda: keyboard(server.sent[card["message_id"]])[0]
                            == [f"ta:send:{card_id}"] or None, "Send on the card")

    sent = await bot.press(notice, f"ta:send:{card_id}", ADMIN)
    assert sent["text"] == "Sent to 1 student(s)."
    received = await delivered(bot, asked)
    assert ANSWER[:60] in text_of(received) and UNSURE in text_of(received)
    assert received["chat"]["id"] == GROUP_A
    await server.wait_until(lambda: keyboard(server.sent[card["message_id"]]) == [] or None,
                            "the finished card without buttons")
    await said(server, STAFF_GROUP, "Added to the course notes", card["message_id"])

    documents = await bot.app.store.documents("ALG")
    [noted] = [d for d in documents if d.doc_type == DOC_TYPE]
    assert noted.title.startswith("Staff answer · ")

    later = await bot.ask(in_group(f"/ask {LATER}", user=OTHER))
    reply = bot.service.replies[-1]
    assert any(c.title.startswith("Staff answer") for c in reply.citations), reply.citations
    assert "Staff answer" in text_of(later)
    assert reply.confidence.value == "course" and "✅" in text_of(later)


async def test_two_students_one_card_both_receive_the_answer(bot, server):
    await set_desk(bot)
    first, _ = await escalate(bot)
    card = await card_of(bot)
    second, joined = await escalate(bot, user=OTHER)
    assert "already have this question (2 students asked)" in text_of(joined)
    await said(server, STAFF_GROUP, "Another student asked this (2 now)", card["message_id"])
    assert len([m for m in in_chat(server, STAFF_GROUP)
                if "Question for course staff" in text_of(m)]) == 1

    _, notice = await draft(bot, card)
    assert "2 student(s)" in text_of(notice)
    await bot.press(notice, data_of(notice, "ta:send:"), ADMIN)
    for asked in (first, second):
        assert ANSWER[:60] in text_of(await delivered(bot, asked))


async def test_a_restart_between_escalation_and_answer(bot, open_bot, server):
    await set_desk(bot)
    asked = in_group(f"/ask {UNSURE}", user=STUDENT)
    answer = await bot.ask(asked)
    await bot.press(answer, data_of(answer, "esc:ask:"), STUDENT)
    prompt = await said(server, GROUP_A, "What don't you get?", answer["message_id"])
    restarted = await open_bot()  # same data directory: the prompt's keyboard says it all
    note = in_group("the sift-down part", user=STUDENT, reply_to=server.sent[prompt["message_id"]])
    assert "Sent to the course staff" in text_of(await restarted.say(note))
    card = await card_of(restarted)
    again = await open_bot()  # and once more between the card and the staff answer
    _, notice = await draft(again, card)
    await again.press(notice, data_of(notice, "ta:send:"), ADMIN)
    assert ANSWER[:60] in text_of(await delivered(again, asked))


async def test_a_student_waiting_on_a_card_cannot_answer_it(bot, server):
    await set_desk(bot)
    await escalate(bot, user=ADMIN)  # the course's admin asked it themselves
    card = await card_of(bot)
    _, refusal = await draft(bot, card, user=ADMIN)
    assert "waiting on this card yourself" in text_of(refusal)
    assert keyboard(refusal) == []
    pressed = await bot.press(card, data_of(card, "ta:close:"), ADMIN)
    assert "waiting on this card yourself" in pressed["text"]


async def test_staff_of_another_groups_course_get_nothing_done(bot, server):
    made = await bot.say(in_group("/course OTHER", group=GROUP_B, user=ATTACKER))
    assert "OTHER" in text_of(made)
    refused = await set_desk(bot, chat=GROUP_B, user=ATTACKER)  # ALG is group A's
    assert "isn't available here" in refused
    await set_desk(bot)
    await escalate(bot)
    card = await card_of(bot)
    _, refusal = await draft(bot, card, user=ATTACKER)  # in the staff group, but not A's staff
    assert "Only staff of this course's server or group" in text_of(refusal)
    claimed = await bot.press(card, data_of(card, "ta:claim:"), ATTACKER)
    assert "Only staff" in claimed["text"]
    stored = await bot.tadesk.store.card(data_of(card, "ta:claim:").split(":")[2])
    assert stored is not None and stored.draft == "" and stored.status == "open"
    assert not any("Question for course staff" in text_of(m) for m in in_chat(server, GROUP_B))


async def test_ta_off_removes_the_button(bot, server):
    await set_desk(bot)
    answer = await bot.ask(in_group(f"/ask {UNSURE}", user=STUDENT))
    ask = data_of(answer, "esc:ask:")
    assert [b["text"] for b in answer["reply_markup"]["inline_keyboard"][-1]] == ["Ask a TA"]
    answer_id = ask.split(":")[2]
    await bot.press(answer, f"ans:dn:{answer_id}", STUDENT)  # the reasons keep "Ask a TA"
    await server.wait_until(lambda: len(keyboard(server.sent[answer["message_id"]])) == 6
                            or None, "the reasons")
    assert keyboard(server.sent[answer["message_id"]])[-1] == [ask]
    off = await bot.say(in_group("/ta off ALG", group=STAFF_GROUP))
    assert "Escalations for ALG are off" in text_of(off)
    again = await bot.ask(in_group(f"/ask {UNSURE}", user=STUDENT))
    assert not any(d.startswith("esc:") for row in keyboard(again) for d in row)
    usage = await bot.say(in_group("/ta", group=STAFF_GROUP))
    assert "/ta here [COURSE] [all]" in text_of(usage)
    menu = server.calls_to("setMyCommands")[0].params["commands"]
    assert '"ta"' in menu


@pytest.mark.parametrize("max_open", [1])
async def test_the_per_student_limit_refuses_the_next_escalation(bot, server):
    await set_desk(bot)
    await escalate(bot)
    _, refused = await escalate(bot, question="What is the height of a binary heap of n keys "
                                              "stored in an array?")
    assert "You already have 1 questions waiting" in text_of(refused)
    assert len([m for m in in_chat(server, STAFF_GROUP)
                if "Question for course staff" in text_of(m)]) == 1


async def test_an_edit_before_send_changes_what_students_receive(bot, server):
    await set_desk(bot)
    asked, _ = await escalate(bot)
    card = await card_of(bot)
    reply, notice = await draft(bot, card, answer="It sifts up. (wrong, first try)")
    server.push_edit(reply, ANSWER)
    await server.wait_until(lambda: len(server.replies_to(reply["message_id"])) >= 2 or None,
                            "the notice for the edit")
    await bot.press(notice, data_of(notice, "ta:send:"), ADMIN)
    received = text_of(await delivered(bot, asked))
    assert ANSWER[:60] in received and "wrong, first try" not in received


async def test_a_delivery_is_sent_once(bot, server):
    await set_desk(bot)
    asked, _ = await escalate(bot)
    card = await card_of(bot)
    _, notice = await draft(bot, card)
    send = data_of(notice, "ta:send:")
    current = server.sent[notice["message_id"]]
    presses = [server.push_callback(current, send, tg.user(ADMIN)) for _ in range(2)]  # at once
    toasts = sorted([(await answered(server, q))["text"] for q in presses])
    await delivered(bot, asked)
    again = await bot.press(card, send, ADMIN)
    assert "finished already" in again["text"]
    assert bot.adapter.ta_sweep is not None and bot.adapter.app is not None
    assert await bot.adapter.ta_sweep.run_once(bot.adapter.app.bot) == 0
    assert len(staff_answers_under(server, asked)) == 1, toasts


async def test_when_the_group_is_gone_the_answer_comes_by_dm(bot, server):
    await set_desk(bot)
    asked, _ = await escalate(bot)
    card = await card_of(bot)
    _, notice = await draft(bot, card)
    server.unreachable = {GROUP_A}  # the bot was removed from the class group
    await bot.press(notice, data_of(notice, "ta:send:"), ADMIN)
    dm = await said(server, STUDENT, "Answered by course staff")
    assert ANSWER[:60] in text_of(dm) and UNSURE in text_of(dm)
    assert staff_answers_under(server, asked) == []


async def test_a_desk_the_bot_cannot_post_to_sends_nothing_and_says_so(bot, server):
    await set_desk(bot)
    server.unreachable = {STAFF_GROUP}  # the bot was removed from the staff group
    _, confirmation = await escalate(bot)
    assert "could not reach the course staff's desk" in text_of(confirmation)
    [card] = await bot.tadesk.store.cards("ALG")
    assert card.status == "closed" and card.post == ""
    assert await bot.tadesk.store.open_count(bot.tadesk.hash("telegram", str(STUDENT))) == 0
    assert [a.chat for a in await bot.tadesk.store.askers(card.id)] == [""]  # address erased


async def test_signed_not_material_and_a_reminder(bot, server):
    await set_desk(bot)
    asked, _ = await escalate(bot)
    card = await card_of(bot)
    assert bot.adapter.ta_sweep is not None and bot.adapter.app is not None
    bot.tadesk.remind_after = timedelta(0)  # every waiting card is due
    await bot.adapter.ta_sweep.run_once(bot.adapter.app.bot)
    reminder = await said(server, STAFF_GROUP, "Unanswered for", card["message_id"])
    assert reminder["reply_to_message"]["message_id"] == card["message_id"]
    await bot.adapter.ta_sweep.run_once(bot.adapter.app.bot)  # once only
    assert len([m for m in in_chat(server, STAFF_GROUP) if "Unanswered" in text_of(m)]) == 1

    other, _ = await escalate(bot, question="How is a red-black tree rebalanced after an insertion?",
                              user=OTHER)
    second = await card_of(bot, card["message_id"])
    pressed = await bot.press(second, data_of(second, "ta:material:"), ADMIN)
    assert "not course material" in pressed["text"]
    await server.wait_until(lambda: next((m for m in server.replies_to(other["message_id"])
                                          if "not part of this course's material"
                                          in text_of(m)), None), "the student told")

    _, notice = await draft(bot, card)
    signed = await bot.press(notice, data_of(notice, "ta:sign:"), ADMIN)
    assert "Students will see your name" in signed["text"]
    await bot.press(notice, data_of(notice, "ta:notes:"), ADMIN)  # not added to the notes
    await bot.press(notice, data_of(notice, "ta:send:"), ADMIN)
    assert "Answered by course staff (Student)" in text_of(await delivered(bot, asked))
    assert not [d for d in await bot.app.store.documents("ALG") if d.doc_type == DOC_TYPE]


async def test_from_a_private_chat_in_arabic(bot, server):
    assert bot.app.desk.sharing is not None
    await bot.app.desk.sharing.set_flags("ALG", public=True)  # students may ask it in DMs
    await bot.say(tg.message("/course ALG", chat_id=STUDENT, sender=tg.user(STUDENT, "ar")))
    await set_desk(bot)
    asked = tg.message(UNSURE, chat_id=STUDENT, sender=tg.user(STUDENT, "ar"))
    answer = await bot.ask(asked)
    ask = data_of(answer, "esc:ask:")
    await bot.press(answer, ask, STUDENT, "ar")
    prompt = await said(server, STUDENT, "ما الذي لم تفهمه", answer["message_id"])
    assert "أرسل دون ملاحظة" in prompt["reply_markup"]["inline_keyboard"][0][0]["text"]
    note = tg.message("لماذا تبقى الشجرة كاملة؟", chat_id=STUDENT, sender=tg.user(STUDENT, "ar"),
                      reply_to=server.sent[prompt["message_id"]])
    confirmation = await bot.say(note)  # the note is not answered as a question
    assert "أُرسل سؤالك إلى فريق المقرر" in text_of(confirmation)
    assert len(server.replies_to(note["message_id"])) == 1
    card = await card_of(bot)
    assert "a private chat" in text_of(card) and "لماذا تبقى" in text_of(card)
    _, notice = await draft(bot, card)
    await bot.press(notice, data_of(notice, "ta:send:"), ADMIN)
    received = await server.wait_until(
        lambda: next((m for m in server.replies_to(asked["message_id"])
                      if "أجاب فريق المقرر" in text_of(m)), None), "the answer in Arabic")
    assert ANSWER[:60] in text_of(received)
