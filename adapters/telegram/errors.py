"""Where every failure on Telegram ends, and what a failed start means, classified here with
isinstance on python-telegram-bot's own exceptions."""
from __future__ import annotations

from telegram.error import BadRequest, InvalidToken, NetworkError


def start_failure(exc: BaseException) -> str | None:
    """The operator's line for a start failure this package knows; None for anything else."""
    if isinstance(exc, InvalidToken):  # the server refused the token
        return "Telegram rejected the bot token; check TELEGRAM_TOKEN (from @BotFather)"
    # TimedOut is a NetworkError too; BadRequest is one in PTB but means the server answered.
    if isinstance(exc, NetworkError) and not isinstance(exc, BadRequest):
        return (f"cannot reach the Telegram Bot API ({type(exc).__name__}); check the network, "
                "or TELEGRAM_BASE_URL for a self-hosted server")
    return None
