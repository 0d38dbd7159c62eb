"""TelegramAdapter: PTB Application lifecycle, command and message routing, error replies.

Uses PTB's manual lifecycle (initialize, start, updater.start_polling / the reverse on stop) so
it shares the event loop with the other adapters; never `run_polling()`, which owns and closes
the loop. No business logic here: everything is answered by the injected MessageHandler.
"""
from __future__ import annotations

import asyncio
import logging
import traceback
from collections.abc import Callable, Iterable
from typing import Any

from telegram import BotCommand, Update
from telegram.error import TelegramError
from telegram.ext import (
    AIORateLimiter,
    Application,
    ApplicationBuilder,
    CommandHandler,
    ContextTypes,
    filters,
)
from telegram.ext import MessageHandler as PtbMessageHandler
from telegram.request import BaseRequest

from adapters.logsafe import RedactSecrets, install_redaction, quiet_http_loggers
from adapters.telegram.answer_buttons import AnswerButtons, answer_keyboard
from adapters.telegram.convert import PLATFORM, language_hint, should_answer, to_incoming
from adapters.telegram.desk import TelegramDesk
from adapters.telegram.help_texts import COMMANDS, DESK_COMMANDS, TEXTS
from adapters.telegram.journal_sweep import SWEEP_S, JournalSweep
from adapters.telegram.replier import TYPING_REFRESH_S, TelegramReplier
from adapters.telegram.staff import GroupMembership, StaffCheck
from adapters.telegram.webhook import Handler, Webhook, journaled, receiver
from adapters.typing_loops import TypingLoops
from core.desk import CourseDesk
from core.messages import Intent, Reply
from core.ports import MessageHandler, MessageJournal

logger = logging.getLogger(__name__)
ALLOWED_UPDATES = [Update.MESSAGE, Update.CALLBACK_QUERY]
PtbApp = Application[Any, Any, Any, Any, Any, Any]  # default context types: nothing customised



def notice(text: str) -> Reply:
    return Reply(text=text, intent=Intent.NOTICE)


def _texts(update: Update) -> dict[str, str]:
    message = update.effective_message
    lang = language_hint(message) if message else None
    return TEXTS.get(lang or "en", TEXTS["en"])


class TelegramAdapter:
    """Runs one Telegram bot (long polling or webhook) and routes its messages to the core."""

    name = "telegram"
    finished: asyncio.Event | None = None  # runs until stopped

    def __init__(self, handler: MessageHandler, token: str, base_url: str | None = None, *,
                 request: BaseRequest | None = None,
                 get_updates_request: BaseRequest | None = None,
                 typing_interval_s: float = TYPING_REFRESH_S,
                 journal: MessageJournal | None = None, desk: CourseDesk | None = None,
                 staff_ids: Iterable[int] = (), base_file_url: str | None = None,
                 webhook: Webhook | None = None, journal_sweep_s: float = SWEEP_S) -> None:
        self.handler = handler
        self.webhook = webhook  # None: long polling
        self.journal = journal  # dedupes redeliveries, replays what a crash left unanswered
        self.sweep = JournalSweep(journal, journal_sweep_s) if journal is not None else None
        self.typing_loops = TypingLoops(typing_interval_s)  # one refresh loop per chat
        self._token = token
        self._base_url = base_url
        self._base_file_url = base_file_url  # a self-hosted Bot API server serves files too
        self._request = request
        self._get_updates_request = get_updates_request
        self._redactor = RedactSecrets([token])
        self._uninstall_redaction: Callable[[], None] | None = None
        self.answer_buttons = AnswerButtons(handler, self._redactor.redact)  # Sources / 👍 / 👎
        self.desk = (TelegramDesk(desk, StaffCheck(staff_ids), self._replier,
                                  self._redactor.redact) if desk is not None else None)
        self.app: PtbApp | None = None  # built in start(): PTB logs its URLs on creation

    def _build(self) -> PtbApp:
        builder = (ApplicationBuilder().token(self._token)
                   .concurrent_updates(True)  # one slow RAG answer must not stall other chats
                   .rate_limiter(AIORateLimiter(max_retries=3)))  # default 0 never retries a 429
        if self._base_url:
            builder = builder.base_url(self._base_url)
        if self._base_file_url:
            builder = builder.base_file_url(self._base_file_url)
        if self._request is not None:
            builder = builder.request(self._request)
        if self._get_updates_request is not None:
            builder = builder.get_updates_request(self._get_updates_request)
        app = builder.build()
        self._add_handlers(app)
        return app

    def _add_handlers(self, app: PtbApp) -> None:
        new = filters.UpdateType.MESSAGE  # edits of old messages are not new questions
        app.add_handler(CommandHandler(["start", "help"], self._on_help, filters=new))
        app.add_handler(CommandHandler("ask", self._on_ask, filters=new))
        app.add_handler(CommandHandler("forget", self._on_forget, filters=new))
        app.add_handler(PtbMessageHandler(new & filters.TEXT & ~filters.COMMAND, self._on_text))
        app.add_handlers(self.answer_buttons.handlers())  # "ans:" presses; the desk's are "desk:"
        if self.desk is not None:  # /course, /remove, /upload captions, Confirm / Cancel
            app.add_handlers(self.desk.handlers())
        app.add_error_handler(self._on_error)

    # --- lifecycle ---

    async def start(self) -> None:
        """Connect (getMe), register commands, start polling; returns once polling runs."""
        if self.app is not None and self.app.running:
            return
        quiet_http_loggers()
        self._uninstall_redaction = install_redaction([self._token])
        try:
            self.app = app = self._build()
            await app.initialize()
            if self.desk is not None:  # private chats read the courses of their groups
                self.desk.desk.spaces.access.add_membership(PLATFORM, GroupMembership(app.bot))
            await self._set_commands(app)
            await app.start()
            if self.sweep is not None:  # what a dead process (or the last run) left unanswered
                await self.sweep.start(app)
            if self.webhook is not None:  # deliveries arrive through receive_webhook
                await app.bot.set_webhook(self.webhook.url, secret_token=self.webhook.secret,
                                          allowed_updates=ALLOWED_UPDATES)
            else:
                assert app.updater is not None
                await app.updater.start_polling(allowed_updates=ALLOWED_UPDATES,
                                                drop_pending_updates=False)
        except BaseException:
            await self.stop()
            raise
        logger.info("Telegram adapter %s as @%s",
                    "receiving by webhook" if self.webhook else "polling", app.bot.username)

    def webhook_route(self) -> tuple[str, Handler]:
        """(path, aiohttp handler) to serve on the HTTP adapter in webhook mode."""
        assert self.webhook is not None
        return self.webhook.path, receiver(self.webhook, lambda: self.app)

    async def stop(self) -> None:
        """Stop polling, finish in-flight updates, close the HTTP clients. Safe to call twice."""
        app = self.app
        try:
            if self.sweep is not None:
                await self.sweep.stop()
            if app is not None:
                if app.updater is not None and app.updater.running:
                    await app.updater.stop()
                if app.running:
                    await app.stop()
                await app.shutdown()
        finally:
            if self._uninstall_redaction is not None:
                self._uninstall_redaction()
                self._uninstall_redaction = None

    async def _set_commands(self, app: PtbApp) -> None:
        try:
            commands = COMMANDS + (DESK_COMMANDS if self.desk is not None else [])
            await app.bot.set_my_commands([BotCommand(c, d) for c, d in commands])
        except TelegramError as err:  # the menu is a nicety; the bot works without it
            logger.warning("setMyCommands failed: %s", self._redactor.redact(str(err)))

    # --- routing ---

    def _replier(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> TelegramReplier:
        message, chat = update.effective_message, update.effective_chat
        assert chat is not None
        if message is None:
            return TelegramReplier(context.bot, chat.id, typing_loops=self.typing_loops,
                                   buttons=answer_keyboard)
        thread = message.message_thread_id if message.is_topic_message else None
        return TelegramReplier(context.bot, chat.id, message.message_id,
                               message_thread_id=thread, typing_loops=self.typing_loops,
                               buttons=answer_keyboard)

    async def _answer(self, update: Update, context: ContextTypes.DEFAULT_TYPE, *,
                      drop_command: bool) -> None:
        message = update.effective_message
        assert message is not None
        incoming = to_incoming(message, context.bot.username, context.bot.id,
                               drop_command=drop_command)
        replier = self._replier(update, context)
        key = (incoming.chat_id, str(message.message_id))
        if self.journal is not None and not await self.journal.begin(
                PLATFORM, *key, incoming.user_id, update.to_dict()):
            journaled()  # someone has it: the webhook delivery may be acknowledged
            logger.info("skipping an already answered or in-flight Telegram message")
            return
        journaled()  # claimed: a crash from here on is replayed by the sweep, never lost
        try:
            if not incoming.text:
                await replier.send(notice(_texts(update)["usage"]))
                return
            await self.handler.respond(incoming, replier)
        finally:  # also on failure: a message that crashes the handler must not loop forever
            if self.journal is not None:
                await self.journal.finish(PLATFORM, *key)

    async def _on_text(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        """Private chats: every message; groups: only messages that mention the bot."""
        message = update.effective_message
        if message is None or not should_answer(message, context.bot.username, context.bot.id):
            return
        await self._answer(update, context, drop_command=False)

    async def _on_ask(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        """/ask <question>, anywhere; no question -> usage."""
        message = update.effective_message
        if message is None or (message.from_user is not None and message.from_user.is_bot):
            return
        await self._answer(update, context, drop_command=True)

    async def _on_help(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        """/start and /help."""
        await self._replier(update, context).send(notice(_texts(update)["help"]))

    async def _on_forget(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        """/forget: erase the sender's history and confirm."""
        user = update.effective_user
        if user is None or user.is_bot:
            return
        reply = await self.handler.forget(PLATFORM, str(user.id))
        if self.journal is not None:
            await self.journal.forget(PLATFORM, str(user.id))
        await self._replier(update, context).send(reply)

    async def _on_error(self, update: object, context: ContextTypes.DEFAULT_TYPE) -> None:
        """Log the failure (token redacted) and tell the user something went wrong."""
        error = context.error
        # Rendered and redacted here, not left to handlers: an exception text can carry the
        # request URL, and with it the token, whatever filters the runner installed.
        details = "".join(traceback.format_exception(error)) if error else "no exception"
        logger.error("Telegram update failed:\n%s", self._redactor.redact(details))
        if not isinstance(update, Update) or update.effective_chat is None:
            return
        try:
            await self._replier(update, context).send(notice(_texts(update)["error"]))
        except TelegramError as err:
            logger.warning("Could not send the error notice: %s", self._redactor.redact(str(err)))
