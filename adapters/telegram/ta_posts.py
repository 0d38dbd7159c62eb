"""What the TA desk sends on Telegram: card keyboards, cards, lines under them, staff answers
delivered to students, and the periodic sweep (TADesk.sweep: reminders under cards left
unanswered, deliveries a crash or an unreachable chat left unsent; each student's copy is
leased, so processes never send it twice).

Buttons carry only short ids: "esc:ask:<answer>" under a study answer, "esc:skip:<answer>:
<student>[:<message>]" under the "what don't you get?" prompt (a text reply to that prompt is the
note; the prompt's own keyboard says which answer, so it survives a restart), and
"ta:<action>:<card>" on a card. Every text goes through render.py (escaped, split at 4096).
"""
from __future__ import annotations

import logging
import re
from collections.abc import Callable

from telegram import (
    Bot,
    InlineKeyboardButton,
    InlineKeyboardMarkup,
    LinkPreviewOptions,
    Message,
    ReplyParameters,
)
from telegram.constants import ParseMode
from telegram.error import TelegramError

from adapters.periodic import Periodic
from adapters.telegram.convert import PLATFORM
from adapters.telegram.render import render_reply
from core.course.spaces import desk_reply
from core.escalation.service import TADesk
from core.escalation.views import ACTIONS, CardView, Delivery, Reminder
from core.messages import Reply
from core.texts.escalation import text

logger = logging.getLogger(__name__)

ASK_PATTERN = r"^esc:"  # "Ask a TA" and "Send without a note"
CARD_PATTERN = r"^ta:"  # the card buttons
TA_SWEEP_S = 60.0  # how often reminders and left-over deliveries are sent
DATA_MAX = 64  # Telegram's callback_data limit, in bytes
_ASK = re.compile(r"esc:ask:(?P<answer>[\w-]{1,32})")
_SKIP = re.compile(r"esc:skip:(?P<answer>[\w-]{1,32}):(?P<user>\d{1,20})"
                   r"(?::(?P<message>\d{1,20}))?")
_CARD = re.compile(rf"ta:(?P<action>{'|'.join(ACTIONS)}):(?P<card>[\w-]{{1,40}})")


def ask_row(answer_id: str, language: str) -> list[InlineKeyboardButton]:
    """The "Ask a TA" row under a study answer."""
    return [InlineKeyboardButton(text("btn_ask", language), callback_data=f"esc:ask:{answer_id}")]


def is_ask_row(row: tuple[InlineKeyboardButton, ...] | list[InlineKeyboardButton]) -> bool:
    """A row of ours that a vote's new keyboard must keep (the answer keeps "Ask a TA")."""
    return any(isinstance(b.callback_data, str) and b.callback_data.startswith("esc:")
               for b in row)


def parse_ask(data: str | None) -> str | None:
    """The answer id of an "Ask a TA" press, or None."""
    match = _ASK.fullmatch(data or "")
    return match.group("answer") if match else None


def skip_keyboard(answer_id: str, user_id: int, message: str, language: str
                  ) -> InlineKeyboardMarkup:
    """"Send without a note" under the prompt; its data also tells a reply to the prompt which
    answer, which student and which message the answer goes to."""
    data = f"esc:skip:{answer_id}:{user_id}"
    if message and len(f"{data}:{message}".encode()) <= DATA_MAX:
        data = f"{data}:{message}"
    return InlineKeyboardMarkup([[InlineKeyboardButton(text("btn_skip", language),
                                                       callback_data=data)]])


def parse_skip(data: str | None) -> tuple[str, int, str] | None:
    """(answer id, student id, message to answer under or "") of a prompt's button data."""
    match = _SKIP.fullmatch(data or "")
    if match is None:
        return None
    return match.group("answer"), int(match.group("user")), match.group("message") or ""


def prompt_of(message: Message | None) -> tuple[str, int, str] | None:
    """What the prompt `message` (the bot's, with its keyboard) is about, or None."""
    markup = message.reply_markup if message is not None else None
    for row in markup.inline_keyboard if markup is not None else ():
        for button in row:
            found = parse_skip(button.callback_data if isinstance(button.callback_data, str)
                               else None)
            if found is not None:
                return found
    return None


def parse_card(data: str | None) -> tuple[str, str] | None:
    """(action, card id) of a card button, or None."""
    match = _CARD.fullmatch(data or "")
    return (match.group("action"), match.group("card")) if match else None


def card_keyboard(view: CardView | None) -> InlineKeyboardMarkup | None:
    """The card's buttons for its state: none once finished."""
    if view is None or not view.waiting:
        return None
    lang, card = view.language, view.id

    def button(key: str, action: str, **values: object) -> InlineKeyboardButton:
        return InlineKeyboardButton(text(key, lang, **values), callback_data=f"ta:{action}:{card}")

    notes = button("btn_notes_on" if view.add_to_notes else "btn_notes_off", "notes")
    if not view.has_draft:
        return InlineKeyboardMarkup([[button("btn_claim", "claim"), button("btn_close", "close")],
                                     [button("btn_material", "material")], [notes]])
    return InlineKeyboardMarkup([
        [button("btn_send", "send", count=view.students)],
        [button("btn_sign_on" if view.signed else "btn_sign_off", "sign")],
        [notes], [button("btn_close", "close")]])


class DeskPoster:
    """Sends the desk's messages with one bot; failures are logged (redacted), never raised,
    except where the caller must know (a card that could not be posted)."""

    def __init__(self, tadesk: TADesk, redact: Callable[[str], str] = lambda s: s) -> None:
        self.tadesk = tadesk
        self.redact = redact

    async def send(self, bot: Bot, chat: int | str, reply: Reply, *, reply_to: int | None = None,
                   markup: InlineKeyboardMarkup | None = None, thread: int | None = None
                   ) -> Message:
        """Every rendered part in order: the first quotes `reply_to`, the last carries
        `markup`; returns the last message (the one staff reply to and press)."""
        parts = render_reply(reply)
        sent: Message | None = None
        for index, part in enumerate(parts):
            quote = reply_to if index == 0 else None
            sent = await bot.send_message(
                chat_id=chat, text=part, parse_mode=ParseMode.HTML, message_thread_id=thread,
                reply_parameters=(ReplyParameters(quote, allow_sending_without_reply=True)
                                  if quote is not None else None),
                link_preview_options=LinkPreviewOptions(is_disabled=True),
                reply_markup=markup if index == len(parts) - 1 else None)
        assert sent is not None  # render_reply never returns an empty list
        return sent

    async def line(self, bot: Bot, chat: int | str, post: str, body: str, language: str) -> None:
        """One line under a card (claimed, joined, answered, reminder)."""
        if not body:
            return
        try:
            await self.send(bot, chat, desk_reply(body, "ta_line", language),
                            reply_to=_int(post))
        except TelegramError as err:
            logger.warning("posting under a TA card failed: %s", self.redact(str(err)))

    async def keyboard(self, bot: Bot, chat: int | str, message: int,
                       markup: InlineKeyboardMarkup | None,
                       shown: InlineKeyboardMarkup | bool | None = True) -> None:
        """Put `markup` under a card (or a draft notice) unless `shown` is it already."""
        if shown is not True and shown == markup:
            return
        try:
            await bot.edit_message_reply_markup(chat_id=chat, message_id=message,
                                                reply_markup=markup)
        except TelegramError as err:  # "message is not modified", or deleted meanwhile
            logger.info("updating a TA card's buttons failed: %s", self.redact(str(err)))

    async def deliver(self, bot: Bot, deliveries: tuple[Delivery, ...] | list[Delivery]
                      ) -> int:
        """Each student's copy under their question (else by DM), marked delivered once sent;
        what cannot be sent now stays leased and the sweep sends it later. Returns how many
        were sent."""
        done = 0
        for delivery in deliveries:
            if await self._deliver_one(bot, delivery):
                await self.tadesk.delivered(delivery.card_id, delivery.user_hash)
                done += 1
        return done

    async def _deliver_one(self, bot: Bot, delivery: Delivery) -> bool:
        targets = [(delivery.chat, _int(delivery.message))] if delivery.chat else []
        if delivery.user_id and delivery.user_id != delivery.chat:
            targets.append((delivery.user_id, None))  # the chat is gone, or the bot was removed
        for chat, reply_to in targets:
            try:
                await self.send(bot, chat, delivery.reply, reply_to=reply_to)
                return True
            except TelegramError as err:
                logger.warning("delivering a staff answer failed: %s", self.redact(str(err)))
        return False

    async def remind(self, bot: Bot, reminders: list[Reminder]) -> None:
        for reminder in reminders:
            await self.line(bot, reminder.desk.chat, reminder.post, reminder.text,
                            reminder.desk.language)


class TADeskSweep:
    """One sweep at start (what the last run left), then one every `every_s`, until stopped."""

    def __init__(self, poster: DeskPoster, every_s: float = TA_SWEEP_S) -> None:
        self.poster = poster
        self.every_s = every_s
        self._loop: Periodic | None = None

    async def run_once(self, bot: Bot) -> int:
        """Post the due reminders and send the due deliveries; how many deliveries were sent."""
        reminders, deliveries = await self.poster.tadesk.sweep(PLATFORM)
        await self.poster.remind(bot, reminders)
        sent = await self.poster.deliver(bot, deliveries)
        if reminders or deliveries:
            logger.info("TA desk sweep: %d reminder(s), %d of %d delivery(ies) sent",
                        len(reminders), sent, len(deliveries))
        return sent

    async def start(self, bot: Bot) -> None:
        self._loop = Periodic(lambda: self.run_once(bot), self.every_s, "telegram TA desk sweep",
                              lambda err: self.poster.redact(str(err)))
        self._loop.start()

    async def stop(self) -> None:
        if self._loop is not None:
            await self._loop.stop()


def _int(value: str) -> int | None:
    try:
        return int(value)
    except ValueError:
        return None
