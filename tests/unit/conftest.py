"""Which unit tests are `slow`: marked here by rule, so no test needs a decorator.

`make test-fast` runs the unit and contract tests with `-m 'not slow'`; `make test` runs all.
Two kinds of unit test take about four fifths of the unit suite's time on 2 cores:
- tests on the sample course ingested with the real offline embedder (the `sample_store` fixture);
- property tests drawing thousands of generated examples (hypothesis max_examples >= 1,000).
A new test of either kind is left out of test-fast without anyone remembering to mark it.
"""
from __future__ import annotations

from pathlib import Path

import pytest

HERE = Path(__file__).parent
SLOW_FIXTURES = frozenset({"sample_store"})
SLOW_EXAMPLES = 1_000


def _examples(item: pytest.Item) -> int:
    """How many examples a hypothesis test asks for (0 for any other test)."""
    chosen = getattr(getattr(item, "obj", None), "_hypothesis_internal_use_settings", None)
    return getattr(chosen, "max_examples", 0) or 0


def _slow(item: pytest.Item) -> bool:
    fixtures = set(getattr(item, "fixturenames", ()))
    return bool(SLOW_FIXTURES & fixtures) or _examples(item) >= SLOW_EXAMPLES


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if item.path.is_relative_to(HERE) and _slow(item):
            item.add_marker(pytest.mark.slow)
