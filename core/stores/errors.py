"""StoreError: a course or history store failed; the message is safe to log (no keys, no DSN).

Callers (the course source, the service) turn it into a degraded answer, never a traceback.
"""
from __future__ import annotations

from collections.abc import Iterable

from core.errors import UpstreamError


class StoreError(UpstreamError, RuntimeError):
    """A store call failed; carries a clear, secret-free message."""


def redact(text: str, secrets: Iterable[str | None]) -> str:
    """Replace every non-empty secret in text with '***' (defence in depth for error messages)."""
    for secret in secrets:
        if secret and len(secret) >= 4:
            text = text.replace(secret, "***")
    return text


def describe_db_error(err: BaseException, secrets: Iterable[str | None] = ()) -> str:
    """One line for a database driver error: SQLSTATE and primary message, secrets redacted."""
    diag = getattr(err, "diag", None)
    primary = getattr(diag, "message_primary", None) if diag is not None else None
    sqlstate = getattr(err, "sqlstate", None)
    text = primary or (str(err).strip().splitlines() or [type(err).__name__])[0]
    prefix = f"{sqlstate}: " if sqlstate else f"{type(err).__name__}: "
    return redact(prefix + text, secrets)


def dsn_secrets(dsn: str) -> list[str]:
    """The DSN itself and its password, so neither can end up in an error message."""
    secrets = [dsn]
    try:
        from psycopg.conninfo import conninfo_to_dict

        password = conninfo_to_dict(dsn).get("password")
        if password:
            secrets.append(str(password))
    except Exception:  # an unparsable DSN: the driver will say so; redact what we can
        pass
    return secrets
