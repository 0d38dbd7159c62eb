"""Logging configured once, at start: levels, quiet HTTP loggers, secrets redacted everywhere."""
from __future__ import annotations

import logging
import logging.handlers
import sys
from collections.abc import Iterable
from pathlib import Path

from adapters.logsafe import install_redaction, quiet_http_loggers

LOG_FILE = "studybuddy.log"  # in DATA_DIR, while the console chat has the terminal
LOG_FILE_BYTES = 5 * 2**20  # then rotated, three old files kept
FORMAT = "%(asctime)s %(levelname)-7s %(name)s: %(message)s"


def configure_logging(level: str, secrets: Iterable[str], log_file: Path | None = None) -> None:
    """Log at `level` to stderr, or to `log_file` (a terminal chat keeps the screen for the
    conversation); no record may carry a token or key (see reliability.md C4)."""
    root = logging.getLogger()
    for handler in list(root.handlers):
        root.removeHandler(handler)
    handler: logging.Handler
    if log_file is not None:
        log_file.parent.mkdir(parents=True, exist_ok=True)
        handler = logging.handlers.RotatingFileHandler(
            log_file, maxBytes=LOG_FILE_BYTES, backupCount=3, encoding="utf-8")
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


def _no_voice_notice(record: logging.LogRecord) -> bool:
    """discord.py warns at every start that voice support is missing; a study bot never speaks."""
    return "voice will NOT be supported" not in record.getMessage()
