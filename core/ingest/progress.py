"""Slow steps inside a reader (OCR of a scanned page takes seconds) announce themselves here.

The sandbox listens while it reads a file in a child process: each step extends the child's
deadline by the step's own allowance (OCR_TIMEOUT_S per page) and is logged as progress. In
this process, with no one listening, a step costs nothing.
"""
from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from contextvars import ContextVar

Listener = Callable[[str, float], None]  # (what is starting, seconds it may take)
_LISTENER: ContextVar[Listener | None] = ContextVar("ingest_progress", default=None)


def step(what: str, allowance_s: float) -> None:
    """A slow step is starting: `what` for the progress line, `allowance_s` for the deadline."""
    listener = _LISTENER.get()
    if listener is not None:
        listener(what, allowance_s)


@contextlib.contextmanager
def listening(listener: Listener) -> Iterator[None]:
    """Steps taken inside the block are passed to `listener`."""
    token = _LISTENER.set(listener)
    try:
        yield
    finally:
        _LISTENER.reset(token)
