"""Runs every configured adapter in one process and one event loop until Ctrl-C / SIGTERM.

Tokens present -> Discord / Telegram; HTTP_PORT -> POST /ask; no platform token -> the console.
"""
from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
import sys

from adapters import Adapter, StartFailed
from bot.container import App
from bot.logging_setup import LOG_FILE
from bot.settings import Settings

log = logging.getLogger(__name__)


def build_adapters(settings: Settings, app: App) -> list[Adapter]:
    """The adapters this configuration enables, constructed but not started."""
    adapters: list[Adapter] = []
    if settings.discord_token and settings.discord_token.get_secret_value():
        from adapters.discord.adapter import DiscordAdapter

        adapters.append(DiscordAdapter(app.service, settings.discord_token.get_secret_value(),
                                       sync_commands=settings.discord_sync_commands,
                                       guild_id=settings.discord_guild_id,
                                       desk=app.desk, staff_role=settings.discord_staff_role,
                                       shard_count=settings.discord_shard_count,
                                       shard_ids=settings.discord_shard_ids,
                                       operator_ids=settings.discord_operator_ids))
    telegram = None
    if settings.telegram_token and settings.telegram_token.get_secret_value():
        from adapters.telegram.adapter import TelegramAdapter
        from adapters.telegram.journal_sweep import sweep_interval
        from adapters.telegram.webhook import Webhook

        webhook = None
        if settings.telegram_webhook_url and settings.telegram_webhook_secret:
            webhook = Webhook(settings.telegram_webhook_url,
                              settings.telegram_webhook_secret.get_secret_value())
        telegram = TelegramAdapter(app.service, settings.telegram_token.get_secret_value(),
                                   settings.telegram_base_url, journal=app.journal,
                                   desk=app.desk, staff_ids=settings.telegram_staff_ids,
                                   base_file_url=settings.telegram_base_file_url,
                                   webhook=webhook,
                                   journal_sweep_s=sweep_interval(settings.journal_lease_s))
    if settings.http_port is not None:
        from adapters.http import HttpAdapter
        from bot.report_cli import http_report_options

        # In webhook mode the HTTP server receives Telegram's updates: it starts first.
        routes = [telegram.webhook_route()] if telegram and telegram.webhook else []
        adapters.append(HttpAdapter(app.service, host=settings.http_host, port=settings.http_port,
                                    max_question_chars=settings.max_question_chars,
                                    routes=routes, metrics=app.metrics,
                                    **http_report_options(settings, app)))
    if telegram is not None:
        adapters.append(telegram)
    # No platform token: the console, so `make run` works for anyone (also beside HTTP on a tty).
    http_only = settings.http_port is not None and len(adapters) == 1
    if not adapters or (http_only and sys.stdin.isatty()):
        from adapters.console import ConsoleAdapter

        alone = not adapters  # then the log goes to a file, not this terminal (bot/cli.py)
        adapters.append(ConsoleAdapter(app.service, spaces=app.desk.spaces,
                                       log_path=str(settings.data_dir / LOG_FILE) if alone
                                       else None))
    return adapters


async def run_adapters(adapters: list[Adapter]) -> None:
    """Start all adapters, wait for a signal (or the console to finish), stop in reverse order."""
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError, RuntimeError):
            loop.add_signal_handler(sig, stop.set)
    started: list[Adapter] = []
    try:
        for adapter in adapters:
            try:
                await adapter.start()
            except Exception as exc:
                log.debug("starting the %s adapter failed", adapter.name, exc_info=True)
                raise StartFailed(adapter.name, exc) from None
            started.append(adapter)
            log.info("%s adapter started", adapter.name)
        waiters = [asyncio.create_task(stop.wait())]
        waiters += [asyncio.create_task(a.finished.wait())
                    for a in started if a.finished is not None]
        await asyncio.wait(waiters, return_when=asyncio.FIRST_COMPLETED)
        for waiter in waiters:
            waiter.cancel()
    finally:
        for adapter in reversed(started):
            try:
                await adapter.stop()
                log.info("%s adapter stopped", adapter.name)
            except Exception:
                log.exception("stopping the %s adapter failed", adapter.name)
        for sig in (signal.SIGINT, signal.SIGTERM):
            with contextlib.suppress(NotImplementedError, RuntimeError):
                loop.remove_signal_handler(sig)
