"""Course tenancy on Discord, end to end (issue 22), on the embedded stores and on Postgres: the
real discord.py client against the fake Discord, the test server (which owns ALG101 and BIO201)
and a second server whose owner added the bot. Nothing of the first server's courses can be
taken, changed, suggested or read from the second, until its staff share a course with a
one-time code; DMs read the courses of servers the user is in (GET member)."""
from __future__ import annotations

import re
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.container import App, build_app
from tests.support.discord_desk import command, shown, until, upload
from tests.support.discord_spaces import ADMIN, HEAPS, settings_for
from tests.support.fake_discord import GUILD_ID, MANAGE_GUILD, USER_ID, FakeDiscord
from tests.support.postgres import state_settings

pytestmark = pytest.mark.integration
OTHER_GUILD, OTHER_CHANNEL, INTRUDER = 4000000000000000001, 4000000000000000002, 4000000000000001
INTRUDER_ADMIN = {"user_id": INTRUDER, "permissions": MANAGE_GUILD, "guild_id": OTHER_GUILD,
                  "channel_id": OTHER_CHANNEL}
OTHER_STUDENT = {"user_id": INTRUDER + 1, "guild_id": OTHER_GUILD, "channel_id": OTHER_CHANNEL}
QUESTION = "What is a basis of a vector space?"


@pytest.fixture(params=["sqlite", "postgres"])
async def app(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[App]:
    """The scene's app, on the embedded stores and on Postgres (HISTORY_STORE=postgres)."""
    application = await build_app(settings_for(tmp_path / "data",
                                               **state_settings(request, "discord_tenancy")))
    yield application
    await application.close()


async def ask(fake: FakeDiscord, **where: Any) -> str:
    """/ask as a slash command; the answer's text once it is shown."""
    payload = fake.interaction("ask", {"question": QUESTION}, **where)
    await fake.dispatch("INTERACTION_CREATE", payload)
    bodies = await until(lambda: [b for b in shown(fake, payload["token"]) if b.get("content")],
                         "the answer")
    return str(bodies[-1]["content"])


async def test_another_server_cannot_take_change_or_list_a_course(fake, bot, two_courses):
    taken = await command(fake, "course", {"name": "alg101"}, sub="set", **INTRUDER_ADMIN)
    assert "isn't available here" in taken["content"] and "ALG101" not in taken["content"]
    removal = await command(fake, "remove", {"name": "alg_vectors.md", "course": "ALG101"},
                            **INTRUDER_ADMIN)
    assert "isn't available here" in removal["content"]
    preview, _ = await upload(fake, "planted.md", HEAPS, course="ALG101", **INTRUDER_ADMIN)
    assert "isn't available here" in preview["content"]
    assert not fake.find("GET", "/attachments/.*")  # refused before downloading

    suggest = fake.interaction("course", {"name": "a"}, sub="set", kind=4, focused="name",
                               **INTRUDER_ADMIN)
    await fake.dispatch("INTERACTION_CREATE", suggest)
    call = await fake.wait_for_call("POST", rf"/interactions/\d+/{suggest['token']}/callback")
    assert call.json["data"]["choices"] == []  # other servers' course names are never offered
    listed = await command(fake, "course", sub="list", **INTRUDER_ADMIN)
    assert "ALG101" not in listed["content"] and "BIO201" not in listed["content"]

    await command(fake, "course", {"name": "ALG101"}, sub="set", **ADMIN)  # the owner may
    assert "alg_vectors.md" in await ask(fake)


async def test_remove_suggests_a_course_s_files_only_to_its_own_staff(fake, bot, two_courses):
    async def suggested(**who: Any) -> list[dict[str, str]]:
        payload = fake.interaction("remove", {"name": "alg", "course": "ALG101"}, kind=4,
                                   focused="name", **who)
        await fake.dispatch("INTERACTION_CREATE", payload)
        call = await fake.wait_for_call("POST",
                                        rf"/interactions/\d+/{payload['token']}/callback")
        return list(call.json["data"]["choices"])

    assert await suggested(**ADMIN) == [{"name": "alg_vectors.md", "value": "alg_vectors.md"}]
    assert await suggested(**INTRUDER_ADMIN) == []  # another server's staff
    assert await suggested() == []  # a student of the owning server


async def test_a_share_code_lets_another_server_read_until_it_is_unshared(fake, bot, app,
                                                                          two_courses):
    await command(fake, "course", {"name": "ALG101"}, sub="set", **ADMIN)
    shared = await command(fake, "course", sub="share", **ADMIN)
    code = re.search(r"Share code for ALG101: (\w+)", shared["content"])
    assert code is not None, shared["content"]
    student = await command(fake, "course", {"code": code.group(1)}, sub="join",
                            **OTHER_STUDENT)
    assert "Only staff" in student["content"]
    joined = await command(fake, "course", {"code": code.group(1)}, sub="join",
                           **INTRUDER_ADMIN)
    assert "now answers from ALG101 (shared with you, read only)" in joined["content"]
    assert "alg_vectors.md" in await ask(fake, **OTHER_STUDENT)

    removal = await command(fake, "remove", {"name": "alg_vectors.md"}, **INTRUDER_ADMIN)
    assert "only the staff of the server or group that owns it" in removal["content"]
    gaps = await command(fake, "gaps", **INTRUDER_ADMIN)
    assert "1 questions" in gaps["content"]  # their own student's question only

    stopped = await command(fake, "course", {"target": f"discord:guild:{OTHER_GUILD}"},
                            sub="unshare", **ADMIN)
    assert "no longer shared" in stopped["content"]
    assert "no course yet" in await ask(fake, **OTHER_STUDENT)
    assert [d.display_name for d in await app.store.documents("ALG101")] == ["alg_vectors.md"]


async def test_a_dm_reads_the_courses_of_servers_the_user_is_in(fake, bot, two_courses):
    await command(fake, "course", {"name": "BIO201"}, sub="set", **ADMIN)
    fake.members[GUILD_ID] = {USER_ID}
    chosen = await command(fake, "course", {"name": "BIO201"}, sub="set", dm=True)
    assert "your private questions now answer from BIO201" in chosen["content"]
    stranger = await command(fake, "course", {"name": "BIO201"}, sub="set", dm=True,
                             user_id=INTRUDER)
    assert "You can't choose “BIO201”" in stranger["content"]
    assert fake.find("GET", rf"/guilds/{GUILD_ID}/members/{INTRUDER}")
