"""The Discord TA desk fixtures (fake, app, tadesk, bot) for every test here."""
from tests.support.discord_ta import app, bot, fake, tadesk  # noqa: F401
