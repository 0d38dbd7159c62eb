"""TADesk: the Ask-a-TA loop, whatever the platform.

A student's "Ask a TA" opens a card on the course's desk (or joins a waiting card asking the
same thing, grouped by meaning as the report groups gaps); staff claim, close or answer it by
replying to the card; their reply is a draft until they press Send, so edits before delivery
count; Send delivers once per student (leased, so a crash or a second process re-sends only
what was not marked delivered) and, unless turned off, stores the answer as course notes.
"""
from __future__ import annotations

import asyncio
import secrets
from collections.abc import Callable
from dataclasses import replace
from datetime import UTC, datetime, timedelta

import numpy as np

from core.course.spaces import CourseSpaces
from core.escalation.cards import card_text, view
from core.escalation.delivery import leased, sweep
from core.escalation.desks import Desks, notice
from core.escalation.notes import StaffNotes
from core.escalation.views import Action, CardView, Delivery, Escalated, Reminder, Staff, Student
from core.insight.report_gaps import GAP_SIMILARITY
from core.messages import Confidence, IncomingMessage, Reply
from core.ports import Embedder, OutcomeStore
from core.ports.escalations import (
    ANSWERED,
    CLAIMED,
    CLOSED,
    NOT_MATERIAL,
    WAITING,
    Asker,
    Escalation,
    EscalationStore,
)
from core.rag.staff_answers import same_question
from core.stores.user_hash import user_hash
from core.text import clean_input
from core.texts.escalation import text

MAX_LOCKS = 1024
NOTE_CHARS = 300  # the student's one line
ANSWER_CHARS = 3500  # a staff answer (fits one message on both platforms with its header)


class TADesk:
    """Escalations over the escalation store, the outcomes (the answer a card is about) and
    the course notes; desks and staff rights are Desks' (desks.py)."""

    def __init__(self, store: EscalationStore, spaces: CourseSpaces, outcomes: OutcomeStore,
                 notes: StaffNotes, embedder: Embedder, key: bytes, *, max_open: int = 3,
                 remind_after: timedelta = timedelta(hours=24), show_names: bool = False,
                 clock: Callable[[], datetime] = lambda: datetime.now(UTC)) -> None:
        self.store = store
        self.spaces = spaces
        self.access = Desks(store, spaces, clock)  # adapters add their StaffDirectory here
        self.set_desk = self.access.set_desk  # /ta here
        self.desk_off = self.access.desk_off  # /ta off
        self.outcomes = outcomes
        self.notes = notes
        self.embedder = embedder
        self.max_open = max_open
        self.remind_after = remind_after
        self.show_names = show_names
        self._key = key
        self._clock = clock
        self._locks: dict[str, asyncio.Lock] = {}

    def hash(self, platform: str, user_id: str) -> str:
        return user_hash(self._key, platform, user_id)

    # -- the student's side ------------------------------------------------------------------

    async def offers(self, message: IncomingMessage, reply: Reply) -> bool:
        """Does this study answer get an "Ask a TA" button? Only with a desk for its course on
        this platform: under ⚠ answers, and under any answer in a DM or where staff allowed it."""
        if reply.answer_id is None or not reply.course:
            return False
        desk = await self.store.desk(reply.course, message.platform)
        if desk is None:
            return False
        unsure = reply.confidence not in (Confidence.COURSE, Confidence.UNCHECKED)
        return unsure or message.is_direct or desk.all_answers

    async def escalate(self, answer_id: str, student: Student, note: str = "") -> Escalated:
        """The student's question goes to the desk: a new card, or a waiting one asking the
        same thing."""
        language = student.language
        outcome = await self.outcomes.get(answer_id)
        if outcome is None or outcome.platform != student.platform or not outcome.course:
            return Escalated(notice("unknown", language))
        desk = await self.store.desk(outcome.course, student.platform)
        if desk is None:
            return Escalated(notice("no_desk", language))
        who = self.hash(student.platform, student.user_id)
        if await self.store.open_count(who) >= self.max_open:
            return Escalated(notice("limit", language, count=self.max_open))
        reason = next((v.reason for v in outcome.votes if v.voter_hash == who and v.value < 0),
                      "")
        line = clean_input(note)[:NOTE_CHARS].strip()
        asker = Asker("", who, student.platform, language, student.user_id, student.chat,
                      student.message, line, reason, self._clock())
        same, similar = await self._waiting_like(outcome.question, outcome.course,
                                                 student.platform)
        if same is not None:
            if not await self.store.attach(replace(asker, card_id=same.id)):
                return Escalated(notice("already", language))
            count = len(await self.store.askers(same.id))
            update = text("joined", desk.language, count=count, question=outcome.question,
                          note=_note_line(line, desk.language))
            return Escalated(notice("joined_ack", language, count=count), desk, post=same.post,
                             update=update)
        card = Escalation(secrets.token_urlsafe(6), outcome.course, student.platform,
                          desk.chat, outcome.question, outcome.language, answer_id,
                          outcome.scope, created_at=self._clock())
        await self.store.open_card(card, replace(asker, card_id=card.id))
        label = (student.name if self.show_names and student.name
                 else text("anonymous", desk.language, place=student.place or
                           text("in_dm", desk.language)))
        body = card_text(card, outcome, label, line, reason, desk.language, similar)
        return Escalated(notice("sent", language), desk, view(card, 1, desk.language), body)

    async def _waiting_like(self, question: str, course: str, platform: str
                            ) -> tuple[Escalation | None, int]:
        """A posted waiting card asking this very question (the student joins it and gets its
        answer), and how many others ask something close (grouped by meaning as the report
        groups gaps: shown to staff, never answered for them, since near misses such as
        "chapter 5" / "chapter 6" are as close as rewordings; see core/rag/staff_answers.py)."""
        waiting = [c for c in await self.store.waiting(course, platform) if c.post]
        if not waiting:
            return None, 0
        folded = " ".join(question.casefold().split())
        exact = next((c for c in waiting if " ".join(c.question.casefold().split()) == folded),
                     None)
        if exact is not None:
            return exact, 0
        vectors = await self.embedder.embed_queries([question, *(c.question for c in waiting)])
        scores = np.asarray(vectors[1:]) @ np.asarray(vectors[0])
        best = int(np.argmax(scores))
        if same_question(float(scores[best]), question, waiting[best].question):
            return waiting[best], 0
        return None, int((scores >= GAP_SIMILARITY).sum())

    async def posted(self, card_id: str, post: str) -> None:
        """The adapter posted the card: remember where, so replies and presses find it."""
        card = await self.store.card(card_id)
        if card is not None:
            await self.store.save_card(replace(card, post=post))

    async def withdraw(self, card_id: str, language: str) -> Reply:
        """Posting the card failed (the bot was removed from the desk, the channel is gone):
        the card is closed unseen, nothing will be owed, and the student is told to try later
        (what the adapter shows instead of "sent")."""
        card = await self.store.card(card_id)
        if card is not None and not card.post:
            now = self._clock()
            await self.store.save_card(replace(card, status=CLOSED, closed_at=now))
            for asker in await self.store.askers(card.id):
                await self.store.delivered(card.id, asker.user_hash, now)
        return notice("desk_unreachable", language)

    # -- the staff side ----------------------------------------------------------------------

    async def act(self, card_id: str, action: str, staff: Staff) -> Action:
        """A card button: claim | material (not course material) | close | notes | sign |
        send. One at a time per card in this process (two Send presses: one sends)."""
        async with self._lock(card_id):
            return await self._act(card_id, action, staff)

    def _lock(self, card_id: str) -> asyncio.Lock:
        if len(self._locks) > MAX_LOCKS:  # drop the idle ones
            self._locks = {k: v for k, v in self._locks.items() if v.locked()}
        return self._locks.setdefault(card_id, asyncio.Lock())

    async def _act(self, card_id: str, action: str, staff: Staff) -> Action:
        card, refusal = await self._staff_card(card_id, staff)
        if card is None:
            return Action(refusal or notice("unknown_card", staff.language))
        language = staff.language
        if card.status not in WAITING:
            return Action(notice("finished", language), await self._view(card, language))
        if action == "claim":
            card = replace(card, status=CLAIMED, claimed_by=staff.name)
            await self.store.save_card(card)
            return Action(notice("claimed", language), await self._view(card, language), card.post,
                          text("claimed_line", language, name=staff.name))
        if action in ("notes", "sign"):
            card = (replace(card, add_to_notes=not card.add_to_notes) if action == "notes"
                    else replace(card, signer="" if card.signer else staff.name))
            await self.store.save_card(card)
            key = (("notes_on" if card.add_to_notes else "notes_off") if action == "notes"
                   else ("signed" if card.signer else "unsigned"))
            return Action(notice(key, language), await self._view(card, language))
        if action in ("material", "close"):
            status = NOT_MATERIAL if action == "material" else CLOSED
            return await self._finish(replace(card, status=status, closed_at=self._clock()),
                                      staff, f"{action}_line")
        if action == "send":
            if not card.draft:
                return Action(notice("no_draft", language), await self._view(card, language))
            return await self._send(card, staff)
        return Action(notice("unknown_card", language))

    async def draft(self, platform: str, desk_chat: str, post: str, answer: str,
                    staff: Staff, message: str) -> Action | None:
        """A staff reply to a card (or an edit of that reply): the answer to send. None when
        `post` is no card (an ordinary reply in the desk chat)."""
        found = await self.store.card_at(platform, desk_chat, post)
        if found is None:
            return None
        async with self._lock(found.id):
            return await self._draft(found.id, answer, staff, message)

    async def _draft(self, card_id: str, answer: str, staff: Staff, message: str) -> Action:
        card, refusal = await self._staff_card(card_id, staff)
        if card is None:
            return Action(refusal or notice("unknown_card", staff.language))
        if card.status not in WAITING:
            return Action(notice("finished", staff.language),
                          await self._view(card, staff.language))
        body = clean_input(answer)[:ANSWER_CHARS].strip()
        if not body:
            return Action(notice("empty_draft", staff.language),
                          await self._view(card, staff.language))
        card = replace(card, draft=body, draft_message=message, drafted_by=staff.user_id,
                       status=CLAIMED, claimed_by=card.claimed_by or staff.name)
        await self.store.save_card(card)
        students = len(await self.store.askers(card.id))
        return Action(notice("drafted", staff.language, count=students),
                      await self._view(card, staff.language), card.post)

    async def _staff_card(self, card_id: str, staff: Staff
                          ) -> tuple[Escalation | None, Reply | None]:
        """The card, when `staff` may act on it: staff of the course's owner scope, and not a
        student waiting on this very card."""
        card = await self.store.card(card_id)
        if card is None:
            return None, None
        if not await self.access.is_staff(card.course, card.platform, staff.user_id,
                                          operator=staff.operator):
            return None, notice("not_staff", staff.language)
        me = self.hash(card.platform, staff.user_id)
        if any(a.user_hash == me for a in await self.store.askers(card.id)):
            return None, notice("own_card", staff.language)
        return card, None

    async def _send(self, card: Escalation, staff: Staff) -> Action:
        now = self._clock()
        card = replace(card, status=ANSWERED, answered_at=now)
        if card.add_to_notes:
            document = await self.notes.add(card.course, card.id, card.question, card.draft,
                                            card.language, now.date())
            card = replace(card, note_document=document)
            self.spaces.courses_changed()
        await self.store.save_card(card)
        deliveries = await leased(self.store, card, self._clock())
        line = text("sent_line", staff.language, count=len(deliveries)) + (
            " " + text("noted_line", staff.language) if card.note_document else "")
        return Action(notice("sent_staff", staff.language, count=len(deliveries)),
                      await self._view(card, staff.language), card.post, line, deliveries)

    async def _finish(self, card: Escalation, staff: Staff, line_key: str) -> Action:
        await self.store.save_card(card)
        deliveries = await leased(self.store, card, self._clock())
        return Action(notice(card.status, staff.language), await self._view(card, staff.language),
                      card.post, text(line_key, staff.language, name=staff.name), deliveries)

    async def delivered(self, card_id: str, user_hash: str) -> None:
        """The adapter sent one student's copy: never again, and their address is erased."""
        await self.store.delivered(card_id, user_hash, self._clock())

    async def _view(self, card: Escalation, language: str) -> CardView:
        return view(card, len(await self.store.askers(card.id)), language)

    # -- follow-through ----------------------------------------------------------------------

    async def sweep(self, platform: str) -> tuple[list[Reminder], list[Delivery]]:
        """What a periodic task should post: reminders for cards waiting longer than the
        setting (once each), and deliveries a crash or an unreachable chat left unsent."""
        return await sweep(self.store, platform, self._clock(), self.remind_after)

    async def forget(self, platform: str, user_id: str) -> int:
        return await self.store.forget(self.hash(platform, user_id))


def _note_line(note: str, language: str) -> str:
    return text("note_line", language, note=note) if note else ""

