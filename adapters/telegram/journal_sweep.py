"""Crash replay across processes: a live process answers what a dead one had claimed.

Every `every_s` the journal's unanswered messages whose claim ran out (`journal.pending`: the
journal's lease decides what is due) go back through the PTB handlers. Several processes may
queue the same message; the journal's atomic claim (`begin`) lets only one of them answer it.
Each sweep first renews this process's own claims (`journal.renew`), so an answer that waits
in a busy process's queue longer than the lease is not replayed elsewhere and sent twice.
"""
from __future__ import annotations

import logging
from typing import Any

from telegram import Update

from adapters.periodic import Periodic
from adapters.telegram.convert import PLATFORM
from core.ports import MessageJournal

logger = logging.getLogger(__name__)
SWEEP_S = 30.0  # how often; the lease (JOURNAL_LEASE_S) decides how old a claim must be


def sweep_interval(lease_s: float) -> float:
    """A quarter of the lease, at most SWEEP_S: a dead process's messages wait at most
    about lease + lease / 4."""
    return min(SWEEP_S, lease_s / 4)


class JournalSweep:
    """Re-queues due journal entries at start and then periodically, until stopped."""

    def __init__(self, journal: MessageJournal, every_s: float = SWEEP_S) -> None:
        self.journal = journal
        self.every_s = every_s
        self._loop: Periodic | None = None

    async def run_once(self, app: Any) -> int:
        """Queue every due message on the PTB application; how many there were."""
        await self.journal.renew(PLATFORM)
        pending = await self.journal.pending(PLATFORM)
        for payload in pending:
            await app.update_queue.put(Update.de_json(payload, app.bot))
        if pending:
            logger.info("replaying %d unanswered Telegram message(s) claimed by a process that "
                        "stopped or died", len(pending))
        return len(pending)

    async def start(self, app: Any) -> None:
        """One sweep now (what a previous run left), then one every `every_s`."""
        await self.run_once(app)
        self._loop = Periodic(lambda: self.run_once(app), self.every_s, "telegram journal sweep")
        self._loop.start(first_in=self.every_s)

    async def stop(self) -> None:
        if self._loop is not None:
            await self._loop.stop()
