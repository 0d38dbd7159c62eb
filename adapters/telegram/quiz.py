"""/quiz, /review and /quiz stats on Telegram: each item is a quiz poll (sendPoll type=quiz,
correct_option_ids — Bot API 9.6's successor of correct_option_id — and an explanation), never
anonymous, so every poll_answer scores the student who gave it. A group gets all the items at
once and everyone answers; a private chat gets the next item after each answer. The poll id ->
item mapping is stored (PracticeService.bind), so answers to polls sent before a restart still
count."""
from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Literal, cast

from telegram import Update
from telegram.constants import PollType
from telegram.error import TelegramError
from telegram.ext import CommandHandler, ContextTypes, PollAnswerHandler, filters

from adapters.telegram.convert import PLATFORM, is_direct, language_hint, spaces_of
from adapters.telegram.replier import PtbApp
from core.ports.practice import QuizItem
from core.practice.practice import PracticeService
from core.texts.practice import text

logger = logging.getLogger(__name__)
Context = ContextTypes.DEFAULT_TYPE
EXPLANATION_MAX = 200  # Bot API limit (and at most 2 line feeds)
QUESTION_MAX, OPTION_MAX = 300, 100
RightIndex = Literal[0, 1, 2, 3]  # items have 3-4 options


def poll_explanation(item: QuizItem) -> str:
    """The explanation shown when a quiz poll is answered, cut to 200 characters by shortening
    the quoted sentence at a word (the right option and the citation always stay)."""
    page_word = text("slide" if item.source.unit == "slide" else "page", item.language)
    source = item.source.label(page_word)
    full = text("explanation", item.language, right=item.right, quote=item.quote, source=source)
    if len(full) <= EXPLANATION_MAX:
        return full
    room = EXPLANATION_MAX - (len(full) - len(item.quote)) - 1
    quote = item.quote[:max(room, 0)].rsplit(" ", 1)[0].rstrip(" ,;:،") + "…" if room > 10 else "…"
    cut = text("explanation", item.language, right=item.right, quote=quote, source=source)
    if len(cut) <= EXPLANATION_MAX:
        return cut
    return text("explanation", item.language, right=item.right, quote="…",
                source=source)[:EXPLANATION_MAX - 1] + "…"


def add_quiz_commands(app: PtbApp, practice: PracticeService, redact: Callable[[str], str]
                      ) -> TelegramQuiz:
    """Register /quiz, /review and quiz poll answers on the application."""
    quiz = TelegramQuiz(practice, redact)
    app.add_handlers(quiz.handlers())
    return quiz


def _cut(value: str, limit: int) -> str:
    return value if len(value) <= limit else value[:limit - 1].rsplit(" ", 1)[0] + "…"


class TelegramQuiz:
    """The PTB callbacks of /quiz, /review and poll answers."""

    def __init__(self, practice: PracticeService, redact: Callable[[str], str]) -> None:
        self.practice = practice
        self.redact = redact

    def handlers(self) -> list[CommandHandler[Context, None] | PollAnswerHandler[Context, None]]:
        new = filters.UpdateType.MESSAGE
        return [CommandHandler("quiz", self.on_quiz, filters=new),
                CommandHandler("review", self.on_review, filters=new),
                PollAnswerHandler(self.on_poll_answer)]

    async def on_quiz(self, update: Update, context: Context) -> None:
        message, user = update.effective_message, update.effective_user
        if message is None or user is None or user.is_bot:
            return
        args = " ".join(context.args or [])
        hint = language_hint(message)
        if args.split()[:1] == ["stats"]:
            stats = await self.practice.stats(PLATFORM, str(user.id), language_hint=hint)
            await message.reply_text(stats)
            return
        turn = await self.practice.quiz(PLATFORM, str(user.id), str(message.chat_id), args,
                                        spaces=spaces_of(message), group=not is_direct(message),
                                        language_hint=hint)
        await message.reply_text(turn.text)
        for item in turn.items:
            await self.send(context, message.chat_id, item, turn.session_id)

    async def on_review(self, update: Update, context: Context) -> None:
        message, user = update.effective_message, update.effective_user
        if message is None or user is None or user.is_bot:
            return
        turn = await self.practice.review(PLATFORM, str(user.id), str(message.chat_id),
                                          language_hint=language_hint(message),
                                          group=not is_direct(message))
        await message.reply_text(turn.text)
        for item in turn.items:
            await self.send(context, message.chat_id, item, turn.session_id)

    async def send(self, context: Context, chat_id: int | str, item: QuizItem,
                   session_id: str) -> None:
        """One item as a quiz poll; its poll id is stored before any answer can arrive."""
        sent = await context.bot.send_poll(
            chat_id, _cut(item.question, QUESTION_MAX), [_cut(o, OPTION_MAX) for o in item.options],
            is_anonymous=False, type=PollType.QUIZ,
            correct_option_ids=cast(list[RightIndex], [item.answer]),
            explanation=poll_explanation(item))
        if sent.poll is not None:
            await self.practice.bind(f"{PLATFORM}:{sent.poll.id}", item.id, session_id)

    async def on_poll_answer(self, update: Update, context: Context) -> None:
        """A student answered one of our quiz polls: score it; in a DM send the next item."""
        answer = update.poll_answer
        if answer is None or answer.user is None or not answer.option_ids:
            return  # a retracted vote (no options) changes nothing
        prompt = await self.practice.prompt(f"{PLATFORM}:{answer.poll_id}")
        if prompt is None:
            logger.info("an answer to an unknown poll was ignored")
            return
        result = await self.practice.answer(PLATFORM, str(answer.user.id), prompt.session_id,
                                            prompt.item_id, answer.option_ids[0],
                                            language_hint=answer.user.language_code)
        try:
            if result.next_item is not None:
                await self.send(context, result.chat, result.next_item, prompt.session_id)
            elif result.done:
                await context.bot.send_message(result.chat, result.done)
        except TelegramError as err:
            logger.warning("sending the next quiz item failed: %s", self.redact(str(err)))
