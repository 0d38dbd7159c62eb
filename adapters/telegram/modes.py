"""`/mode` on Telegram: a chat's study-integrity mode (explain, the default, or guide).

`/mode` alone shows it to anyone; `/mode guide` and `/mode explain` change it, for the group's
administrators (in private chats: TELEGRAM_STAFF_IDS), checked on every command like /course.
What the modes mean and the texts are the core's (core/spaces.py, core/desk_texts.py); a module
of its own keeps desk.py small.
"""
from __future__ import annotations

from typing import Any

from telegram import Update
from telegram.ext import BaseHandler, CommandHandler, ContextTypes, filters

from adapters.telegram.convert import clean_text, is_direct, spaces_of
from adapters.telegram.desk_command import DeskCommand


class ModeCommand(DeskCommand):
    """The PTB handler for /mode."""

    def handler(self) -> BaseHandler[Any, Any, Any]:
        return CommandHandler("mode", self.on_mode, filters=filters.UpdateType.MESSAGE)

    async def on_mode(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        """/mode: show this chat's mode; /mode guide|explain (staff): set it."""
        message = self.sender(update)
        if message is None:
            return
        language, spaces = self.language(message), spaces_of(message)
        wanted = clean_text(message, context.bot.username, context.bot.id, drop_command=True)
        if not wanted:
            reply = await self.desk.spaces.show_mode(spaces, language)
        else:
            reply = await self.desk.spaces.set_mode(
                spaces[0], wanted, actor=await self.staff.actor(context.bot, message),
                where="chat" if is_direct(message) else "group", language=language)
        await self.send(update, context, reply)
