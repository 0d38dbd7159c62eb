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


class StartFailed(RuntimeError):
    """An adapter could not start; the message is one line for the operator (secrets are
    redacted by the caller, which knows them)."""

    def __init__(self, name: str, exc: BaseException) -> None:
        super().__init__(f"the {name} adapter could not start: {start_failure(exc)}")


def start_failure(exc: BaseException) -> str:
    """Why a platform client failed to start, without its traceback."""
    kind = type(exc).__name__
    if kind == "InvalidToken":  # python-telegram-bot: the server refused the token
        return "Telegram rejected the bot token; check TELEGRAM_TOKEN (from @BotFather)"
    if kind in ("NetworkError", "TimedOut"):
        return (f"cannot reach the Telegram Bot API ({kind}); check the network, or "
                "TELEGRAM_BASE_URL for a self-hosted server")
    text = " ".join(str(exc).split())[:300]
    return text if kind.endswith("StartError") else f"{kind}: {text}"
