"""Types the command-line modules share: the argparse subcommands each adds its commands to, and
the progress bars ingestion draws."""
from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Protocol, TypeAlias

Subcommands: TypeAlias = "argparse._SubParsersAction[argparse.ArgumentParser]"


class ProgressBars(Protocol):
    """Given a chunk total, a callback per batch (core.ingest's progress_factory); `close()`
    ends any bar an error left open."""

    def __call__(self, total: int) -> Callable[[int], None]:
        ...

    def close(self) -> None:
        ...
