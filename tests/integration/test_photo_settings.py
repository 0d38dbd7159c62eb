"""PHOTO_MAX_BYTES and the OCR settings reach the service's photo reader and every adapter that
takes photos (composed as `studybuddy run` composes them, not started)."""
from __future__ import annotations

import pytest

from bot.composition import AdapterSet, build_adapters
from bot.container import build_app
from bot.settings import load_settings

pytestmark = pytest.mark.integration


async def test_the_photo_limits_are_the_configured_ones(tmp_path):
    settings = load_settings(data_dir=tmp_path / "data", auto_ingest_sample=False,
                             wikipedia_enabled=False, arxiv_enabled=False, web_search="none",
                             photo_max_bytes=123_456, photo_max_pixels=2_000_000,
                             ocr_command="/opt/ocr/tesseract", ocr_languages="eng",
                             telegram_token="1:fake", discord_token="fake", http_port=0)
    app = await build_app(settings)
    try:
        adapters = {a.name: a for a in build_adapters(settings, app, AdapterSet.CONFIGURED)}
        reader = app.service.photos
        assert reader is not None
        limits = reader.limits
        assert (limits.max_bytes, limits.max_pixels) == (123_456, 2_000_000)
        assert (limits.ocr.command, limits.ocr.languages) == ("/opt/ocr/tesseract", "eng")
        assert adapters["telegram"].photos == limits
        assert adapters["discord"].photos == limits
        assert adapters["http"].photos == limits
    finally:
        await app.close()
