"""The review schedule: Leitner boxes. A right answer moves an item one box up, a wrong one back
to box 1; each box is due again after its interval (box 1 at once, so a missed item returns in
the next /review)."""
from __future__ import annotations

from datetime import datetime, timedelta

from core.ports.practice import Card

INTERVAL_DAYS = {1: 0, 2: 1, 3: 3, 4: 7, 5: 14}
TOP_BOX = max(INTERVAL_DAYS)


def answered(card: Card | None, *, user_hash: str, item_id: str, course: str, right: bool,
             now: datetime) -> Card:
    """The card after one answer (a first answer starts from box 1)."""
    box = card.box if card else 1
    box = min(box + 1, TOP_BOX) if right else 1
    return Card(user_hash=user_hash, item_id=item_id, course=course, box=box,
                due_at=now + timedelta(days=INTERVAL_DAYS[box]),
                right=(card.right if card else 0) + int(right),
                wrong=(card.wrong if card else 0) + int(not right),
                last_right=right, updated_at=now)


def due(cards: list[Card], now: datetime, limit: int) -> list[Card]:
    """Cards due by `now`: the ones last answered wrong first, then the longest overdue."""
    ready = [c for c in cards if c.due_at <= now]
    ready.sort(key=lambda c: (c.last_right is not False, c.due_at))
    return ready[:limit]
