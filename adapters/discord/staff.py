"""Who is who on Discord: staff are members with the Manage Server permission in the channel, or
the DISCORD_STAFF_ROLE role (name or id); DISCORD_OPERATOR_IDS are the bot's operators; server
members may read their server's courses in DMs (ServerMembership); the TA desk asks whether
someone is staff of a course's server (GuildStaff).

`default_permissions` only hides staff commands from others in the client, and server admins can
change that, so staff is checked again each time a command runs.
"""
from __future__ import annotations

import logging
from typing import Any

import discord

from core.course.tenancy import Actor

log = logging.getLogger(__name__)


def actor_of(interaction: discord.Interaction[Any], staff_role: str | None,
             operators: frozenset[int]) -> Actor:
    """The facts core/course/tenancy.py decides on: the server (scope), staff there, operator."""
    guild = interaction.guild_id
    return Actor(str(interaction.user.id), f"discord:guild:{guild}" if guild else None,
                 staff=is_staff(interaction, staff_role),
                 operator=interaction.user.id in operators)


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


class ServerMembership:
    """core/course/tenancy.py's Membership for Discord: is the user in the server? (GET member; the
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


def member_is_staff(member: discord.Member, staff_role: str | None) -> bool:
    """The rule of is_staff() for a server member seen outside a command: Manage Server in the
    server (no channel to resolve it in), or the staff role (name or id)."""
    if member.guild_permissions.manage_guild:
        return True
    wanted = (staff_role or "").strip()
    return bool(wanted) and any(
        str(role.id) == wanted or role.name.casefold() == wanted.casefold()
        for role in member.roles if not role.is_default())


class GuildStaff:
    """core/ports/escalations.py's StaffDirectory for Discord: is the user staff of that server
    ("discord:guild:<id>")? Asked of Discord each time (GET member: roles change); no answer
    counts as "no"."""

    def __init__(self, client: discord.Client, staff_role: str | None) -> None:
        self.client = client
        self.staff_role = staff_role

    async def is_staff(self, user_id: str, scope: str) -> bool:
        prefix, _, guild_id = scope.rpartition(":")
        if prefix != "discord:guild" or not guild_id.isdigit() or not user_id.isdigit():
            return False
        guild = self.client.get_guild(int(guild_id))
        if guild is None:  # the bot is not (or no longer) in that server
            return False
        try:
            member = await guild.fetch_member(int(user_id))
        except discord.NotFound:
            return False
        except discord.HTTPException as err:
            log.warning("discord staff lookup failed, treating as not staff: %s", err.status)
            return False
        return member_is_staff(member, self.staff_role)
