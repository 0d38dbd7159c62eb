"""Where every failure on Discord ends: one log line without secrets (the exception's type and
innermost frame only: its text can carry keys, URLs or user text) and the user's apology.

Slash commands reach it through CommandTree.on_error (add_error_hook), the persistent buttons
through `guarded` (discord.py never calls View.on_error for a DynamicItem: it logs the failure
itself, text and all), messages through `report`.
"""
from __future__ import annotations

import logging
import traceback
from collections.abc import Awaitable, Callable
from typing import Any

import discord
from discord import app_commands

from adapters.discord.convert import interaction_language
from adapters.discord.replier import answer
from core.errors import StudyBuddyError
from core.texts.platforms import DISCORD

log = logging.getLogger(__name__)

PUBLIC_APOLOGY = "public_apology"  # app command extras: it answers in the channel, so does this


class DiscordStartError(StudyBuddyError, RuntimeError):
    """The bot could not connect; the message is safe to log (it never contains the token)."""


def start_failure(exc: BaseException) -> str | None:
    """The operator's line for a start failure this package knows; None for anything else."""
    return " ".join(str(exc).split())[:300] if isinstance(exc, DiscordStartError) else None


def exception_summary(exc: BaseException) -> str:
    """Type and innermost frame only: exception messages can carry keys, URLs or user text."""
    frames = traceback.extract_tb(exc.__traceback__)
    where = f" at {frames[-1].filename}:{frames[-1].lineno} in {frames[-1].name}" if frames else ""
    return f"{type(exc).__module__}.{type(exc).__qualname__}{where}"


async def report(what: str, exc: BaseException, apologise: Callable[[], Awaitable[None]]
                 ) -> None:
    """Log the failure of `what`, then apologise; a failed apology is only logged."""
    log.error("discord %s failed: %s", what, exception_summary(exc))
    try:
        await apologise()
    except discord.HTTPException as http:
        log.warning("discord apology could not be sent: %s", http.status)


async def guarded(interaction: discord.Interaction[Any], what: str,
                  work: Callable[[], Awaitable[None]]) -> None:
    """Run a button press; a failure is reported and answered privately, so the press does not
    end in "This interaction failed"."""
    try:
        await work()
    except Exception as exc:
        await report(what, exc, lambda: answer(interaction, apology(interaction)))


async def on_command_error(interaction: discord.Interaction[Any],
                           error: app_commands.AppCommandError) -> None:
    """CommandTree.on_error: a command that raised gets the apology (privately, unless the
    command answers in public); other refusals are only logged."""
    command = interaction.command
    name = f"/{command.qualified_name}" if command is not None else "app command"
    if not isinstance(error, app_commands.CommandInvokeError):
        log.error("discord %s refused: %s", name, exception_summary(error))
        return
    public = command is not None and bool(command.extras.get(PUBLIC_APOLOGY))
    await report(name, error.original,
                 lambda: answer(interaction, apology(interaction), ephemeral=not public))


def add_error_hook(tree: app_commands.CommandTree[Any]) -> None:
    """Send every failed slash command on `tree` through on_command_error."""
    tree.error(on_command_error)


def apology(interaction: discord.Interaction[Any]) -> str:
    """The apology in the language of the user's Discord client."""
    return DISCORD("apology", interaction_language(interaction))
