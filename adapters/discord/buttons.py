"""Persistent dynamic buttons: Sources / 👍 / 👎 (and the four 👎 reasons) under a study answer,
Confirm / Cancel under a staff desk preview.

Everything a button needs is in its custom_id ("sb:ans:src:<id>:en", "sb:desk:ok:<token>"), so
a press is handled from the id alone: no view kept per message, and a press after a restart
still reaches the core (the items are registered in setup_hook), which answers an unknown or
expired id with a notice. Everything the presser sees is private (ephemeral).
"""
from __future__ import annotations

import logging
import re
from typing import Any

import discord

from adapters.discord.convert import PLATFORM, interaction_language
from adapters.discord.errors import guarded
from adapters.discord.render import render_reply
from adapters.discord.replier import NO_MENTIONS, answer, notice_text
from adapters.discord.ta_cards import ask_button
from core.course.desk import CourseDesk
from core.insight.answer_actions import reason_label
from core.insight.outcomes import VOTE_REASONS
from core.messages import Reply
from core.ports import ChatService
from core.texts.platforms import DISCORD

log = logging.getLogger(__name__)

ANSWER_TEMPLATE = (r"sb:ans:(?P<action>src|up|dn|r[0-3]):(?P<answer_id>[A-Za-z0-9_-]{1,64})"
                   r"(?::(?P<lang>[a-z]{2,3}))?")
DESK_TEMPLATE = r"sb:desk:(?P<action>ok|no):(?P<token>[A-Za-z0-9_-]+)"
_LANGUAGE = re.compile(r"[a-z]{2,3}")


def custom_id(action: str, answer_id: str, language: str) -> str:
    """The id an answer button carries; a language that is not a plain code is left out."""
    suffix = f":{language}" if _LANGUAGE.fullmatch(language) else ""
    return f"sb:ans:{action}:{answer_id}{suffix}"


# --- answer buttons ---

class AnswerButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=ANSWER_TEMPLATE):
    """One Sources, 👍, 👎 or reason button bound to an answer by its id; a press reaches the
    client's `handler` (a sent message's buttons are dispatched to the instances that sent
    them, so the core cannot be bound to the class)."""

    def __init__(self, action: str, answer_id: str, language: str = "en") -> None:
        super().__init__(_answer_button(action, answer_id, language))
        self.action = action
        self.answer_id = answer_id
        self.language = language

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any],
                             item: discord.ui.Item[Any], match: Any) -> AnswerButton:
        language = match["lang"] or interaction_language(interaction)
        return cls(match["action"], match["answer_id"], language)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        handler: ChatService | None = getattr(interaction.client, "handler", None)
        if handler is None:
            return

        async def work() -> None:
            # A store read or write can outlast Discord's 3 s: acknowledge privately first.
            await interaction.response.defer(ephemeral=True, thinking=True)
            await press(interaction, handler, self.action, self.answer_id, self.language)
        await guarded(interaction, "answer button", work)


def _answer_button(action: str, answer_id: str, language: str) -> discord.ui.Button[Any]:
    cid = custom_id(action, answer_id, language)
    if action == "src":
        return discord.ui.Button(label=DISCORD("sources", language),
                                 custom_id=cid, style=discord.ButtonStyle.secondary)
    if action in ("up", "dn"):
        return discord.ui.Button(emoji="👍" if action == "up" else "👎", custom_id=cid,
                                 style=discord.ButtonStyle.secondary)
    reason = VOTE_REASONS[int(action[1:])]
    return discord.ui.Button(label=reason_label(reason, language), custom_id=cid,
                             style=discord.ButtonStyle.secondary)


def answer_buttons(reply: Reply) -> discord.ui.View | None:
    """Sources / 👍 / 👎 for a recorded study answer (and "Ask a TA" when the course has a TA
    desk that takes it, ta_cards.py); None for greetings, refusals, notices."""
    if not reply.answer_id:
        return None
    view = discord.ui.View(timeout=None)
    for action in ("src", "up", "dn"):
        view.add_item(AnswerButton(action, reply.answer_id, reply.language))
    if reply.escalate:
        view.add_item(ask_button(reply.answer_id, reply.language))
    return view


def reason_buttons(answer_id: str, language: str) -> discord.ui.View:
    """The four 👎 reasons, after a bare 👎."""
    view = discord.ui.View(timeout=None)
    for index in range(len(VOTE_REASONS)):
        view.add_item(AnswerButton(f"r{index}", answer_id, language))
    return view


async def press(interaction: discord.Interaction[Any], handler: ChatService, action: str,
                answer_id: str, language: str) -> None:
    """Ask the core, then show its reply privately (with reason buttons after a bare 👎)."""
    if action == "src":
        reply = await handler.sources(answer_id, language)
    else:
        value = 1 if action == "up" else -1
        reason = VOTE_REASONS[int(action[1:])] if action.startswith("r") else ""
        reply = await handler.vote(answer_id, PLATFORM, str(interaction.user.id), value, reason,
                                   language=language)
    parts = render_reply(reply)
    view = reason_buttons(answer_id, language) if reply.notice == "ask_reason" else None
    for index, part in enumerate(parts):
        await answer(interaction, part, view=view if index == len(parts) - 1 else None)


# --- confirm buttons ---

class DeskButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=DESK_TEMPLATE):
    """One Confirm or Cancel button bound to a pending desk action by its token; a click reaches
    the client's `desk`."""

    def __init__(self, action: str, token: str, language: str = "en") -> None:
        ok, no = DISCORD("confirm", language), DISCORD("cancel", language)
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
        act = confirm if self.action == "ok" else cancel
        await guarded(interaction, "desk button", lambda: act(interaction, desk, self.token))


def confirm_buttons(token: str, language: str) -> discord.ui.View:
    """Confirm / Cancel under a desk preview."""
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
