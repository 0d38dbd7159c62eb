"""Ask a TA on Telegram, end to end: a ⚠ answer gets "Ask a TA" once the course has a desk; the
card reaches the staff group; a staff reply (edited, then sent) reaches every student on the card
under their own question and becomes course notes that the question reworded is answered from;
a restart loses nothing; a private chat in Arabic."""
from __future__ import annotations

import pytest

from core.escalation.notes import DOC_TYPE
from tests.support import fake_telegram as tg
from tests.support.telegram_desk import ADMIN, GROUP_A, STUDENT, in_group, text_of
from tests.support.telegram_ta import (
    ANSWER,
    LATER,
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
)

pytestmark = pytest.mark.integration


async def test_the_whole_loop_from_an_unsure_answer_to_course_notes(bot, server):
    without = await bot.answer(in_group(f"/ask {UNSURE}", user=STUDENT))
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

    later = await bot.answer(in_group(f"/ask {LATER}", user=OTHER))
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
    answer = await bot.answer(asked)
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



async def test_from_a_private_chat_in_arabic(bot, server):
    assert bot.app.desk.sharing is not None
    await bot.app.desk.sharing.set_flags("ALG", public=True)  # students may ask it in DMs
    await bot.say(tg.message("/course ALG", chat_id=STUDENT, sender=tg.user(STUDENT, "ar")))
    await set_desk(bot)
    asked = tg.message(UNSURE, chat_id=STUDENT, sender=tg.user(STUDENT, "ar"))
    answer = await bot.answer(asked)
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
