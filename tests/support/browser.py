"""Headless Chromium for page tests: Debian's `chromium` package driven by playwright-python
(no browser download). Missing locally -> the test skips; missing in CI (CI set) -> it fails,
so the page test never silently stops running there."""
from __future__ import annotations

import os
import shutil
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import pytest

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")


def chromium_path() -> str:
    """The browser binary, or skip (fail under CI) with how to get it."""
    found = CHROMIUM if os.path.exists(CHROMIUM) else shutil.which("chromium")
    problem = None
    if found is None:
        problem = f"no Chromium at {CHROMIUM}: apt-get install -y chromium (.ci/run does it)"
    else:
        try:
            import playwright.async_api  # noqa: F401
        except ImportError:
            problem = "playwright is not installed: pip install -e '.[dev]'"
    if problem:
        if os.environ.get("CI"):
            pytest.fail(f"the browser test must run in CI: {problem}")
        pytest.skip(problem)
    assert found is not None
    return found


@asynccontextmanager
async def chromium_page(**context: Any) -> AsyncIterator[tuple[Any, list[str]]]:
    """A fresh page and the list its console errors and uncaught exceptions are appended to."""
    from playwright.async_api import async_playwright

    path = chromium_path()
    async with async_playwright() as driver:
        browser = await driver.chromium.launch(executable_path=path,
                                               args=["--no-sandbox", "--disable-gpu"])
        try:
            page = await (await browser.new_context(**context)).new_page()
            errors: list[str] = []
            page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
            page.on("pageerror", lambda e: errors.append(str(e)))
            yield page, errors
        finally:
            await browser.close()
