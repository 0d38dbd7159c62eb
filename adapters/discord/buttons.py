"""Confirm / Cancel under a staff desk preview, as persistent dynamic buttons.

The pending action's token is in the custom_id ("sb:desk:ok:<token>"), so a click is handled
from the id alone: no view kept per message, and a click after a restart reaches the desk (which
answers "expired", since pending previews live in memory) instead of failing silently.
"""
from __future__ import annotations

import logging
from typing import Any

import discord

from adapters.discord.convert import interaction_language
from adapters.discord.sending import APOLOGY, NO_MENTIONS, answer, exception_summary, notice_text
from core.desk import CourseDesk

log = logging.getLogger(__name__)

DESK_TEMPLATE = r"sb:desk:(?P<action>ok|no):(?P<token>[A-Za-z0-9_-]+)"
LABELS = {"en": ("Confirm", "Cancel"), "ar": ("تأكيد", "إلغاء")}


class DeskButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=DESK_TEMPLATE):
    """One Confirm or Cancel button bound to a pending desk action by its token."""

    def __init__(self, action: str, token: str, language: str = "en") -> None:
        ok, no = LABELS.get(language, LABELS["en"])
        super().__init__(discord.ui.Button(
            label=ok if action == "ok" else no, custom_id=f"sb:desk:{action}:{token}",
            style=discord.ButtonStyle.success if action == "ok" else discord.ButtonStyle.secondary))
        self.action = action
        self.token = token

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any],
                             item: discord.ui.Item[Any], match: Any) -> DeskButton:
        return cls(match["action"], match["token"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        desk: CourseDesk | None = getattr(interaction.client, "desk", None)
        if desk is None:
            return
        try:
            if self.action == "ok":
                await confirm(interaction, desk, self.token)
            else:
                await cancel(interaction, desk, self.token)
        except Exception as exc:
            log.error("discord desk button failed: %s", exception_summary(exc))
            try:  # a reply, so the click does not end in "This interaction failed"
                await answer(interaction, APOLOGY)
            except discord.HTTPException as http:
                log.warning("discord apology could not be sent: %s", http.status)


def confirm_view(token: str, language: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(DeskButton("ok", token, language))
    view.add_item(DeskButton("no", token, language))
    return view


async def confirm(interaction: discord.Interaction[Any], desk: CourseDesk, token: str) -> None:
    """Acknowledge at once (storing can take minutes), show progress in the preview message,
    then the summary there, without buttons."""
    language = interaction_language(interaction)
    await interaction.response.defer()  # DEFERRED_UPDATE_MESSAGE: the preview stays as it is

    async def progress(line: str) -> None:
        try:
            await interaction.edit_original_response(content=line, view=None,
                                                     allowed_mentions=NO_MENTIONS)
        except discord.HTTPException as exc:  # a missed progress line is no reason to stop
            log.warning("discord progress edit failed: %s", exc.status)

    reply = await desk.uploads.confirm(token, by=str(interaction.user.id), language=language,
                                       progress=progress)
    if reply.notice == "not_yours":  # someone else's preview: tell them, leave it alone
        await answer(interaction, notice_text(reply))
        return
    await interaction.edit_original_response(content=notice_text(reply), view=None,
                                             allowed_mentions=NO_MENTIONS)


async def cancel(interaction: discord.Interaction[Any], desk: CourseDesk, token: str) -> None:
    reply = desk.uploads.cancel(token, by=str(interaction.user.id),
                                language=interaction_language(interaction))
    if reply.notice == "not_yours":
        await answer(interaction, notice_text(reply))
        return
    await interaction.response.edit_message(content=notice_text(reply), view=None,
                                            allowed_mentions=NO_MENTIONS)
