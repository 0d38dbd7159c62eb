"""`/course` on Telegram: show this chat's course, list the courses it may use, set one, and
share a course with another group (`share`, `join CODE`, `unshare NAME|SCOPE`).

Who may do what is the core's decision (core/spaces.py, core/sharing.py, core/tenancy.py); here
the words after /course are read and the sender's facts are gathered (adapters/telegram/staff.py).
"""
from __future__ import annotations

import dataclasses
from typing import Any

from telegram import Update
from telegram.ext import BaseHandler, CommandHandler, ContextTypes, filters

from adapters.telegram.convert import clean_text, is_direct, spaces_of
from adapters.telegram.desk_command import DeskCommand


class CourseCommand(DeskCommand):
    """The PTB handler for /course."""

    def handler(self) -> BaseHandler[Any, Any, Any]:
        return CommandHandler("course", self.on_course, filters=filters.UpdateType.MESSAGE)

    async def on_course(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        """/course: this chat's course and the courses it may use; /course NAME: set it;
        /course list | share | join CODE | unshare NAME|SCOPE."""
        message = self.sender(update)
        if message is None:
            return
        language, spaces = self.language(message), spaces_of(message)
        words = clean_text(message, context.bot.username, context.bot.id,
                           drop_command=True).split(maxsplit=1)
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
        await self.send(update, context, reply)
