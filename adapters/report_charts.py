"""The report's charts as inline SVG, drawn server-side with pygal (no JavaScript, no CDN).

pygal embeds a small inline <script> with its tooltip config; the report page forbids scripts
(Content-Security-Policy), so it is removed here and the charts stay static SVG with real text.
"""
from __future__ import annotations

import re
from typing import Any

import pygal
from pygal.style import Style

from core.insight.report import Report

SCRIPT = re.compile(r"<script\b.*?</script>", re.DOTALL | re.IGNORECASE)
COMMENT = re.compile(r"<!--.*?-->", re.DOTALL)
CONFIDENCE_SERIES = (("course", "From the course"), ("unchecked", "Course, not checked"),
                     ("supplemented", "Supplemented"), ("low", "Low confidence"))
COLORS = ("#2e7d32", "#1565c0", "#ef6c00", "#6a1b9a", "#c62828")
VOTE_COLORS = ("#2e7d32", "#c62828")
LABEL_CHARS = 28


def _style(colors: tuple[str, ...] = COLORS) -> Style:
    return Style(background="transparent", plot_background="transparent", foreground="#333",
                 foreground_strong="#111", foreground_subtle="#ddd", opacity=".9",
                 opacity_hover="1", colors=colors, font_family="system-ui, sans-serif",
                 label_font_size=13, major_label_font_size=13, legend_font_size=14,
                 value_font_size=12, title_font_size=16)


def ticks(largest: int, most: int = 8) -> list[int]:
    """Whole-number axis labels from 0 past `largest` (counts have no fractions)."""
    step = 1
    while largest / step > most:
        step = step * 5 // 2 if str(step).startswith("2") else step * 2
    return list(range(0, max(largest, 1) + step, step))


def _config(largest: int, **extra: Any) -> dict[str, Any]:
    return {"style": _style(), "js": [], "disable_xml_declaration": True, "explicit_size": False,
            "width": 800, "height": 320, "legend_at_bottom": True, "legend_at_bottom_columns": 3,
            "show_x_guides": False, "print_zeroes": False, "no_data_text": "No data",
            "truncate_label": LABEL_CHARS, "truncate_legend": LABEL_CHARS, "margin": 12,
            "y_labels": ticks(largest)} | extra


def _svg(chart: Any, css_class: str) -> str:
    """The chart as an SVG element without scripts or comments, tagged for the page's CSS."""
    svg = str(chart.render(is_unicode=True))
    svg = COMMENT.sub("", SCRIPT.sub("", svg))
    return svg.replace("<svg ", f'<svg role="img" data-chart="{css_class}" ', 1)


def questions_per_day(report: Report) -> str:
    """Stacked bars: questions of each day by confidence."""
    largest = max((sum(c.values()) for _, c in report.per_day), default=0)
    chart = pygal.StackedBar(**_config(largest, title="Questions per day by confidence",
                                       x_label_rotation=0 if len(report.per_day) <= 10 else 40,
                                       show_minor_x_labels=len(report.per_day) <= 16,
                                       x_labels_major_every=max(1, len(report.per_day) // 10),
                                       # one row: pygal cut a second row's "Low confidence" off
                                       legend_at_bottom_columns=len(CONFIDENCE_SERIES)))
    chart.x_labels = [day.strftime("%b %d") for day, _ in report.per_day]
    for key, label in CONFIDENCE_SERIES:
        chart.add(label, [counts.get(key, 0) or None for _, counts in report.per_day])
    return _svg(chart, "per-day")


def most_cited(report: Report) -> str:
    """Horizontal bars: the most-cited documents, most cited on top."""
    top = report.documents[:10]
    largest = max((d.citations for d in top), default=0)
    chart = pygal.HorizontalBar(**_config(largest, title="Most-cited documents",
                                          show_legend=False,
                                          height=max(200, 60 + 32 * len(top)),
                                          truncate_label=40))
    chart.x_labels = [d.document for d in reversed(top)]
    chart.add("Answers citing it", [d.citations for d in reversed(top)])
    return _svg(chart, "documents")


def feedback(report: Report) -> str:
    """Grouped bars: 👍 and 👎 per course and language."""
    largest = max((max(f.up, f.down) for f in report.feedback), default=0)
    chart = pygal.Bar(**_config(largest, title="Votes by course and language",
                                style=_style(VOTE_COLORS), legend_at_bottom_columns=2))
    chart.x_labels = [f"{f.course or '(none)'} · {f.language}" for f in report.feedback]
    chart.add("Helpful (up)", [f.up or None for f in report.feedback])
    chart.add("Not helpful (down)", [f.down or None for f in report.feedback])
    return _svg(chart, "feedback")
