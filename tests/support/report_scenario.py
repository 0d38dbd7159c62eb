"""A week of a CS101 class asking the bundled sample course, through the real service: questions
the course answers, questions it does not (⚠), an Arabic one, and 👍 / 👎 votes with reasons.

Shared by the report's browser test and `python -m tests.support.report_screenshot`, which makes
the README's picture of the report page.
"""
from __future__ import annotations

import sqlite3
from dataclasses import dataclass
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


TURNS = (
    Turn("s1", "What is the time complexity of quicksort?", 1),
    Turn("s2", "How does merge sort work?", 1),
    Turn("s3", "How does binary search work?"),
    Turn("s4", "What is a red-black tree?"),
    Turn("s5", "How do red-black trees stay balanced after an insert?", -1, "not_in_materials"),
    Turn("s6", "Explain the rotations in a red-black tree"),
    Turn("s7", "What is dynamic programming?"),
    Turn("s8", "How do I solve the knapsack problem with dynamic programming?", -1,
         "not_in_materials"),
    Turn("s9", "What is a hash table collision?", -1, "wrong"),
    Turn("s10", "ما هو الترتيب بالدمج؟", 1),
    Turn("s11", "How does Dijkstra's algorithm find shortest paths?", 1),
    Turn("s12", "What is TCP congestion control?"),
    Turn("s13", "What is Big-O notation?"),
    Turn("s14", "Give me the full solution to homework 3, question 2", -1, "gave_solution"),
)


def copy_store(source: Path, target: Path) -> None:
    """A consistent copy of an embedded store (the SQLite backup API), so a test may write to it
    without touching the session's shared sample store."""
    target.parent.mkdir(parents=True, exist_ok=True)
    with sqlite3.connect(source) as src, sqlite3.connect(target) as dst:
        src.backup(dst)


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
