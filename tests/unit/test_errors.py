"""Every error we raise on purpose has one base, and a fallback tells an outage from a bug."""
from __future__ import annotations

import importlib
import inspect
import logging
import pkgutil

import httpx
import pytest

from core.errors import StudyBuddyError, log_failure


def our_exception_classes() -> list[type[BaseException]]:
    found = []
    for package in ("core", "adapters", "bot"):  # importing them builds nothing
        root = importlib.import_module(package)
        for info in pkgutil.walk_packages(root.__path__, f"{package}."):
            if info.name.endswith("__main__"):
                continue
            module = importlib.import_module(info.name)
            found += [cls for _, cls in inspect.getmembers(module, inspect.isclass)
                      if issubclass(cls, BaseException) and cls.__module__ == info.name]
    return found


def test_every_error_kind_of_ours_is_a_study_buddy_error():
    kinds = our_exception_classes()
    assert len(kinds) >= 15
    assert [k.__qualname__ for k in kinds if not issubclass(k, StudyBuddyError)] == []


@pytest.mark.parametrize(("error", "level", "traceback"), [
    (StudyBuddyError("jina rerank failed: HTTP 402"), logging.WARNING, False),
    (TimeoutError(), logging.WARNING, False),
    (httpx.ConnectError("refused https://x/?key=secret"), logging.WARNING, False),
    (KeyError("parent_id"), logging.ERROR, True),  # a bug in our code
])
def test_an_outage_is_one_line_and_a_bug_keeps_its_traceback(caplog, error, level, traceback):
    log_failure(logging.getLogger("t"), "generation", error, "answering extractively")
    [record] = caplog.records
    assert record.levelno == level and (record.exc_info is not None) is traceback
    assert "secret" not in record.getMessage()
