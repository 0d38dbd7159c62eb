"""What every Discord send shares: no mentions, a short apology, errors logged without secrets,
and desk replies (notices, maybe with Confirm / Cancel) sent as private interaction answers."""
from __future__ import annotations

import traceback
from typing import Any

import discord

from adapters.discord.render import MAX_CHARS, render_reply
from core.messages import Reply

NO_MENTIONS = discord.AllowedMentions.none()
APOLOGY = "Sorry, something went wrong while answering. Please try again in a moment."


def exception_summary(exc: BaseException) -> str:
    """Type and innermost frame only: exception messages can carry keys, URLs or user text."""
    frames = traceback.extract_tb(exc.__traceback__)
    where = f" at {frames[-1].filename}:{frames[-1].lineno} in {frames[-1].name}" if frames else ""
    return f"{type(exc).__module__}.{type(exc).__qualname__}{where}"


def notice_text(reply: Reply) -> str:
    """A desk notice as one message (they are short; a long parse error is cut, not split)."""
    return "\n".join(render_reply(reply))[:MAX_CHARS]


async def answer(interaction: discord.Interaction[Any], text: str, *,
                 view: discord.ui.View | None = None) -> None:
    """A private answer: the interaction's response, or a followup once it was deferred."""
    extra: dict[str, Any] = {"view": view} if view is not None else {}
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=True, suppress_embeds=True,
                                        allowed_mentions=NO_MENTIONS, **extra)
    else:
        await interaction.response.send_message(text, ephemeral=True, suppress_embeds=True,
                                                allowed_mentions=NO_MENTIONS, **extra)
