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


def test_a_staff_answer_s_title_is_said_in_the_reply_s_language():
    from datetime import date

    from adapters.layout import citation_parts
    from core.escalation.notes import TITLE
    from core.messages import Citation

    stored = TITLE.format(date=date(2026, 12, 6).isoformat())  # as StaffNotes stores it
    staff = Citation(n=1, title=stored, url_or_path="staff-answer-ab", source_type="course",
                     chunk_id="c")
    assert citation_parts(staff, "ar")[1] == "إجابة طاقم المقرر · 2026-12-06"
    assert citation_parts(staff, "en")[1] == "Staff answer · 2026-12-06"
    web = Citation(n=2, title=stored, url_or_path="https://x.example", source_type="web",
                   chunk_id="w")
    assert citation_parts(web, "ar")[1] == stored  # only the course's own staff answers
