"""`studybuddy run` as deployed: the real process, the real core on the embedded default, the real
python-telegram-bot against a local Bot API stand-in (TELEGRAM_BASE_URL). Typing first, then an
HTML reply with numbered sources; SIGTERM shuts it down cleanly."""
from __future__ import annotations

import asyncio
import os
import signal
import sys
from pathlib import Path

import pytest

from tests.support.fake_telegram import FakeTelegram, message

pytestmark = pytest.mark.integration
TOKEN = "424242:CANARY-end-to-end-token"


async def test_run_answers_a_telegram_dm_with_typing_then_cited_html(sample_store, tmp_path):
    fake = FakeTelegram(TOKEN)
    await fake.start()
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": str(tmp_path),
           "DATA_DIR": str(Path(sample_store.path).parent), "TELEGRAM_TOKEN": TOKEN,
           "TELEGRAM_BASE_URL": fake.base_url, "WIKIPEDIA_ENABLED": "false",
           "ARXIV_ENABLED": "false", "LOG_LEVEL": "DEBUG",
           "DEFAULT_COURSE": "BIO110"}  # the sample store holds two courses: say which answers
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot", "run", cwd=tmp_path, env=env,
        stdin=asyncio.subprocess.DEVNULL, stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE)
    try:
        await fake.wait_for("getUpdates", timeout=120)
        fake.push_update(message("Where does glycolysis happen?", chat_id=77))
        sent = await fake.wait_for("sendMessage", timeout=120)
        typing = fake.calls_to("sendChatAction")
        assert typing and typing[0].params["action"] == "typing"
        assert typing[0].at <= sent[0].at
        reply = sent[0].params
        assert reply["parse_mode"] == "HTML" and reply["chat_id"] == "77"
        assert "cytoplasm" in reply["text"] and "[1]" in reply["text"]
    finally:
        proc.send_signal(signal.SIGTERM)
        _, stderr = await asyncio.wait_for(proc.communicate(), 60)
        await fake.close()
    assert proc.returncode == 0, stderr.decode()[-2000:]
    logs = stderr.decode()
    assert "telegram adapter stopped" in logs
    assert TOKEN not in logs and TOKEN.split(":")[1] not in logs
