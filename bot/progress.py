"""Ingestion progress on the terminal: tqdm bars for the CLI and the evaluations.

Its own module so that every command can draw them without importing the CLI (bot/cli.py imports
the commands; a command importing it back made an import circle).
"""
from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any


class TqdmBars:
    """tqdm bars for ingestion (a `ProgressBars`); `close()` ends any bar an error left open, so
    the error line that follows starts on a line of its own."""

    def __init__(self, desc: str) -> None:
        self.desc = desc
        self._bars: list[Any] = []  # tqdm bars (tqdm ships no types)

    def __call__(self, total: int) -> Callable[[int], None]:
        from tqdm import tqdm

        bar = tqdm(total=total, desc=self.desc, unit="chunk", file=sys.stderr, disable=total == 0)
        self._bars.append(bar)

        def update(n: int) -> None:
            bar.update(n)
            if bar.n >= total:
                bar.close()
        return update

    def close(self) -> None:
        for bar in self._bars:
            bar.close()
