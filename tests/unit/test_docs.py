"""The README and .env.example stay honest: every setting documented, the graph picture current."""
from __future__ import annotations

from pathlib import Path

from bot.settings import Settings
from core.rag.graph import mermaid

ROOT = Path(__file__).resolve().parents[2]


def test_every_setting_is_in_env_example_and_readme():
    env_example = (ROOT / ".env.example").read_text(encoding="utf-8")
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for name in Settings.model_fields:
        assert f"{name.upper()}=" in env_example, name
        assert f"`{name.upper()}`" in readme, name


def test_readme_graph_matches_the_compiled_graph():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert mermaid().strip() in readme
