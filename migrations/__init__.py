"""The SQL migrations (sqlite/, supabase/), shipped inside the package so an installed bot finds
them; read with `migrations.directory(kind)`."""
from __future__ import annotations

from pathlib import Path


def directory(kind: str) -> Path:
    """The folder of one kind of migrations: "sqlite" or "supabase"."""
    return Path(__file__).resolve().parent / kind
