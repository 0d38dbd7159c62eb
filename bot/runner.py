"""Runs the composed adapters in one process and one event loop until Ctrl-C / SIGTERM.

Which adapters run is decided in bot/composition.py; this module only starts and stops them.
"""
from __future__ import annotations

import asyncio
import contextlib
import logging
import signal

from adapters import Adapter, StartFailed

log = logging.getLogger(__name__)


async def run_adapters(adapters: list[Adapter]) -> None:
    """Start all adapters, wait for a signal (or the console to finish), stop in reverse order."""
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError, RuntimeError):
            loop.add_signal_handler(sig, stop.set)
    started: list[Adapter] = []
    try:
        for adapter in adapters:
            try:
                await adapter.start()
            except Exception as exc:
                log.debug("starting the %s adapter failed", adapter.name, exc_info=True)
                raise StartFailed(adapter.name, exc) from None
            started.append(adapter)
            log.info("%s adapter started", adapter.name)
        waiters = [asyncio.create_task(stop.wait())]
        waiters += [asyncio.create_task(a.finished.wait())
                    for a in started if a.finished is not None]
        await asyncio.wait(waiters, return_when=asyncio.FIRST_COMPLETED)
        for waiter in waiters:
            waiter.cancel()
    finally:
        for adapter in reversed(started):
            try:
                await adapter.stop()
                log.info("%s adapter stopped", adapter.name)
            except Exception:
                log.exception("stopping the %s adapter failed", adapter.name)
        for sig in (signal.SIGINT, signal.SIGTERM):
            with contextlib.suppress(NotImplementedError, RuntimeError):
                loop.remove_signal_handler(sig)
