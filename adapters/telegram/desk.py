"""The course desk on Telegram: /course, /mode (modes.py), /remove, documents captioned /upload,
and the Confirm / Cancel buttons under a preview.

What a course is and what an upload does are the core's decisions (core/spaces.py,
core/uploads.py). Here: which space a chat is, who is staff (adapters/telegram/staff.py), asking
the core before anything is downloaded, and editing the preview message as the work goes on.
Button data is "desk:ok|no:<token>:<owner>" (owner: the initiator's user id, or "g" for an
anonymous group admin, whose click then comes from a real account: any of the group's admins
may act for it). A click is always answered: a refusal at once, a Confirm when its first
progress line or its outcome is ready.
"""
from __future__ import annotations

import html
import logging
import re
from collections.abc import Callable
from typing import Any

from telegram import CallbackQuery, InlineKeyboardButton, InlineKeyboardMarkup, Message, Update
from telegram.error import TelegramError
from telegram.ext import BaseHandler, CallbackQueryHandler, CommandHandler, ContextTypes, filters
from telegram.ext import MessageHandler as PtbMessageHandler

from adapters.telegram.convert import clean_text, spaces_of
from adapters.telegram.courses import CourseCommand
from adapters.telegram.gaps import GapsCommand
from adapters.telegram.help_texts import DESK_TEXTS
from adapters.telegram.modes import ModeCommand
from adapters.telegram.render import render_reply
from adapters.telegram.replier import TelegramReplier
from adapters.telegram.staff import StaffCheck, is_anonymous_admin
from core.desk import CourseDesk
from core.desk_texts import say
from core.messages import Intent, Reply

logger = logging.getLogger(__name__)

UPLOAD_CAPTION = r"^/upload(@\w+)?(\s|$)"  # what the document handler's filter lets through
_UPLOAD = re.compile(r"/upload(?:@(?P<bot>\w+))?(?P<course>\s.*)?", re.DOTALL)
_BUTTON = re.compile(r"desk:(?P<action>ok|no):(?P<token>[\w-]{1,32}):(?P<owner>g|\d{1,20})")
ANSWER_MAX = 200  # answerCallbackQuery text limit
Replier = Callable[[Update, ContextTypes.DEFAULT_TYPE], TelegramReplier]


def language_of(code: str | None) -> str:
    """The desk speaks Arabic to Arabic Telegram UIs, English to everyone else."""
    return "ar" if (code or "").lower().split("-")[0] == "ar" else "en"


def _message_language(message: Message) -> str:
    return language_of(message.from_user.language_code if message.from_user else None)


def text(key: str, language: str, **values: object) -> str:
    return DESK_TEXTS.get(language, DESK_TEXTS["en"])[key].format(**values)


def notice(body: str, language: str) -> Reply:
    return Reply(text=body, intent=Intent.NOTICE, language=language)


def upload_course(caption: str, bot_username: str | None) -> str | None:
    """The course named after /upload ("" for the chat's own), or None when the caption is
    not an /upload for this bot (/upload@otherbot)."""
    match = _UPLOAD.fullmatch(caption.strip())
    if match is None:
        return None
    addressed = match.group("bot")
    if addressed and (not bot_username or addressed.lower() != bot_username.lower()):
        return None
    return " ".join((match.group("course") or "").split())


def buttons(token: str, owner: str, language: str) -> InlineKeyboardMarkup:
    """Confirm / Cancel under a preview; callback data stays far below Telegram's 64 bytes."""
    return InlineKeyboardMarkup([[
        InlineKeyboardButton(text("confirm", language), callback_data=f"desk:ok:{token}:{owner}"),
        InlineKeyboardButton(text("cancel", language), callback_data=f"desk:no:{token}:{owner}"),
    ]])


def owner_of(message: Message) -> str:
    return "g" if is_anonymous_admin(message) or message.from_user is None \
        else str(message.from_user.id)


class TelegramDesk:
    """PTB handlers for the course desk commands, the upload caption and the buttons."""

    def __init__(self, desk: CourseDesk, staff: StaffCheck, replier: Replier,
                 redact: Callable[[str], str] = lambda s: s) -> None:
        self.desk = desk
        self.staff = staff
        self.replier = replier
        self.redact = redact
        send = lambda u, c, r: self.replier(u, c).send(r)  # noqa: E731
        self.modes = ModeCommand(desk, staff, send, _message_language, _from_a_person)  # /mode
        self.gaps = GapsCommand(desk, staff, send, _message_language, _from_a_person)  # /gaps
        self.courses = CourseCommand(desk, staff, send, _message_language, _from_a_person)

    def handlers(self) -> list[BaseHandler[Any, Any, Any]]:
        new = filters.UpdateType.MESSAGE
        return [
            self.courses.handler(), self.modes.handler(),
            self.gaps.handler(),
            CommandHandler("remove", self.on_remove, filters=new),
            CommandHandler("upload", self.on_upload_usage, filters=new),
            PtbMessageHandler(new & filters.Document.ALL & filters.CaptionRegex(UPLOAD_CAPTION),
                              self.on_upload),
            CallbackQueryHandler(self.on_button, pattern=r"^desk:"),
        ]

    # --- commands ---

    async def on_remove(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        """/remove NAME (staff): preview the removal from this chat's course, with buttons."""
        message = _from_a_person(update)
        if message is None:
            return
        language = _message_language(message)
        name = clean_text(message, context.bot.username, context.bot.id, drop_command=True)
        if not name:
            await self.replier(update, context).send(notice(text("remove_usage", language),
                                                            language))
            return
        reply = await self.desk.uploads.preview_removal(
            name, course=None, spaces=spaces_of(message),
            actor=await self.staff.actor(context.bot, message), platform="telegram",
            language=language)
        await self._send_with_buttons(update, context, reply, owner_of(message))

    async def on_upload_usage(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        """/upload typed as text (e.g. from the command menu): how to upload instead."""
        message = _from_a_person(update)
        if message is not None:
            language = _message_language(message)
            await self.replier(update, context).send(notice(text("upload_usage", language),
                                                            language))

    async def on_upload(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        """A document captioned /upload [course]: refuse before downloading, else preview."""
        message = _from_a_person(update)
        if message is None or message.document is None:
            return
        course = upload_course(message.caption or "", context.bot.username)
        if course is None:
            return
        document, language = message.document, _message_language(message)
        filename = document.file_name or "upload"
        replier = self.replier(update, context)
        actor = await self.staff.actor(context.bot, message)
        refusal = self.desk.uploads.refusal(filename, document.file_size,
                                            allowed=actor.is_staff, platform="telegram",
                                            language=language)
        if refusal is None:  # another class's course: refused before downloading too
            _, refusal = await self.desk.uploads.target(course or None, spaces_of(message),
                                                        actor, language)
        if refusal is not None:  # a student's file or a wrong one is never downloaded
            await replier.send(refusal)
            return
        async with replier.typing():
            try:
                data = bytes(await (await context.bot.get_file(document.file_id))
                             .download_as_bytearray())
            except TelegramError as err:
                logger.warning("downloading an upload failed: %s", self.redact(str(err)))
                await replier.send(notice(text("download_failed", language, name=filename),
                                          language))
                return
            reply = await self.desk.uploads.preview(
                data, filename, course=course or None, spaces=spaces_of(message),
                actor=actor, language=language)
            await self._send_with_buttons(update, context, reply, owner_of(message))

    async def _send_with_buttons(self, update: Update, context: ContextTypes.DEFAULT_TYPE,
                                 reply: Reply, owner: str) -> None:
        markup = buttons(reply.pending, owner, reply.language) if reply.pending else None
        await self.replier(update, context).send(reply, reply_markup=markup)

    # --- buttons ---

    async def on_button(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        """Confirm / Cancel. The query is always answered (Telegram shows a spinner until it is),
        also for an expired or foreign token."""
        query = update.callback_query
        if query is None:
            return
        language = language_of(query.from_user.language_code)
        match = _BUTTON.fullmatch(query.data or "")
        if match is None:
            await self._answer(query, say("expired", language))
            return
        action, token, owner = match.group("action", "token", "owner")
        by = await self._clicker(query, context, owner)
        if action == "no":
            result = self.desk.uploads.cancel(token, by=by, language=language)
        else:
            answered = False

            async def progress(line: str) -> None:
                """Every ~2 s while a file is stored: the spinner stops at the first one."""
                nonlocal answered
                if not answered:
                    await self._answer(query, text("working", language))
                    answered = True
                await self._edit_text(query, line)

            try:
                result = await self.desk.uploads.confirm(token, by=by, language=language,
                                                         progress=progress)
            except Exception:
                if not answered:  # the error handler tells the chat; the spinner stops here
                    await self._answer(query, None)
                raise
            if answered:
                await self._edit_reply(query, result)
                return
        if result.notice in ("not_yours", "expired"):  # the preview stays as it is
            await self._answer(query, result.text)
            if result.notice == "expired":
                await self._drop_buttons(query)
            return
        await self._answer(query, None)
        await self._edit_reply(query, result)

    async def _clicker(self, query: CallbackQuery, context: ContextTypes.DEFAULT_TYPE,
                       owner: str) -> str:
        """Who acts: the user, or the group when an anonymous admin's preview is clicked by
        one of the group's admins."""
        chat = query.message.chat if query.message is not None else None
        if owner == "g" and chat is not None and await self.staff.is_admin(
                context.bot, chat.id, query.from_user.id):
            return f"chat:{chat.id}"
        return str(query.from_user.id)

    async def _answer(self, query: CallbackQuery, body: str | None) -> None:
        try:
            await query.answer(body[:ANSWER_MAX] if body else None)
        except TelegramError as err:  # "query is too old": nothing the user can be shown
            logger.warning("answerCallbackQuery failed: %s", self.redact(str(err)))

    async def _drop_buttons(self, query: CallbackQuery) -> None:
        try:
            await query.edit_message_reply_markup(reply_markup=None)
        except TelegramError as err:
            logger.warning("removing the buttons failed: %s", self.redact(str(err)))

    async def _edit_text(self, query: CallbackQuery, body: str) -> None:
        """A progress line in place of the preview (plain text, escaped for HTML mode)."""
        await self._edit_html(query, html.escape(body))

    async def _edit_reply(self, query: CallbackQuery, reply: Reply) -> None:
        """The outcome replaces the preview; anything past Telegram's limit follows below."""
        first, *rest = render_reply(reply)
        await self._edit_html(query, first)
        message = query.message
        if rest and message is not None:
            replier = TelegramReplier(query.get_bot(), message.chat.id)
            for part in rest:
                await replier.send_text(part)

    async def _edit_html(self, query: CallbackQuery, body: str) -> None:
        try:
            await query.edit_message_text(body, parse_mode="HTML", reply_markup=None)
        except TelegramError as err:  # e.g. "message is not modified", or deleted meanwhile
            logger.warning("editing the preview failed: %s", self.redact(str(err)))


def _from_a_person(update: Update) -> Message | None:
    """The message, unless another bot sent it (an anonymous admin's GroupAnonymousBot counts
    as a person: it is one of the group's admins)."""
    message = update.effective_message
    if message is None:
        return None
    user = message.from_user
    if user is not None and user.is_bot and not is_anonymous_admin(message):
        return None
    return message
