"""Discord's course desk: /course (show, list, set, share, join, unshare), /mode, /upload,
/remove, /gaps and /help.

Who is staff is staff.py's call, what it may do the core's (core/course/: spaces, sharing,
tenancy). An upload is checked (staff, file type, size) before its attachment is
downloaded, previewed, and stored only after its uploader presses Confirm (buttons.py). Every
answer is private; a command that raises ends in errors.on_command_error (the apology).
"""
from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from adapters.discord.buttons import confirm_buttons
from adapters.discord.convert import interaction_language, interaction_spaces
from adapters.discord.replier import answer, notice_text
from adapters.discord.staff import actor_of
from core.course.desk import CourseDesk
from core.course.tenancy import Actor
from core.course.uploads import supported_formats
from core.messages import Reply
from core.texts.platforms import DISCORD

MAX_CHOICES = 25  # Discord's limit for autocomplete and choices
SCOPES = [app_commands.Choice(name="channel", value="channel"),
          app_commands.Choice(name="server", value="server")]
MODES = [app_commands.Choice(name="guide", value="guide"),
         app_commands.Choice(name="explain", value="explain")]
EVERYWHERE = app_commands.AppCommandContext(guild=True, dm_channel=True, private_channel=True)
Interaction = discord.Interaction[Any]


async def send_reply(interaction: Interaction, reply: Reply) -> None:
    """A desk reply, privately; with Confirm / Cancel when it awaits one."""
    view = confirm_buttons(reply.pending, reply.language) if reply.pending else None
    await answer(interaction, notice_text(reply), view=view)


def add_desk_commands(tree: app_commands.CommandTree[Any], desk: CourseDesk,
                      staff_role: str | None, operators: frozenset[int] = frozenset()) -> None:
    """Register /course, /mode, /upload, /remove, /gaps and /help on the tree."""

    def actor(interaction: Interaction) -> Actor:
        return actor_of(interaction, staff_role, operators)

    async def course_names(interaction: Interaction, current: str
                           ) -> list[app_commands.Choice[str]]:
        """Only the courses this chat may use: other classes' names are never suggested."""
        wanted = current.strip().casefold()
        names = [c for c in await desk.spaces.visible(interaction_spaces(interaction))
                 if wanted in c.casefold()]
        return [app_commands.Choice(name=c, value=c) for c in names[:MAX_CHOICES]]

    async def document_names(interaction: Interaction, current: str
                             ) -> list[app_commands.Choice[str]]:
        """For staff only: the documents of the chosen course, else of this channel's."""
        names = await desk.removable(interaction_spaces(interaction), actor=actor(interaction),
                                     course=getattr(interaction.namespace, "course", None),
                                     containing=current)
        return [app_commands.Choice(name=n[:100], value=n[:100]) for n in names[:MAX_CHOICES]]

    course = app_commands.Group(name="course", description="This chat's course: show, list, set",
                                allowed_contexts=EVERYWHERE)

    @course.command(name="show", description="Which course this chat answers from")
    async def show(interaction: Interaction) -> None:
        await send_reply(interaction, await desk.spaces.show(
            interaction_spaces(interaction), interaction_language(interaction),
            personal=interaction.guild_id is None))

    @course.command(name="list", description="All courses with materials")
    async def listing(interaction: Interaction) -> None:
        await send_reply(interaction, await desk.spaces.listing(
            interaction_spaces(interaction), interaction_language(interaction)))

    @course.command(name="set", description="Choose the course this channel (or server) uses")
    @app_commands.describe(name="Course name", scope="This channel (default) or the whole server")
    @app_commands.choices(scope=SCOPES)
    @app_commands.autocomplete(name=course_names)
    async def set_course(interaction: Interaction, name: str,
                         scope: app_commands.Choice[str] | None = None) -> None:
        language, spaces = interaction_language(interaction), interaction_spaces(interaction)
        where = scope.value if scope is not None and interaction.guild_id else "channel"
        key = f"discord:guild:{interaction.guild_id}" if where == "server" else spaces[0]
        await send_reply(interaction, await desk.spaces.assign(
            key, name, actor=actor(interaction), where=where, language=language, spaces=spaces))

    sharing = desk.sharing
    if sharing is not None:  # sharing a course with another server (core/course/sharing.py)
        @course.command(name="share", description="Staff: a one-time code another server can "
                                                  "use to answer from this channel's course")
        async def share(interaction: Interaction) -> None:
            await send_reply(interaction, await sharing.share(
                interaction_spaces(interaction), actor=actor(interaction),
                language=interaction_language(interaction)))

        @course.command(name="join", description="Staff: answer from another server's course "
                                                 "with its share code")
        @app_commands.describe(code="The share code its staff gave you")
        async def join(interaction: Interaction, code: str) -> None:
            await send_reply(interaction, await sharing.join(
                interaction_spaces(interaction), code, actor=actor(interaction), where="channel",
                language=interaction_language(interaction)))

        @course.command(name="unshare", description="Staff: stop using a shared course, or stop "
                                                    "sharing with a server or group")
        @app_commands.describe(target="A course shared with you, or a scope such as "
                                      "discord:guild:123 that you shared with")
        async def unshare(interaction: Interaction, target: str = "") -> None:
            await send_reply(interaction, await sharing.unshare(
                interaction_spaces(interaction), target, actor=actor(interaction),
                language=interaction_language(interaction)))

    tree.add_command(course)

    @tree.command(name="mode", description="Study mode: guide (no finished solutions) or explain")
    @app_commands.describe(mode="guide or explain (leave out to see the current mode)",
                           scope="This channel (default) or the whole server")
    @app_commands.choices(mode=MODES, scope=SCOPES)
    @app_commands.allowed_contexts(guilds=True, dms=True, private_channels=True)
    async def mode(interaction: Interaction, mode: app_commands.Choice[str] | None = None,
                   scope: app_commands.Choice[str] | None = None) -> None:
        language, spaces = interaction_language(interaction), interaction_spaces(interaction)
        if mode is None:
            await send_reply(interaction, await desk.spaces.show_mode(spaces, language))
            return
        where = scope.value if scope is not None else "channel"
        key = (f"discord:guild:{interaction.guild_id}"
               if where == "server" and interaction.guild_id is not None else spaces[0])
        await send_reply(interaction, await desk.spaces.set_mode(
            key, mode.value, actor=actor(interaction), where=where, language=language))

    @tree.command(name="upload", description="Staff: add a course file to this channel's course")
    @app_commands.describe(file="PDF, Word, PowerPoint, text or web page",
                           course="Course to add it to (default: this channel's)")
    @app_commands.autocomplete(course=course_names)
    @app_commands.guild_only()
    @app_commands.default_permissions(manage_guild=True)
    async def upload(interaction: Interaction, file: discord.Attachment,
                     course: str | None = None) -> None:
        language, who = interaction_language(interaction), actor(interaction)
        spaces = interaction_spaces(interaction)
        refused = desk.uploads.refusal(file.filename, file.size, allowed=who.is_staff,
                                       platform="discord", language=language)
        if refused is None:  # another server's course: refused before downloading too
            _, refused = await desk.uploads.target(course, spaces, who, language)
        if refused is not None:  # nothing downloaded for students, wrong types, huge files
            await send_reply(interaction, refused)
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        data = await file.read()
        await send_reply(interaction, await desk.uploads.preview(
            data, file.filename, course=course, spaces=spaces, actor=who, language=language))

    @tree.command(name="remove", description="Staff: remove a document from a course")
    @app_commands.describe(name="The document's file name",
                           course="Course to remove it from (default: this channel's)")
    @app_commands.autocomplete(name=document_names, course=course_names)
    @app_commands.guild_only()
    @app_commands.default_permissions(manage_guild=True)
    async def remove(interaction: Interaction, name: str, course: str | None = None) -> None:
        await send_reply(interaction, await desk.uploads.preview_removal(
            name, course=course, spaces=interaction_spaces(interaction),
            actor=actor(interaction), platform="discord",
            language=interaction_language(interaction)))

    @tree.command(name="gaps", description="Staff: what students could not get answered here")
    @app_commands.describe(days="How many days back (default 7)")
    @app_commands.guild_only()
    @app_commands.default_permissions(manage_guild=True)
    async def gaps(interaction: Interaction, days: app_commands.Range[int, 1, 365] = 7) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)  # grouping takes time
        await send_reply(interaction, await desk.gaps(
            interaction_spaces(interaction), actor=actor(interaction),
            platform="discord", language=interaction_language(interaction), days=days))

    @tree.command(name="help", description="How courses, uploads and staff work here")
    @app_commands.allowed_contexts(guilds=True, dms=True, private_channels=True)
    async def help_(interaction: Interaction) -> None:
        language = interaction_language(interaction)
        role = (DISCORD("staff_role", language, role=staff_role.strip())
                if staff_role and staff_role.strip() else "")
        limit_mb = desk.uploads.max_bytes // 2**20
        await answer(interaction, DISCORD("help", language, formats=supported_formats(),
                                          limit_mb=limit_mb, role=role))
