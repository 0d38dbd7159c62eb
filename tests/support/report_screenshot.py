"""Makes docs/report.png, the README's picture of the instructor report: the bundled sample course
ingested into a throw-away store, a week of CS101 questions asked through the real service
(report_scenario), and the page rendered and photographed in headless Chromium.

    .venv/bin/python -m tests.support.report_screenshot docs/report.png
"""
from __future__ import annotations

import asyncio
import sys
import tempfile
from pathlib import Path

WIDTH = 1000


async def make(target: Path) -> None:
    from playwright.async_api import async_playwright

    from adapters.report_page import render_html
    from bot.chat_state import database_path
    from bot.container import SAMPLE_COURSE, build_app
    from bot.settings import load_settings
    from core.ingest.pipeline import ingest_paths
    from core.insight.report import InstructorReports
    from tests.support.browser import chromium_path
    from tests.support.report_scenario import COURSE, TURNS, backdate, play

    with tempfile.TemporaryDirectory() as tmp:
        settings = load_settings(data_dir=Path(tmp), auto_ingest_sample=False,
                                 wikipedia_enabled=False, arxiv_enabled=False,
                                 rate_limit_per_minute=600)
        app = await build_app(settings)
        try:
            await ingest_paths([SAMPLE_COURSE], app.store, app.embedder)
            replies = await play(app)
            backdate(database_path(settings), {str(r.answer_id): t.days_ago
                                               for t, r in zip(TURNS, replies, strict=True)})
            report = await InstructorReports(app.actions.store, app.embedder).build(course=COURSE)
        finally:
            await app.close()
        page_file = Path(tmp) / "report.html"
        page_file.write_text(render_html(report), encoding="utf-8")
        async with async_playwright() as driver:
            browser = await driver.chromium.launch(executable_path=chromium_path(),
                                                   args=["--no-sandbox"])
            page = await browser.new_page(viewport={"width": WIDTH, "height": 800})
            await page.goto(page_file.as_uri())
            png = Path(tmp) / "full.png"
            await page.screenshot(path=str(png), full_page=True)
            await browser.close()
        _shrink(png, target)


def _shrink(source: Path, target: Path) -> None:
    """A palette PNG: flat colours and text stay sharp at a fraction of the size. Median cut
    merged the chart's blue (📖) into its purple (⚠) at 128 colours; the fast octree method
    keeps every chart colour apart at 256."""
    from PIL import Image

    with Image.open(source) as image:
        image.convert("RGB").quantize(colors=256, method=Image.Quantize.FASTOCTREE).save(
            target, optimize=True)
    print(f"wrote {target} ({target.stat().st_size // 1024} KB)")


if __name__ == "__main__":
    asyncio.run(make(Path(sys.argv[1] if len(sys.argv) > 1 else "docs/report.png")))
