"""The Discord course-space scene shared by its end-to-end tests: the real app (build_app) and
the real discord.py client against FakeDiscord, two small courses, staff identities, and the
fixtures that start them (registered by tests/integration/discord_spaces/conftest.py)."""
from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from adapters.discord.adapter import DiscordAdapter
from bot.container import App, build_app
from bot.settings import load_settings
from core.ingest.pipeline import ingest_paths
from tests.support.discord_desk import serving
from tests.support.fake_discord import (
    GUILD_ID,
    MANAGE_GUILD,
    STAFF_ROLE_ID,
    STAFF_ROLE_NAME,
    STAFF_USER_ID,
    FakeDiscord,
)

TOKEN = "MTAwMC5mYWtl.test-token-SECRET-0123456789"
FAST = {"guild_ready_timeout": 0.05}
EPHEMERAL = 1 << 6
ADMIN = {"user_id": STAFF_USER_ID, "permissions": MANAGE_GUILD}
ROLE_STAFF = {"user_id": STAFF_USER_ID + 1, "roles": (STAFF_ROLE_ID,)}
SERVER = f"discord:guild:{GUILD_ID}"

ALGEBRA = {"alg_vectors.md": (
    "# Vector spaces\n\nA vector space is a set of vectors closed under vector addition and "
    "scalar multiplication. A basis of a vector space is a linearly independent set of "
    "vectors that spans the whole space; the number of basis vectors is the dimension.\n")}
BIOLOGY = {"bio_cells.md": (
    "# Cell biology\n\nA basis of cell biology is the cell theory: every living thing is made "
    "of cells, and every cell comes from another cell. The dimension of a typical animal cell "
    "is 10 to 30 micrometres; the membrane keeps the cell's contents apart.\n")}
HEAPS = (b"# Binary heaps\n\nA binary heap is a complete binary tree in which every parent key is "
         b"smaller than its children's keys. Sift-down restores the heap property after the "
         b"root is removed, in logarithmic time. Heapsort builds a heap, then pops the minimum "
         b"repeatedly.\n")


def settings_for(data_dir: Path, **overrides: Any) -> Any:
    return load_settings(data_dir=data_dir, auto_ingest_sample=False, wikipedia_enabled=False,
                         arxiv_enabled=False, web_search="none", **overrides)


@pytest.fixture
async def fake(monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[FakeDiscord]:
    async with serving(monkeypatch, TOKEN) as server:  # checks every text the bot showed
        yield server


@pytest.fixture
async def app(tmp_path: Path) -> AsyncIterator[App]:
    application = await build_app(settings_for(tmp_path / "data"))
    yield application
    await application.close()


async def start_bot(app: App, **kwargs: Any) -> DiscordAdapter:
    adapter = DiscordAdapter(app.service, TOKEN, client_options=FAST, desk=app.desk,
                             staff_role=STAFF_ROLE_NAME, **kwargs)
    await adapter.start()
    return adapter


@pytest.fixture
async def bot(fake: FakeDiscord, app: App) -> AsyncIterator[DiscordAdapter]:
    adapter = await start_bot(app)
    yield adapter
    await adapter.stop()


async def add_course(app: App, tmp_path: Path, course: str, files: dict[str, str], *,
                     owner: str | None = SERVER) -> None:
    """Ingest a course as the operator would, then (by default) give it to the test server, as
    `studybuddy courses transfer` does."""
    folder = tmp_path / f"src-{course}"
    folder.mkdir()
    for name, text in files.items():
        (folder / name).write_text(text)
    report = await ingest_paths([folder], app.store, app.embedder, course=course)
    assert report.errors == [] and report.files_ok == len(files)
    if owner is not None:
        assert app.desk.sharing is not None
        await app.desk.sharing.transfer(course, owner)


@pytest.fixture
async def two_courses(app: App, tmp_path: Path) -> None:
    await add_course(app, tmp_path, "ALG101", ALGEBRA)
    await add_course(app, tmp_path, "BIO201", BIOLOGY)
