"""Ask a TA on Discord, the rules: who shares a card and the per-student limit, who may act on a
card (never a student waiting on it, never staff of another server), /ta off, reminders once,
each answer delivered once."""
from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest

from adapters.discord.tadesk import sweep_once
from tests.support.discord_desk import buttons, until
from tests.support.discord_spaces import ALGEBRA, add_course
from tests.support.discord_ta import (
    ANSWER,
    OTHER_GUILD,
    STUDENT2,
    TA,
    TA_ASKING,
    UNSURE,
    ask,
    ask_id,
    card_id_of,
    delivered_to,
    deliveries,
    escalate,
    forum_card,
    open_app,
    press,
    staff_writes,
    start_bot,
    ta_command,
)
from tests.support.fake_discord import BOT_ID, CHANNEL2_ID, CHANNEL_ID, FORUM_ID, USER_ID

pytestmark = pytest.mark.integration


class TestStudents:
    async def test_two_students_one_card_both_answered(self, fake, bot):
        await ta_command(fake, "here")
        first_q, first = await ask(fake, UNSURE)
        second_q, second = await ask(fake, UNSURE, user_id=STUDENT2, channel_id=CHANNEL2_ID)
        await escalate(fake, first)
        card = await forum_card(fake)
        joined = await escalate(fake, second, "chapter 5 section 3?", user_id=STUDENT2)
        assert "2 students asked" in joined
        thread = card["channel_id"]
        line = await fake.wait_for_call("POST", rf"/channels/{thread}/messages")
        assert "Another student asked this (2 now)" in line.json["content"]
        assert len(fake.find("POST", rf"/channels/{FORUM_ID}/threads")) == 1

        await staff_writes(fake, thread, ANSWER)
        card_id = card_id_of(card)
        send = await until(lambda: next((c for row in fake.messages[thread]["components"]
                                         for c in row["components"]
                                         if c["custom_id"] == f"ta:send:{card_id}"), None),
                           "Send on the card")
        assert send["label"] == "Send to 2 student(s)"
        assert "Sent to 2 student(s)" in await press(fake, f"ta:send:{card_id}")
        await delivered_to(fake, first_q)
        await delivered_to(fake, second_q)

    async def test_the_per_student_limit(self, fake, tmp_path):
        app = await open_app(tmp_path / "data", ta_max_open=1)
        await add_course(app, tmp_path, "ALG101", ALGEBRA)
        adapter = await start_bot(app)
        try:
            await ta_command(fake, "here")
            _, answer = await ask(fake, UNSURE)
            await escalate(fake, answer)
            _, other = await ask(fake, "When is the final exam of this course?")
            assert "You already have 1 questions waiting" in await escalate(fake, other)
            assert len(fake.find("POST", rf"/channels/{FORUM_ID}/threads")) == 1
        finally:
            await adapter.stop()
            await app.close()

    async def test_ta_off_removes_the_button(self, fake, bot):
        await ta_command(fake, "here")
        _, answer = await ask(fake, UNSURE)
        assert ask_id(answer) is not None
        assert "are off" in await ta_command(fake, "off")
        _, answer = await ask(fake, UNSURE)
        assert ask_id(answer) is None


class TestStaff:
    async def test_a_student_waiting_on_the_card_cannot_answer_it(self, fake, bot):
        await ta_command(fake, "here")
        _, answer = await ask(fake, UNSURE, user_id=TA_ASKING)
        await escalate(fake, answer, user_id=TA_ASKING)
        card = await forum_card(fake)
        card_id = card_id_of(card)
        refused = await press(fake, f"ta:claim:{card_id}", user_id=TA_ASKING)
        assert "waiting on this card yourself" in refused
        _, reply = await staff_writes(fake, card["channel_id"], ANSWER, user_id=TA_ASKING)
        assert "waiting on this card yourself" in reply
        assert buttons(fake.messages[card["channel_id"]])[0] == f"ta:claim:{card_id}"

    async def test_staff_of_another_server_get_nothing(self, fake, bot):
        refused = await ta_command(fake, "here", {"course": "ALG101"}, guild_id=OTHER_GUILD,
                                   permissions=1 << 5, user_id=TA + 100)
        assert "will come here" not in refused

        async def suggested(**where: Any) -> list[dict[str, str]]:
            payload = fake.interaction("ta", {"course": "alg"}, sub="here", kind=4,
                                       focused="course", user_id=TA, **where)
            await fake.dispatch("INTERACTION_CREATE", payload)
            call = await fake.wait_for_call(
                "POST", rf"/interactions/\d+/{payload['token']}/callback")
            return list(call.json["data"]["choices"])

        assert await suggested() == [{"name": "ALG101", "value": "ALG101"}]
        await ta_command(fake, "here")
        _, answer = await ask(fake, UNSURE)
        await escalate(fake, answer)
        card = await forum_card(fake)
        card_id = card_id_of(card)
        refused = await press(fake, f"ta:claim:{card_id}", user_id=TA + 100)
        assert "Only staff of this course's server" in refused
        assert buttons(fake.messages[card["channel_id"]])[0] == f"ta:claim:{card_id}"

    async def test_an_edit_before_send_changes_what_students_get(self, fake, bot):
        await ta_command(fake, "here")
        question, answer = await ask(fake, UNSURE)
        await escalate(fake, answer)
        card = await forum_card(fake)
        thread, card_id = card["channel_id"], card_id_of(card)
        message, _ = await staff_writes(fake, thread, "Chapters 1 to 4 only.")
        await fake.dispatch("MESSAGE_UPDATE", fake.edited(
            message, f"<@{BOT_ID}> {ANSWER}"))
        await fake.wait_for_call("POST", rf"/channels/{thread}/messages", count=2)
        await press(fake, f"ta:send:{card_id}")
        delivery = await delivered_to(fake, question)
        assert ANSWER in delivery["content"] and "1 to 4 only" not in delivery["content"]

    async def test_a_delivery_is_sent_once_by_dm_when_the_channel_refuses(
            self, fake, bot, tadesk):
        await ta_command(fake, "here")
        _, answer = await ask(fake, UNSURE)
        await escalate(fake, answer)
        card = await forum_card(fake)
        card_id = card_id_of(card)
        await staff_writes(fake, card["channel_id"], ANSWER)
        fake.refuse.add(str(CHANNEL_ID))
        await press(fake, f"ta:send:{card_id}")
        dm = await fake.wait_for_call("POST", "/users/@me/channels")
        assert dm.json["recipient_id"] in (USER_ID, str(USER_ID))
        await until(lambda: fake.dm_channels and deliveries(fake) == list(fake.dm_channels),
                    "the DM")
        assert bot.client is not None
        await sweep_once(bot.client, tadesk)  # nothing left to send
        # a Send button left on an older draft notice
        fake.seed_message("Answer ready", [f"ta:send:{card_id}"], channel_id=int(card["id"]))
        assert "finished already" in await press(fake, f"ta:send:{card_id}")
        assert len(deliveries(fake)) == 1


class TestFollowThrough:
    async def test_a_card_discord_refuses_is_withdrawn_and_the_student_told(self, fake, bot):
        await ta_command(fake, "here")
        fake.refuse.add(str(FORUM_ID))
        _, answer = await ask(fake, UNSURE)
        assert "could not reach the course staff" in await escalate(fake, answer)
        fake.refuse.clear()  # the desk works again: asking again opens a card
        assert "Sent to the course staff" in await escalate(fake, answer)
        await forum_card(fake)

    async def test_the_sweep_reminds_the_desk_once(self, fake, bot, tadesk):
        await ta_command(fake, "here")
        _, answer = await ask(fake, UNSURE)
        await escalate(fake, answer)
        thread = (await forum_card(fake))["channel_id"]
        tadesk.remind_after = timedelta(0)
        assert bot.client is not None
        await sweep_once(bot.client, tadesk)
        await sweep_once(bot.client, tadesk)
        lines = [c.json["content"] for c in fake.find("POST", rf"/channels/{thread}/messages")]
        assert len(lines) == 1 and lines[0].startswith("⏰ Unanswered for")

    async def test_the_sweep_task_runs_by_itself(self, fake, app, tadesk):
        tadesk.remind_after = timedelta(0)
        adapter = await start_bot(app, sweep_s=0.05)
        try:
            await ta_command(fake, "here")
            _, answer = await ask(fake, UNSURE)
            await escalate(fake, answer)
            thread = (await forum_card(fake))["channel_id"]
            line = await fake.wait_for_call("POST", rf"/channels/{thread}/messages")
            assert line.json["content"].startswith("⏰ Unanswered for")
        finally:
            await adapter.stop()

    async def test_ta_answer_drafts_without_a_mention(self, fake, bot):
        await ta_command(fake, "here")
        question, answer = await ask(fake, UNSURE)
        await escalate(fake, answer)
        card = await forum_card(fake)
        thread, card_id = card["channel_id"], card_id_of(card)
        # Without the message content intent an unmentioned message arrives empty: ignored.
        await fake.dispatch("MESSAGE_CREATE", fake.message("", channel_id=int(thread),
                                                           user_id=TA))
        usage = await ta_command(fake, "answer", {"text": ANSWER}, channel_id=CHANNEL_ID)
        assert "/ta here [COURSE] [all]" in usage  # not in a card's thread
        drafted = await ta_command(fake, "answer", {"text": ANSWER}, channel_id=int(thread))
        assert "Answer ready for 1 student(s)" in drafted
        assert not fake.find("POST", rf"/channels/{thread}/messages")
        await press(fake, f"ta:send:{card_id}")
        assert ANSWER in (await delivered_to(fake, question))["content"]

    async def test_in_a_dm_the_answer_comes_back_to_the_dm(self, fake, bot):
        await ta_command(fake, "here")
        question, answer = await ask(fake, UNSURE, dm=True)
        assert "Sent to the course staff" in await escalate(fake, answer, dm=True)
        card = await forum_card(fake)
        assert "a student in a private chat" in card["content"]
        await staff_writes(fake, card["channel_id"], ANSWER)
        await press(fake, f"ta:send:{card_id_of(card)}")
        assert ANSWER in (await delivered_to(fake, question))["content"]

    async def test_arabic_staff_get_arabic_buttons(self, fake, bot):
        assert "ALG101" in await ta_command(fake, "here", locale="ar")
        _, answer = await ask(fake, UNSURE)
        await escalate(fake, answer)
        card = await forum_card(fake)
        labels = [c["label"] for row in card["components"] for c in row["components"]]
        assert labels[0] == "سأتولاه" and "السؤال: " in card["content"]
