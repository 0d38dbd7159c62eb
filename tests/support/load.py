"""Load-test support: a real StudyBuddy over fast fakes, and a tally of replies by message id.

The tally is what proves "0 lost, 0 answered twice": every reply the fake platform server saw
is matched back to the user message it quotes (Telegram reply_parameters, Discord
message_reference), then classified by the notice text the user would read.
"""
from __future__ import annotations

import asyncio
import resource
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from core.chat.limits import Limits
from core.chat.service import StudyBuddy
from core.config import RagConfig
from core.rag.graph import build_graph
from core.rag.state import RagContext
from core.stores.sqlite_history import SqliteHistoryStore
from core.texts.notices import notice
from tests.conftest import HASH, MERGE
from tests.support.fakes import FakeSource, ScriptedReranker, doc

RATE_LIMITED = notice.english["rate_limited"].split("(")[0]  # "You're asking faster than..."
BUSY = notice.english["busy"]
ANSWER = "O(n log n)"


async def study_buddy(tmp: Path, limits: Limits, latency_s: float = 0.01
                      ) -> tuple[StudyBuddy, SqliteHistoryStore]:
    """The real service and graph; sources and reranker are in-process fakes with latency."""
    sources = {"course": FakeSource("course", [doc(MERGE, "Sorting › Merge sort", url="02.md"),
                                               doc(HASH, "Hashing", url="03.md")],
                                    delay_s=latency_s)}
    context = RagContext(config=RagConfig(), sources=sources,
                         reranker=ScriptedReranker([{"Merge sort": 0.9}]), llm=None)
    history = SqliteHistoryStore(tmp / "history.db")
    await history.open()
    return StudyBuddy(build_graph(), context, history, limits), history


def kind_of(text: str) -> str:
    if text.startswith(RATE_LIMITED):
        return "rate_limited"
    if text == BUSY:
        return "busy"
    return "answer" if ANSWER in text else "other"


@dataclass
class Tally:
    """Replies keyed by the id of the message they answer; owner maps message id -> user."""

    owner: dict[int, str] = field(default_factory=dict)
    replies: dict[int, list[str]] = field(default_factory=dict)
    unmatched: int = 0

    def expect(self, message_id: int, user: str) -> None:
        self.owner[message_id] = user

    def add(self, message_id: int | None, text: str) -> None:
        if message_id is None or message_id not in self.owner:
            self.unmatched += 1
            return
        self.replies.setdefault(message_id, []).append(kind_of(text))

    @property
    def lost(self) -> int:
        return sum(1 for m in self.owner if m not in self.replies)

    @property
    def duplicated(self) -> int:
        return sum(1 for kinds in self.replies.values() if len(kinds) > 1)

    def kinds(self) -> Counter[str]:
        return Counter(k for kinds in self.replies.values() for k in kinds)

    def per_user(self, kind: str) -> Counter[str]:
        counts: Counter[str] = Counter({u: 0 for u in self.owner.values()})
        for message_id, kinds in self.replies.items():
            counts[self.owner[message_id]] += kinds.count(kind)
        return counts

    def summary(self, platform: str) -> str:
        return (f"{platform}: users={len(set(self.owner.values()))} messages={len(self.owner)} "
                f"replies={sum(map(len, self.replies.values()))} lost={self.lost} "
                f"duplicated={self.duplicated} unmatched={self.unmatched} "
                f"kinds={dict(self.kinds())}")


async def wait_until(done: Callable[[], bool], timeout_s: float, poll_s: float = 0.2) -> float:
    """Poll `done()` until true; returns the seconds it took (raises on timeout)."""
    start = time.monotonic()
    while not done():
        if time.monotonic() - start > timeout_s:
            raise AssertionError(f"not done within {timeout_s} s")
        await asyncio.sleep(poll_s)
    return time.monotonic() - start


def peak_rss_mb() -> float:
    """Peak resident set size of this process so far (Linux reports KiB)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
