"""The wheel an operator installs holds what the bot reads at run time (migrations, the sample
course) and nothing it does not ship (tests, benchmarks)."""
from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

import migrations

pytestmark = pytest.mark.integration
ROOT = Path(__file__).resolve().parents[2]


def test_the_wheel_carries_migrations_and_the_sample_course(tmp_path):
    built = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-build-isolation",
         "-w", str(tmp_path), str(ROOT)], capture_output=True, text=True, timeout=600)
    assert built.returncode == 0, built.stderr[-2000:]
    [wheel] = tmp_path.glob("studybuddy-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    for kind in ("sqlite", "supabase"):
        for sql in (ROOT / "migrations" / kind).glob("*.sql"):
            assert f"migrations/{kind}/{sql.name}" in names
    assert any(n.startswith("bot/sample_course/") and n.endswith(".md") for n in names)
    assert not any(n.startswith(("tests/", "bench/")) for n in names)


def test_migrations_are_found_beside_their_package_not_the_checkout():
    assert migrations.directory("sqlite") == Path(migrations.__file__).parent / "sqlite"
    assert any(migrations.directory("supabase").glob("*.sql"))
