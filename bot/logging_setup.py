"""Logging configured once, at start: levels, quiet HTTP loggers, secrets redacted everywhere."""
from __future__ import annotations

import io
import logging
import logging.handlers
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from adapters.logsafe import install_redaction, quiet_http_loggers
from core.stores.private_files import PRIVATE_FILE, open_private, private_dir, tighten

LOG_FILE = "studybuddy.log"  # in DATA_DIR, while the console chat has the terminal
LOG_FILE_BYTES = 5 * 2**20  # then rotated, three old files kept
BACKUPS = 3
FORMAT = "%(asctime)s %(levelname)-7s %(name)s: %(message)s"


def configure_logging(level: str, secrets: Iterable[str], log_file: Path | None = None) -> None:
    """Log at `level` to stderr, or to `log_file` (a terminal chat keeps the screen for the
    conversation); no record may carry a token or key (see reliability.md C4)."""
    root = logging.getLogger()
    for old in list(root.handlers):
        root.removeHandler(old)
    handler: logging.Handler
    if log_file is not None:
        private_dir(log_file.parent)  # DATA_DIR
        handler = PrivateLogFile(log_file, maxBytes=LOG_FILE_BYTES, backupCount=BACKUPS,
                                 encoding="utf-8")
    else:
        handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter(FORMAT))
    root.addHandler(handler)
    root.setLevel(level)
    quiet_http_loggers()
    for name in ("discord", "telegram", "aiosqlite"):
        logging.getLogger(name).setLevel(max(logging.getLevelName(level), logging.INFO)
                                         if name != "aiosqlite" else logging.WARNING)
    logging.getLogger("discord.client").addFilter(_no_voice_notice)
    install_redaction(secrets, root)


class PrivateLogFile(logging.handlers.RotatingFileHandler):
    """The log file, and each one rotation starts, 0600: log lines quote student questions.
    Rotated files keep the mode (a rename); old ones from a looser run are tightened here."""

    def __init__(self, filename: Path, **options: Any) -> None:
        super().__init__(filename, **options)
        for n in range(1, BACKUPS + 1):
            tighten(Path(f"{filename}.{n}"), PRIVATE_FILE)

    def _open(self) -> io.TextIOWrapper:
        return open_private(Path(self.baseFilename), self.mode, self.encoding or "utf-8",
                            self.errors)


def _no_voice_notice(record: logging.LogRecord) -> bool:
    """discord.py warns at every start that voice support is missing; a study bot never speaks."""
    return "voice will NOT be supported" not in record.getMessage()
