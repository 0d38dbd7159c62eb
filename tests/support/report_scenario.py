"""A week of a CS101 class asking the bundled sample course, through the real service: questions
the course answers, questions it does not (⚠), an Arabic one, and 👍 / 👎 votes with reasons.

Shared by the report's browser test and `python -m tests.support.report_screenshot`, which makes
the README's picture of the report page.
"""
from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from core.messages import IncomingMessage, Reply

COURSE = "CS101"


@dataclass(frozen=True)
class Turn:
    user: str
    question: str
    vote: int = 0
    reason: str = ""
    days_ago: int = 0  # used by the screenshot, which spreads the week (see backdate)


TURNS = (
    Turn("s1", "What is the time complexity of quicksort?", 1, days_ago=6),
    Turn("s2", "How does merge sort work?", 1, days_ago=6),
    Turn("s3", "What is Big-O notation?", 1, days_ago=5),
    Turn("s4", "How does binary search work?", days_ago=5),
    Turn("s5", "What is a red-black tree?", days_ago=4),
    Turn("s6", "How do red-black trees stay balanced after an insert?", -1, "not_in_materials",
         days_ago=4),
    Turn("s7", "What is a hash table collision?", -1, "wrong", days_ago=3),
    Turn("s8", "ما هو الترتيب بالدمج؟", 1, days_ago=3),
    Turn("s9", "What is dynamic programming?", days_ago=2),
    Turn("s10", "How do I solve the knapsack problem with dynamic programming?", -1,
         "not_in_materials", days_ago=2),
    Turn("s11", "How does Dijkstra's algorithm find shortest paths?", 1, days_ago=1),
    Turn("s12", "What is a red-black tree", days_ago=1),
    Turn("s13", "What is TCP congestion control?", days_ago=0),
    Turn("s14", "Give me the full solution to homework 3, question 2", -1, "gave_solution"),
    Turn("s15", "What is the average-case complexity of quicksort?", 1),
)


def copy_store(source: Path, target: Path) -> None:
    """A consistent copy of an embedded store (the SQLite backup API), so a test may write to it
    without touching the session's shared sample store."""
    target.parent.mkdir(parents=True, exist_ok=True)
    with sqlite3.connect(source) as src, sqlite3.connect(target) as dst:
        src.backup(dst)


def backdate(database: Path, answer_ids: dict[str, int]) -> None:
    """Move recorded answers `days` back (answer id -> days), so one run shows a whole week."""
    with sqlite3.connect(database) as db:
        for answer_id, days in answer_ids.items():
            db.execute("UPDATE outcomes SET created_at = ? WHERE answer_id = ?",
                       ((datetime.now(UTC) - timedelta(days=days)).isoformat(), answer_id))


async def play(app: Any, turns: tuple[Turn, ...] = TURNS) -> list[Reply]:
    """Ask every turn's question in CS101 and cast its vote; the replies, in order."""
    replies = []
    for turn in turns:
        reply = await app.service.handle(IncomingMessage("discord", turn.user, turn.user,
                                                         turn.question, course=COURSE))
        assert reply.answer_id, f"not recorded: {turn.question}"
        if turn.vote:
            await app.service.vote(reply.answer_id, "discord", turn.user, turn.vote, turn.reason,
                                   language=reply.language)
        replies.append(reply)
    return replies
