"""Ask a TA on Discord, end to end: a ⚠ answer gets "Ask a TA" once the course has a desk; the
student's note goes with a card posted on the desk (a forum post, or a text-channel message with
its thread); a TA answers in the card's thread and presses Send; the student gets the answer as a
reply to their question; the answer becomes course notes and the question reworded is answered
from it; a restart between escalation and answer loses nothing."""
from __future__ import annotations

import pytest

from tests.support.discord_desk import buttons, click, shown, until
from tests.support.discord_spaces import ALGEBRA, add_course
from tests.support.discord_ta import (
    ANSWER,
    PARAPHRASE,
    TA,
    UNSURE,
    ask,
    ask_id,
    card_id_of,
    delivered_to,
    escalate,
    forum_card,
    open_app,
    press,
    staff_writes,
    start_bot,
    ta_command,
)
from tests.support.fake_discord import CHANNEL_ID, DESK_CHANNEL_ID, FORUM_ID

pytestmark = pytest.mark.integration


class TestTheWholeLoop:
    async def test_forum_desk_answer_reaches_the_student_and_teaches_the_course(
            self, fake, bot, app):
        _, answer = await ask(fake, UNSURE)
        assert ask_id(answer) is None  # no desk yet: no button
        assert "will come here" in await ta_command(fake, "here")
        question, answer = await ask(fake, UNSURE)
        custom_id = ask_id(answer)
        assert custom_id is not None and custom_id.startswith("ta:ask:"), answer
        label = next(c["label"] for row in answer["components"] for c in row["components"]
                     if c["custom_id"] == custom_id)
        assert label == "Ask a TA"

        sent = await escalate(fake, answer, "why chapter 5?")
        assert "Sent to the course staff" in sent
        card = await forum_card(fake)
        assert "Question for course staff · ALG101" in card["content"]
        assert UNSURE in card["content"] and "why chapter 5?" in card["content"]
        assert "a student in #general" in card["content"]
        card_id = card_id_of(card)
        assert buttons(card) == [f"ta:{a}:{card_id}" for a in
                                 ("claim", "material", "close", "notes")]

        thread = card["channel_id"]
        _, ready = await staff_writes(fake, thread, ANSWER)
        assert "Answer ready for 1 student(s)" in ready
        await until(lambda: f"ta:send:{card_id}" in buttons(fake.messages[thread]),
                    "Send on the card")

        sent_staff = await press(fake, f"ta:send:{card_id}")
        assert "Sent to 1 student(s)" in sent_staff
        delivery = await delivered_to(fake, question)
        assert delivery["content"].startswith("👩‍🏫 Answered by course staff")
        assert ANSWER in delivery["content"] and f"“{UNSURE}”" in delivery["content"]
        await until(lambda: buttons(fake.messages[thread]) == [], "the card without buttons")
        line = await fake.wait_for_call("POST", rf"/channels/{thread}/messages", count=2)
        assert "Answered; sent to 1 student(s). Added to the course notes." in \
            line.json["content"]

        documents = [d for d in await app.store.documents("ALG101")
                     if d.doc_type == "staff_answer"]
        assert len(documents) == 1 and documents[0].title.startswith("Staff answer · ")
        _, again = await ask(fake, PARAPHRASE)
        assert "Staff answer · " in again["content"]
        assert "✅" in again["content"] and "section 5.3" in again["content"]
        assert ask_id(again) is None  # a sure answer: nothing to escalate

    async def test_ta_here_in_a_forum_post_sets_the_forum(self, fake, bot, tadesk):
        room = await fake.open_thread(FORUM_ID, "staff room")
        assert "will come here" in await ta_command(fake, "here", channel_id=int(room))
        desk = await tadesk.store.desk("ALG101", "discord")
        assert desk is not None and (desk.chat, desk.kind) == (str(FORUM_ID), "forum")

    async def test_a_reply_to_the_card_with_its_ping_drafts_the_answer(self, fake, bot):
        await ta_command(fake, "here")
        question, answer = await ask(fake, UNSURE)
        await escalate(fake, answer)
        card = await forum_card(fake)
        thread = card["channel_id"]
        reply = fake.message(ANSWER, mention_bot=True, channel_id=int(thread), user_id=TA,
                             reply_to=card["id"])  # no <@bot> in the text: the ping mentions
        await fake.dispatch("MESSAGE_CREATE", reply)
        ready = await fake.wait_for_call("POST", rf"/channels/{thread}/messages")
        assert "Answer ready" in ready.json["content"]
        await press(fake, f"ta:send:{card_id_of(card)}")
        assert ANSWER in (await delivered_to(fake, question))["content"]

    async def test_a_mention_in_an_ordinary_thread_is_still_a_question(self, fake, bot):
        await ta_command(fake, "here")
        room = await fake.open_thread(CHANNEL_ID, "study group")
        _, answer = await ask(fake, UNSURE, channel_id=int(room), user_id=TA)
        assert "couldn't find" in answer["content"] and ask_id(answer) is not None

    async def test_text_channel_desk_gets_a_message_with_a_thread(self, fake, bot):
        assert "will come here" in await ta_command(fake, "here", channel_id=DESK_CHANNEL_ID)
        question, answer = await ask(fake, UNSURE)
        await escalate(fake, answer)
        posted = await fake.wait_for_call("POST", rf"/channels/{DESK_CHANNEL_ID}/messages")
        assert posted.json["allowed_mentions"] == {"parse": []}
        made = await fake.wait_for_call("POST",
                                        rf"/channels/{DESK_CHANNEL_ID}/messages/\d+/threads")
        thread = made.path.split("/")[4]
        card = fake.messages[thread]
        assert card["channel_id"] == str(DESK_CHANNEL_ID)
        card_id = card_id_of(card)

        await staff_writes(fake, thread, ANSWER)
        notice = next(m for m in fake.messages.values() if m["channel_id"] == thread
                      and f"ta:send:{card_id}" in buttons(m))
        assert "Answer ready" in notice["content"]
        token = await click(fake, f"ta:send:{card_id}", user_id=TA)  # the card's own button
        await until(lambda: shown(fake, token), "Send's answer")
        await delivered_to(fake, question)
        await until(lambda: buttons(fake.messages[thread]) == [], "the card without buttons")


class TestRestart:
    async def test_escalate_restart_then_answer(self, fake, tmp_path):
        data = tmp_path / "data"
        first = await open_app(data)
        await add_course(first, tmp_path, "ALG101", ALGEBRA)
        adapter = await start_bot(first)
        try:
            await ta_command(fake, "here")
            question, answer = await ask(fake, UNSURE)
            await escalate(fake, answer)
            card = await forum_card(fake)
        finally:
            await adapter.stop()
            await first.close()

        second = await open_app(data)
        adapter = await start_bot(second)
        try:  # the card's thread comes back with the server; its buttons from setup_hook
            await staff_writes(fake, card["channel_id"], ANSWER)
            assert "Sent to 1" in await press(fake, f"ta:send:{card_id_of(card)}")
            await delivered_to(fake, question)
        finally:
            await adapter.stop()
            await second.close()
