"""Ports of the TA desk: where a course's escalations go, the cards staff answer, the students
waiting on each card, and how an adapter asks its platform whether someone is staff.

Students appear as keyed hashes (core/stores/user_hash.py), as in outcomes. Only while an
answer is still owed does a card keep where to deliver it (the student's platform id, chat and
message); delivering (or /forget) erases that address.
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Protocol

OPEN = "open"  # waiting for staff
CLAIMED = "claimed"  # a staff member said they are on it
ANSWERED = "answered"  # the staff answer was sent to the students
NOT_MATERIAL = "not_material"  # staff: not course material; students are told so
CLOSED = "closed"  # staff closed it without an answer
WAITING = (OPEN, CLAIMED)  # cards that still owe their students an answer


@dataclass(frozen=True, slots=True)
class Desk:
    """Where one course's escalations go on one platform (set by `/ta here`)."""

    course: str
    platform: str
    chat: str  # Discord channel id (forum or text), Telegram staff group id
    kind: str  # forum | text | group
    language: str  # the desk texts' language: that of the staff member who set it
    all_answers: bool = False  # offer "Ask a TA" under every study answer, not only ⚠
    set_by: str = ""
    set_at: datetime | None = None


@dataclass(frozen=True, slots=True)
class Escalation:
    """One desk card: a question staff are asked to answer, and what became of it."""

    id: str
    course: str
    platform: str
    desk_chat: str
    question: str
    language: str  # the question's language
    answer_id: str = ""  # the bot's answer (outcome) the card was opened from
    scope: str = ""  # the server or group the question was asked in ("" in a DM)
    status: str = OPEN
    post: str = ""  # the card's message (Telegram) or thread (Discord) id in the desk chat
    claimed_by: str = ""  # display name of the staff member who claimed it
    draft: str = ""  # the staff answer as last written (edits replace it until it is sent)
    draft_message: str = ""  # the staff message the draft came from (its edits update it)
    drafted_by: str = ""  # staff platform user id of the draft's author
    signer: str = ""  # display name shown to students; "" when the staff member stays unnamed
    add_to_notes: bool = True  # store the answer as a staff Q&A document when it is sent
    note_document: str = ""  # that document's id once stored
    created_at: datetime | None = None
    answered_at: datetime | None = None  # when the staff answer was sent
    closed_at: datetime | None = None
    reminded_at: datetime | None = None


@dataclass(frozen=True, slots=True)
class Asker:
    """A student waiting on a card; the address fields are emptied once delivered."""

    card_id: str
    user_hash: str
    platform: str
    language: str
    user_id: str = ""  # platform id, for a DM when replying in place is not possible
    chat: str = ""  # where the question was asked
    message: str = ""  # the message to reply to there ("" when unknown)
    note: str = ""  # the student's one line: what they don't get
    reason: str = ""  # their 👎 reason, if any
    created_at: datetime | None = None
    delivered_at: datetime | None = None
    lease_until: datetime | None = None  # a delivery in flight (another process may not send)


class EscalationStore(Protocol):
    """Desks, cards and their students on SQLite or Postgres (shared by every process)."""

    async def set_desk(self, desk: Desk) -> None:
        """Create or replace the desk of (desk.course, desk.platform)."""
        ...

    async def desk(self, course: str, platform: str) -> Desk | None: ...

    async def remove_desk(self, course: str, platform: str) -> bool:
        """False when the course had no desk on that platform."""
        ...

    async def desks(self, platform: str | None = None) -> list[Desk]:
        """Every desk (of one platform), by course."""
        ...

    async def open_card(self, card: Escalation, asker: Asker) -> None:
        """Store a new card with its first student, together."""
        ...

    async def attach(self, asker: Asker) -> bool:
        """Add a student to a card; False when they were attached already."""
        ...

    async def card(self, card_id: str) -> Escalation | None: ...

    async def card_at(self, platform: str, desk_chat: str, post: str) -> Escalation | None:
        """The card posted as `post` in a desk chat (what a staff reply or press points at)."""
        ...

    async def save_card(self, card: Escalation) -> None:
        """Overwrite a card's mutable fields (status, post, draft, notes ...); not reminded_at,
        which only claim_reminder sets (a stale copy must not undo a reminder)."""
        ...

    async def waiting(self, course: str, platform: str) -> list[Escalation]:
        """Cards of a course still owing an answer (open or claimed), oldest first."""
        ...

    async def askers(self, card_id: str) -> list[Asker]:
        """Every student of a card, first asker first."""
        ...

    async def open_count(self, user_hash: str) -> int:
        """Cards still owing this student an answer."""
        ...

    async def lease(self, card_id: str, user_hash: str, until: datetime, now: datetime
                    ) -> Asker | None:
        """Take the right to deliver to one student until `until`: the asker (with its address)
        when not delivered and not leased by someone else at `now`, else None."""
        ...

    async def delivered(self, card_id: str, user_hash: str, at: datetime) -> None:
        """Mark one student's delivery done and erase their address."""
        ...

    async def undelivered(self, platform: str, now: datetime) -> list[tuple[Escalation, Asker]]:
        """Students of finished cards (answered, not material, closed) of one platform whose
        delivery is not done and not leased at `now` (a crash between send and mark)."""
        ...

    async def due_reminders(self, platform: str, before: datetime) -> list[Escalation]:
        """Waiting cards created before `before` that were never reminded."""
        ...

    async def claim_reminder(self, card_id: str, at: datetime) -> bool:
        """Mark a card reminded at `at` unless it was already: True for the one caller (of any
        process) that should post the reminder."""
        ...

    async def cards(self, course: str | None = None, since: datetime | None = None
                    ) -> list[Escalation]:
        """Cards (of one course, created since a time), oldest first: the report's figures."""
        ...

    async def forget(self, user_hash: str) -> int:
        """Detach the student from every card (a card left without students that is still
        waiting is closed); returns the rows removed."""
        ...


class StaffDirectory(Protocol):
    """Whether a platform user is staff of a scope (a Discord server, a Telegram group),
    asked of that platform; answered by the adapter."""

    async def is_staff(self, user_id: str, scope: str) -> bool: ...
