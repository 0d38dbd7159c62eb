"""`studybuddy run` when a platform refuses or cannot be reached: one line naming the problem,
exit code 2, and never the token (python-telegram-bot puts it in URLs and error texts)."""
from __future__ import annotations

import asyncio
import os
import socket
import sys

import pytest

from tests.support.fake_telegram import FakeTelegram

pytestmark = pytest.mark.integration
TOKEN = "424242:CANARY-startup-token-value"


async def run(tmp_path, **env: str) -> tuple[int, str]:
    base = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": str(tmp_path),
            "DATA_DIR": str(tmp_path / "data"), "AUTO_INGEST_SAMPLE": "false",
            "WIKIPEDIA_ENABLED": "false", "ARXIV_ENABLED": "false"}
    proc = await asyncio.create_subprocess_exec(
        # faulthandler: a crash (once, exit -11 under a loaded CI machine) shows its traceback
        sys.executable, "-X", "faulthandler", "-m", "bot", "run", cwd=tmp_path, env=base | env,
        stdin=asyncio.subprocess.DEVNULL, stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE)
    _, stderr = await asyncio.wait_for(proc.communicate(), 120)
    assert proc.returncode is not None
    return proc.returncode, stderr.decode()


def closed_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def assert_one_secret_free_line(stderr: str, expected: str) -> None:
    lines = [line for line in stderr.splitlines() if line.strip()]
    assert lines == [lines[-1]] and lines[-1].startswith("error: "), stderr
    assert expected in lines[-1]
    assert TOKEN not in stderr and TOKEN.split(":")[1] not in stderr


async def test_an_unreachable_bot_api_is_one_line(tmp_path):
    # No "/bot" on purpose: the token must not end up in the URL's port.
    code, stderr = await run(tmp_path, TELEGRAM_TOKEN=TOKEN,
                             TELEGRAM_BASE_URL=f"http://127.0.0.1:{closed_port()}")
    assert code == 2, stderr
    assert_one_secret_free_line(stderr, "cannot reach the Telegram Bot API")


async def test_a_rejected_token_is_one_line(tmp_path):
    fake = FakeTelegram("999999:the-token-the-server-knows")
    await fake.start()
    try:
        code, stderr = await run(tmp_path, TELEGRAM_TOKEN=TOKEN, TELEGRAM_BASE_URL=fake.base_url)
    finally:
        await fake.close()
    assert code == 2, stderr
    assert_one_secret_free_line(stderr, "Telegram rejected the bot token")


async def test_a_missing_embedding_key_is_a_settings_line(tmp_path):
    code, stderr = await run(tmp_path, EMBEDDER="mistral")
    assert code == 2 and stderr.strip() == "Invalid settings: EMBEDDER=mistral needs MISTRAL_API_KEY"
