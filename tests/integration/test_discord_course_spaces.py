"""Course spaces on Discord, end to end: the real app (build_app) and the real discord.py
client against FakeDiscord. Staff set a channel's course and upload files from the chat;
students can't; channels never answer from each other's course; spaces survive a restart.

Every wait is on a call the fake recorded, never a sleep.
"""
from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from adapters.discord.adapter import DiscordAdapter
from adapters.discord.sending import APOLOGY
from bot.container import App, build_app
from bot.settings import load_settings
from core.ingest.pipeline import ingest_paths
from core.uploads import Uploads
from tests.support.discord_desk import (
    ask_in,
    buttons,
    callbacks,
    click,
    command,
    serving,
    shown,
    until,
    upload,
)
from tests.support.fake_discord import (
    APP_ID,
    CHANNEL2_ID,
    CHANNEL_ID,
    GUILD_ID,
    MANAGE_GUILD,
    STAFF_ROLE_ID,
    STAFF_ROLE_NAME,
    STAFF_USER_ID,
    FakeDiscord,
)

pytestmark = pytest.mark.integration

TOKEN = "MTAwMC5mYWtl.test-token-SECRET-0123456789"
FAST = {"guild_ready_timeout": 0.05}
EPHEMERAL = 1 << 6
ADMIN = {"user_id": STAFF_USER_ID, "permissions": MANAGE_GUILD}
ROLE_STAFF = {"user_id": STAFF_USER_ID + 1, "roles": (STAFF_ROLE_ID,)}

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


async def add_course(app: App, tmp_path: Path, course: str, files: dict[str, str]) -> None:
    folder = tmp_path / f"src-{course}"
    folder.mkdir()
    for name, text in files.items():
        (folder / name).write_text(text)
    report = await ingest_paths([folder], app.store, app.embedder, course=course)
    assert report.errors == [] and report.files_ok == len(files)


@pytest.fixture
async def two_courses(app: App, tmp_path: Path) -> None:
    await add_course(app, tmp_path, "ALG101", ALGEBRA)
    await add_course(app, tmp_path, "BIO201", BIOLOGY)


class TestSettingTheCourse:
    async def test_admin_sets_the_channel_course_and_a_student_cannot(self, fake, bot, app,
                                                                       two_courses):
        before = await command(fake, "course", sub="show")
        assert "no course yet" in before["content"] and "ALG101, BIO201" in before["content"]

        refused = await command(fake, "course", {"name": "BIO201"}, sub="set")
        assert "Only staff" in refused["content"] and refused["flags"] & EPHEMERAL
        assert "no course yet" in (await command(fake, "course", sub="show"))["content"]

        done = await command(fake, "course", {"name": "alg101"}, sub="set", **ADMIN)
        assert "this channel now answers from ALG101" in done["content"]
        assert done["flags"] & EPHEMERAL
        show = await command(fake, "course", sub="show")
        assert "answers from the course ALG101 (set by staff)" in show["content"]
        answer = await ask_in(fake, CHANNEL_ID, "What is a basis of a vector space?")
        assert "alg_vectors.md" in answer and "bio_cells.md" not in answer

    async def test_staff_role_by_name_sets_the_whole_server(self, fake, bot, app, two_courses):
        done = await command(fake, "course", {"name": "BIO201", "scope": "server"}, sub="set",
                             **ROLE_STAFF)
        assert "this server now answers from BIO201" in done["content"]
        # Another channel with no course of its own inherits the server's.
        show = await command(fake, "course", sub="show", channel_id=CHANNEL2_ID)
        assert "BIO201" in show["content"]
        assigned = await app.desk.spaces.spaces.lookup((f"discord:guild:{GUILD_ID}",))
        assert assigned is not None and assigned.course == "BIO201"

    async def test_in_a_dm_anyone_chooses_their_own_course(self, fake, bot, app, two_courses):
        done = await command(fake, "course", {"name": "BIO201"}, sub="set", dm=True)
        assert "your private questions now answer from BIO201" in done["content"]
        show = await command(fake, "course", sub="show", dm=True)
        assert "BIO201 (your choice)" in show["content"]

    async def test_course_name_autocomplete_offers_the_stored_courses(self, fake, bot,
                                                                       two_courses):
        payload = fake.interaction("course", {"name": "bio"}, sub="set", kind=4,
                                   focused="name", **ADMIN)
        await fake.dispatch("INTERACTION_CREATE", payload)
        call = await fake.wait_for_call("POST", rf"/interactions/\d+/{payload['token']}/callback")
        assert call.json["type"] == 8
        assert call.json["data"]["choices"] == [{"name": "BIO201", "value": "BIO201"}]

    async def test_help_explains_spaces_and_who_is_staff(self, fake, bot):
        text = (await command(fake, "help"))["content"]
        assert "/course set" in text and "/upload" in text and "/remove" in text
        assert "Manage Server" in text and STAFF_ROLE_NAME in text


class TestChannelsStayApart:
    async def test_two_channels_with_two_courses_never_cross_cite(self, fake, bot, two_courses):
        await command(fake, "course", {"name": "ALG101"}, sub="set", **ADMIN)
        await command(fake, "course", {"name": "BIO201"}, sub="set", channel_id=CHANNEL2_ID,
                      **ADMIN)
        question = "What is a basis, and what is its dimension?"
        first = await ask_in(fake, CHANNEL_ID, question)
        second = await ask_in(fake, CHANNEL2_ID, question)
        assert "alg_vectors.md" in first and "bio_cells.md" not in first
        assert "bio_cells.md" in second and "alg_vectors.md" not in second


class TestUploads:
    async def test_staff_upload_preview_confirm_then_the_channel_answers_from_it(
            self, fake, bot, app, two_courses):
        await command(fake, "course", {"name": "ALG101"}, sub="set", **ADMIN)
        preview, attachment = await upload(fake, "heap_notes.md", HEAPS, **ADMIN)
        assert "Ready to add to ALG101" in preview["content"]
        assert "heap_notes.md" in preview["content"] and preview["flags"] & EPHEMERAL
        ok, no = buttons(preview)
        assert ok.startswith("sb:desk:ok:") and no == ok.replace(":ok:", ":no:")
        assert [c.path for c in fake.downloads()] == [attachment["url"].split(str(fake.port))[1]]

        token = await click(fake, ok, user_id=STAFF_USER_ID)
        done = await until(lambda: [b for b in shown(fake, token) if "Added" in b["content"]],
                           "the upload summary")
        assert "Added “heap_notes.md” to ALG101" in done[-1]["content"]
        assert done[-1]["components"] == []  # buttons gone
        assert callbacks(fake, token)[0].json["type"] == 6  # acknowledged, message kept
        names = [d.display_name for d in await app.store.documents("ALG101")]
        assert "heap_notes.md" in names

        answer = await ask_in(fake, CHANNEL_ID, "What does sift-down do in a binary heap?")
        assert "heap_notes.md" in answer and "bio_cells.md" not in answer

    async def test_cancel_stores_nothing(self, fake, bot, app, two_courses):
        preview, _ = await upload(fake, "heap_notes.md", HEAPS, course="BIO201", **ADMIN)
        assert "Ready to add to BIO201" in preview["content"]
        _, no = buttons(preview)
        token = await click(fake, no, user_id=STAFF_USER_ID)
        [update] = await until(lambda: shown(fake, token), "the cancel update")
        assert "Cancelled" in update["content"] and update["components"] == []
        assert [d.display_name for d in await app.store.documents("BIO201")] == ["bio_cells.md"]

    async def test_only_the_uploader_can_confirm(self, fake, bot, app, two_courses):
        preview, _ = await upload(fake, "heap_notes.md", HEAPS, course="BIO201", **ADMIN)
        ok, _ = buttons(preview)
        token = await click(fake, ok, user_id=STAFF_USER_ID + 7)
        [notice] = await until(lambda: shown(fake, token), "the not-yours notice")
        assert "Only the person who started this" in notice["content"]
        assert notice["flags"] & EPHEMERAL
        assert [d.display_name for d in await app.store.documents("BIO201")] == ["bio_cells.md"]

    async def test_a_confirm_that_blows_up_still_gets_an_answer(self, fake, bot, app,
                                                                two_courses, monkeypatch):
        preview, _ = await upload(fake, "heap_notes.md", HEAPS, course="BIO201", **ADMIN)

        async def boom(*args: Any, **kwargs: Any) -> None:
            raise RuntimeError("database password=hunter2 exploded")

        monkeypatch.setattr(Uploads, "confirm", boom)
        token = await click(fake, buttons(preview)[0], user_id=STAFF_USER_ID)
        [notice] = await until(lambda: shown(fake, token), "the apology")
        assert notice["content"] == APOLOGY and "hunter2" not in str(fake.calls)

    async def test_a_students_upload_is_refused_and_never_downloaded(self, fake, bot, app,
                                                                      two_courses):
        await command(fake, "course", {"name": "ALG101"}, sub="set", **ADMIN)
        refused, _ = await upload(fake, "heap_notes.md", HEAPS)
        assert "Only staff" in refused["content"] and refused["flags"] & EPHEMERAL
        assert buttons(refused) == [] and fake.downloads() == []
        assert [d.display_name for d in await app.store.documents("ALG101")] == \
            ["alg_vectors.md"]

    async def test_unsupported_and_oversized_files_are_refused_before_download(
            self, fake, tmp_path):
        small = await build_app(settings_for(tmp_path / "data", upload_max_mb=1))
        adapter = await start_bot(small)
        try:
            exe, _ = await upload(fake, "setup.exe", b"MZ\x90\x00", course="ALG101", **ADMIN)
            assert "can't read “setup.exe”" in exe["content"] and ".pdf" in exe["content"]
            big, _ = await upload(fake, "huge.pdf", b"%PDF-1.4", size=3 * 2**20,
                                  course="ALG101", **ADMIN)
            assert "“huge.pdf” is 3.0 MB; the limit is 1 MB" in big["content"]
        finally:
            await adapter.stop()
            await small.close()
        assert fake.downloads() == []

    async def test_remove_offers_the_channel_courses_documents_to_staff_only(
            self, fake, bot, two_courses):
        await command(fake, "course", {"name": "BIO201"}, sub="set", **ADMIN)
        seen = {}
        for who, kwargs in (("staff", ADMIN), ("student", {})):
            payload = fake.interaction("remove", {"name": "cel"}, kind=4, focused="name",
                                       **kwargs)
            await fake.dispatch("INTERACTION_CREATE", payload)
            call = await fake.wait_for_call("POST", rf"/interactions/\d+/{payload['token']}"
                                                    "/callback")
            seen[who] = call.json["data"]["choices"]
        assert seen == {"staff": [{"name": "bio_cells.md", "value": "bio_cells.md"}],
                        "student": []}

    async def test_remove_after_confirm(self, fake, bot, app, two_courses):
        await command(fake, "course", {"name": "BIO201"}, sub="set", **ADMIN)
        student = await command(fake, "remove", {"name": "bio_cells.md"})
        assert "Only staff" in student["content"]
        preview = await command(fake, "remove", {"name": "bio_cells.md"}, **ADMIN)
        assert "Remove “bio_cells.md”" in preview["content"]
        token = await click(fake, buttons(preview)[0], user_id=STAFF_USER_ID)
        await until(lambda: [b for b in shown(fake, token) if "Removed" in b["content"]],
                    "the removal summary")
        assert await app.store.documents("BIO201") == []


class TestRestart:
    async def test_the_space_survives_a_restart_and_old_buttons_expire(self, fake, tmp_path):
        data = tmp_path / "data"
        first = await build_app(settings_for(data))
        await add_course(first, tmp_path, "ALG101", ALGEBRA)
        await add_course(first, tmp_path, "BIO201", BIOLOGY)
        adapter = await start_bot(first)
        try:
            await command(fake, "course", {"name": "BIO201"}, sub="set", **ADMIN)
            preview, _ = await upload(fake, "heap_notes.md", HEAPS, **ADMIN)
        finally:
            await adapter.stop()
            await first.close()

        second = await build_app(settings_for(data))
        adapter = await start_bot(second)
        try:
            show = await command(fake, "course", sub="show")
            assert "answers from the course BIO201 (set by staff)" in show["content"]
            answer = await ask_in(fake, CHANNEL_ID, "What is a basis, and what is its dimension?")
            assert "bio_cells.md" in answer and "alg_vectors.md" not in answer
            # The preview's Confirm still reaches the bot; the pending upload did not survive.
            token = await click(fake, buttons(preview)[0], user_id=STAFF_USER_ID)
            [edit] = await until(lambda: shown(fake, token), "the expired notice")
            assert "expired" in edit["content"] and edit["components"] == []
            assert [d.display_name for d in await second.store.documents("BIO201")] == \
                ["bio_cells.md"]
        finally:
            await adapter.stop()
            await second.close()


class TestCommandSync:
    async def test_desk_commands_are_synced_with_staff_defaults(self, fake, app):
        adapter = await start_bot(app, sync_commands=True)
        await adapter.stop()
        [put] = fake.find("PUT", rf"/applications/{APP_ID}/commands")
        commands = {c["name"]: c for c in put.json}
        assert {"ask", "forget", "course", "upload", "remove", "help"} <= set(commands)
        assert {o["name"] for o in commands["course"]["options"]} == {"show", "list", "set"}
        for name in ("upload", "remove"):
            assert int(commands[name]["default_member_permissions"]) == MANAGE_GUILD
            assert commands[name]["contexts"] == [0]  # servers only
        upload_file = commands["upload"]["options"][0]
        assert (upload_file["name"], upload_file["type"]) == ("file", 11)


RECURSION = {"recursion.md": (
    "# Recursion\n\nA recursive function calls itself on a smaller instance of the same problem. "
    "Every recursive function needs a base case that is answered directly, and a recursive case "
    "that moves towards the base case.\n\nA recursive factorial in Python:\n\n```python\n"
    "def factorial(n):\n    return 1 if n == 0 else n * factorial(n - 1)\n```\n")}
SOLVE = "Write the code for assignment 2: a recursive factorial function."


class TestStudyMode:
    async def test_staff_set_guide_mode_a_student_cannot_and_solve_requests_are_guided(
            self, fake, bot, app, tmp_path):
        await add_course(app, tmp_path, "CS101", RECURSION)
        refused = await command(fake, "mode", {"mode": "guide"})
        assert "Only staff" in refused["content"] and refused["flags"] & EPHEMERAL
        assert "Study mode: explain" in (await command(fake, "mode"))["content"]

        done = await command(fake, "mode", {"mode": "guide"}, **ADMIN)
        assert "this channel is now in guide mode" in done["content"]
        assert done["flags"] & EPHEMERAL
        assert "Study mode: guide" in (await command(fake, "course", sub="show"))["content"]
        guided = await ask_in(fake, CHANNEL_ID, SOLVE)
        assert "Steps to try" in guided and "base case" in guided and "recursion.md" in guided
        assert "def factorial" not in guided and "```" not in guided
        plain = await ask_in(fake, CHANNEL2_ID, SOLVE)  # another channel: still explain mode
        assert "Steps to try" not in plain

    async def test_the_staff_role_sets_the_whole_server_and_a_channel_overrides_it(
            self, fake, bot, app):
        done = await command(fake, "mode", {"mode": "guide", "scope": "server"}, **ROLE_STAFF)
        assert "this server is now in guide mode" in done["content"]
        shown = await command(fake, "mode", channel_id=CHANNEL2_ID)
        assert "Study mode: guide" in shown["content"]
        await command(fake, "mode", {"mode": "explain"}, **ADMIN)
        assert "Study mode: explain" in (await command(fake, "mode"))["content"]
        assert await app.desk.spaces.spaces.mode((f"discord:guild:{GUILD_ID}",)) == "guide"

    async def test_help_and_the_synced_command_offer_mode(self, fake, app):
        adapter = await start_bot(app, sync_commands=True)
        try:
            assert "/mode" in (await command(fake, "help"))["content"]
        finally:
            await adapter.stop()
        [put] = fake.find("PUT", rf"/applications/{APP_ID}/commands")
        mode = next(c for c in put.json if c["name"] == "mode")
        options = {o["name"]: o for o in mode["options"]}
        assert [c["value"] for c in options["mode"]["choices"]] == ["guide", "explain"]
        assert [c["value"] for c in options["scope"]["choices"]] == ["channel", "server"]
