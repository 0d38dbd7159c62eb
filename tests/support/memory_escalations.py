"""An in-memory EscalationStore, so adapter tests can build a TADesk before (or without) the SQLite
store; one instance shared by two apps stands in for "the same database file" across a restart."""
from __future__ import annotations

from dataclasses import replace
from datetime import datetime

from core.ports.escalations import WAITING, Asker, Desk, Escalation


class MemoryEscalations:
    """core.ports.escalations.EscalationStore in dicts (single process, no persistence)."""

    def __init__(self) -> None:
        self._desks: dict[tuple[str, str], Desk] = {}
        self._cards: dict[str, Escalation] = {}
        self._askers: dict[str, list[Asker]] = {}

    async def set_desk(self, desk: Desk) -> None:
        self._desks[(desk.course, desk.platform)] = desk

    async def desk(self, course: str, platform: str) -> Desk | None:
        return self._desks.get((course, platform))

    async def remove_desk(self, course: str, platform: str) -> bool:
        return self._desks.pop((course, platform), None) is not None

    async def desks(self, platform: str | None = None) -> list[Desk]:
        return sorted((d for d in self._desks.values() if platform in (None, d.platform)),
                      key=lambda d: d.course)

    async def open_card(self, card: Escalation, asker: Asker) -> None:
        self._cards[card.id] = card
        self._askers[card.id] = [asker]

    async def attach(self, asker: Asker) -> bool:
        askers = self._askers.setdefault(asker.card_id, [])
        if any(a.user_hash == asker.user_hash for a in askers):
            return False
        askers.append(asker)
        return True

    async def card(self, card_id: str) -> Escalation | None:
        return self._cards.get(card_id)

    async def card_at(self, platform: str, desk_chat: str, post: str) -> Escalation | None:
        return next((c for c in self._cards.values() if c.platform == platform
                     and c.desk_chat == desk_chat and c.post == post), None)

    async def save_card(self, card: Escalation) -> None:
        self._cards[card.id] = card

    async def waiting(self, course: str, platform: str) -> list[Escalation]:
        return [c for c in self._cards.values()
                if c.course == course and c.platform == platform and c.status in WAITING]

    async def askers(self, card_id: str) -> list[Asker]:
        return list(self._askers.get(card_id, []))

    async def open_count(self, user_hash: str) -> int:
        return sum(1 for cid, askers in self._askers.items()
                   if self._cards[cid].status in WAITING
                   and any(a.user_hash == user_hash for a in askers))

    def _put(self, asker: Asker) -> None:
        askers = self._askers[asker.card_id]
        index = next(i for i, a in enumerate(askers) if a.user_hash == asker.user_hash)
        askers[index] = asker

    def _find(self, card_id: str, user_hash: str) -> Asker | None:
        return next((a for a in self._askers.get(card_id, []) if a.user_hash == user_hash), None)

    async def lease(self, card_id: str, user_hash: str, until: datetime, now: datetime
                    ) -> Asker | None:
        asker = self._find(card_id, user_hash)
        if asker is None or asker.delivered_at is not None or (
                asker.lease_until is not None and asker.lease_until > now):
            return None
        self._put(replace(asker, lease_until=until))
        return asker

    async def delivered(self, card_id: str, user_hash: str, at: datetime) -> None:
        asker = self._find(card_id, user_hash)
        if asker is not None:
            self._put(replace(asker, delivered_at=at, user_id="", chat="", message="",
                              lease_until=None))

    async def undelivered(self, platform: str, now: datetime) -> list[tuple[Escalation, Asker]]:
        return [(card, a) for card in self._cards.values()
                if card.platform == platform and card.status not in WAITING
                for a in self._askers.get(card.id, [])
                if a.delivered_at is None and (a.lease_until is None or a.lease_until <= now)]

    async def due_reminders(self, platform: str, before: datetime) -> list[Escalation]:
        return [c for c in self._cards.values() if c.platform == platform
                and c.status in WAITING and c.reminded_at is None
                and c.created_at is not None and c.created_at < before]

    async def cards(self, course: str | None = None, since: datetime | None = None
                    ) -> list[Escalation]:
        return [c for c in self._cards.values() if course in (None, c.course)
                and (since is None or (c.created_at is not None and c.created_at >= since))]

    async def forget(self, user_hash: str) -> int:
        removed = 0
        for askers in self._askers.values():
            before = len(askers)
            askers[:] = [a for a in askers if a.user_hash != user_hash]
            removed += before - len(askers)
        return removed
