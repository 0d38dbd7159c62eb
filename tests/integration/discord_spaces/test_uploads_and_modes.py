"""Course files added from Discord and study modes, end to end (the scene:
tests/support/discord_spaces.py): staff upload, preview, confirm or remove files; students
can't; staff switch a channel to guide mode, where requests for graded work are guided.

Every wait is on a call the fake recorded, never a sleep.
"""
from __future__ import annotations

from typing import Any

import pytest

from bot.container import build_app
from core.course.uploads import Uploads
from core.texts.platforms import DISCORD
from tests.support.discord_desk import (
    ask_in,
    buttons,
    callbacks,
    click,
    command,
    shown,
    until,
    upload,
)
from tests.support.discord_spaces import (
    ADMIN,
    EPHEMERAL,
    HEAPS,
    ROLE_STAFF,
    add_course,
    settings_for,
    start_bot,
)
from tests.support.fake_discord import (
    APP_ID,
    CHANNEL2_ID,
    CHANNEL_ID,
    GUILD_ID,
    STAFF_USER_ID,
)

pytestmark = pytest.mark.integration


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
        assert notice["content"] == DISCORD("apology") and "hunter2" not in str(fake.calls)

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
