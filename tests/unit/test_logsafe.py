"""RedactSecrets keeps secrets out of every part of a log record."""
from __future__ import annotations

import io
import logging

import pytest

from adapters.logsafe import MASK, RedactSecrets, install_redaction, quiet_http_loggers

SECRET = "123456:AAE-secret_token"


@pytest.fixture
def log() -> tuple[logging.Logger, io.StringIO]:
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.addFilter(RedactSecrets([SECRET, ""]))
    logger = logging.getLogger("tests.logsafe")
    logger.addHandler(handler)
    logger.setLevel(logging.DEBUG)
    logger.propagate = False
    yield logger, stream
    logger.removeHandler(handler)


def test_message_args_and_encoded_forms_are_masked(log):
    logger, stream = log
    logger.info("url http://h/bot%s/getMe and %s", SECRET, "123456%3AAAE-secret_token")
    logger.info(f"inline {SECRET}")
    assert SECRET not in stream.getvalue() and "%3AAAE" not in stream.getvalue()
    assert stream.getvalue().count(MASK) == 3


def test_exception_text_is_masked(log):
    logger, stream = log
    try:
        raise RuntimeError(f"failed calling /bot{SECRET}/sendMessage")
    except RuntimeError:
        logger.exception("boom")
    assert "RuntimeError: failed calling /bot***/sendMessage" in stream.getvalue()
    assert SECRET not in stream.getvalue()


def test_records_without_secrets_are_untouched(log):
    logger, stream = log
    logger.info("answered %d questions", 3)
    assert stream.getvalue() == "answered 3 questions\n"


def test_install_covers_existing_handlers_and_uninstalls():
    stream = io.StringIO()
    root = logging.getLogger("tests.logsafe.root")
    handler = logging.StreamHandler(stream)
    root.addHandler(handler)
    root.propagate = False
    uninstall = install_redaction([SECRET], root)
    logging.getLogger("tests.logsafe.root.child").warning("token %s", SECRET)
    uninstall()
    root.warning("token %s", SECRET)
    root.removeHandler(handler)
    assert stream.getvalue().splitlines() == [f"token {MASK}", f"token {SECRET}"]


def test_quiet_http_loggers():
    loggers = [logging.getLogger(name) for name in ("httpx", "httpcore")]
    before = [lg.level for lg in loggers]
    try:
        quiet_http_loggers()
        assert [lg.level for lg in loggers] == [logging.WARNING, logging.WARNING]
    finally:
        for lg, level in zip(loggers, before, strict=True):
            lg.setLevel(level)
