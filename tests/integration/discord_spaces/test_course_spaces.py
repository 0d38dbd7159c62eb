"""Course spaces on Discord, end to end (the scene: tests/support/discord_spaces.py): staff set
a channel's or the server's course and students can't; channels never answer from each other's
course; spaces survive a restart; the desk commands are synced with staff defaults.

Every wait is on a call the fake recorded, never a sleep.
"""
from __future__ import annotations

import pytest

from bot.container import build_app
from tests.support.discord_desk import (
    ask_in,
    buttons,
    click,
    command,
    shown,
    until,
    upload,
)
from tests.support.discord_spaces import (
    ADMIN,
    ALGEBRA,
    BIOLOGY,
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
    MANAGE_GUILD,
    STAFF_ROLE_NAME,
    STAFF_USER_ID,
)

pytestmark = pytest.mark.integration


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
        assert {o["name"] for o in commands["course"]["options"]} == {"show", "list", "set", "share",
                                                                   "join", "unshare"}
        for name in ("upload", "remove"):
            assert int(commands[name]["default_member_permissions"]) == MANAGE_GUILD
            assert commands[name]["contexts"] == [0]  # servers only
        upload_file = commands["upload"]["options"][0]
        assert (upload_file["name"], upload_file["type"]) == ("file", 11)


