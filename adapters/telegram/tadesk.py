"""Ask a TA on Telegram: `/ta here [COURSE] [all]` and `/ta off [COURSE]` in a staff group, the
"Ask a TA" press and its one-line note, the card buttons, and staff replies to a card (and
their edits) as the answer's draft. What any of it means is the core's (core/escalation);
the keyboards and the sending are ta_posts.py's.

Replies are read in handler group -1, before the user commands: a reply to the bot's prompt
or to a card is ours (and stops there, so a private chat does not answer a note as a question);
any other reply goes on to the usual handlers.
"""
from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from telegram import Bot, CallbackQuery, Message, Update, User
from telegram.constants import ChatType
from telegram.error import TelegramError
from telegram.ext import (
    ApplicationHandlerStop,
    BaseHandler,
    CallbackQueryHandler,
    CommandHandler,
    ContextTypes,
    MessageHandler,
    filters,
)

from adapters.telegram.convert import PLATFORM, clean_text, is_direct, language_of, spaces_of
from adapters.telegram.staff import StaffCheck, actor_id, is_anonymous_admin
from adapters.telegram.ta_posts import (
    ASK_PATTERN,
    CARD_PATTERN,
    DeskPoster,
    card_keyboard,
    parse_ask,
    parse_card,
    parse_skip,
    prompt_of,
    skip_keyboard,
)
from core.course.spaces import desk_reply
from core.escalation.service import TADesk
from core.escalation.views import Action, Escalated, Staff, Student
from core.messages import Reply
from core.texts.escalation import text

logger = logging.getLogger(__name__)
Context = ContextTypes.DEFAULT_TYPE
TOAST_MAX = 200  # answerCallbackQuery text limit
REPLY_GROUP = -1  # before commands.py's handlers (group 0)


class GroupStaff:
    """core/ports/escalations.py's StaffDirectory for Telegram: the administrators of a group
    (getChatMember, cached by StaffCheck) are its staff; an API failure is "no"."""

    def __init__(self, bot: Bot, check: StaffCheck) -> None:
        self.bot, self.check = bot, check

    async def is_staff(self, user_id: str, scope: str) -> bool:
        prefix = f"{PLATFORM}:chat:"
        if not scope.startswith(prefix):
            return False
        chat = scope[len(prefix):]
        if user_id == f"chat:{chat}":  # an admin of that very group, posting anonymously
            return True
        try:
            return await self.check.is_admin(self.bot, int(chat), int(user_id))
        except ValueError:
            return False


class TADeskHandlers:
    """The PTB callbacks of the TA desk."""

    def __init__(self, tadesk: TADesk, staff: StaffCheck,
                 redact: Callable[[str], str] = lambda s: s) -> None:
        self.tadesk, self.staff, self.redact = tadesk, staff, redact
        self.poster = DeskPoster(tadesk, redact)

    def handlers(self) -> list[tuple[BaseHandler[Any, Any, Any], int]]:
        """(handler, group) pairs for Application.add_handler."""
        replies = ((filters.UpdateType.MESSAGE | filters.UpdateType.EDITED_MESSAGE)
                   & filters.REPLY & filters.TEXT & ~filters.COMMAND)
        return [(CommandHandler("ta", self.on_ta, filters=filters.UpdateType.MESSAGE), 0),
                (CallbackQueryHandler(self.on_ask, pattern=ASK_PATTERN), 0),
                (CallbackQueryHandler(self.on_card, pattern=CARD_PATTERN), 0),
                (MessageHandler(replies, self.on_reply), REPLY_GROUP)]

    # --- staff: /ta here | off ---

    def _staff(self, user: User | None, message: Message | None = None) -> Staff:
        """Who acts, as the core sees them: an anonymous admin acts as their group."""
        if message is not None and (is_anonymous_admin(message) or user is None):
            title = message.chat.title or ""
            return Staff(actor_id(message), title, language_of(None))
        assert user is not None
        return Staff(str(user.id), user.full_name, language_of(user.language_code),
                     operator=user.id in self.staff.staff_ids)

    async def on_ta(self, update: Update, context: Context) -> None:
        """/ta here [COURSE] [all] | /ta off [COURSE]; anything else: the usage."""
        message = update.effective_message
        if message is None or (message.from_user is not None and message.from_user.is_bot
                               and not is_anonymous_admin(message)):
            return
        staff = self._staff(message.from_user, message)
        words = clean_text(message, context.bot.username, context.bot.id,
                           drop_command=True).split()
        verb = words[0].casefold() if words else ""
        rest = words[1:]
        if verb == "here":
            all_answers = bool(rest) and rest[-1].casefold() == "all"
            course = " ".join(rest[:-1] if all_answers else rest)
            reply = await self.tadesk.set_desk(
                course, staff=staff, platform=PLATFORM, chat=str(message.chat.id),
                kind="private" if is_direct(message) else "group", spaces=spaces_of(message),
                all_answers=all_answers)
        elif verb == "off":
            reply = await self.tadesk.desk_off(" ".join(rest), staff=staff, platform=PLATFORM,
                                               spaces=spaces_of(message))
        else:
            reply = desk_reply(text("usage", staff.language), "ta_usage", staff.language)
        await self.poster.send(context.bot, message.chat.id, reply, reply_to=message.message_id)

    # --- students: "Ask a TA", the note ---

    async def on_ask(self, update: Update, context: Context) -> None:
        """"Ask a TA" sends the prompt; "Send without a note" escalates at once. Every press is
        answered."""
        query = update.callback_query
        if query is None:
            return
        toast = _Toast(query, self.redact)
        try:
            await self._ask(query, context.bot, toast)
        finally:
            await toast(None)

    async def _ask(self, query: CallbackQuery, bot: Bot, toast: _Toast) -> None:
        user, shown = query.from_user, query.message
        language = language_of(user.language_code)
        skip = parse_skip(query.data)
        answer_id = parse_ask(query.data) or (skip[0] if skip else None)
        if answer_id is None or not isinstance(shown, Message):
            await toast(text("unknown", language))
            return
        if skip is not None and skip[1] == user.id:  # the prompt's own student: no note
            await toast(None)
            await self.poster.keyboard(bot, shown.chat.id, shown.message_id, None,
                                       shown.reply_markup)
            await self._escalate(bot, answer_id, user, shown, skip[2], "", shown.message_id)
            return
        # "Ask a TA" (or someone else's prompt): a prompt of this student's own, naming the
        # message the staff answer will reply to (the question the answer quotes, if any)
        if skip is not None:
            target = skip[2]
        else:
            question = shown.reply_to_message
            target = str((question or shown).message_id)
        await toast(None)
        await self.poster.send(bot, shown.chat.id, desk_reply(text("ask_note", language),
                                                              "ta_ask_note", language),
                               reply_to=shown.message_id, thread=_thread(shown),
                               markup=skip_keyboard(answer_id, user.id, target, language))

    async def _note(self, message: Message, bot: Bot) -> bool:
        """A text reply to the prompt by its student: the note; True when it was one."""
        found = prompt_of(message.reply_to_message)
        user = message.from_user
        if found is None or user is None or user.id != found[1] \
                or message.edit_date is not None:
            return False
        prompt = message.reply_to_message
        assert prompt is not None
        await self.poster.keyboard(bot, prompt.chat.id, prompt.message_id, None,
                                   prompt.reply_markup)
        await self._escalate(bot, found[0], user, message, found[2], message.text or "",
                             message.message_id)
        return True

    async def _escalate(self, bot: Bot, answer_id: str, user: User, where: Message,
                        target: str, note: str, reply_to: int) -> None:
        """The question goes to the desk; the student reads what happened (in the chat and
        topic of `where`), the desk gets the card (or a line under the card they joined)."""
        language, chat = language_of(user.language_code), where.chat
        place = "" if chat.type == ChatType.PRIVATE else (chat.title or "")
        student = Student(PLATFORM, str(user.id), str(chat.id), target, language,
                          user.first_name, place)
        escalated = await self.tadesk.escalate(answer_id, student, note)
        reply = await self._to_desk(bot, escalated, language)
        await self.poster.send(bot, chat.id, reply, reply_to=reply_to, thread=_thread(where))

    async def _to_desk(self, bot: Bot, escalated: Escalated, language: str) -> Reply:
        """Post the card (or the line under the card joined); what the student then reads: the
        core's confirmation, or, when the desk cannot be reached, that nothing was sent."""
        desk = escalated.desk
        if desk is None:
            return escalated.reply
        if escalated.card is not None:
            try:
                posted = await self.poster.send(
                    bot, desk.chat, desk_reply(escalated.card_text, "ta_card", desk.language),
                    markup=card_keyboard(escalated.card))
            except TelegramError as err:  # staff would never see it: withdrawn, student told
                logger.warning("posting a TA card failed: %s", self.redact(str(err)))
                return await self.tadesk.withdraw(escalated.card.id, language)
            await self.tadesk.posted(escalated.card.id, str(posted.message_id))
        elif escalated.update:
            await self.poster.line(bot, desk.chat, escalated.post, escalated.update,
                                   desk.language)
        return escalated.reply

    # --- staff: card buttons, replies to a card ---

    async def on_card(self, update: Update, context: Context) -> None:
        """A card button: the core acts, the presser reads a toast, the card (and the draft
        notice pressed) shows its new buttons, the thread its line, students their answer."""
        query = update.callback_query
        if query is None:
            return
        toast = _Toast(query, self.redact)
        try:
            parsed = parse_card(query.data)
            staff = self._staff(query.from_user)
            if parsed is None or not isinstance(query.message, Message):
                await toast(text("unknown_card", staff.language))
                return
            action = await self.tadesk.act(parsed[1], parsed[0], staff)
            await toast(action.reply.text)
            await self._show(context.bot, query.message, parsed[1], action)
        finally:
            await toast(None)

    async def _show(self, bot: Bot, pressed: Message, card_id: str, action: Action) -> None:
        """What an action changes in the desk chat, then the deliveries."""
        chat = pressed.chat.id
        if action.card is not None:
            markup = card_keyboard(action.card)
            await self.poster.keyboard(bot, chat, pressed.message_id, markup,
                                       pressed.reply_markup)
            card = await self.tadesk.store.card(card_id)
            post = action.post or (card.post if card is not None else "")
            if post and post != str(pressed.message_id) and post.isdigit():
                await self.poster.keyboard(bot, chat, int(post), markup)
        if action.post and action.update:
            await self.poster.line(bot, chat, action.post, action.update, action.card.language
                                   if action.card else "en")
        if action.deliveries:
            await self.poster.deliver(bot, action.deliveries)

    async def on_reply(self, update: Update, context: Context) -> None:
        """A reply to the bot's prompt (the note) or to a card (a draft, or its edit); other
        replies go on to the usual handlers."""
        message = update.effective_message
        replied = message.reply_to_message if message is not None else None
        if message is None or replied is None or replied.from_user is None \
                or replied.from_user.id != context.bot.id:
            return
        if await self._note(message, context.bot):
            raise ApplicationHandlerStop
        if is_direct(message) or (message.from_user is not None and message.from_user.is_bot
                                  and not is_anonymous_admin(message)):
            return
        staff = self._staff(message.from_user, message)
        action = await self.tadesk.draft(PLATFORM, str(message.chat.id),
                                         str(replied.message_id), message.text or "", staff,
                                         str(message.message_id))
        if action is None:  # not a card: an ordinary reply in that group
            return
        markup = card_keyboard(action.card)
        await self.poster.send(context.bot, message.chat.id, action.reply,
                               reply_to=message.message_id, markup=markup)
        if action.card is not None:
            await self.poster.keyboard(context.bot, message.chat.id, replied.message_id, markup,
                                       replied.reply_markup)
        raise ApplicationHandlerStop


def _thread(message: Message) -> int | None:
    """The forum topic a message is in (its replies go there too)."""
    return message.message_thread_id if message.is_topic_message else None


class _Toast:
    """answerCallbackQuery, once per press (Telegram refuses a second answer)."""

    def __init__(self, query: CallbackQuery, redact: Callable[[str], str]) -> None:
        self.query, self.redact, self.done = query, redact, False

    async def __call__(self, body: str | None) -> None:
        if self.done:
            return
        self.done = True
        try:
            await self.query.answer(body[:TOAST_MAX] if body else None)
        except TelegramError as err:  # "query is too old": nothing left to show
            logger.warning("answerCallbackQuery failed: %s", self.redact(str(err)))
