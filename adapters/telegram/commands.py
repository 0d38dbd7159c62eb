"""The commands every user has on Telegram: /start and /help, /ask, /forget, plain text
(private chats: every message; groups: messages that mention the bot) and photos of a question
(photos.py says which and fetches them). The desk's are in desk.py.

With a message journal every question is claimed before it is answered, so a redelivery is
skipped and a crash is replayed by the sweep (journal_sweep.py); in webhook mode the claim also
lets the delivery be acknowledged (`claimed`: webhook.journaled). A handler that raises ends in
errors.py's hook (the apology).
"""
from __future__ import annotations

import logging
from collections.abc import Callable

from telegram import Update, ext
from telegram.ext import CommandHandler, ContextTypes, filters

from adapters.telegram.convert import PLATFORM, message_language, should_answer, to_incoming
from adapters.telegram.desk import UPLOAD_CAPTION
from adapters.telegram.photos import asks_with_caption, photo_filter, photo_for_us, with_photo
from adapters.telegram.replier import PtbApp, ReplierFor
from core.chat.photo import PhotoLimits
from core.messages import IncomingMessage, Intent, Reply
from core.ports import ChatService, MessageJournal
from core.texts.platforms import TELEGRAM

logger = logging.getLogger(__name__)
Context = ContextTypes.DEFAULT_TYPE


def add_commands(app: PtbApp, handler: ChatService, replier: ReplierFor, *,
                 journal: MessageJournal | None = None,
                 claimed: Callable[[], None] | None = None,
                 photos: PhotoLimits | None = None) -> None:
    """Register /start, /help, /ask, /forget, plain text and photos; `claimed` is told once a
    message is safe in the journal (webhook mode only)."""
    commands = _Commands(handler, replier, journal, claimed, photos or PhotoLimits())
    new = filters.UpdateType.MESSAGE  # edits of old messages are not new questions
    app.add_handlers([
        CommandHandler(["start", "help"], commands.on_help, filters=new),
        CommandHandler("ask", commands.on_ask, filters=new),
        CommandHandler("forget", commands.on_forget, filters=new),
        ext.MessageHandler(new & filters.TEXT & ~filters.COMMAND, commands.on_text),
        ext.MessageHandler(photo_filter(UPLOAD_CAPTION), commands.on_photo),
    ])


def _text(update: Update, key: str) -> str:
    message = update.effective_message
    return TELEGRAM(key, message_language(message))


def _notice(text: str) -> Reply:
    return Reply(text=text, intent=Intent.NOTICE)


class _Commands:
    """The PTB callbacks of the user commands."""

    def __init__(self, handler: ChatService, replier: ReplierFor,
                 journal: MessageJournal | None, claimed: Callable[[], None] | None,
                 photos: PhotoLimits) -> None:
        self.handler, self.replier, self.journal = handler, replier, journal
        self.photos = photos
        self.claimed = claimed or (lambda: None)

    async def _answer(self, update: Update, context: Context, *, drop_command: bool,
                      photo: bool = False) -> None:
        message = update.effective_message
        assert message is not None
        incoming = to_incoming(message, context.bot.username, context.bot.id,
                               drop_command=drop_command)
        replier = self.replier(update, context)
        key = (incoming.chat_id, str(message.message_id))
        if self.journal is not None and not await self.journal.begin(
                PLATFORM, *key, incoming.user_id, update.to_dict()):
            self.claimed()  # someone has it: the webhook delivery may be acknowledged
            logger.info("skipping an already answered or in-flight Telegram message")
            return
        self.claimed()  # claimed: a crash from here on is replayed by the sweep, never lost
        try:
            asked: IncomingMessage | None = incoming
            if photo:  # fetched once claimed: a redelivery never downloads it twice
                asked = await with_photo(incoming, context.bot, message, self.photos, replier)
            elif not incoming.text:
                await replier.send(_notice(_text(update, "usage")))
                return
            if asked is not None:  # None: the photo was refused, and the student told why
                await self.handler.respond(asked, replier)
        finally:  # also on failure: a message that crashes the handler must not loop forever
            if self.journal is not None:
                await self.journal.finish(PLATFORM, *key)

    async def on_text(self, update: Update, context: Context) -> None:
        """Private chats: every message; groups: only messages that mention the bot."""
        message = update.effective_message
        if message is None or not should_answer(message, context.bot.username, context.bot.id):
            return
        await self._answer(update, context, drop_command=False)

    async def on_photo(self, update: Update, context: Context) -> None:
        """A photo (or image file) of a question: in private chats always; in groups when it
        mentions the bot, replies to it or is captioned /ask."""
        message = update.effective_message
        bot = context.bot
        if message is None or not photo_for_us(message, bot.username, bot.id):
            return
        await self._answer(update, context, photo=True,
                           drop_command=asks_with_caption(message, bot.username))

    async def on_ask(self, update: Update, context: Context) -> None:
        """/ask <question>, anywhere; no question -> usage."""
        message = update.effective_message
        if message is None or (message.from_user is not None and message.from_user.is_bot):
            return
        await self._answer(update, context, drop_command=True)

    async def on_help(self, update: Update, context: Context) -> None:
        """/start and /help."""
        await self.replier(update, context).send(_notice(_text(update, "help")))

    async def on_forget(self, update: Update, context: Context) -> None:
        """/forget: erase the sender's history and confirm."""
        user = update.effective_user
        if user is None or user.is_bot:
            return
        reply = await self.handler.forget(PLATFORM, str(user.id))
        if self.journal is not None:
            await self.journal.forget(PLATFORM, str(user.id))
        await self.replier(update, context).send(reply)
