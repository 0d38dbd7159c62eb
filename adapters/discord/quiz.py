"""/quiz, /review and /quiz stats on Discord: each item is an embed with one button per option.

A button's custom_id carries everything a press needs ("sb:quiz:<session>:<item>:<option>"),
so presses on items sent before a restart still count (the item is registered in setup_hook,
like the answer buttons). The verdict and the explanation are private (ephemeral); in a server
channel everyone answers every item, in a DM the next item follows each answer.
"""
from __future__ import annotations

import logging
from typing import Any

import discord
from discord import app_commands

from adapters.discord.convert import PLATFORM, interaction_language, interaction_spaces
from adapters.discord.errors import guarded
from adapters.discord.replier import NO_MENTIONS
from core.ports.practice import QuizItem
from core.practice.generator import MAX_COUNT
from core.practice.practice import PracticeService

log = logging.getLogger(__name__)
QUIZ_TEMPLATE = r"sb:quiz:(?P<session>[0-9a-f]{16}):(?P<item>[0-9a-f]{16}):(?P<choice>[0-3])"
LETTERS = "ABCD"
LABEL_MAX = 80  # Discord button label limit
CONTENT_MAX = 2000


def quiz_custom_id(session_id: str, item_id: str, choice: int) -> str:
    return f"sb:quiz:{session_id}:{item_id}:{choice}"


class QuizButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=QUIZ_TEMPLATE):
    """One option of one item; a press reaches the client's `practice` service."""

    def __init__(self, session_id: str, item_id: str, choice: int, label: str = "") -> None:
        super().__init__(discord.ui.Button(
            label=label or LETTERS[choice], style=discord.ButtonStyle.secondary,
            custom_id=quiz_custom_id(session_id, item_id, choice)))
        self.session_id, self.item_id, self.choice = session_id, item_id, choice

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any],
                             item: discord.ui.Item[Any], match: Any) -> QuizButton:
        return cls(match["session"], match["item"], int(match["choice"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        practice: PracticeService | None = getattr(interaction.client, "practice", None)
        if practice is None:
            return

        async def work() -> None:
            await interaction.response.defer(ephemeral=True, thinking=True)
            result = await practice.answer(PLATFORM, str(interaction.user.id), self.session_id,
                                           self.item_id, self.choice,
                                           language_hint=interaction_language(interaction))
            await interaction.followup.send(_cut(result.text, CONTENT_MAX), ephemeral=True,
                                            allowed_mentions=NO_MENTIONS,
                                            suppress_embeds=True)
            if result.next_item is not None:
                await send_item(interaction, result.next_item, self.session_id)
            elif result.done:
                await interaction.followup.send(result.done, allowed_mentions=NO_MENTIONS,
                                            suppress_embeds=True)
        await guarded(interaction, "quiz button", work)


def item_view(item: QuizItem, session_id: str) -> tuple[discord.Embed, discord.ui.View]:
    """The item as an embed (question, lettered options) and its buttons (one per option)."""
    lines = [item.question, ""] + [f"**{LETTERS[i]}.** {o}" for i, o in enumerate(item.options)]
    embed = discord.Embed(description=_cut("\n".join(lines), 4000))
    embed.set_footer(text=_cut(item.source.document, 200))
    view = discord.ui.View(timeout=None)
    for i, option in enumerate(item.options):
        view.add_item(QuizButton(session_id, item.id, i,
                                 _cut(f"{LETTERS[i]}. {option}", LABEL_MAX)))
    return embed, view


async def send_item(interaction: discord.Interaction[Any], item: QuizItem,
                    session_id: str) -> None:
    embed, view = item_view(item, session_id)
    # The one message with embeds on: it shows our own embed, and its text has no links.
    await interaction.followup.send("", embed=embed, view=view, allowed_mentions=NO_MENTIONS)


def add_quiz_commands(tree: app_commands.CommandTree[Any], practice: PracticeService) -> None:
    """Register /quiz [topic] [n] (topic "stats": the student's progress) and /review."""

    @tree.command(name="quiz", description="A quiz from the course materials")
    @app_commands.describe(topic="Only on this topic (or 'stats' for your progress)",
                           n=f"How many questions (1-{MAX_COUNT}, default 5)")
    @app_commands.allowed_contexts(guilds=True, dms=True, private_channels=True)
    async def quiz(interaction: discord.Interaction, topic: str | None = None,
                   n: app_commands.Range[int, 1, MAX_COUNT] | None = None) -> None:
        language = interaction_language(interaction)
        user = str(interaction.user.id)
        if (topic or "").strip().lower() == "stats":
            await interaction.response.defer(ephemeral=True, thinking=True)
            stats = await practice.stats(PLATFORM, user, language_hint=language)
            await interaction.followup.send(_cut(stats, CONTENT_MAX), ephemeral=True,
                                            allowed_mentions=NO_MENTIONS,
                                            suppress_embeds=True)
            return
        await interaction.response.defer(thinking=True)
        args = " ".join(part for part in ((topic or "").strip(), str(n) if n else "") if part)
        turn = await practice.quiz(PLATFORM, user, str(interaction.channel_id or user), args,
                                   spaces=interaction_spaces(interaction),
                                   group=interaction.guild_id is not None,
                                   language_hint=language)
        await interaction.followup.send(_cut(turn.text, CONTENT_MAX),
                                        allowed_mentions=NO_MENTIONS,
                                            suppress_embeds=True)
        for item in turn.items:
            await send_item(interaction, item, turn.session_id)

    @tree.command(name="review", description="The quiz questions due for review")
    @app_commands.allowed_contexts(guilds=True, dms=True, private_channels=True)
    async def review(interaction: discord.Interaction) -> None:
        await interaction.response.defer(thinking=True)
        user = str(interaction.user.id)
        turn = await practice.review(PLATFORM, user, str(interaction.channel_id or user),
                                     language_hint=interaction_language(interaction),
                                     group=interaction.guild_id is not None)
        await interaction.followup.send(_cut(turn.text, CONTENT_MAX),
                                        allowed_mentions=NO_MENTIONS,
                                            suppress_embeds=True)
        for item in turn.items:
            await send_item(interaction, item, turn.session_id)


def _cut(value: str, limit: int) -> str:
    return value if len(value) <= limit else value[:limit - 1].rsplit(" ", 1)[0] + "…"
