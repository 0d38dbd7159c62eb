"""Serving a fake platform or proxy (an aiohttp app) on a free loopback port."""
from __future__ import annotations

from typing import Any

from aiohttp import web


async def serve(app: web.Application, **runner_options: Any) -> tuple[web.AppRunner, int]:
    """Start `app` on 127.0.0.1 with a port the OS picks; (runner to clean up, port)."""
    runner = web.AppRunner(app, **runner_options)
    await runner.setup()
    await web.TCPSite(runner, "127.0.0.1", 0).start()
    return runner, runner.addresses[0][1]
