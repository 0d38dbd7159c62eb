"""The wheel an operator installs holds what the bot reads at run time (migrations, the sample
course) and nothing it does not ship (tests, benchmarks), and works installed on its own."""
from __future__ import annotations

import json
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

import migrations

pytestmark = pytest.mark.integration
ROOT = Path(__file__).resolve().parents[2]


def build_wheel(out: Path) -> Path:
    built = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-build-isolation",
         "-w", str(out), str(ROOT)], capture_output=True, text=True, timeout=600)
    assert built.returncode == 0, built.stderr[-2000:]
    [wheel] = out.glob("studybuddy-*.whl")
    return wheel


def test_the_wheel_carries_migrations_and_the_sample_course(tmp_path):
    wheel = build_wheel(tmp_path)
    names = set(zipfile.ZipFile(wheel).namelist())
    for kind in ("sqlite", "supabase"):
        for sql in (ROOT / "migrations" / kind).glob("*.sql"):
            assert f"migrations/{kind}/{sql.name}" in names
    assert any(n.startswith("bot/sample_course/") and n.endswith(".md") for n in names)
    assert not any(n.startswith(("tests/", "bench/")) for n in names)


def test_migrations_are_found_beside_their_package_not_the_checkout():
    assert migrations.directory("sqlite") == Path(migrations.__file__).parent / "sqlite"
    assert any(migrations.directory("supabase").glob("*.sql"))


def test_the_installed_wheel_answers_from_another_folder(tmp_path):
    """A fresh venv with only the wheel installed (its dependencies borrowed from this venv's
    site-packages, so nothing is downloaded) runs `studybuddy ask` far from the checkout."""
    wheel = build_wheel(tmp_path / "dist")
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True,
                   timeout=120)
    python = venv / "bin" / "python"
    ours = next(Path(p) for p in sys.path if p.endswith("site-packages"))
    theirs = Path(subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig."
                                  "get_paths()['purelib'])"], capture_output=True, text=True,
                                 check=True).stdout.strip())
    (theirs / "borrowed-dependencies.pth").write_text(f"{ours}\n", encoding="utf-8")
    installed = subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "install",
                                "--quiet", "--no-deps", "--no-index", str(wheel)],
                               capture_output=True, text=True, timeout=300)
    assert installed.returncode == 0, installed.stderr[-2000:]
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    env = {"PATH": "/usr/bin:/bin", "HOME": str(elsewhere), "DATA_DIR": str(elsewhere / "data"),
           "WIKIPEDIA_ENABLED": "false", "ARXIV_ENABLED": "false"}
    where = subprocess.run([str(python), "-c", "import bot, migrations; print(bot.__file__); "
                            "print(migrations.directory('sqlite'))"], cwd=elsewhere, env=env,
                           capture_output=True, text=True, check=True).stdout
    assert str(ROOT) not in where and str(theirs) in where  # the wheel, not this checkout
    asked = subprocess.run([str(venv / "bin" / "studybuddy"), "ask", "--json",
                            "What is a hash table?"], cwd=elsewhere, env=env,
                           capture_output=True, text=True, timeout=600)
    assert asked.returncode == 0, asked.stderr[-2000:]
    reply = json.loads(asked.stdout)
    assert reply["citations"] and reply["citations"][0]["source_type"] == "course"
