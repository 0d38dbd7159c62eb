"""Discord's course desk: /course (show, list, set), /mode, /upload, /remove and /help.

Who is staff is the adapter's call: the Manage Server permission in this channel, or the
DISCORD_STAFF_ROLE role (by name or id). `default_permissions` only hides /upload and /remove
from others in the client, and server admins can change that, so staff is checked again each
time a command runs. An upload is checked (staff, file type, size) before its attachment is
downloaded, previewed, and stored only after its uploader presses Confirm (buttons.py).
"""
from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import Any

import discord
from discord import app_commands

from adapters.discord.buttons import confirm_view
from adapters.discord.convert import interaction_language, interaction_spaces
from adapters.discord.sending import APOLOGY, answer, exception_summary, notice_text
from adapters.discord.sharing import add_sharing_commands
from core.desk import CourseDesk
from core.messages import Reply
from core.tenancy import Actor
from core.uploads import supported_formats

log = logging.getLogger(__name__)

MAX_CHOICES = 25  # Discord's limit for autocomplete and choices
SCOPES = [app_commands.Choice(name="channel", value="channel"),
          app_commands.Choice(name="server", value="server")]
MODES = [app_commands.Choice(name="guide", value="guide"),
         app_commands.Choice(name="explain", value="explain")]
EVERYWHERE = app_commands.AppCommandContext(guild=True, dm_channel=True, private_channel=True)

HELP = """\
**Study Buddy: courses**
Each channel answers from its course. A thread uses its own course, else its channel's, else \
the server's; in DMs you choose your own.
• `/course show`: this chat's course. `/course list`: all courses.
• `/course set name:NAME [scope:channel|server]`: staff choose this channel's (or the whole \
server's) course among this server's, shared and open ones; a new name becomes this server's \
course. In DMs, anyone chooses among their servers' courses and public ones.
• `/course share`: staff get a one-time code; another server's staff use it with \
`/course join code:CODE` to answer from the course (read only). `/course unshare` stops it.
• `/mode [mode:guide|explain] [scope:channel|server]`: this chat's study mode; staff set it. In \
guide mode, requests to solve homework, assignments, exams or quizzes get the key ideas, steps \
to try and a question back, never a finished solution or full code.
• `/upload file:FILE [course:NAME]`: staff add a file ({formats}, up to {limit_mb} MB) to this \
channel's course. You see a preview first, then Confirm or Cancel.
• `/remove name:FILE [course:NAME]`: staff remove a document, after Confirm.
• `/gaps [days:7]`: staff see the questions this channel's course did not answer well.
• `/ask` or a mention asks a question; `/forget` erases what I remember about you.
Staff here: members with the Manage Server permission{role}, for this server's courses."""


def actor_of(interaction: discord.Interaction[Any], staff_role: str | None,
             operators: frozenset[int]) -> Actor:
    """The facts core/tenancy.py decides on: the server (scope), staff there, operator."""
    guild = interaction.guild_id
    return Actor(str(interaction.user.id), f"discord:guild:{guild}" if guild else None,
                 staff=is_staff(interaction, staff_role),
                 operator=interaction.user.id in operators)


class ServerMembership:
    """core/tenancy.py's Membership for Discord: is the user in the server? (GET member; the
    core caches answers; no answer counts as "no")."""

    def __init__(self, client: discord.Client) -> None:
        self.client = client

    async def is_member(self, user_id: str, scope: str) -> bool:
        guild = self.client.get_guild(int(scope.rsplit(":", 1)[1]))
        if guild is None:  # the bot is not (or no longer) in that server
            return False
        try:
            await guild.fetch_member(int(user_id))
        except discord.NotFound:
            return False
        except discord.HTTPException as err:
            log.warning("discord member lookup failed, treating as not a member: %s",
                        err.status)
            return False
        return True


def is_staff(interaction: discord.Interaction[Any], staff_role: str | None) -> bool:
    """Manage Server in this channel, or the configured staff role (name or id); never in DMs."""
    if interaction.guild_id is None:
        return False
    if interaction.permissions.manage_guild:
        return True
    wanted = (staff_role or "").strip()
    if not wanted:
        return False
    roles = getattr(interaction.user, "roles", None) or ()
    return any(str(role.id) == wanted or role.name.casefold() == wanted.casefold()
               for role in roles if not role.is_default())


async def send_reply(interaction: discord.Interaction[Any], reply: Reply) -> None:
    """A desk reply, privately; with Confirm / Cancel when it awaits one."""
    view = confirm_view(reply.pending, reply.language) if reply.pending else None
    await answer(interaction, notice_text(reply), view=view)


async def _guarded(interaction: discord.Interaction[Any], name: str,
                   work: Callable[[], Awaitable[None]]) -> None:
    try:
        await work()
    except Exception as exc:
        log.error("discord /%s failed: %s", name, exception_summary(exc))
        try:
            await answer(interaction, APOLOGY)
        except discord.HTTPException as http:
            log.warning("discord apology could not be sent: %s", http.status)


def add_desk_commands(tree: app_commands.CommandTree[Any], desk: CourseDesk,
                      staff_role: str | None, operators: frozenset[int] = frozenset()) -> None:
    """Register /course, /mode, /upload, /remove, /gaps and /help on the tree."""

    def actor(interaction: discord.Interaction[Any]) -> Actor:
        return actor_of(interaction, staff_role, operators)

    async def course_names(interaction: discord.Interaction[Any], current: str
                           ) -> list[app_commands.Choice[str]]:
        """Only the courses this chat may use: other classes' names are never suggested."""
        wanted = current.strip().casefold()
        names = [c for c in await desk.spaces.visible(interaction_spaces(interaction))
                 if wanted in c.casefold()]
        return [app_commands.Choice(name=c, value=c) for c in names[:MAX_CHOICES]]

    async def document_names(interaction: discord.Interaction[Any], current: str
                             ) -> list[app_commands.Choice[str]]:
        """For staff only: the documents of the chosen course, else of this channel's."""
        target = getattr(interaction.namespace, "course", None) or \
            (await desk.spaces.resolve(interaction_spaces(interaction))).course
        if not target or not await desk.spaces.access.can_change(target, actor(interaction)):
            return []
        wanted = current.strip().casefold()
        names = [d.display_name for d in await desk.uploads.store.documents(target)
                 if wanted in d.display_name.casefold()]
        return [app_commands.Choice(name=n[:100], value=n[:100]) for n in names[:MAX_CHOICES]]

    course = app_commands.Group(name="course", description="This chat's course: show, list, set",
                                allowed_contexts=EVERYWHERE)

    @course.command(name="show", description="Which course this chat answers from")
    async def show(interaction: discord.Interaction[Any]) -> None:
        async def work() -> None:
            await send_reply(interaction, await desk.spaces.show(
                interaction_spaces(interaction), interaction_language(interaction),
                personal=interaction.guild_id is None))
        await _guarded(interaction, "course show", work)

    @course.command(name="list", description="All courses with materials")
    async def listing(interaction: discord.Interaction[Any]) -> None:
        async def work() -> None:
            await send_reply(interaction, await desk.spaces.listing(
                interaction_spaces(interaction), interaction_language(interaction)))
        await _guarded(interaction, "course list", work)

    @course.command(name="set", description="Choose the course this channel (or server) uses")
    @app_commands.describe(name="Course name", scope="This channel (default) or the whole server")
    @app_commands.choices(scope=SCOPES)
    @app_commands.autocomplete(name=course_names)
    async def set_course(interaction: discord.Interaction[Any], name: str,
                         scope: app_commands.Choice[str] | None = None) -> None:
        async def work() -> None:
            language, spaces = interaction_language(interaction), interaction_spaces(interaction)
            where = scope.value if scope is not None and interaction.guild_id else "channel"
            key = f"discord:guild:{interaction.guild_id}" if where == "server" else spaces[0]
            await send_reply(interaction, await desk.spaces.assign(
                key, name, actor=actor(interaction), where=where, language=language,
                spaces=spaces))
        await _guarded(interaction, "course set", work)

    async def run(interaction: discord.Interaction[Any], name: str,
                  make: Callable[[], Awaitable[Reply]]) -> None:
        async def work() -> None:
            await send_reply(interaction, await make())
        await _guarded(interaction, name, work)

    add_sharing_commands(course, desk, actor, run)
    tree.add_command(course)

    @tree.command(name="mode", description="Study mode: guide (no finished solutions) or explain")
    @app_commands.describe(mode="guide or explain (leave out to see the current mode)",
                           scope="This channel (default) or the whole server")
    @app_commands.choices(mode=MODES, scope=SCOPES)
    @app_commands.allowed_contexts(guilds=True, dms=True, private_channels=True)
    async def mode(interaction: discord.Interaction[Any],
                   mode: app_commands.Choice[str] | None = None,
                   scope: app_commands.Choice[str] | None = None) -> None:
        async def work() -> None:
            language, spaces = interaction_language(interaction), interaction_spaces(interaction)
            if mode is None:
                await send_reply(interaction, await desk.spaces.show_mode(spaces, language))
                return
            where = scope.value if scope is not None else "channel"
            key = (f"discord:guild:{interaction.guild_id}"
                   if where == "server" and interaction.guild_id is not None else spaces[0])
            await send_reply(interaction, await desk.spaces.set_mode(
                key, mode.value, actor=actor(interaction), where=where, language=language))
        await _guarded(interaction, "mode", work)

    @tree.command(name="upload", description="Staff: add a course file to this channel's course")
    @app_commands.describe(file="PDF, Word, PowerPoint, text or web page",
                           course="Course to add it to (default: this channel's)")
    @app_commands.autocomplete(course=course_names)
    @app_commands.guild_only()
    @app_commands.default_permissions(manage_guild=True)
    async def upload(interaction: discord.Interaction[Any], file: discord.Attachment,
                     course: str | None = None) -> None:
        async def work() -> None:
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
                data, file.filename, course=course, spaces=spaces, actor=who,
                language=language))
        await _guarded(interaction, "upload", work)

    @tree.command(name="remove", description="Staff: remove a document from a course")
    @app_commands.describe(name="The document's file name",
                           course="Course to remove it from (default: this channel's)")
    @app_commands.autocomplete(name=document_names, course=course_names)
    @app_commands.guild_only()
    @app_commands.default_permissions(manage_guild=True)
    async def remove(interaction: discord.Interaction[Any], name: str,
                     course: str | None = None) -> None:
        async def work() -> None:
            await send_reply(interaction, await desk.uploads.preview_removal(
                name, course=course, spaces=interaction_spaces(interaction),
                actor=actor(interaction), platform="discord",
                language=interaction_language(interaction)))
        await _guarded(interaction, "remove", work)

    @tree.command(name="gaps", description="Staff: what students could not get answered here")
    @app_commands.describe(days="How many days back (default 7)")
    @app_commands.guild_only()
    @app_commands.default_permissions(manage_guild=True)
    async def gaps(interaction: discord.Interaction[Any],
                   days: app_commands.Range[int, 1, 365] = 7) -> None:
        async def work() -> None:
            await interaction.response.defer(ephemeral=True, thinking=True)  # grouping takes time
            await send_reply(interaction, await desk.gaps(
                interaction_spaces(interaction), actor=actor(interaction),
                platform="discord", language=interaction_language(interaction), days=days))
        await _guarded(interaction, "gaps", work)

    @tree.command(name="help", description="How courses, uploads and staff work here")
    @app_commands.allowed_contexts(guilds=True, dms=True, private_channels=True)
    async def help_(interaction: discord.Interaction[Any]) -> None:
        role = f" or the role “{staff_role.strip()}”" if staff_role and staff_role.strip() else ""
        limit_mb = desk.uploads.max_bytes // 2**20
        await _guarded(interaction, "help", lambda: answer(interaction, HELP.format(
            formats=supported_formats(), limit_mb=limit_mb, role=role)))
