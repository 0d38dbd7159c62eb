"""What the TA desk hands adapters: cards to post, actions' results, answers to deliver.

Plain frozen data; each adapter turns a CardView's state into its own buttons (Discord
components, Telegram inline keyboard) carrying only the card id.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from core.messages import Reply
from core.ports.escalations import WAITING, Desk

ACTIONS = ("claim", "material", "close", "notes", "sign", "send")  # what card buttons do


@dataclass(frozen=True, slots=True)
class Student:
    """Who presses "Ask a TA", as the adapter saw them."""

    platform: str
    user_id: str
    chat: str  # where the question was asked (the answer is delivered there)
    message: str  # the message to reply to there: the question, else the bot's answer
    language: str
    name: str = ""  # display name (shown on the card only when the setting says so)
    place: str = ""  # "#algebra-help", a group's title, "" for a DM


@dataclass(frozen=True, slots=True)
class Staff:
    """Who acts on a card, as the adapter saw them."""

    user_id: str
    name: str
    language: str
    operator: bool = False  # bot-wide staff (acts on operator courses)


@dataclass(frozen=True, slots=True)
class CardView:
    """A card's state, for its buttons: claim / not material / close while it waits, send /
    sign / notes once a draft exists, none when finished."""

    id: str
    status: str
    students: int
    add_to_notes: bool
    signed: bool
    has_draft: bool
    language: str  # the desk's

    @property
    def waiting(self) -> bool:
        return self.status in WAITING


@dataclass(frozen=True, slots=True)
class Delivery:
    """One student's copy of a staff answer (or of a closing notice), leased to the caller:
    send it, then call TADesk.delivered(card_id, user_hash)."""

    card_id: str
    user_hash: str
    platform: str
    user_id: str
    chat: str
    message: str
    reply: Reply


@dataclass(frozen=True, slots=True)
class Escalated:
    """What "Ask a TA" led to: the student's confirmation (or refusal) and, on the desk, a new
    card to post (then call TADesk.posted) or a line for an existing card's thread."""

    reply: Reply
    desk: Desk | None = None
    card: CardView | None = None
    card_text: str = ""  # the new card's text, in the desk's language
    post: str = ""  # the existing card's post, when the student joined it
    update: str = ""  # the line to add under that card


@dataclass(frozen=True, slots=True)
class Action:
    """What a staff press or reply did: a short answer to that staff member, an optional line
    for the card's thread, the card's new state, and deliveries to send now."""

    reply: Reply
    card: CardView | None = None
    post: str = ""  # the card's post (where `update` goes)
    update: str = ""
    deliveries: tuple[Delivery, ...] = field(default=())


@dataclass(frozen=True, slots=True)
class Reminder:
    """A card unanswered for too long: one line under it, once."""

    desk: Desk
    post: str
    text: str
