"""Ask a TA on Discord, end to end: the real app (build_app, SQLite course store, the offline
embedder) and a TADesk behind the real discord.py client, against FakeDiscord. A ⚠ answer gets
"Ask a TA" once the course has a desk; the student's note goes with a card posted on the desk (a
forum post, or a text-channel message with its thread); a TA answers in the card's thread and
presses Send; the student gets the answer as a reply to their question; the answer becomes course
notes and a paraphrased question is answered from it.

Every wait is on a call the fake recorded, never a sleep.
"""
from __future__ import annotations

import re
from collections.abc import AsyncIterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

from adapters.discord.adapter import DiscordAdapter
from adapters.discord.tadesk import sweep_once
from bot.container import App, build_app
from core.escalation.service import TADesk
from tests.support.discord_desk import buttons, callbacks, click, serving, shown, until
from tests.support.discord_spaces import ALGEBRA, add_course, settings_for
from tests.support.fake_discord import (
    BOT_ID,
    CHANNEL2_ID,
    CHANNEL_ID,
    DESK_CHANNEL_ID,
    DM_CHANNEL_ID,
    FORUM_ID,
    STAFF_ROLE_ID,
    STAFF_ROLE_NAME,
    STAFF_USER_ID,
    USER_ID,
    FakeDiscord,
)

pytestmark = pytest.mark.integration

TOKEN = "MTAwMC5mYWtl.test-token-SECRET-0123456789"
FAST = {"guild_ready_timeout": 0.05}
EPHEMERAL = 1 << 6
TA = STAFF_USER_ID  # has the staff role in the test server
TA_ASKING = STAFF_USER_ID + 7  # also staff, but asks as a student
STUDENT2 = USER_ID + 5
OTHER_GUILD = 2000000000000000099
UNSURE = "Does the midterm cover chapter 5?"  # not in the materials: ⚠
PARAPHRASE = "Is chapter 5 on the midterm?"
ANSWER = "Yes: the midterm covers chapters 1 to 5, and chapter 5 only up to section 5.3."
CARD_ID = re.compile(r"ta:(?!ask:)[a-z]+:([A-Za-z0-9_-]+)")


@pytest.fixture
async def fake(monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[FakeDiscord]:
    async with serving(monkeypatch, TOKEN) as server:  # checks every text the bot showed
        server.member_roles |= {TA: [STAFF_ROLE_ID], TA_ASKING: [STAFF_ROLE_ID]}
        yield server


async def open_app(data: Path, **settings: Any) -> App:
    """The app with its own TA desk (the SQLite escalation store in `data`)."""
    return await build_app(settings_for(data, default_course="ALG101", **settings))


@pytest.fixture
async def app(tmp_path: Path) -> AsyncIterator[App]:
    application = await open_app(tmp_path / "data")
    await add_course(application, tmp_path, "ALG101", ALGEBRA)
    yield application
    await application.close()


async def start_bot(app: App, sweep_s: float = 3600) -> DiscordAdapter:
    adapter = DiscordAdapter(app.service, TOKEN, client_options=FAST, desk=app.desk,
                             staff_role=STAFF_ROLE_NAME, tadesk=app.tadesk, ta_sweep_s=sweep_s)
    await adapter.start()
    return adapter


@pytest.fixture
def tadesk(app: App) -> TADesk:
    assert app.tadesk is not None
    return app.tadesk


@pytest.fixture
async def bot(fake: FakeDiscord, app: App) -> AsyncIterator[DiscordAdapter]:
    adapter = await start_bot(app)
    yield adapter
    await adapter.stop()


# --- driving it ---

async def ask(fake: FakeDiscord, question: str, *, user_id: int = USER_ID,
              channel_id: int = CHANNEL_ID, dm: bool = False
              ) -> tuple[dict[str, Any], dict[str, Any]]:
    """Mention the bot (or DM it); (the question message, the answer part carrying the
    buttons)."""
    after = len(fake.calls) - 1
    channel_id = DM_CHANNEL_ID if dm else channel_id
    message = fake.message(question if dm else f"<@{BOT_ID}> {question}", mention_bot=not dm,
                           user_id=user_id, channel_id=channel_id, dm=dm)
    await fake.dispatch("MESSAGE_CREATE", message)

    def answered() -> dict[str, Any] | None:
        sent = [c.json for c in fake.find("POST", rf"/channels/{channel_id}/messages",
                                          after=after)]
        return next((s for s in sent if buttons(s)), None)

    body = await until(answered, f"the answer to {question!r}")
    stored = next(m for m in reversed(fake.messages.values())
                  if m["channel_id"] == str(channel_id) and buttons(m) == buttons(body))
    return message, stored


def ask_id(answer: dict[str, Any]) -> str | None:
    return next((cid for cid in buttons(answer) if cid.startswith("ta:ask:")), None)


async def ta_command(fake: FakeDiscord, sub: str, options: dict[str, Any] | None = None, *,
                     user_id: int = TA, channel_id: int = FORUM_ID, **kwargs: Any) -> str:
    """/ta <sub> as staff (by default); the private answer's text."""
    payload = fake.interaction("ta", options or {}, sub=sub, user_id=user_id,
                               channel_id=channel_id, roles=(STAFF_ROLE_ID,), **kwargs)
    await fake.dispatch("INTERACTION_CREATE", payload)
    body = (await until(lambda: shown(fake, payload["token"]), f"/ta {sub}"))[0]
    return str(body["content"])


async def escalate(fake: FakeDiscord, answer: dict[str, Any], note: str = "", *,
                   user_id: int = USER_ID, dm: bool = False) -> str:
    """Press Ask a TA, fill the modal; the confirmation's text (private in a server)."""
    custom_id = ask_id(answer)
    assert custom_id is not None, answer
    payload = fake.component(custom_id, answer, user_id=user_id, dm=dm)
    await fake.dispatch("INTERACTION_CREATE", payload)
    modal = await until(lambda: fake.modals.get(payload["token"]), "the note modal")
    assert modal["title"] == "Ask a TA"
    submit = fake.modal_submit(modal, [note], user_id=user_id, dm=dm,
                               channel_id=int(answer["channel_id"]), message=answer)
    await fake.dispatch("INTERACTION_CREATE", submit)
    [body] = await until(lambda: shown(fake, submit["token"]), "the escalation's answer")
    assert bool(body.get("flags", 0) & EPHEMERAL) is not dm
    return str(body["content"])


async def forum_card(fake: FakeDiscord, count: int = 1) -> dict[str, Any]:
    """The `count`th card posted as a forum post: its starter message (its id is its
    thread's)."""
    call = await fake.wait_for_call("POST", rf"/channels/{FORUM_ID}/threads", count=count)
    assert call.json["message"]["allowed_mentions"] == {"parse": []}
    starters = [m for m in fake.messages.values() if m["id"] == m["channel_id"]]
    return starters[count - 1]


def card_id_of(card: dict[str, Any]) -> str:
    return next(m.group(1) for cid in buttons(card) if (m := CARD_ID.fullmatch(cid)))


async def staff_writes(fake: FakeDiscord, thread: str, text: str, *, user_id: int = TA
                       ) -> tuple[dict[str, Any], str]:
    """A TA mentions the bot in the card's thread; (their message, the bot's reply text)."""
    after = len(fake.calls) - 1
    message = fake.message(f"<@{BOT_ID}> {text}", mention_bot=True, channel_id=int(thread),
                           user_id=user_id)
    await fake.dispatch("MESSAGE_CREATE", message)
    reply = await fake.wait_for_call("POST", rf"/channels/{thread}/messages", after=after)
    return message, str(reply.json["content"])


async def press(fake: FakeDiscord, custom_id: str, *, user_id: int = TA) -> str:
    """Press a card button; the private answer's text."""
    token = await click(fake, custom_id, user_id=user_id)
    bodies = await until(lambda: [b for b in shown(fake, token) if b.get("flags", 0)
                                  & EPHEMERAL], f"the answer to {custom_id}")
    [callback] = callbacks(fake, token)
    assert callback.json["type"] == 6  # a deferred update: the card is edited, not replaced
    return str(bodies[0]["content"])


async def delivered_to(fake: FakeDiscord, question: dict[str, Any]) -> dict[str, Any]:
    """The staff answer posted as a reply to the student's question."""
    def found() -> dict[str, Any] | None:
        return next((c.json for c in fake.find("POST", rf"/channels/{question['channel_id']}"
                                                       "/messages")
                     if (c.json.get("message_reference") or {}).get("message_id")
                     == int(question["id"]) and "course staff" in c.json["content"]), None)
    return await until(found, "the staff answer")


def deliveries(fake: FakeDiscord) -> list[str]:
    """Channels that received a staff answer (refused posts left out)."""
    return [c.path.split("/")[2] for c in fake.find("POST", r"/channels/\d+/messages")
            if "Answered by course staff" in c.json.get("content", "")
            and c.path.split("/")[2] not in fake.refuse]


# --- the tests ---

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
