"""Buttons on Telegram: Sources / 👍 / 👎 (and "Ask a TA", ta_posts.py) under a study answer
(AnswerButtons), Confirm / Cancel under a desk preview (their presses: desk_buttons.py). Every
press is answered (answerCallbackQuery, or it spins).

Answer buttons carry only the answer's short id ("ans:<action>:<id>"); the rest lives in the
outcome store, so they work after a restart and across processes. Telegram has no ephemeral
messages: Sources is posted as a reply to the answer, once per answer (per run) in a group. 👎
swaps in the four reasons (a group shares one keyboard); a finished vote brings back the three.
Desk data is "desk:ok|no:<token>:<owner>" (owner: the initiator's id, or "g" for an anonymous
admin, for whom any of the group's admins may act).
"""
from __future__ import annotations

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
from adapters.telegram.render import render_sources
from adapters.telegram.replier import TelegramReplier
from adapters.telegram.ta_posts import ask_row, is_ask_row
from core.insight.answer_actions import reason_label
from core.insight.outcomes import VOTE_REASONS
from core.messages import Reply
from core.ports import ChatService
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
    keyboard = main_keyboard(reply.answer_id, reply.language)
    if reply.escalate:  # the course has a TA desk here: "Ask a TA" below (tadesk.py)
        return InlineKeyboardMarkup([*keyboard.inline_keyboard,
                                     ask_row(reply.answer_id, reply.language)])
    return keyboard


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
        shown = self.message.reply_markup if self.message is not None else None
        kept = [row for row in (shown.inline_keyboard if shown else ()) if is_ask_row(row)]
        if markup is not None and kept:  # a vote keeps "Ask a TA"
            markup = InlineKeyboardMarkup([*markup.inline_keyboard, *kept])
        if self.message is None or shown == markup:
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
