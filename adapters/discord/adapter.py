"""Discord lifecycle: connect, listen for DMs and mentions, register the commands and buttons,
hand messages to the core, reply.

No business logic here: convert.py decides what a message means, replier.py how it is sent,
commands.py and desk.py the slash commands, errors.py what a failure looks like, the core's
ChatService what to answer and whether to show typing. Mentions are disabled on the client
and on every send, because the text we send comes from an LLM and from users (reliability.md A4).
"""
from __future__ import annotations

import asyncio
import logging
from collections.abc import Iterable
from typing import Any

import discord
from discord import app_commands

from adapters.discord.buttons import AnswerButton, DeskButton, answer_buttons
from adapters.discord.commands import add_commands
from adapters.discord.convert import PLATFORM, should_answer, to_incoming
from adapters.discord.desk import add_desk_commands
from adapters.discord.errors import (
    DiscordStartError,
    add_error_hook,
    exception_summary,
    report,
)
from adapters.discord.photos import image_of, with_photo
from adapters.discord.quiz import QuizButton, add_quiz_commands
from adapters.discord.replier import NO_MENTIONS, TYPING_REFRESH_S, MessageReplier
from adapters.discord.staff import GuildStaff, ServerMembership
from adapters.discord.ta_cards import AskButton, CardButton
from adapters.discord.tadesk import (
    SWEEP_EVERY_S,
    add_ta_commands,
    staff_edit,
    staff_reply,
    sweep_once,
)
from adapters.periodic import Periodic
from adapters.typing_loops import TypingLoops
from core.chat.photo import PhotoLimits
from core.course.desk import CourseDesk
from core.escalation.service import TADesk
from core.messages import IncomingMessage
from core.ports import ChatService
from core.practice.practice import PracticeService
from core.texts.platforms import DISCORD

log = logging.getLogger(__name__)

READY_TIMEOUT_S = 60.0


class StudyBuddyClient(discord.Client):
    """discord.Client wired to the core: no privileged intents, no mentions, one command tree."""

    def __init__(self, handler: ChatService, *, sync_commands: bool = False,
                 guild_id: int | None = None, desk: CourseDesk | None = None,
                 staff_role: str | None = None, operator_ids: Iterable[int] = (),
                 photos: PhotoLimits | None = None, practice: PracticeService | None = None,
                 tadesk: TADesk | None = None, ta_sweep_s: float = SWEEP_EVERY_S,
                 **options: Any) -> None:
        options.setdefault("intents", discord.Intents.default())
        options["allowed_mentions"] = NO_MENTIONS
        super().__init__(**options)
        self.handler = handler
        self.sync_commands = sync_commands
        self.guild_id = guild_id
        self.typing_loops = TypingLoops(TYPING_REFRESH_S)  # one refresh loop per channel
        self.photos = photos or PhotoLimits()  # checked before an image is downloaded
        self.tree: app_commands.CommandTree[StudyBuddyClient] = app_commands.CommandTree(self)
        add_error_hook(self.tree)
        add_commands(self.tree, handler, self.photos)
        self.practice = practice  # read by the quiz buttons (quiz.py)
        self.tadesk = tadesk  # /ta here | off, "Ask a TA", desk cards (tadesk.py)
        self.operator_ids = frozenset(operator_ids)  # read by the desk card buttons
        self.ta_sweep_s = ta_sweep_s  # reminders and unsent answers, this often
        self._sweeper: Periodic | None = None
        if tadesk is not None:
            add_ta_commands(self.tree, tadesk)
            tadesk.access.add_directory(PLATFORM, GuildStaff(self, staff_role))
        if practice is not None:
            add_quiz_commands(self.tree, practice)
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
        if self.practice is not None:  # quiz options answered after a restart still count
            self.add_dynamic_items(QuizButton)
        if self.tadesk is not None:  # Ask a TA and desk cards, pressed after a restart too
            self.add_dynamic_items(AskButton, CardButton)
            self._sweeper = Periodic(self._sweep, self.ta_sweep_s, "discord TA desk sweep",
                                     exception_summary)
            self._sweeper.start()
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

    async def close(self) -> None:
        if self._sweeper is not None:
            await self._sweeper.stop()
            self._sweeper = None
        await super().close()

    async def _sweep(self) -> None:
        """Reminders and unsent answers (tadesk.py), once the gateway is ready."""
        await self.wait_until_ready()
        if self.tadesk is not None:
            await sweep_once(self, self.tadesk)

    async def on_message(self, message: discord.Message) -> None:
        if self.user is None:
            return
        if self.tadesk is not None:  # a staff reply in a desk card's thread is its answer
            try:
                if await staff_reply(self, self.tadesk, message):
                    return
            except Exception as exc:  # logged; the staff member sees no draft notice
                log.error("discord TA desk reply failed: %s", exception_summary(exc))
                return
        if not should_answer(message, self.user.id):
            return
        replier = MessageReplier(message, self.typing_loops, buttons=answer_buttons)
        try:
            incoming: IncomingMessage | None = to_incoming(message, self.user.id)
            attachment = image_of(message)  # a photo of the question: read by the core
            if attachment is not None and incoming is not None:
                incoming = await with_photo(incoming, attachment, self.photos, replier)
            if incoming is not None:  # None: the photo was refused, and the student told why
                await self.handler.respond(incoming, replier)
        except Exception as exc:
            await report("message handling", exc, lambda: replier.send_texts([DISCORD("apology")]))


    async def on_raw_message_edit(self, payload: discord.RawMessageUpdateEvent) -> None:
        # Raw: the edited message need not be in the message cache (a restart, a busy server).
        if self.tadesk is None:
            return
        try:
            await staff_edit(self, self.tadesk, payload.message)
        except Exception as exc:
            log.error("discord TA draft edit failed: %s", exception_summary(exc))


class ShardedStudyBuddyClient(StudyBuddyClient, discord.AutoShardedClient):
    """The same bot over several gateway shards (large installations: DISCORD_SHARD_COUNT, and
    DISCORD_SHARD_IDS to split the shards between processes)."""


class DiscordAdapter:
    """Runs the Discord bot in the caller's event loop: `await start()`, later `await stop()`."""

    name = "discord"
    finished: asyncio.Event | None = None  # runs until stopped

    def __init__(self, handler: ChatService, token: str, *, sync_commands: bool = False,
                 guild_id: int | None = None, client_options: dict[str, Any] | None = None,
                 ready_timeout_s: float = READY_TIMEOUT_S, desk: CourseDesk | None = None,
                 staff_role: str | None = None, shard_count: int | None = None,
                 shard_ids: list[int] | None = None, operator_ids: Iterable[int] = (),
                 photos: PhotoLimits | None = None,
                 practice: PracticeService | None = None,
                 tadesk: TADesk | None = None, ta_sweep_s: float = SWEEP_EVERY_S) -> None:
        self._handler = handler
        self._ta_sweep_s = ta_sweep_s
        self._practice = practice
        self._tadesk = tadesk
        self._desk = desk
        self._staff_role = staff_role
        self._operator_ids = tuple(operator_ids)
        self.photos = photos  # None: the defaults (PhotoLimits)
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
                      operator_ids=self._operator_ids, photos=self.photos,
                      practice=self._practice, tadesk=self._tadesk,
                      ta_sweep_s=self._ta_sweep_s,
                      **self._client_options)
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
