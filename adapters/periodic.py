"""A job run again and again in the background (the journal and TA desk sweeps): one task, a
failure logged and tried again at the next run, never the end of the loop; stopped cleanly."""
from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable

log = logging.getLogger(__name__)


class Periodic:
    """`job` every `every_s` seconds, the first run after `first_in`, until stop()."""

    def __init__(self, job: Callable[[], Awaitable[object]], every_s: float, name: str,
                 describe: Callable[[Exception], str] = str) -> None:
        self.job = job
        self.every_s = every_s
        self.name = name
        self.describe = describe  # how a failure is logged (without secrets)
        self._task: asyncio.Task[None] | None = None

    def start(self, first_in: float = 0.0) -> None:
        if self._task is None:
            self._task = asyncio.create_task(self._loop(first_in), name=self.name)

    async def stop(self) -> None:
        task, self._task = self._task, None
        if task is not None:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task

    async def _loop(self, first_in: float) -> None:
        await asyncio.sleep(first_in)
        while True:
            try:
                await self.job()
            except Exception as err:  # an outage now is tried again at the next run
                log.warning("%s failed: %s", self.name, self.describe(err))
            await asyncio.sleep(self.every_s)
