"""The stored stand-in for a user: a keyed hash, stable per deployment, not reversible without
the key (history, journal and outcomes store it instead of platform user ids)."""
from __future__ import annotations

import hashlib
import hmac


def user_hash(key: bytes, platform: str, user_id: str) -> str:
    """The stored stand-in for a user: stable per deployment key, not reversible without it."""
    return hmac.new(key, f"{platform}:{user_id}".encode(), hashlib.sha256).hexdigest()[:32]
