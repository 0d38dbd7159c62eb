"""The Discord course-space fixtures (app, bot, fake, two_courses) for every test here."""
from tests.support.discord_spaces import app, bot, fake, two_courses  # noqa: F401
