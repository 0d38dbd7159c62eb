"""The instructor report's Escalations section: per course, how many questions students sent to
the TA desk ("Ask a TA"), how fast staff answered them, what is still open and what became of
the rest. Cards only: no student appears here, not even as a hash."""
from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import timedelta

from core.ports.escalations import ANSWERED, CLOSED, NOT_MATERIAL, WAITING, Escalation

NONE = "—"  # a time with nothing to measure (no answered card)


@dataclass(frozen=True, slots=True)
class CourseEscalations:
    """One course's cards opened in the report's window."""

    course: str
    opened: int
    answered: int
    median_answer: timedelta | None  # created -> staff answer sent, answered cards only
    p90_answer: timedelta | None
    still_open: int  # open or claimed: students still waiting
    not_material: int
    closed: int
    added_to_notes: int  # answers stored as course notes


@dataclass(frozen=True, slots=True)
class EscalationSummary:
    courses: tuple[CourseEscalations, ...]

    @property
    def opened(self) -> int:
        return sum(c.opened for c in self.courses)


def summarize_escalations(cards: Sequence[Escalation]) -> EscalationSummary:
    """Counts and answer times per course, courses by name."""
    by_course: dict[str, list[Escalation]] = {}
    for card in cards:
        by_course.setdefault(card.course, []).append(card)
    return EscalationSummary(tuple(_course(name, members)
                                   for name, members in sorted(by_course.items())))


def _course(name: str, cards: list[Escalation]) -> CourseEscalations:
    waits = sorted(c.answered_at - c.created_at for c in cards
                   if c.status == ANSWERED and c.answered_at and c.created_at)
    return CourseEscalations(
        course=name, opened=len(cards), answered=sum(c.status == ANSWERED for c in cards),
        median_answer=median(waits),
        p90_answer=percentile(waits, 0.9),
        still_open=sum(c.status in WAITING for c in cards),
        not_material=sum(c.status == NOT_MATERIAL for c in cards),
        closed=sum(c.status == CLOSED for c in cards),
        added_to_notes=sum(bool(c.note_document) for c in cards))


def median(ordered: Sequence[timedelta]) -> timedelta | None:
    """The middle value (the mean of the middle two for an even count); None if none."""
    if not ordered:
        return None
    middle = len(ordered) // 2
    return ordered[middle] if len(ordered) % 2 else (ordered[middle - 1] + ordered[middle]) / 2


def percentile(ordered: Sequence[timedelta], share: float) -> timedelta | None:
    """Nearest rank: the smallest value at or above `share` of the values (None if none), so
    with few cards it is a time some student really waited, not an interpolation."""
    if not ordered:
        return None
    return ordered[max(0, math.ceil(share * len(ordered)) - 1)]


def duration_text(value: timedelta | None) -> str:
    """A wait as staff read it: minutes under two hours, hours under two days, then days."""
    if value is None:
        return NONE
    minutes = value.total_seconds() / 60
    if minutes < 120:
        return f"{max(0, round(minutes))} min"
    if minutes < 48 * 60:
        return f"{minutes / 60:.1f} h"
    return f"{minutes / 1440:.1f} d"
