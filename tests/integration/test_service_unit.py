"""The systemd unit the README points to is one systemd accepts (checked where systemd-analyze
exists, with the paths pointed at this checkout)."""
from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

pytestmark = pytest.mark.integration
ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.skipif(shutil.which("systemd-analyze") is None, reason="no systemd-analyze here")
def test_the_unit_file_verifies(tmp_path):
    unit = (ROOT / "docs" / "studybuddy.service").read_text(encoding="utf-8")
    assert "ExecStart=/opt/studybuddy/.venv/bin/studybuddy run" in unit
    here = tmp_path / "studybuddy.service"
    here.write_text(unit.replace("/opt/studybuddy", str(ROOT)), encoding="utf-8")
    assert (ROOT / ".venv" / "bin" / "studybuddy").exists()
    checked = subprocess.run(["systemd-analyze", "verify", str(here)], capture_output=True,
                             text=True, timeout=60)
    assert checked.returncode == 0, checked.stderr
    assert "studybuddy.service" not in checked.stderr, checked.stderr  # no warning about it
