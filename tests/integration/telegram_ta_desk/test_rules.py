"""Ask a TA on Telegram, the rules: a student waiting on a card cannot answer it, staff of
another group get nothing done, /ta off, the per-student limit, one delivery per student (by DM
when the group is gone), a desk the bot cannot post to, signing, not course material, one
reminder."""
from __future__ import annotations

from datetime import timedelta

import pytest

from core.escalation.notes import DOC_TYPE
from tests.support import fake_telegram as tg
from tests.support.telegram_desk import (
    ADMIN,
    GROUP_A,
    GROUP_B,
    STUDENT,
    answered,
    in_group,
    text_of,
)
from tests.support.telegram_ta import (
    ANSWER,
    ATTACKER,
    OTHER,
    STAFF_GROUP,
    UNSURE,
    card_of,
    data_of,
    delivered,
    draft,
    escalate,
    in_chat,
    keyboard,
    said,
    set_desk,
    staff_answers_under,
)

pytestmark = pytest.mark.integration


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
    answer = await bot.answer(in_group(f"/ask {UNSURE}", user=STUDENT))
    ask = data_of(answer, "esc:ask:")
    assert [b["text"] for b in answer["reply_markup"]["inline_keyboard"][-1]] == ["Ask a TA"]
    answer_id = ask.split(":")[2]
    await bot.press(answer, f"ans:dn:{answer_id}", STUDENT)  # the reasons keep "Ask a TA"
    await server.wait_until(lambda: len(keyboard(server.sent[answer["message_id"]])) == 6
                            or None, "the reasons")
    assert keyboard(server.sent[answer["message_id"]])[-1] == [ask]
    off = await bot.say(in_group("/ta off ALG", group=STAFF_GROUP))
    assert "Escalations for ALG are off" in text_of(off)
    again = await bot.answer(in_group(f"/ask {UNSURE}", user=STUDENT))
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
