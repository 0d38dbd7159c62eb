"""Platform edges: each turns platform events into IncomingMessage and renders Reply back.

Adapter modules are imported only when their adapter is enabled (bot/runner.py decides); every
one of them is an `Adapter`.
"""
from __future__ import annotations

import asyncio
from typing import Protocol


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
