"""Tolerant parsing of the LLM's line-based outputs (`INTENT: …`, `VERDICT: …`)."""
from __future__ import annotations

import re
from typing import TypeVar

W = TypeVar("W", bound=str)  # one of the allowed words, typed as the caller's Literal

_LINE = re.compile(r"^\s*[*_#>\-\s]*([A-Za-z][A-Za-z _-]*?)\s*[*_]*\s*[:=]\s*(.*)$")


def parse_lines(text: str) -> dict[str, list[str]]:
    """Map UPPERCASE key -> values in order; ignores prose, markdown bullets and case."""
    found: dict[str, list[str]] = {}
    for raw in text.splitlines():
        match = _LINE.match(raw)
        if match:
            key = match.group(1).strip().upper().replace(" ", "_").replace("-", "_")
            value = match.group(2).strip().strip("*_`\"' ")
            found.setdefault(key, []).append(value)
    return found


def first_word(value: str | None, allowed: tuple[W, ...], default: W) -> W:
    """The first allowed word found in value (case-insensitive), else default."""
    if value:
        for word in re.findall(r"[a-z]+", value.lower()):
            for choice in allowed:
                if word == choice:
                    return choice
    return default


def message_text(message: object) -> str:
    """Text content of a LangChain message (string or content blocks)."""
    content = getattr(message, "content", message)
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "".join(part.get("text", "") if isinstance(part, dict) else str(part)
                       for part in content)
    return str(content)
