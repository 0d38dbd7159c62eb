"""What one chat service allows: question length, questions per minute, history kept, reply
deadline and how many questions run or wait at once. Each breach is answered with a notice."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Limits:
    """Per-user and global limits; each breach is answered with a clear notice."""

    max_question_chars: int = 2000
    rate_limit_per_minute: int = 6
    history_turns: int = 6
    reply_deadline_s: float = 60.0
    max_concurrent: int = 32
    queue_max: int = 200
    unlimited_platforms: frozenset[str] = frozenset()  # local operators (console, CLI): no limit
