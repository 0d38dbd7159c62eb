"""The instructor report's Practice section: quiz answers counted by document and by topic (the
term an item asks about), and the items students miss most. Students stay keyed hashes; only
their number is shown."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from core.ports.practice import Answer, QuizItem

HARDEST = 10
HARDEST_MIN_ANSWERS = 2  # one wrong answer says little about an item


@dataclass(frozen=True, slots=True)
class Tally:
    """Answers to the items of one document or topic, and how many were right."""

    name: str
    answered: int
    right: int

    @property
    def share_right(self) -> float:
        return self.right / self.answered if self.answered else 0.0


@dataclass(frozen=True, slots=True)
class HardItem:
    question: str
    right_option: str
    document: str
    answered: int
    right: int


@dataclass(frozen=True, slots=True)
class PracticeSummary:
    answered: int
    students: int
    right: int
    documents: tuple[Tally, ...]
    topics: tuple[Tally, ...]
    hardest: tuple[HardItem, ...]


def summarize(answers: Sequence[Answer], items: dict[str, QuizItem]) -> PracticeSummary:
    """Counts over the answers (those whose item is no longer stored count under "(unknown)")."""
    documents: dict[str, list[bool]] = {}
    topics: dict[str, list[bool]] = {}
    per_item: dict[str, list[bool]] = {}
    for answer in answers:
        item = items.get(answer.item_id)
        documents.setdefault(item.source.document if item else "(unknown)", []).append(
            answer.right)
        topics.setdefault(item.term if item else "(unknown)", []).append(answer.right)
        per_item.setdefault(answer.item_id, []).append(answer.right)
    hardest = sorted(
        (HardItem(items[i].question, items[i].right, items[i].source.document, len(r), sum(r))
         for i, r in per_item.items() if i in items and len(r) >= HARDEST_MIN_ANSWERS),
        key=lambda h: (h.right / h.answered, -h.answered, h.question))[:HARDEST]
    return PracticeSummary(answered=len(answers), students=len({a.user_hash for a in answers}),
                           right=sum(a.right for a in answers),
                           documents=_tallies(documents), topics=_tallies(topics),
                           hardest=tuple(hardest))


def _tallies(groups: dict[str, list[bool]]) -> tuple[Tally, ...]:
    """Most answered first."""
    rows = [Tally(name, len(r), sum(r)) for name, r in groups.items()]
    return tuple(sorted(rows, key=lambda t: (-t.answered, t.name)))
