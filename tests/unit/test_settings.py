"""Settings: seed defaults, validation that names the setting, one-line errors from the CLI."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from pydantic import ValidationError

from bot.settings import Settings, invalid_settings_line

ROOT = Path(__file__).resolve().parents[2]


def make(**values) -> Settings:
    return Settings(_env_file=None, **values)


def test_seed_defaults():
    rag = make().to_rag_config()
    assert (rag.high_threshold, rag.low_threshold, rag.simple_threshold, rag.keep_threshold) == (0.8, 0.2, 0.35, 0.5)
    assert (rag.max_retries, rag.top_k, rag.retrieve_multiplier, rag.final_context_n) == (2, 5, 3, 8)
    assert (rag.pool_max, rag.carry_max, rag.triage_timeout_s, rag.max_subqueries) == (50, 4, 15, 3)
    assert make().mistral_model == "ministral-8b-latest"
    assert make().jina_model == "jina-reranker-v2-base-multilingual"


@pytest.mark.parametrize(("values", "needle"), [
    ({"high_threshold": 1.5}, "Invalid setting HIGH_THRESHOLD"),
    ({"low_threshold": 0.9}, "LOW_THRESHOLD must be below HIGH_THRESHOLD"),
    ({"top_k": 0}, "Invalid setting TOP_K"),
    ({"course_store": "supabase"}, "SUPABASE_URL"),
    ({"journal_lease_s": 60, "reply_deadline_s": 60}, "JOURNAL_LEASE_S must exceed"),
])
def test_bad_values_are_named(values, needle):
    with pytest.raises(ValidationError) as err:
        make(**values)
    line = invalid_settings_line(err.value)
    assert needle in line and "\n" not in line


def test_secrets_are_masked_and_listed():
    s = make(telegram_token="123:SECRET", mistral_api_key="mk-SECRET")
    assert "SECRET" not in repr(s) and set(s.secrets()) == {"123:SECRET", "mk-SECRET"}


def test_unknown_env_keys_are_ignored(tmp_path, monkeypatch):
    (tmp_path / ".env").write_text("OTHER_TOOL_VAR=1\nTOP_K=7\n")
    monkeypatch.chdir(tmp_path)
    assert Settings().top_k == 7


def test_cli_reports_bad_setting_in_one_line_without_traceback(tmp_path):
    env = {"PATH": "/usr/bin:/bin", "HIGH_THRESHOLD": "2", "HOME": str(tmp_path)}
    out = subprocess.run([sys.executable, "-m", "bot", "ask", "hi"], cwd=tmp_path, env=env,
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 2
    assert out.stderr.strip().startswith("Invalid setting HIGH_THRESHOLD")
    assert "Traceback" not in out.stderr and len(out.stderr.strip().splitlines()) == 1


def test_discord_shard_ids_are_read_and_checked_against_the_count():
    from bot.settings import Settings

    settings = Settings(_env_file=None, discord_shard_count=4, discord_shard_ids="0, 2")
    assert settings.discord_shard_ids == [0, 2]
    for bad in ({"discord_shard_ids": "1"}, {"discord_shard_count": 2, "discord_shard_ids": "2"}):
        with pytest.raises(ValidationError, match="DISCORD_SHARD_IDS"):
            Settings(_env_file=None, **bad)
