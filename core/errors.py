"""StudyBuddyError: the one base of every error the project raises on purpose.

Its message is secret-free by contract (no keys, DSNs, URLs with tokens, request bodies), so it
may be logged as one line or shown to an operator. Anything else that escapes a component is a
bug in our code and is logged with its traceback (see `log_failure`).
"""
from __future__ import annotations

import logging

import httpx


class StudyBuddyError(Exception):
    """An expected failure with a secret-free, one-line message."""


class UpstreamError(StudyBuddyError):
    """An outside dependency (a store, an HTTP API, a model service) failed or refused."""


def log_failure(log: logging.Logger, what: str, exc: BaseException, then: str) -> None:
    """One WARNING line for an expected failure; the traceback for a bug in our own code.

    `what` names the step ("generation"), `then` the fallback taken ("answering extractively").
    """
    if isinstance(exc, StudyBuddyError):
        log.warning("%s failed (%s: %s); %s", what, type(exc).__name__, exc, then)
    elif isinstance(exc, (TimeoutError, httpx.HTTPError)):  # their text may hold a URL
        log.warning("%s failed (%s); %s", what, type(exc).__name__, then)
    else:
        log.error("%s failed with an unexpected error; %s", what, then, exc_info=exc)
