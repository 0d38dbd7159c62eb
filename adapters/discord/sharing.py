"""`/course share`, `/course join` and `/course unshare` on Discord: sharing a course with another
server. The rules (who owns what, codes, grants) are the core's (core/sharing.py); here only the
subcommands and who is asking."""
from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import discord
from discord import app_commands

from adapters.discord.convert import interaction_language, interaction_spaces
from core.desk import CourseDesk
from core.messages import Reply
from core.tenancy import Actor

Run = Callable[[discord.Interaction[Any], str, Callable[[], Awaitable[Reply]]], Awaitable[None]]


def add_sharing_commands(course: app_commands.Group, desk: CourseDesk,
                         actor: Callable[[discord.Interaction[Any]], Actor], run: Run) -> None:
    """Add the sharing subcommands to the /course group; `run` answers privately and turns a
    failure into an apology."""
    sharing = desk.sharing
    if sharing is None:
        return

    @course.command(name="share", description="Staff: a one-time code another server can use "
                                              "to answer from this channel's course")
    async def share(interaction: discord.Interaction[Any]) -> None:
        await run(interaction, "course share", lambda: sharing.share(
            interaction_spaces(interaction), actor=actor(interaction),
            language=interaction_language(interaction)))

    @course.command(name="join", description="Staff: answer from another server's course with "
                                             "its share code")
    @app_commands.describe(code="The share code its staff gave you")
    async def join(interaction: discord.Interaction[Any], code: str) -> None:
        await run(interaction, "course join", lambda: sharing.join(
            interaction_spaces(interaction), code, actor=actor(interaction), where="channel",
            language=interaction_language(interaction)))

    @course.command(name="unshare", description="Staff: stop using a shared course, or stop "
                                                "sharing with a server or group")
    @app_commands.describe(target="A course shared with you, or a scope such as "
                                  "discord:guild:123 that you shared with")
    async def unshare(interaction: discord.Interaction[Any], target: str = "") -> None:
        await run(interaction, "course unshare", lambda: sharing.unshare(
            interaction_spaces(interaction), target, actor=actor(interaction),
            language=interaction_language(interaction)))
