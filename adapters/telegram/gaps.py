"""`/gaps` on Telegram: staff see the top gaps of the chat's course (the core's short report).

Group administrators in groups, TELEGRAM_STAFF_IDS in private chats, checked on every command.
`/gaps 30` looks at the last 30 days (default 7); anything but ASCII digits in range ("²",
"-3", "abc") gets the usage line.
"""
from __future__ import annotations

from typing import Any

from telegram import Update
from telegram.ext import BaseHandler, CommandHandler, ContextTypes, filters

from adapters.telegram.convert import clean_text, spaces_of
from adapters.telegram.desk_command import DeskCommand
from adapters.telegram.help_texts import DESK_TEXTS
from core.messages import Intent, Reply
from core.text import whole_number

MAX_DAYS = 365
DEFAULT_DAYS = 7


class GapsCommand(DeskCommand):
    """The PTB handler for /gaps."""

    def handler(self) -> BaseHandler[Any, Any, Any]:
        return CommandHandler("gaps", self.on_gaps, filters=filters.UpdateType.MESSAGE)

    async def on_gaps(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        message = self.sender(update)
        if message is None:
            return
        wanted = clean_text(message, context.bot.username, context.bot.id, drop_command=True)
        days = whole_number(wanted, 1, MAX_DAYS) if wanted else DEFAULT_DAYS
        if days is None:
            await self.send(update, context, usage(self.language(message)))
            return
        reply = await self.desk.gaps(spaces_of(message),
                                     actor=await self.staff.actor(context.bot, message),
                                     platform="telegram", language=self.language(message),
                                     days=days)
        await self.send(update, context, reply)


def usage(language: str) -> Reply:
    """The /gaps usage line, for a days value that is not a whole number in range."""
    text = DESK_TEXTS.get(language, DESK_TEXTS["en"])["gaps_usage"].format(max=MAX_DAYS)
    return Reply(text=text, intent=Intent.NOTICE, notice="gaps_usage", language=language)
