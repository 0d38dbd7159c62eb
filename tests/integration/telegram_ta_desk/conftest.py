"""The Telegram TA desk fixtures (server, max_open, open_bot, bot) for every test here."""
from tests.support.telegram_ta import bot, max_open, open_bot, server  # noqa: F401
