"""A student's progress by document (/quiz stats): items answered, right, average box."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from core.ports.practice import Card, QuizItem


@dataclass(frozen=True, slots=True)
class Progress:
    name: str  # a document's display name
    answered: int
    right: int
    box: float


def progress(cards: Sequence[Card], items: dict[str, QuizItem]) -> list[Progress]:
    """One row per document the student has practised, most practised first."""
    groups: dict[str, list[Card]] = {}
    for card in cards:
        item = items.get(card.item_id)
        groups.setdefault(item.source.document if item else card.course, []).append(card)
    rows = [Progress(name, sum(c.right + c.wrong for c in group), sum(c.right for c in group),
                     sum(c.box for c in group) / len(group)) for name, group in groups.items()]
    rows.sort(key=lambda r: (-r.answered, r.name))
    return rows
