"""The composition root: the one place that decides what a Study Buddy process is made of.

`compose()` builds everything a command runs on: the app (bot/container.py's `build_app`, over
bot/chat_state.py's stores) and the adapters the command asks for. The operator's commands that
run beside a live bot (`docs`, `ingest`, `courses`, `report`) open only their slice of the same
wiring (`open_course_store`, `open_course_sharing`, `open_reports`): no sample-course ingestion,
no outside sources. Nothing else in bot/ picks a concrete class or opens a store.
"""
from __future__ import annotations

import sys
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import AsyncExitStack, asynccontextmanager
from dataclasses import dataclass, field
from enum import Enum
from typing import TYPE_CHECKING

from bot.settings import Settings

if TYPE_CHECKING:
    from adapters import Adapter
    from adapters.telegram.adapter import TelegramAdapter
    from bot.container import App, ProgressFactory
    from core.course.sharing import CourseSharing
    from core.insight.report import InstructorReports
    from core.ports import CourseStore, Embedder

INGEST_TIMEOUT_S = 60.0  # per store call: replacing a large document on Supabase takes a while


class AdapterSet(Enum):
    """Which adapters a command runs: none (ask, feedback, eval), the terminal chat, or every one
    the configuration enables (`studybuddy run`)."""

    NONE = "none"
    CONSOLE = "console"
    CONFIGURED = "configured"


@dataclass(frozen=True)
class ComposeOptions:
    """What `compose()` builds beyond the app itself."""

    adapters: AdapterSet = AdapterSet.NONE
    progress_factory: ProgressFactory | None = None  # bars for a first-run sample ingestion
    console_course: str | None = None  # `chat --course NAME`: the course the console starts on


@dataclass(frozen=True)
class ReportRoute:
    """GET /report on the HTTP adapter: the reports and the bearer token that opens them."""

    reports: InstructorReports
    token: str


@dataclass
class Bot:
    """A composed process: the app and its adapters (constructed, not started)."""

    app: App
    adapters: list[Adapter] = field(default_factory=list)

    async def close(self) -> None:
        await self.app.close()


@dataclass(frozen=True)
class StoreSession:
    """The course store and its embedder for one command; closed with `stack`."""

    store: CourseStore
    embedder: Embedder
    stack: AsyncExitStack


async def compose(settings: Settings, options: ComposeOptions = ComposeOptions()) -> Bot:
    """Build the app and the adapters `options` asks for; the one composition function."""
    from bot.container import build_app

    app = await build_app(settings, progress_factory=options.progress_factory)
    try:
        return Bot(app, build_adapters(settings, app, options.adapters,
                                       console_course=options.console_course))
    except BaseException:
        await app.close()
        raise


async def with_bot(settings: Settings, action: Callable[[Bot], Awaitable[int]],
                   adapters: AdapterSet = AdapterSet.NONE, *,
                   console_course: str | None = None) -> int:
    """Compose (with progress bars, should the sample course be ingested), run `action`, close."""
    from bot.progress import TqdmBars

    progress = TqdmBars("Ingesting sample course")
    try:
        bot = await compose(settings, ComposeOptions(adapters, progress, console_course))
    finally:
        progress.close()
    try:
        return await action(bot)
    finally:
        await bot.close()


def build_adapters(settings: Settings, app: App, which: AdapterSet, *,
                   console_course: str | None = None) -> list[Adapter]:
    """The adapters `which` names, constructed but not started."""
    if which is AdapterSet.NONE:
        return []
    if which is AdapterSet.CONSOLE:
        return [console_adapter(settings, app, log_to_file=True, course=console_course)]
    adapters: list[Adapter] = []
    if settings.discord_token and settings.discord_token.get_secret_value():
        from adapters.discord.adapter import DiscordAdapter
        from bot.container import photo_limits

        adapters.append(DiscordAdapter(app.service, settings.discord_token.get_secret_value(),
                                       sync_commands=settings.discord_sync_commands,
                                       guild_id=settings.discord_guild_id,
                                       desk=app.desk, staff_role=settings.discord_staff_role,
                                       shard_count=settings.discord_shard_count,
                                       shard_ids=settings.discord_shard_ids,
                                       operator_ids=settings.discord_operator_ids,
                                       photos=photo_limits(settings),
                                       practice=app.practice, tadesk=app.tadesk))
    telegram = telegram_adapter(settings, app)
    if settings.http_port is not None:
        from adapters.http import HttpAdapter
        from bot.container import photo_limits

        # In webhook mode the HTTP server receives Telegram's updates: it starts first.
        routes = [telegram.webhook_route()] if telegram and telegram.webhook else []
        report = report_route(settings, app)
        adapters.append(HttpAdapter(app.service, host=settings.http_host, port=settings.http_port,
                                    max_question_chars=settings.max_question_chars,
                                    routes=routes, metrics=app.metrics,
                                    reports=report.reports if report else None,
                                    report_token=report.token if report else None,
                                    photos=photo_limits(settings)))
    if telegram is not None:
        adapters.append(telegram)
    # No platform token: the console, so `make run` works for anyone (also beside HTTP on a tty).
    http_only = settings.http_port is not None and len(adapters) == 1
    if not adapters or (http_only and sys.stdin.isatty()):
        alone = not adapters  # then the log goes to a file, not this terminal (bot/cli.py)
        adapters.append(console_adapter(settings, app, log_to_file=alone))
    return adapters


def telegram_adapter(settings: Settings, app: App) -> TelegramAdapter | None:
    """The Telegram adapter when TELEGRAM_TOKEN is set (with its webhook when configured)."""
    if not (settings.telegram_token and settings.telegram_token.get_secret_value()):
        return None
    from adapters.telegram.adapter import TelegramAdapter
    from adapters.telegram.journal_sweep import sweep_interval
    from adapters.telegram.webhook import Webhook
    from bot.container import photo_limits

    webhook = None
    if settings.telegram_webhook_url and settings.telegram_webhook_secret:
        webhook = Webhook(settings.telegram_webhook_url,
                          settings.telegram_webhook_secret.get_secret_value())
    return TelegramAdapter(app.service, settings.telegram_token.get_secret_value(),
                           settings.telegram_base_url, journal=app.journal,
                           desk=app.desk, staff_ids=settings.telegram_staff_ids,
                           base_file_url=settings.telegram_base_file_url,
                           webhook=webhook,
                           journal_sweep_s=sweep_interval(settings.journal_lease_s),
                           photos=photo_limits(settings),
                           practice=app.practice, tadesk=app.tadesk)


def console_adapter(settings: Settings, app: App, *, log_to_file: bool,
                    course: str | None = None) -> Adapter:
    """The terminal chat; alone on the terminal, the log goes to DATA_DIR/studybuddy.log."""
    from adapters.console import ConsoleAdapter
    from bot.container import photo_limits
    from bot.logging_setup import LOG_FILE

    return ConsoleAdapter(app.service, spaces=app.desk.spaces, photos=photo_limits(settings),
                          log_path=str(settings.data_dir / LOG_FILE) if log_to_file else None,
                          course=course)


def report_route(settings: Settings, app: App) -> ReportRoute | None:
    """GET /report for the HTTP adapter: none unless REPORT_TOKEN is set."""
    token = settings.report_token.get_secret_value() if settings.report_token else ""
    if not token:
        return None
    from core.escalation.notes import StaffNotes
    from core.insight.report import InstructorReports

    practice = app.practice.store if app.practice else None
    escalations = app.tadesk.store if app.tadesk else None
    return ReportRoute(InstructorReports(app.actions.store, app.embedder, practice,
                                         escalations=escalations,
                                         staff=StaffNotes(app.store, app.embedder)), token)


@asynccontextmanager
async def open_course_store(settings: Settings) -> AsyncIterator[StoreSession]:
    """The course store alone (`docs`, `ingest`), with the longer timeout ingestion needs."""
    from bot.container import build_embedder, build_store
    from bot.http_client import http_client

    async with AsyncExitStack() as stack, http_client(settings) as client:
        embedder = build_embedder(settings, client)
        store = await build_store(settings, embedder, stack, timeout_s=INGEST_TIMEOUT_S)
        yield StoreSession(store, embedder, stack)


@asynccontextmanager
async def open_course_sharing(settings: Settings) -> AsyncIterator[CourseSharing]:
    """Course owners, spaces and shares over the course store (`courses`)."""
    from bot.chat_state import build_access, build_space_store
    from bot.container import SAMPLE_COURSE_NAME
    from core.course.sharing import CourseSharing
    from core.course.spaces import CourseSpaces

    async with open_course_store(settings) as opened:
        stack = opened.stack
        spaces = CourseSpaces(await build_space_store(settings, stack), opened.store,
                              await build_access(settings, stack, SAMPLE_COURSE_NAME),
                              sample_course=SAMPLE_COURSE_NAME)
        yield CourseSharing(spaces)


@asynccontextmanager
async def open_reports(settings: Settings) -> AsyncIterator[InstructorReports]:
    """The stores a report reads (`report`: outcomes, quiz answers, TA desk cards, staff
    answers) and the embedder, without the bot, so a report can be made beside a running one."""
    from bot.chat_state import build_escalation_store, build_outcomes, build_practice_store
    from bot.container import build_embedder, build_store
    from bot.http_client import http_client
    from core.escalation.notes import StaffNotes
    from core.insight.report import InstructorReports

    async with AsyncExitStack() as stack, http_client(settings) as client:
        actions = await build_outcomes(settings, stack)
        embedder = build_embedder(settings, client)
        store = await build_store(settings, embedder, stack)
        yield InstructorReports(actions.store, embedder,
                                await build_practice_store(settings, stack),
                                escalations=await build_escalation_store(settings, stack),
                                staff=StaffNotes(store, embedder))
