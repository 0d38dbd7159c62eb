"""The commands every user has on Discord: /ask (with an optional photo of the question) and
/forget (the desk's are in desk.py).

A command that raises ends in errors.on_command_error (the tree's on_error): /ask apologises in
the channel, where it answers; the rest privately.
"""
from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from adapters.discord.buttons import answer_buttons
from adapters.discord.convert import PLATFORM, interaction_to_incoming
from adapters.discord.errors import PUBLIC_APOLOGY
from adapters.discord.photos import with_photo
from adapters.discord.replier import InteractionReplier
from core.chat.photo import PhotoLimits
from core.messages import IncomingMessage
from core.ports import ChatService


def add_commands(tree: app_commands.CommandTree[Any], handler: ChatService,
                 photos: PhotoLimits | None = None) -> None:
    """Register /ask and /forget on the tree (global; setup_hook may copy them to a guild)."""
    limits = photos or PhotoLimits()

    @tree.command(name="ask", description="Ask Study Buddy a study question",
                  extras={PUBLIC_APOLOGY: True})
    @app_commands.describe(question="Your question",
                           image="A photo of the question (a printed exercise)")
    @app_commands.allowed_contexts(guilds=True, dms=True, private_channels=True)
    async def ask(interaction: discord.Interaction, question: str,
                  image: discord.Attachment | None = None) -> None:
        # Defer first: Discord voids the interaction if nothing answers it within 3 s.
        await interaction.response.defer(thinking=True)
        replier = InteractionReplier(interaction, buttons=answer_buttons)
        incoming: IncomingMessage | None = interaction_to_incoming(interaction, question)
        if image is not None and incoming is not None:
            incoming = await with_photo(incoming, image, limits, replier)
        if incoming is not None:  # None: the photo was refused, and the student told why
            await handler.respond(incoming, replier)

    @tree.command(name="forget", description="Erase what Study Buddy remembers about you")
    @app_commands.allowed_contexts(guilds=True, dms=True, private_channels=True)
    async def forget(interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        replier = InteractionReplier(interaction, ephemeral=True, buttons=answer_buttons)
        await replier.send(await handler.forget(PLATFORM, str(interaction.user.id)))
