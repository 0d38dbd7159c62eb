"""Buttons on Telegram: Sources / 👍 / 👎 under a study answer (AnswerButtons), Confirm / Cancel
under a desk preview (DeskButtons). Every press is answered (answerCallbackQuery, or it spins).

Answer buttons carry only the answer's short id ("ans:<action>:<id>"); the rest lives in the
outcome store, so they work after a restart and across processes. Telegram has no ephemeral
messages: Sources is posted as a reply to the answer, once per answer (per run) in a group. 👎
swaps in the four reasons (a group shares one keyboard); a finished vote brings back the three.
Desk data is "desk:ok|no:<token>:<owner>" (owner: the initiator's id, or "g" for an anonymous
admin, for whom any of the group's admins may act).
"""
from __future__ import annotations

import html
import logging
import re
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from telegram import CallbackQuery, InlineKeyboardButton, InlineKeyboardMarkup, Message, Update
from telegram.constants import ChatType
from telegram.error import TelegramError
from telegram.ext import BaseHandler, CallbackQueryHandler, ContextTypes

from adapters.telegram.convert import PLATFORM, language_of
from adapters.telegram.render import render_reply, render_sources
from adapters.telegram.replier import TelegramReplier
from adapters.telegram.staff import StaffCheck
from core.course.desk import CourseDesk
from core.insight.answer_actions import reason_label
from core.insight.outcomes import VOTE_REASONS
from core.messages import Reply
from core.ports import ChatService
from core.texts.desk import say
from core.texts.platforms import TELEGRAM_BUTTONS, TELEGRAM_DESK

logger = logging.getLogger(__name__)

PATTERN = r"^ans:"  # the desk owns "desk:"; every "ans:" press lands here, malformed or not
_DATA = re.compile(r"ans:(?P<action>src|up|dn|r[0-3]):(?P<id>[\w-]{1,32})")
_ID = re.compile(r"[\w-]{1,32}")
TOAST_MAX = 200  # answerCallbackQuery text limit
POSTED_MAX = 2048  # group answers whose sources this run posted, newest kept
_DESK_DATA = re.compile(r"desk:(?P<action>ok|no):(?P<token>[\w-]{1,32}):(?P<owner>g|\d{1,20})")


def text(key: str, language: str) -> str:
    return TELEGRAM_BUTTONS(key, language)


def answer_buttons(reply: Reply) -> InlineKeyboardMarkup | None:
    """The three buttons for a recorded study answer; None for everything else (greetings,
    refusals, notices and answers whose record failed have no answer id)."""
    if reply.answer_id is None or not _ID.fullmatch(reply.answer_id):
        return None
    return main_keyboard(reply.answer_id, reply.language)


def main_keyboard(answer_id: str, language: str) -> InlineKeyboardMarkup:
    return InlineKeyboardMarkup([[
        InlineKeyboardButton(text("sources", language), callback_data=f"ans:src:{answer_id}"),
        InlineKeyboardButton("👍", callback_data=f"ans:up:{answer_id}"),
        InlineKeyboardButton("👎", callback_data=f"ans:dn:{answer_id}"),
    ]])


def reason_buttons(answer_id: str, language: str) -> InlineKeyboardMarkup:
    """One reason per row (the labels are long for half a phone's width), then Sources / 👍."""
    rows = [[InlineKeyboardButton(f"👎 {reason_label(reason, language)}",
                                  callback_data=f"ans:r{index}:{answer_id}")]
            for index, reason in enumerate(VOTE_REASONS)]
    rows.append([InlineKeyboardButton(text("sources", language),
                                      callback_data=f"ans:src:{answer_id}"),
                 InlineKeyboardButton("👍", callback_data=f"ans:up:{answer_id}")])
    return InlineKeyboardMarkup(rows)


def confirm_buttons(token: str, owner: str, language: str) -> InlineKeyboardMarkup:
    """Confirm / Cancel under a preview; callback data stays far below Telegram's 64 bytes."""
    return InlineKeyboardMarkup([[
        InlineKeyboardButton(TELEGRAM_DESK("confirm", language),
                             callback_data=f"desk:ok:{token}:{owner}"),
        InlineKeyboardButton(TELEGRAM_DESK("cancel", language),
                             callback_data=f"desk:no:{token}:{owner}"),
    ]])


def parse(data: str | None) -> tuple[str, str] | None:
    """("src" | "up" | "dn" | "r0".."r3", answer id), or None for data we never produced."""
    match = _DATA.fullmatch(data or "")
    return (match.group("action"), match.group("id")) if match else None


class _Press:
    """One button press: its query, the presser's language, and whether it was answered."""

    def __init__(self, query: CallbackQuery, redact: Callable[[str], str]) -> None:
        self.query = query
        self.language = language_of(query.from_user.language_code)
        self.message = query.message if isinstance(query.message, Message) else None
        self.answered = False
        self._redact = redact

    async def toast(self, body: str | None) -> None:
        """answerCallbackQuery, once: with `body` as a short toast, or just clearing the
        spinner."""
        if self.answered:
            return
        self.answered = True
        try:
            await self.query.answer(body[:TOAST_MAX] if body else None)
        except TelegramError as err:  # "query is too old": nothing left to show the user
            logger.warning("answerCallbackQuery failed: %s", self._redact(str(err)))

    def keyboard_language(self) -> str:
        """The language of the labels under the answer (the answer's, set when it was sent):
        a keyboard shared by a group keeps it whoever presses."""
        shown = self.message.reply_markup if self.message is not None else None
        labels = {b.text for row in (shown.inline_keyboard if shown else ()) for b in row}
        return "ar" if text("sources", "ar") in labels else "en"

    async def show(self, markup: InlineKeyboardMarkup | None) -> None:
        """Put `markup` under the answer unless it is there already (Telegram refuses an edit
        that changes nothing)."""
        if self.message is None or self.message.reply_markup == markup:
            return
        try:
            await self.query.edit_message_reply_markup(reply_markup=markup)
        except TelegramError as err:  # deleted meanwhile, or too old to edit
            logger.warning("updating the answer buttons failed: %s", self._redact(str(err)))


class AnswerButtons:
    """The CallbackQueryHandler behind the answer buttons."""

    def __init__(self, handler: ChatService, redact: Callable[[str], str] = lambda s: s
                 ) -> None:
        self.handler = handler
        self.redact = redact
        self._posted: OrderedDict[tuple[int, int], None] = OrderedDict()

    def handlers(self) -> list[BaseHandler[Any, Any, Any]]:
        return [CallbackQueryHandler(self.on_button, pattern=PATTERN)]

    async def on_button(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        """Every press is answered, whatever happens below (on a failure the spinner is
        cleared before the adapter's error handler logs it and apologises)."""
        if update.callback_query is None:
            return
        press = _Press(update.callback_query, self.redact)
        parsed = parse(press.query.data)
        try:
            if parsed is None:
                await press.toast(text("stale", press.language))
            elif parsed[0] == "src":
                await self._sources(press, parsed[1])
            else:
                await self._vote(press, *parsed)
        finally:
            await press.toast(None)

    async def _sources(self, press: _Press, answer_id: str) -> None:
        message = press.message
        if message is not None and not self._claim(message):
            await press.toast(text("posted", press.language))
            return
        posted = False
        try:
            posted = await self._post_sources(press, answer_id)
        finally:
            if not posted and message is not None:  # a later press may try again
                self._posted.pop((message.chat.id, message.message_id), None)

    async def _post_sources(self, press: _Press, answer_id: str) -> bool:
        """The quoted passages as a reply to the answer; False when the core had none to show
        (unknown or expired answer, store outage), which the toast then says."""
        reply = await self.handler.sources(answer_id, press.language)
        message = press.message
        if reply.notice != "sources" or message is None:
            await press.toast(reply.text)
            if reply.notice == "unknown_answer":  # expired: its buttons can do nothing more
                await press.show(None)
            return False
        await press.toast(None)
        replier = TelegramReplier(press.query.get_bot(), message.chat.id,
                                  message_thread_id=_thread(message))
        for index, part in enumerate(render_sources(reply)):
            await replier.send_text(part, reply_to_message_id=message.message_id
                                    if index == 0 else None)
        return True

    async def _vote(self, press: _Press, action: str, answer_id: str) -> None:
        value = 1 if action == "up" else -1
        reason = VOTE_REASONS[int(action[1])] if action.startswith("r") else ""
        reply = await self.handler.vote(answer_id, PLATFORM, str(press.query.from_user.id),
                                        value, reason, language=press.language)
        await press.toast(reply.text)
        labels = press.keyboard_language()
        if reply.notice == "ask_reason":
            await press.show(reason_buttons(answer_id, labels))
        elif reply.notice == "voted":
            await press.show(main_keyboard(answer_id, labels))
        elif reply.notice == "unknown_answer":
            await press.show(None)

    def _claim(self, message: Message) -> bool:
        """May this press post the answer's sources? Always in a private chat; in a group only
        the first press of this run (claimed before any await, so two at once post once)."""
        key = (message.chat.id, message.message_id)
        if message.chat.type == ChatType.PRIVATE:
            return True
        if key in self._posted:
            return False
        self._posted[key] = None
        while len(self._posted) > POSTED_MAX:
            self._posted.popitem(last=False)
        return True


def _thread(message: Message) -> int | None:
    return message.message_thread_id if message.is_topic_message else None


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
