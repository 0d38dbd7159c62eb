"""Platform edges: each turns platform events into IncomingMessage and renders Reply back.

Adapter modules are imported only when their adapter is enabled (bot/runner.py decides); every
one of them is an `Adapter`.
"""
from __future__ import annotations

import asyncio
import importlib
from typing import Protocol

from core.errors import StudyBuddyError


class Adapter(Protocol):
    """What the runner needs from a platform edge: start and stop in the shared event loop."""

    name: str

    @property
    def finished(self) -> asyncio.Event | None:
        """Set when the adapter ends on its own (the console user quits); None: runs until
        stopped."""
        ...

    async def start(self) -> None:
        """Connect and begin serving; return once serving (raise with a safe message if not)."""
        ...

    async def stop(self) -> None:
        """Stop serving and release connections; safe to call twice or after a failed start."""
        ...


class StartFailed(StudyBuddyError, RuntimeError):
    """An adapter could not start; the message is one line for the operator (secrets are
    redacted by the caller, which knows them)."""

    def __init__(self, name: str, exc: BaseException) -> None:
        super().__init__(f"the {name} adapter could not start: {start_failure(name, exc)}")


# Each platform package names its own exceptions (isinstance, in its errors.py); imported only
# when that adapter failed, so its SDK is loaded already.
_CLASSIFIERS = {"discord": "adapters.discord.errors", "telegram": "adapters.telegram.errors"}


def start_failure(name: str, exc: BaseException) -> str:
    """Why the `name` adapter failed to start, without its traceback."""
    module = _CLASSIFIERS.get(name)
    known = importlib.import_module(module).start_failure(exc) if module else None
    if isinstance(known, str):
        return known
    return f"{type(exc).__name__}: {' '.join(str(exc).split())[:300]}"
