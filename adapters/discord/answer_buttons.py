"""Sources / 👍 / 👎 under a study answer, and the four 👎 reasons, as persistent dynamic buttons.

The answer id (and the answer's language) live in the custom_id ("sb:ans:src:<id>:en"), so a
press is handled from the id alone: no view kept per message, and a press after a restart reaches
the core (registered in setup_hook), which answers an unknown or expired id with a notice.
Everything the presser sees is private (ephemeral), split under Discord's 2000 characters.
"""
from __future__ import annotations

import logging
import re
from typing import Any

import discord

from adapters.discord.convert import PLATFORM, interaction_language
from adapters.discord.render import render_reply
from adapters.discord.sending import APOLOGY, answer, exception_summary
from core.answer_actions import reason_label
from core.messages import Reply
from core.outcomes import VOTE_REASONS
from core.ports import MessageHandler

log = logging.getLogger(__name__)

ANSWER_TEMPLATE = (r"sb:ans:(?P<action>src|up|dn|r[0-3]):(?P<answer_id>[A-Za-z0-9_-]{1,64})"
                   r"(?::(?P<lang>[a-z]{2,3}))?")
SOURCES_LABELS = {"en": "Sources", "ar": "المصادر"}
_LANGUAGE = re.compile(r"[a-z]{2,3}")


def custom_id(action: str, answer_id: str, language: str) -> str:
    """The id a button carries; a language that is not a plain code is left out."""
    suffix = f":{language}" if _LANGUAGE.fullmatch(language) else ""
    return f"sb:ans:{action}:{answer_id}{suffix}"


class AnswerButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=ANSWER_TEMPLATE):
    """One Sources, 👍, 👎 or reason button bound to an answer by its id."""

    def __init__(self, action: str, answer_id: str, language: str = "en") -> None:
        super().__init__(_button(action, answer_id, language))
        self.action = action
        self.answer_id = answer_id
        self.language = language

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any],
                             item: discord.ui.Item[Any], match: Any) -> AnswerButton:
        language = match["lang"] or interaction_language(interaction)
        return cls(match["action"], match["answer_id"], language)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        handler: MessageHandler | None = getattr(interaction.client, "handler", None)
        if handler is None:
            return
        try:
            # A store read or write can outlast Discord's 3 s: acknowledge privately first.
            await interaction.response.defer(ephemeral=True, thinking=True)
            await press(interaction, handler, self.action, self.answer_id, self.language)
        except Exception as exc:
            log.error("discord answer button failed: %s", exception_summary(exc))
            try:  # a reply, so the press does not end in "This interaction failed"
                await answer(interaction, APOLOGY)
            except discord.HTTPException as http:
                log.warning("discord apology could not be sent: %s", http.status)


def _button(action: str, answer_id: str, language: str) -> discord.ui.Button[Any]:
    cid = custom_id(action, answer_id, language)
    if action == "src":
        return discord.ui.Button(label=SOURCES_LABELS.get(language, SOURCES_LABELS["en"]),
                                 custom_id=cid, style=discord.ButtonStyle.secondary)
    if action in ("up", "dn"):
        return discord.ui.Button(emoji="👍" if action == "up" else "👎", custom_id=cid,
                                 style=discord.ButtonStyle.secondary)
    reason = VOTE_REASONS[int(action[1:])]
    return discord.ui.Button(label=reason_label(reason, language), custom_id=cid,
                             style=discord.ButtonStyle.secondary)


def answer_view(reply: Reply) -> discord.ui.View | None:
    """Sources / 👍 / 👎 for a recorded study answer; None for greetings, refusals, notices."""
    if not reply.answer_id:
        return None
    view = discord.ui.View(timeout=None)
    for action in ("src", "up", "dn"):
        view.add_item(AnswerButton(action, reply.answer_id, reply.language))
    return view


def reasons_view(answer_id: str, language: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for index in range(len(VOTE_REASONS)):
        view.add_item(AnswerButton(f"r{index}", answer_id, language))
    return view


async def press(interaction: discord.Interaction[Any], handler: MessageHandler, action: str,
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
    view = reasons_view(answer_id, language) if reply.notice == "ask_reason" else None
    for index, part in enumerate(parts):
        await answer(interaction, part, view=view if index == len(parts) - 1 else None)
