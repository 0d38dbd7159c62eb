"""Where every failure on Telegram ends (one PTB error handler: a redacted log and the chat's
apology), and what a failed start means, classified with isinstance on PTB's exceptions."""
from __future__ import annotations

import logging
import traceback
from collections.abc import Callable

from telegram import Update
from telegram.error import BadRequest, InvalidToken, NetworkError, TelegramError
from telegram.ext import ContextTypes

from adapters.telegram.convert import message_language
from adapters.telegram.replier import PtbApp, ReplierFor
from core.messages import Intent, Reply
from core.texts.platforms import TELEGRAM

logger = logging.getLogger(__name__)


def start_failure(exc: BaseException) -> str | None:
    """The operator's line for a start failure this package knows; None for anything else."""
    if isinstance(exc, InvalidToken):  # the server refused the token
        return "Telegram rejected the bot token; check TELEGRAM_TOKEN (from @BotFather)"
    # TimedOut is a NetworkError too; BadRequest is one in PTB but means the server answered.
    if isinstance(exc, NetworkError) and not isinstance(exc, BadRequest):
        return (f"cannot reach the Telegram Bot API ({type(exc).__name__}); check the network, "
                "or TELEGRAM_BASE_URL for a self-hosted server")
    return None


def add_error_hook(app: PtbApp, replier: ReplierFor, redact: Callable[[str], str]) -> None:
    """Make `on_error` PTB's error handler: every handler failure is logged with its
    traceback, secrets redacted, and the chat is told something went wrong."""

    async def on_error(update: object, context: ContextTypes.DEFAULT_TYPE) -> None:
        error = context.error
        # Rendered and redacted here, not left to handlers: an exception text can carry the
        # request URL, and with it the token, whatever filters the runner installed.
        details = "".join(traceback.format_exception(error)) if error else "no exception"
        logger.error("Telegram update failed:\n%s", redact(details))
        if not isinstance(update, Update) or update.effective_chat is None:
            return
        message = update.effective_message
        apology = TELEGRAM("error", message_language(message))
        try:
            await replier(update, context).send(Reply(text=apology, intent=Intent.NOTICE))
        except TelegramError as err:
            logger.warning("Could not send the error notice: %s", redact(str(err)))

    app.add_error_handler(on_error)
