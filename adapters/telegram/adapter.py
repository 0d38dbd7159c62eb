"""TelegramAdapter: the PTB Application's lifecycle (long polling or webhook), and which
handlers it routes updates to.

Uses PTB's manual lifecycle (initialize, start, updater.start_polling / the reverse on stop) so
it shares the event loop with the other adapters; never `run_polling()`, which owns and closes
the loop. No business logic here: commands.py and desk.py are the handlers, buttons.py the
button presses, tadesk.py Ask a TA (its sweep in ta_posts.py), errors.py the one error hook, and
the core answers everything.
"""
from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Iterable

from telegram import BotCommand, Update
from telegram.error import TelegramError
from telegram.ext import AIORateLimiter, ApplicationBuilder, ContextTypes
from telegram.request import BaseRequest

from adapters.logsafe import RedactSecrets, install_redaction, quiet_http_loggers
from adapters.telegram.buttons import AnswerButtons, answer_buttons
from adapters.telegram.commands import add_commands
from adapters.telegram.convert import PLATFORM
from adapters.telegram.desk import add_desk_commands
from adapters.telegram.errors import add_error_hook
from adapters.telegram.journal_sweep import SWEEP_S, JournalSweep
from adapters.telegram.quiz import add_quiz_commands
from adapters.telegram.replier import TYPING_REFRESH_S, PtbApp, TelegramReplier
from adapters.telegram.staff import GroupMembership, StaffCheck
from adapters.telegram.ta_posts import TA_SWEEP_S, TADeskSweep
from adapters.telegram.tadesk import GroupStaff, TADeskHandlers
from adapters.telegram.webhook import Handler, Webhook, journaled, receiver
from adapters.typing_loops import TypingLoops
from core.chat.photo import PhotoLimits
from core.course.desk import CourseDesk
from core.escalation.service import TADesk
from core.ports import ChatService, MessageJournal
from core.practice.practice import PracticeService
from core.texts.platforms import (
    TELEGRAM_COMMANDS,
    TELEGRAM_DESK_COMMANDS,
    TELEGRAM_QUIZ_COMMANDS,
    TELEGRAM_TA_COMMANDS,
)

logger = logging.getLogger(__name__)
# Edited messages: a TA's edit of their reply to a card changes the answer (tadesk.py); every
# other handler takes new messages only.
ALLOWED_UPDATES = [Update.MESSAGE, Update.EDITED_MESSAGE, Update.CALLBACK_QUERY,
                   Update.POLL_ANSWER]


class TelegramAdapter:
    """Runs one Telegram bot (long polling or webhook) and routes its messages to the core."""

    name = "telegram"
    finished: asyncio.Event | None = None  # runs until stopped

    def __init__(self, handler: ChatService, token: str, base_url: str | None = None, *,
                 request: BaseRequest | None = None,
                 get_updates_request: BaseRequest | None = None,
                 typing_interval_s: float = TYPING_REFRESH_S,
                 journal: MessageJournal | None = None, desk: CourseDesk | None = None,
                 staff_ids: Iterable[int] = (), base_file_url: str | None = None,
                 webhook: Webhook | None = None, journal_sweep_s: float = SWEEP_S,
                 photos: PhotoLimits | None = None,
                 practice: PracticeService | None = None,
                 tadesk: TADesk | None = None, ta_sweep_s: float = TA_SWEEP_S) -> None:
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
        self.desk = desk  # /course, /mode, /gaps, /remove, /upload, Confirm / Cancel
        self.staff = StaffCheck(staff_ids)
        self.photos = photos or PhotoLimits()  # checked before a photo is downloaded
        self.practice = practice  # /quiz, /review and quiz poll answers
        self.tadesk = tadesk  # /ta here | off, "Ask a TA", desk cards (tadesk.py)
        self.ta = TADeskHandlers(tadesk, self.staff, self._redactor.redact) if tadesk else None
        self.ta_sweep = TADeskSweep(self.ta.poster, ta_sweep_s) if self.ta else None
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
        # The journal's claim is news only to a webhook delivery waiting for it (webhook.py).
        add_commands(app, self.handler, self._replier, journal=self.journal,
                     claimed=journaled if self.webhook is not None else None,
                     photos=self.photos)
        app.add_handlers(self.answer_buttons.handlers())  # "ans:" presses; the desk's are "desk:"
        if self.practice is not None:
            add_quiz_commands(app, self.practice, self._redactor.redact)
        if self.desk is not None:
            add_desk_commands(app, self.desk, self.staff, self._replier, self._redactor.redact)
        if self.ta is not None:  # "esc:" and "ta:" presses, /ta, replies to prompts and cards
            for handler, group in self.ta.handlers():
                app.add_handler(handler, group)
        add_error_hook(app, self._replier, self._redactor.redact)

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
                self.desk.spaces.access.add_membership(PLATFORM, GroupMembership(app.bot))
            if self.tadesk is not None:  # a course's staff are its owning group's admins
                self.tadesk.access.add_directory(PLATFORM, GroupStaff(app.bot, self.staff))
            await self._set_commands(app)
            await app.start()
            if self.sweep is not None:  # what a dead process (or the last run) left unanswered
                await self.sweep.start(app)
            if self.ta_sweep is not None:  # reminders; deliveries the last run left unsent
                await self.ta_sweep.start(app.bot)
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
            if self.ta_sweep is not None:
                await self.ta_sweep.stop()
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
            commands = TELEGRAM_COMMANDS + (TELEGRAM_QUIZ_COMMANDS if self.practice else []) + (
                TELEGRAM_DESK_COMMANDS if self.desk is not None else []) + (
                TELEGRAM_TA_COMMANDS if self.tadesk is not None else [])
            await app.bot.set_my_commands([BotCommand(c, d) for c, d in commands])
        except TelegramError as err:  # the menu is a nicety; the bot works without it
            logger.warning("setMyCommands failed: %s", self._redactor.redact(str(err)))

    # --- routing ---

    def _replier(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> TelegramReplier:
        message, chat = update.effective_message, update.effective_chat
        assert chat is not None
        if message is None:
            return TelegramReplier(context.bot, chat.id, typing_loops=self.typing_loops,
                                   buttons=answer_buttons)
        thread = message.message_thread_id if message.is_topic_message else None
        return TelegramReplier(context.bot, chat.id, message.message_id,
                               message_thread_id=thread, typing_loops=self.typing_loops,
                               buttons=answer_buttons)
