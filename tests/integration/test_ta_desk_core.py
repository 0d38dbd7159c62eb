"""Ask a TA through the core, whatever the platform: the real app (build_app, SQLite stores, the
offline embedder), a class group whose course has a TA desk in a staff group, and the platform's
answer to "is this user staff there?" given at our StaffDirectory port. The whole loop: ⚠ answer →
escalate → card → a second student joins it → staff draft, edit, send → each student's copy once →
the answer is course notes → the same question reworded is answered from it with ✅."""
from __future__ import annotations

import shutil
from collections.abc import AsyncIterator
from datetime import timedelta
from pathlib import Path

import pytest

from bot.container import SAMPLE_COURSE, App, build_app
from bot.settings import load_settings
from core.escalation.service import TADesk
from core.escalation.views import Staff, Student
from core.ingest.pipeline import ingest_paths
from core.messages import Confidence, IncomingMessage
from core.ports import CourseRecord

pytestmark = pytest.mark.integration

CLASS = "telegram:chat:-100"  # owns ALG
OTHER_CLASS = "telegram:chat:-300"
DESK_CHAT = "-200"
QUESTION = "Does the midterm exam cover chapter 5?"
ANSWER = "Yes: the midterm covers chapters 1 to 5, and chapter 5 up to section 5.3."


class Directory:
    """Who is staff where, as the platform would say."""

    def __init__(self) -> None:
        self.staff = {("7", CLASS), ("9", OTHER_CLASS)}

    async def is_staff(self, user_id: str, scope: str) -> bool:
        return (user_id, scope) in self.staff


@pytest.fixture
async def app(tmp_path: Path) -> AsyncIterator[App]:
    application = await build_app(load_settings(
        data_dir=tmp_path / "data", auto_ingest_sample=False, wikipedia_enabled=False,
        arxiv_enabled=False, web_search="none", ta_max_open=2))
    folder = tmp_path / "alg"
    folder.mkdir()
    for name in ("01-complexity.md", "02-sorting.md"):
        shutil.copy(SAMPLE_COURSE / name, folder / name)
    assert (await ingest_paths([folder], application.store, application.embedder,
                               course="ALG")).errors == []
    await application.desk.spaces.access.registry.save(CourseRecord("ALG", CLASS))
    application.desk.spaces.courses_changed()
    assert application.tadesk is not None
    application.tadesk.access.add_directory("telegram", Directory())
    yield application
    await application.close()


def desk_of(app: App) -> TADesk:
    assert app.tadesk is not None
    return app.tadesk


def asked(text: str, user: str, message: str = "1") -> IncomingMessage:
    return IncomingMessage(platform="telegram", user_id=user, chat_id="-100", text=text,
                           is_direct=False, mentions_bot=True, message_id=message,
                           spaces=(CLASS,))


def student(user: str, message: str) -> Student:
    return Student("telegram", user, "-100", message, "en", name=f"S{user}", place="ALG group")


TARA = Staff("7", "Tara", "en")


async def test_the_whole_loop(app: App):
    tadesk = desk_of(app)
    refused = await tadesk.set_desk("ALG", staff=Staff("9", "Mallory", "en"), platform="telegram",
                                    chat="-999", kind="group", spaces=(OTHER_CLASS,))
    assert refused.notice == "course_unavailable"  # staff of another class: not their course
    student_here = await tadesk.set_desk("", staff=Staff("41", "Sam", "en"), platform="telegram",
                                         chat="-100", kind="group", spaces=(CLASS,))
    # a student of the class that owns it: told who may, not "it belongs to another class"
    assert student_here.notice == "course_not_yours" and "ALG" in student_here.text
    assert (await tadesk.desk_off("ALG", staff=Staff("41", "Sam", "en"), platform="telegram",
                                  spaces=(CLASS,))).notice == "course_not_yours"
    reply = await app.service.handle(asked(QUESTION, "41"))
    assert reply.confidence is not Confidence.COURSE and not reply.escalate  # no desk yet
    made = await tadesk.set_desk("ALG", staff=TARA, platform="telegram", chat=DESK_CHAT,
                                 kind="group", spaces=(f"telegram:chat:{DESK_CHAT}",))
    assert made.notice == "ta_desk_set"

    first = await app.service.handle(asked(QUESTION, "41", "11"))
    assert first.escalate and first.answer_id
    opened = await tadesk.escalate(first.answer_id, student("41", "11"), "what is 5.3?")
    assert opened.desk is not None and opened.desk.chat == DESK_CHAT and opened.card
    assert QUESTION in opened.card_text and "a student in ALG group" in opened.card_text
    assert "what is 5.3?" in opened.card_text and "S41" not in opened.card_text
    await tadesk.posted(opened.card.id, "501")

    second = await app.service.handle(asked("does the midterm exam cover chapter 5", "42", "12"))
    assert second.answer_id
    joined = await tadesk.escalate(second.answer_id, student("42", "12"))
    assert joined.card is None and joined.post == "501" and "(2 now)" in joined.update
    again = await tadesk.escalate(second.answer_id, student("42", "12"))
    assert again.reply.notice == "ta_already"
    # as close in meaning, but another question: its own card, which tells staff of the other
    near = await app.service.handle(asked("Does the midterm exam cover chapter 6?", "45", "13"))
    assert near.answer_id
    apart = await tadesk.escalate(near.answer_id, student("45", "13"))
    assert apart.card is not None and apart.card.id != opened.card.id
    assert "Similar questions waiting on other cards: 1" in apart.card_text
    await tadesk.posted(apart.card.id, "502")

    outsider = await tadesk.draft("telegram", DESK_CHAT, "501", "no idea",
                                  Staff("9", "Mallory", "en"), "600")
    assert outsider is not None and outsider.reply.notice == "ta_not_staff"
    assert await tadesk.draft("telegram", DESK_CHAT, "999", "not a card", TARA, "601") is None
    draft = await tadesk.draft("telegram", DESK_CHAT, "501", "Chapter 5 is not on it.", TARA,
                               "602")
    assert draft is not None and draft.card is not None and draft.card.has_draft
    edited = await tadesk.draft("telegram", DESK_CHAT, "501", ANSWER, TARA, "602")
    assert edited is not None and edited.card is not None and edited.card.students == 2
    signed = await tadesk.act(opened.card.id, "sign", TARA)
    assert signed.card is not None and signed.card.signed

    sent = await tadesk.act(opened.card.id, "send", TARA)
    assert sorted(d.message for d in sent.deliveries) == ["11", "12"]  # not "13"
    for delivery in sent.deliveries:
        assert delivery.reply.text.startswith("👩‍🏫 Answered by course staff (Tara)")
        assert ANSWER in delivery.reply.text and "Chapter 5 is not" not in delivery.reply.text
    await tadesk.delivered(sent.deliveries[0].card_id, sent.deliveries[0].user_hash)
    # the second copy was never marked sent (a crash): once its lease is over, the sweep resends
    tadesk.remind_after = timedelta(hours=1)
    assert (await tadesk.sweep("telegram"))[1] == []  # leased still
    later = TADesk(tadesk.store, tadesk.spaces, tadesk.outcomes, tadesk.notes, tadesk.embedder,
                   tadesk._key, clock=lambda: tadesk._clock() + timedelta(minutes=6))
    resent = (await later.sweep("telegram"))[1]
    assert [d.message for d in resent] == [sent.deliveries[1].message]
    await later.delivered(resent[0].card_id, resent[0].user_hash)
    assert (await later.sweep("telegram"))[1] == []
    assert (await tadesk.act(opened.card.id, "send", TARA)).deliveries == ()  # finished

    documents = [d for d in await app.store.documents("ALG") if d.doc_type == "staff_answer"]
    assert len(documents) == 1 and documents[0].title.startswith("Staff answer · ")
    reworded = await app.service.handle(asked("Is chapter 5 covered by the midterm exam?", "43"))
    assert reworded.confidence is Confidence.COURSE, reworded.text
    assert reworded.text.strip() == ANSWER
    assert reworded.citations[0].title.startswith("Staff answer · ")


async def test_limits_own_cards_desk_off_and_forget(app: App):
    tadesk = desk_of(app)
    await tadesk.set_desk("ALG", staff=TARA, platform="telegram", chat=DESK_CHAT, kind="group",
                          spaces=(CLASS,))
    questions = ["Does the midterm exam cover chapter 5?", "When is the lab report on heaps due?",
                 "Can I bring a calculator to the final exam?"]
    cards = []
    for n, text in enumerate(questions):
        reply = await app.service.handle(asked(text, "7", str(n)))  # Tara asks as a student
        assert reply.answer_id
        escalated = await tadesk.escalate(reply.answer_id, student("7", str(n)))
        if n < 2:
            assert escalated.card is not None
            await tadesk.posted(escalated.card.id, f"70{n}")
            cards.append(escalated.card.id)
        else:
            assert escalated.reply.notice == "ta_limit"  # TA_MAX_OPEN=2
    own = await tadesk.act(cards[0], "claim", TARA)
    assert own.reply.notice == "ta_own_card"  # a student waiting on a card cannot answer it
    assert await tadesk.forget("telegram", "7") == 2
    assert (await tadesk.store.card(cards[0])).status == "closed"  # type: ignore[union-attr]
    off = await tadesk.desk_off("ALG", staff=TARA, platform="telegram", spaces=(CLASS,))
    assert off.notice == "ta_desk_off"
    reply = await app.service.handle(asked(questions[0], "44"))
    assert not reply.escalate
