"""`/gaps` for staff on both platforms, through the real clients and the real app: a question
the course could not answer shows up in the chat's short report; students are refused."""
from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from core.insight.gaps_summary import summary
from core.insight.report import build_report
from tests.support import fake_telegram as tg
from tests.support.discord_desk import ask_in, command
from tests.support.discord_spaces import ADMIN as DISCORD_ADMIN
from tests.support.discord_spaces import add_course as add_discord_course
from tests.support.discord_spaces import (  # noqa: F401  (the Discord fixtures)
    app,
    bot,
    fake,
)
from tests.support.fake_discord import CHANNEL_ID
from tests.support.fake_embedder import HashingEmbedder
from tests.support.telegram_desk import (
    ADMIN,
    GROUP_A,
    STUDENT,
    TOKEN,
    Bot,
    add_course,
    in_group,
    make_app,
    text_of,
)

pytestmark = pytest.mark.integration
NOTES = ("# Heaps\n\nA binary heap keeps the smallest key at its root; insertion and removal take "
         "logarithmic time.\n")
UNCOVERED = "How do I configure a Kubernetes ingress controller for the cluster?"


async def test_discord_staff_see_the_gap_and_students_are_refused(fake, bot, app, tmp_path):  # noqa: F811
    await add_discord_course(app, tmp_path, "ALG", {"heaps.md": NOTES})
    await ask_in(fake, CHANNEL_ID, UNCOVERED)
    refused = await command(fake, "gaps")
    assert "Only staff" in refused["content"]
    shown = await command(fake, "gaps", {"days": 7}, **DISCORD_ADMIN)
    assert "ALG — last 7 days" in shown["content"] and "×1" in shown["content"]
    assert "Kubernetes ingress controller" in shown["content"]


@pytest.fixture
async def telegram(tmp_path: Path) -> AsyncIterator[Bot]:
    server = tg.FakeTelegram(TOKEN)
    server.admins = {GROUP_A: {ADMIN}}
    await server.start()
    running = Bot(server, await make_app(tmp_path))
    await running.adapter.start()
    yield running
    await running.close()
    await server.close()


async def test_telegram_staff_see_the_gap_and_students_are_refused(telegram, tmp_path):
    await add_course(telegram.app, tmp_path, "ALG", "heaps.md", NOTES)
    await telegram.say(in_group(f"/ask {UNCOVERED}", user=STUDENT))
    refused = await telegram.say(in_group("/gaps", user=STUDENT))
    assert "Only staff" in text_of(refused)
    shown = text_of(await telegram.say(in_group("/gaps 30")))
    assert "ALG — last 30 days" in shown and "Kubernetes ingress controller" in shown


@pytest.mark.parametrize("days", ["²", "٣", "-3", "0", "366", "week", "9" * 5000])
async def test_telegram_gaps_with_a_bad_days_value_gets_the_usage_line(telegram, days):
    reply = text_of(await telegram.say(in_group(f"/gaps {days}")))
    assert "Usage: /gaps [days]" in reply and "1 to 365" in reply  # not "something went wrong"


async def test_the_summary_without_gaps_says_so():
    report = await build_report([], HashingEmbedder(), course="ALG", days=7)
    text = summary(report, 7, "ar")
    assert "لا فجوات" in text and "ALG" in text
