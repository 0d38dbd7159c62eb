"""Shared splitting: any line break is a boundary (a hypothesis find: "\\r"-separated links)."""
from __future__ import annotations

import re

from adapters.discord import render as discord_render
from adapters.layout import split_block
from core.messages import Intent, Reply


def test_carriage_returns_are_line_boundaries():
    block = "\r".join(f"line {i} " + "x" * 50 for i in range(100))
    parts = split_block(block, 500)
    assert all(len(p) <= 500 for p in parts)
    assert all(re.fullmatch(r"(line \d+ x{50}\n?)+", p) for p in parts)


def test_discord_never_cuts_a_wrapped_link_on_carriage_returns():
    answer = "\r".join(["https://evil.example/leak?secret=abc@everyone@everyone"] * 60)
    parts = discord_render.render_reply(Reply(text=answer, intent=Intent.SIMPLE))
    assert all(len(p) <= discord_render.MAX_CHARS for p in parts)
    for part in parts:
        assert all(part[m.start() - 1] == "<" for m in re.finditer("https://", part))
