"""Ports of practice: quiz items, each student's review cards (Leitner boxes), the answers
given, and the platform messages (polls, buttons) that stand for an item, so a restarted bot
still knows what a press or a poll answer was about."""
from __future__ import annotations

import hashlib
from dataclasses import asdict, dataclass, field
from datetime import datetime
from typing import Any, Protocol


@dataclass(frozen=True, slots=True)
class ItemSource:
    """Where the right answer is written: the document, its page or slide, its section."""

    document: str  # display name, as citations show it
    title: str
    page: int | None = None
    section: str = ""
    unit: str = "page"  # page | slide
    chunk_id: str = ""

    def label(self, page_word: str = "p.") -> str:
        """"02-sorting.md › Quicksort, p. 3" (what an explanation cites)."""
        parts = [self.document + (f" › {self.section}" if self.section else "")]
        if self.page is not None:
            parts.append(f"{page_word} {self.page}")
        return ", ".join(parts)


@dataclass(frozen=True, slots=True)
class QuizItem:
    """A multiple-choice question with exactly one right option among 3-4.

    `quote` is the passage sentence the right option comes from and `passage` the cited text it
    sits in (what a checker verifies against); `kind` says how it was made (cloze | define)."""

    id: str
    course: str
    language: str
    kind: str
    question: str
    options: tuple[str, ...]
    answer: int  # index of the right option
    quote: str
    source: ItemSource
    term: str  # what the item asks about (for stats by topic)
    passage: str = field(default="", compare=False)

    @property
    def right(self) -> str:
        return self.options[self.answer]

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["options"] = list(self.options)
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> QuizItem:
        source = ItemSource(**data["source"])
        return cls(id=data["id"], course=data["course"], language=data["language"],
                   kind=data["kind"], question=data["question"],
                   options=tuple(data["options"]), answer=int(data["answer"]),
                   quote=data["quote"], source=source, term=data.get("term", ""),
                   passage=data.get("passage", ""))


def item_id(course: str, quote: str, term: str, kind: str) -> str:
    """Stable per (course, sentence, term, form): the same item keeps its review history, even
    when its sentence is reached through another passage."""
    raw = f"{course}\x1f{quote}\x1f{term}\x1f{kind}".encode()
    return hashlib.sha256(raw).hexdigest()[:16]


@dataclass(frozen=True, slots=True)
class Card:
    """One student's review state for one item: its Leitner box and when it is due again."""

    user_hash: str
    item_id: str
    course: str
    box: int
    due_at: datetime
    right: int = 0
    wrong: int = 0
    last_right: bool | None = None
    updated_at: datetime | None = None


@dataclass(frozen=True, slots=True)
class Answer:
    """One answer to one item (what the instructor report's Practice section counts)."""

    user_hash: str
    item_id: str
    course: str
    platform: str
    right: bool
    answered_at: datetime | None = None
    session_id: str = ""


@dataclass(frozen=True, slots=True)
class Session:
    """A quiz or review in progress in one chat: the items in order and how far it got.

    `user_hash` is empty for a group quiz (every member answers every item)."""

    id: str
    platform: str
    chat: str
    user_hash: str
    item_ids: tuple[str, ...]
    position: int = 0
    right: int = 0
    created_at: datetime | None = None


@dataclass(frozen=True, slots=True)
class Prompt:
    """A platform message standing for one item of a session (a Telegram poll id, a Discord
    message id), found again when its answer arrives, after a restart too."""

    key: str  # "<platform>:<poll or message id>"
    item_id: str
    session_id: str


class PracticeStore(Protocol):
    """Items, cards, answers, sessions and prompts on SQLite or Postgres."""

    async def save_items(self, items: list[QuizItem]) -> None:
        """Keep items (by id; an existing id is left as it is)."""
        ...

    async def items(self, ids: list[str]) -> dict[str, QuizItem]:
        """The stored items among these ids."""
        ...

    async def card(self, user_hash: str, item_id: str) -> Card | None: ...

    async def record(self, card: Card, answer: Answer) -> None:
        """Store the card's new state and the answer that led to it, together."""
        ...

    async def answered(self, user_hash: str, session_id: str, item_id: str) -> bool:
        """Has the student already answered this item in this session?"""
        ...

    async def cards(self, user_hash: str, course: str | None = None) -> list[Card]:
        """Every card of one student (of one course), oldest change first."""
        ...

    async def answers(self, course: str | None = None, since: datetime | None = None
                      ) -> list[Answer]:
        """Answers of every student (of one course, since a time), oldest first."""
        ...

    async def save_session(self, session: Session) -> None:
        """Create or update a session."""
        ...

    async def session(self, session_id: str) -> Session | None: ...

    async def save_prompt(self, prompt: Prompt) -> None: ...

    async def prompt(self, key: str) -> Prompt | None: ...

    async def forget(self, user_hash: str) -> int:
        """Erase the student's cards, answers and own sessions; returns the rows removed."""
        ...
