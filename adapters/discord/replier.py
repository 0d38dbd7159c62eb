"""How the Discord bot sends: repliers for messages and slash commands, private interaction
answers, desk notices. Mentions are off on every send: the text comes from an LLM and from users
(reliability.md A4)."""
from __future__ import annotations

import contextlib
import logging
from collections.abc import AsyncIterator, Callable
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from typing import Any

import discord

from adapters.discord.render import MAX_CHARS, render_reply
from adapters.typing_loops import TypingLoops
from core.messages import Reply

log = logging.getLogger(__name__)

NO_MENTIONS = discord.AllowedMentions.none()
TYPING_REFRESH_S = 5.0  # discord.py's own interval; the indicator lasts about 10 s
Buttons = Callable[[Reply], discord.ui.View | None]  # the view a reply gets, if any


def notice_text(reply: Reply) -> str:
    """A desk notice as one message (they are short; a long parse error is cut, not split)."""
    return "\n".join(render_reply(reply))[:MAX_CHARS]


async def answer(interaction: discord.Interaction[Any], text: str, *,
                 view: discord.ui.View | None = None, ephemeral: bool = True) -> None:
    """A private answer (unless `ephemeral` is off): the interaction's response, or a followup
    once it was deferred."""
    extra: dict[str, Any] = {"view": view} if view is not None else {}
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=ephemeral, suppress_embeds=True,
                                        allowed_mentions=NO_MENTIONS, **extra)
    else:
        await interaction.response.send_message(text, ephemeral=ephemeral,
                                                suppress_embeds=True,
                                                allowed_mentions=NO_MENTIONS, **extra)


def _view_if(view: discord.ui.View | None, last: bool) -> dict[str, Any]:
    """The `view` keyword for a send: only under the last part, and only when there is one."""
    return {"view": view} if view is not None and last else {}


class MessageReplier:
    """Replies to one user message: the first part as a reply, further parts as follow-ups."""

    def __init__(self, message: discord.Message, typing_loops: TypingLoops | None = None, *,
                 buttons: Buttons | None = None) -> None:
        self._message = message
        self._typing_loops = typing_loops or TypingLoops(TYPING_REFRESH_S)
        self._buttons = buttons  # Sources / 👍 / 👎 under study answers (buttons.py)

    async def _send_typing(self) -> None:
        try:
            await self._message.channel.typing()  # one indicator (~10 s); the loop refreshes it
        except discord.HTTPException as exc:
            log.warning("discord typing indicator failed: %s", exc.status)

    @asynccontextmanager
    async def typing(self) -> AsyncIterator[None]:
        """"typing…" in this channel until the answer is ready (one loop per channel)."""
        key = self._message.channel.id
        await self._typing_loops.hold(key, self._send_typing)
        try:
            yield
        finally:
            await self._typing_loops.release(key)

    async def send(self, reply: Reply) -> None:
        view = self._buttons(reply) if self._buttons is not None else None
        await self.send_texts(render_reply(reply), view=view)

    async def send_texts(self, parts: list[str], *, view: discord.ui.View | None = None
                         ) -> None:
        """The parts in order; `view` (the answer buttons) goes under the last one."""
        first, *rest = parts
        # AllowedMentions.none() already has replied_user=False, so the author is not pinged.
        # Passing mention_author=False as well would add "replied_user": false to the payload;
        # leaving it out keeps every payload exactly {"parse": []} (Discord's default is false).
        await self._message.reply(first, suppress_embeds=True, allowed_mentions=NO_MENTIONS,
                                  **_view_if(view, not rest))
        for index, part in enumerate(rest, start=2):
            await self._message.channel.send(part, suppress_embeds=True,
                                             allowed_mentions=NO_MENTIONS,
                                             **_view_if(view, index == len(parts)))


class InteractionReplier:
    """Answers a deferred slash command through its followup webhook (valid for 15 minutes)."""

    def __init__(self, interaction: discord.Interaction, *, ephemeral: bool = False,
                 buttons: Buttons | None = None) -> None:
        self._interaction = interaction
        self._ephemeral = ephemeral
        self._buttons = buttons

    def typing(self) -> AbstractAsyncContextManager[None]:
        # The deferred response already shows "Study Buddy is thinking…".
        return contextlib.nullcontext()

    async def send(self, reply: Reply) -> None:
        view = self._buttons(reply) if self._buttons is not None else None
        await self.send_texts(render_reply(reply), view=view)

    async def send_texts(self, parts: list[str], *, view: discord.ui.View | None = None
                         ) -> None:
        """The parts as followups; `view` (the answer buttons) goes under the last one."""
        for index, part in enumerate(parts, start=1):
            await self._interaction.followup.send(part, ephemeral=self._ephemeral,
                                                  suppress_embeds=True,
                                                  allowed_mentions=NO_MENTIONS,
                                                  **_view_if(view, index == len(parts)))
