"""Confirm / Cancel under a desk preview on Telegram (the keyboard is buttons.py's
confirm_buttons): data "desk:ok|no:<token>:<owner>", owner the initiator's id, or "g" for an
anonymous admin, for whom any of the group's admins may act. Every press is answered."""
from __future__ import annotations

import html
import logging
from collections.abc import Callable

from telegram import CallbackQuery, Update
from telegram.error import TelegramError
from telegram.ext import ContextTypes

from adapters.telegram.buttons import _DESK_DATA, TOAST_MAX
from adapters.telegram.convert import language_of
from adapters.telegram.render import render_reply
from adapters.telegram.replier import TelegramReplier
from adapters.telegram.staff import StaffCheck
from core.course.desk import CourseDesk
from core.messages import Reply
from core.texts.desk import say
from core.texts.platforms import TELEGRAM_DESK

logger = logging.getLogger(__name__)


class DeskButtons:
    """The CallbackQueryHandler behind Confirm / Cancel under a desk preview."""

    def __init__(self, desk: CourseDesk, staff: StaffCheck,
                 redact: Callable[[str], str] = lambda s: s) -> None:
        self.desk, self.staff, self.redact = desk, staff, redact

    async def on_button(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        """Confirm / Cancel. The query is always answered (Telegram shows a spinner until it is),
        also for an expired or foreign token."""
        query = update.callback_query
        if query is None:
            return
        language = language_of(query.from_user.language_code)
        match = _DESK_DATA.fullmatch(query.data or "")
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
                    await self._answer(query, TELEGRAM_DESK("working", language))
                    answered = True
                await self._edit_html(query, html.escape(line))

            try:
                result = await self.desk.uploads.confirm(token, by=by, language=language,
                                                         progress=progress)
            except Exception:
                if not answered:  # the error hook tells the chat; the spinner stops here
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
            await query.answer(body[:TOAST_MAX] if body else None)
        except TelegramError as err:  # "query is too old": nothing the user can be shown
            logger.warning("answerCallbackQuery failed: %s", self.redact(str(err)))

    async def _drop_buttons(self, query: CallbackQuery) -> None:
        try:
            await query.edit_message_reply_markup(reply_markup=None)
        except TelegramError as err:
            logger.warning("removing the buttons failed: %s", self.redact(str(err)))

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
