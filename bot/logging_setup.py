"""Logging configured once, at start: levels, quiet HTTP loggers, secrets redacted everywhere."""
from __future__ import annotations

import logging
import sys
from collections.abc import Iterable

from adapters.logsafe import install_redaction, quiet_http_loggers

FORMAT = "%(asctime)s %(levelname)-7s %(name)s: %(message)s"


def configure_logging(level: str, secrets: Iterable[str]) -> None:
    """Log to stderr at `level`; no record may carry a token or key (see reliability.md C4)."""
    root = logging.getLogger()
    for handler in list(root.handlers):
        root.removeHandler(handler)
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
