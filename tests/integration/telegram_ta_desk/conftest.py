"""The Telegram TA desk fixtures (telegram_admins for the shared server, max_open, open_bot, bot)
for every test here."""
from tests.support.telegram_ta import bot, max_open, open_bot, telegram_admins  # noqa: F401
