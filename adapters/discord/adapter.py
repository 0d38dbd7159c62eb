"""Discord lifecycle: connect, listen for DMs, mentions and /ask, hand them to the core, reply.

No business logic here: convert.py decides what a message means, render.py how a reply looks, the
MessageHandler what to answer and whether to show typing. Mentions are disabled on the client and on
every send, because the text we send comes from an LLM and from users (reliability.md A4).
"""
from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator, Iterable
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from typing import Any

import discord
from discord import app_commands

from adapters.discord.answer_buttons import AnswerButton, answer_view
from adapters.discord.buttons import DeskButton
from adapters.discord.convert import (
    PLATFORM,
    interaction_to_incoming,
    is_addressed_to_bot,
    message_to_incoming,
)
from adapters.discord.desk import ServerMembership, add_desk_commands
from adapters.discord.render import render_reply
from adapters.discord.sending import APOLOGY, NO_MENTIONS, exception_summary
from adapters.typing_loops import TypingLoops
from core.desk import CourseDesk
from core.messages import Reply
from core.ports import MessageHandler

log = logging.getLogger(__name__)

READY_TIMEOUT_S = 60.0
TYPING_REFRESH_S = 5.0  # discord.py's own interval; the indicator lasts about 10 s


class DiscordStartError(RuntimeError):
    """The bot could not connect; the message is safe to log (it never contains the token)."""


class MessageReplier:
    """Replies to one user message: the first part as a reply, further parts as follow-ups."""

    def __init__(self, message: discord.Message, typing_loops: TypingLoops | None = None) -> None:
        self._message = message
        self._typing_loops = typing_loops or TypingLoops(TYPING_REFRESH_S)

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
        await self.send_texts(render_reply(reply), view=answer_view(reply))

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

    def __init__(self, interaction: discord.Interaction, *, ephemeral: bool = False) -> None:
        self._interaction = interaction
        self._ephemeral = ephemeral

    def typing(self) -> AbstractAsyncContextManager[None]:
        # The deferred response already shows "Study Buddy is thinking…".
        return contextlib.nullcontext()

    async def send(self, reply: Reply) -> None:
        await self.send_texts(render_reply(reply), view=answer_view(reply))

    async def send_texts(self, parts: list[str], *, view: discord.ui.View | None = None
                         ) -> None:
        """The parts as followups; `view` (the answer buttons) goes under the last one."""
        for index, part in enumerate(parts, start=1):
            await self._interaction.followup.send(part, ephemeral=self._ephemeral,
                                                  suppress_embeds=True,
                                                  allowed_mentions=NO_MENTIONS,
                                                  **_view_if(view, index == len(parts)))


def _view_if(view: discord.ui.View | None, last: bool) -> dict[str, Any]:
    """The `view` keyword for a send: only under the last part, and only when there is one."""
    return {"view": view} if view is not None and last else {}


async def _apologise(replier: MessageReplier | InteractionReplier) -> None:
    try:
        await replier.send_texts([APOLOGY])
    except discord.HTTPException as exc:
        log.warning("discord apology could not be sent: %s", exc.status)


def add_commands(tree: app_commands.CommandTree[Any], handler: MessageHandler) -> None:
    """Register /ask and /forget on the tree (global; setup_hook may copy them to a guild)."""

    @tree.command(name="ask", description="Ask Study Buddy a study question")
    @app_commands.describe(question="Your question")
    @app_commands.allowed_contexts(guilds=True, dms=True, private_channels=True)
    async def ask(interaction: discord.Interaction, question: str) -> None:
        # Defer first: Discord voids the interaction if nothing answers it within 3 s.
        await interaction.response.defer(thinking=True)
        replier = InteractionReplier(interaction)
        try:
            await handler.respond(interaction_to_incoming(interaction, question), replier)
        except Exception as exc:
            log.error("discord /ask failed: %s", exception_summary(exc))
            await _apologise(replier)

    @tree.command(name="forget", description="Erase what Study Buddy remembers about you")
    @app_commands.allowed_contexts(guilds=True, dms=True, private_channels=True)
    async def forget(interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        replier = InteractionReplier(interaction, ephemeral=True)
        try:
            await replier.send(await handler.forget(PLATFORM, str(interaction.user.id)))
        except Exception as exc:
            log.error("discord /forget failed: %s", exception_summary(exc))
            await _apologise(replier)


class StudyBuddyClient(discord.Client):
    """discord.Client wired to the core: no privileged intents, no mentions, one command tree."""

    def __init__(self, handler: MessageHandler, *, sync_commands: bool = False,
                 guild_id: int | None = None, desk: CourseDesk | None = None,
                 staff_role: str | None = None, operator_ids: Iterable[int] = (),
                 **options: Any) -> None:
        options.setdefault("intents", discord.Intents.default())
        options["allowed_mentions"] = NO_MENTIONS
        super().__init__(**options)
        self.handler = handler
        self.sync_commands = sync_commands
        self.guild_id = guild_id
        self.typing_loops = TypingLoops(TYPING_REFRESH_S)  # one refresh loop per channel
        self.tree: app_commands.CommandTree[StudyBuddyClient] = app_commands.CommandTree(self)
        add_commands(self.tree, handler)
        self.desk = desk  # read by the Confirm / Cancel buttons (buttons.py)
        if desk is not None:
            add_desk_commands(self.tree, desk, staff_role, frozenset(operator_ids))
            desk.spaces.access.add_membership(PLATFORM, ServerMembership(self))

    async def setup_hook(self) -> None:
        # Once per process, before the gateway connects; never in on_ready, which fires on
        # every reconnect (command creation is rate limited per day).
        # Answer buttons (and the desk's Confirm / Cancel) work on messages sent before a restart.
        self.add_dynamic_items(AnswerButton)
        if self.desk is not None:
            self.add_dynamic_items(DeskButton)
        if not self.sync_commands:
            return
        guild = discord.Object(self.guild_id) if self.guild_id is not None else None
        if guild is not None:
            self.tree.copy_global_to(guild=guild)
        try:
            synced = await self.tree.sync(guild=guild)
        except discord.HTTPException as exc:
            log.warning("discord command sync failed (%s); slash commands may be stale",
                        exc.status)
            return
        log.info("discord synced %d commands (%s)", len(synced),
                 f"guild {self.guild_id}" if guild else "global")

    async def on_message(self, message: discord.Message) -> None:
        if self.user is None or not is_addressed_to_bot(message, self.user.id):
            return
        replier = MessageReplier(message, self.typing_loops)
        try:
            await self.handler.respond(message_to_incoming(message, self.user.id), replier)
        except Exception as exc:
            log.error("discord message handling failed: %s", exception_summary(exc))
            await _apologise(replier)


class ShardedStudyBuddyClient(StudyBuddyClient, discord.AutoShardedClient):
    """The same bot over several gateway shards (large installations: DISCORD_SHARD_COUNT, and
    DISCORD_SHARD_IDS to split the shards between processes)."""


class DiscordAdapter:
    """Runs the Discord bot in the caller's event loop: `await start()`, later `await stop()`."""

    name = "discord"
    finished: asyncio.Event | None = None  # runs until stopped

    def __init__(self, handler: MessageHandler, token: str, *, sync_commands: bool = False,
                 guild_id: int | None = None, client_options: dict[str, Any] | None = None,
                 ready_timeout_s: float = READY_TIMEOUT_S, desk: CourseDesk | None = None,
                 staff_role: str | None = None, shard_count: int | None = None,
                 shard_ids: list[int] | None = None, operator_ids: Iterable[int] = ()) -> None:
        self._handler = handler
        self._desk = desk
        self._staff_role = staff_role
        self._operator_ids = tuple(operator_ids)
        self._token = token
        self._sync_commands = sync_commands
        self._guild_id = guild_id
        self._client_options = dict(client_options or {})
        if shard_count:  # AutoShardedClient: these shards of shard_count (all when no ids)
            self._client_options |= {"shard_count": shard_count, "shard_ids": shard_ids or None}
        self._ready_timeout_s = ready_timeout_s
        self.client: StudyBuddyClient | None = None
        self._task: asyncio.Task[None] | None = None

    def __repr__(self) -> str:  # never show the token
        return f"DiscordAdapter(sync_commands={self._sync_commands}, guild_id={self._guild_id})"

    async def start(self) -> None:
        """Log in, sync commands if asked, connect; return once READY or raise DiscordStartError."""
        if self._task is not None:
            raise DiscordStartError("discord adapter already started")
        kind = (ShardedStudyBuddyClient if "shard_count" in self._client_options
                else StudyBuddyClient)
        client = kind(self._handler, sync_commands=self._sync_commands, guild_id=self._guild_id,
                      desk=self._desk, staff_role=self._staff_role,
                      operator_ids=self._operator_ids, **self._client_options)
        await client.__aenter__()
        self.client = client
        self._task = asyncio.create_task(client.start(self._token), name="discord-client")
        ready = asyncio.create_task(client.wait_until_ready(), name="discord-ready")
        try:
            done, _ = await asyncio.wait({self._task, ready}, timeout=self._ready_timeout_s,
                                         return_when=asyncio.FIRST_COMPLETED)
        except asyncio.CancelledError:  # the runner gave up (e.g. shutdown during startup)
            ready.cancel()
            await self.stop()
            raise
        if ready in done:
            self._task.add_done_callback(_log_client_exit)
            log.info("discord connected as bot user %s", client.user.id if client.user else "?")
            return
        ready.cancel()
        reason = self._failure_reason(self._task if self._task in done else None)
        await self.stop()
        raise DiscordStartError(reason)

    def _failure_reason(self, task: asyncio.Task[None] | None) -> str:
        if task is None:
            return f"discord did not become ready within {self._ready_timeout_s:g} s"
        exc = None if task.cancelled() else task.exception()
        if exc is None:
            return "discord client exited before it became ready"
        if isinstance(exc, discord.LoginFailure):
            return "discord rejected the bot token (login failed); check the configured token"
        if isinstance(exc, discord.PrivilegedIntentsRequired):
            return "discord refused the requested privileged intents"
        detail = str(exc).replace(self._token, "[token]") if self._token else str(exc)
        return f"discord client stopped during startup: {type(exc).__name__}: {detail}"

    async def stop(self) -> None:
        """Close the gateway and HTTP session; safe to call twice or after a failed start."""
        client, task = self.client, self._task
        self.client, self._task = None, None
        if client is None:
            return
        await client.close()
        if task is not None:
            # wait() rather than await: the task's own failure was already reported.
            await asyncio.wait({task}, timeout=10)
        await client.__aexit__(None, None, None)


def _log_client_exit(task: asyncio.Task[None]) -> None:
    if not task.cancelled() and task.exception() is not None:
        exc = task.exception()
        log.error("discord client stopped: %s", type(exc).__name__)
