"""The course desk on Telegram: /course (show, list, set, share, join, unshare), /mode, /gaps,
/remove, and documents captioned /upload; their Confirm / Cancel buttons are in buttons.py.

What a course is and what an upload does are the core's decisions (core/course/: spaces,
uploads, sharing); who is staff is staff.py's (group administrators; in private
chats TELEGRAM_STAFF_IDS), checked on every command. Here: reading the words after the command,
which space a chat is, and asking the core before anything is downloaded. A handler that raises
ends in errors.py's hook (the apology).
"""
from __future__ import annotations

import dataclasses
import logging
import re
from collections.abc import Callable

from telegram import Message, Update, ext
from telegram.error import TelegramError
from telegram.ext import CallbackQueryHandler, CommandHandler, ContextTypes, filters

from adapters.telegram.buttons import confirm_buttons
from adapters.telegram.convert import clean_text, is_direct, message_language, spaces_of
from adapters.telegram.desk_buttons import DeskButtons
from adapters.telegram.replier import PtbApp, ReplierFor
from adapters.telegram.staff import StaffCheck, is_anonymous_admin, owner_of
from core.course.desk import CourseDesk
from core.messages import Intent, Reply
from core.text import whole_number
from core.texts.platforms import TELEGRAM_DESK

logger = logging.getLogger(__name__)

UPLOAD_CAPTION = r"^/upload(@\w+)?(\s|$)"  # what the document handler's filter lets through
_UPLOAD = re.compile(r"/upload(?:@(?P<bot>\w+))?(?P<course>\s.*)?", re.DOTALL)
MAX_DAYS = 365  # /gaps
DEFAULT_DAYS = 7
Context = ContextTypes.DEFAULT_TYPE


def text(key: str, language: str, **values: object) -> str:
    return TELEGRAM_DESK(key, language, **values)


def notice(body: str, language: str, kind: str | None = None) -> Reply:
    return Reply(text=body, intent=Intent.NOTICE, notice=kind, language=language)


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


def gaps_usage(language: str) -> Reply:
    """The /gaps usage line, for a days value that is not a whole number in range."""
    return notice(text("gaps_usage", language, max=MAX_DAYS), language, "gaps_usage")


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


def _words(message: Message, context: Context) -> str:
    """What follows the command, without the bot's mentions."""
    return clean_text(message, context.bot.username, context.bot.id, drop_command=True)


def add_desk_commands(app: PtbApp, desk: CourseDesk, staff: StaffCheck, replier: ReplierFor,
                      redact: Callable[[str], str] = lambda s: s) -> None:
    """Register /course, /mode, /gaps, /remove, /upload and the Confirm / Cancel buttons."""
    commands = _DeskCommands(desk, staff, replier, redact)
    new = filters.UpdateType.MESSAGE
    app.add_handlers([
        CommandHandler("course", commands.on_course, filters=new),
        CommandHandler("mode", commands.on_mode, filters=new),
        CommandHandler("gaps", commands.on_gaps, filters=new),
        CommandHandler("remove", commands.on_remove, filters=new),
        CommandHandler("upload", commands.on_upload_usage, filters=new),
        ext.MessageHandler(new & filters.Document.ALL & filters.CaptionRegex(UPLOAD_CAPTION),
                          commands.on_upload),
        CallbackQueryHandler(DeskButtons(desk, staff, redact).on_button, pattern=r"^desk:"),
    ])


class _DeskCommands:
    """The PTB callbacks of the desk commands."""

    def __init__(self, desk: CourseDesk, staff: StaffCheck, replier: ReplierFor,
                 redact: Callable[[str], str]) -> None:
        self.desk, self.staff, self.replier, self.redact = desk, staff, replier, redact

    async def _send(self, update: Update, context: Context, reply: Reply,
                    owner: str | None = None) -> None:
        """The reply; with Confirm / Cancel (for `owner`) when it awaits one."""
        markup = (confirm_buttons(reply.pending, owner, reply.language)
                  if reply.pending and owner is not None else None)
        await self.replier(update, context).send(reply, reply_markup=markup)

    async def on_course(self, update: Update, context: Context) -> None:
        """/course: this chat's course and the courses it may use; /course NAME: set it;
        /course list | share | join CODE | unshare NAME|SCOPE."""
        message = _from_a_person(update)
        if message is None:
            return
        language, spaces = message_language(message), spaces_of(message)
        words = _words(message, context).split(maxsplit=1)
        verb = words[0].casefold() if words else ""
        rest = words[1] if len(words) > 1 else ""
        spaces_desk, sharing = self.desk.spaces, self.desk.sharing
        if verb == "list":
            reply = await spaces_desk.listing(spaces, language)
        elif not words:
            reply = await spaces_desk.show(spaces, language, personal=is_direct(message))
            if reply.notice == "course_show":  # "no course" replies list the courses already
                listing = await spaces_desk.listing(spaces, language)
                reply = dataclasses.replace(reply, text=f"{reply.text}\n{listing.text}")
        elif sharing is not None and verb in ("share", "join", "unshare"):
            actor = await self.staff.actor(context.bot, message)
            if verb == "share":
                reply = await sharing.share(spaces, actor=actor, language=language)
            elif verb == "join":
                reply = await sharing.join(spaces, rest, actor=actor, where="group",
                                           language=language)
            else:
                reply = await sharing.unshare(spaces, rest, actor=actor, language=language)
        else:
            name = rest if verb == "set" and rest else " ".join(words)
            reply = await spaces_desk.assign(
                spaces[0], name, actor=await self.staff.actor(context.bot, message),
                where="group", language=language, spaces=spaces)
        await self._send(update, context, reply)

    async def on_mode(self, update: Update, context: Context) -> None:
        """/mode: show this chat's mode (anyone); /mode guide|explain (staff): set it."""
        message = _from_a_person(update)
        if message is None:
            return
        language, spaces = message_language(message), spaces_of(message)
        wanted = _words(message, context)
        if not wanted:
            reply = await self.desk.spaces.show_mode(spaces, language)
        else:
            reply = await self.desk.spaces.set_mode(
                spaces[0], wanted, actor=await self.staff.actor(context.bot, message),
                where="chat" if is_direct(message) else "group", language=language)
        await self._send(update, context, reply)

    async def on_gaps(self, update: Update, context: Context) -> None:
        """/gaps [days] (staff): the top gaps of the chat's course; anything but ASCII digits
        in range ("²", "-3", "abc") gets the usage line."""
        message = _from_a_person(update)
        if message is None:
            return
        wanted = _words(message, context)
        days = whole_number(wanted, 1, MAX_DAYS) if wanted else DEFAULT_DAYS
        if days is None:
            await self._send(update, context, gaps_usage(message_language(message)))
            return
        reply = await self.desk.gaps(spaces_of(message),
                                     actor=await self.staff.actor(context.bot, message),
                                     platform="telegram", language=message_language(message),
                                     days=days)
        await self._send(update, context, reply)

    async def on_remove(self, update: Update, context: Context) -> None:
        """/remove NAME (staff): preview the removal from this chat's course, with buttons."""
        message = _from_a_person(update)
        if message is None:
            return
        language = message_language(message)
        name = _words(message, context)
        if not name:
            await self._send(update, context, notice(text("remove_usage", language), language))
            return
        reply = await self.desk.uploads.preview_removal(
            name, course=None, spaces=spaces_of(message),
            actor=await self.staff.actor(context.bot, message), platform="telegram",
            language=language)
        await self._send(update, context, reply, owner_of(message))

    async def on_upload_usage(self, update: Update, context: Context) -> None:
        """/upload typed as text (e.g. from the command menu): how to upload instead."""
        message = _from_a_person(update)
        if message is not None:
            language = message_language(message)
            await self._send(update, context, notice(text("upload_usage", language), language))

    async def on_upload(self, update: Update, context: Context) -> None:
        """A document captioned /upload [course]: refuse before downloading, else preview."""
        message = _from_a_person(update)
        if message is None or message.document is None:
            return
        course = upload_course(message.caption or "", context.bot.username)
        if course is None:
            return
        document, language = message.document, message_language(message)
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
            await self._send(update, context, reply, owner_of(message))
