"""Keep secrets out of logs: quiet the HTTP client loggers and redact secrets from records.

httpx logs every request URL at INFO and the Telegram bot token is part of that URL path,
which is a well-known way bot tokens leak into logs. A filter
on a *handler* sees every record that reaches it, whichever logger emitted it; a filter on a
logger would only see that logger's own records, so `install_redaction` attaches to handlers.
"""
from __future__ import annotations

import logging
from collections.abc import Callable, Iterable
from urllib.parse import quote

MASK = "***"
HTTP_LOGGERS = ("httpx", "httpcore")
_FORMATTER = logging.Formatter()


def quiet_http_loggers(level: int = logging.WARNING) -> None:
    """Stop httpx/httpcore from logging request lines (they carry tokens in URLs)."""
    for name in HTTP_LOGGERS:
        logging.getLogger(name).setLevel(level)


class RedactSecrets(logging.Filter):
    """Replace every secret (and its URL-encoded form) in a record's text with '***'.

    The message is formatted once and frozen (args cleared) only when it contains a secret, and
    an exception's text is rendered here so the formatter prints the redacted version; the
    exception object itself is dropped from such records so no other handler can re-render it.
    """

    def __init__(self, secrets: Iterable[str]) -> None:
        super().__init__()
        needles: set[str] = set()
        for secret in secrets:
            if secret:
                needles.add(secret)
                needles.add(quote(secret, safe=""))
        # Longest first, so a secret that contains another is masked whole.
        self._needles = sorted(needles, key=len, reverse=True)

    def redact(self, text: str) -> str:
        for needle in self._needles:
            text = text.replace(needle, MASK)
        return text

    def _contains(self, text: str) -> bool:
        return any(needle in text for needle in self._needles)

    def filter(self, record: logging.LogRecord) -> bool:
        if not self._needles:
            return True
        try:
            message = record.getMessage()
        except Exception:  # a broken format string is the formatter's problem, not ours
            message = str(record.msg)
        if self._contains(message):
            record.msg, record.args = self.redact(message), None
        if record.exc_info and not record.exc_text:
            record.exc_text = _FORMATTER.formatException(record.exc_info)
        if record.exc_text and self._contains(record.exc_text):
            record.exc_text = self.redact(record.exc_text)
            record.exc_info = None
        if record.stack_info and self._contains(record.stack_info):
            record.stack_info = self.redact(record.stack_info)
        return True


def install_redaction(secrets: Iterable[str], logger: logging.Logger | None = None
                      ) -> Callable[[], None]:
    """Attach a RedactSecrets filter to every handler of `logger` (root by default).

    Returns a function that removes it again. Handlers added later are not covered: configure
    logging first, or add RedactSecrets to those handlers yourself.
    """
    target = logger or logging.getLogger()
    redactor = RedactSecrets(secrets)
    handlers = list(target.handlers)
    for handler in handlers:
        handler.addFilter(redactor)

    def uninstall() -> None:
        for handler in handlers:
            handler.removeFilter(redactor)

    return uninstall
