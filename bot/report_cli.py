"""`studybuddy report --out DIR [--course C] [--days 7]`: the instructor report as one HTML page
plus CSV files, and the wiring that lets the HTTP adapter serve the same page at GET /report.

Only the outcome store and the embedder are opened (no sample-course ingestion, no sources), so a
report can be made beside a running bot.
"""
from __future__ import annotations

import argparse
from contextlib import AsyncExitStack
from pathlib import Path
from typing import TYPE_CHECKING, Any

from bot.cli_types import Subcommands
from bot.settings import Settings
from core.private_files import private_dir, write_private_text

if TYPE_CHECKING:
    from bot.container import App

REPORT_FILE = "report.html"
MAX_DAYS = 366


class ReportError(Exception):
    """A report option the user can fix; one line."""


def _days(text: str) -> int:
    if not text.isdigit() or not 1 <= int(text) <= MAX_DAYS:
        raise argparse.ArgumentTypeError(f"must be a whole number from 1 to {MAX_DAYS}")
    return int(text)


def add_report_parser(sub: Subcommands) -> None:
    report = sub.add_parser(
        "report", help="the instructor report: questions, gaps, cited pages, votes (HTML + CSV)")
    report.add_argument("--out", required=True, type=Path, help="folder to write into")
    report.add_argument("--course", default=None, help="only this course (default: every course)")
    report.add_argument("--days", type=_days, default=7, help="the last N days (default: 7)")


async def run_report(settings: Settings, args: argparse.Namespace) -> int:
    """Write report.html and the CSV files into --out; prints what was written."""
    from adapters.report_csv import report_csv_files
    from adapters.report_page import render_html
    from bot.chat_state import build_outcomes
    from bot.container import build_embedder
    from bot.http_client import http_client
    from core.report import InstructorReports

    async with AsyncExitStack() as stack, http_client(settings) as client:
        actions = await build_outcomes(settings, stack)
        reports = InstructorReports(actions.store, build_embedder(settings, client))
        report = await reports.build(course=args.course, days=args.days)
    files = {REPORT_FILE: render_html(report)} | report_csv_files(report)
    write_files(args.out, files)
    print(f"{report.total} question(s), {len(report.gaps)} gap group(s), "
          f"{report.since} to {report.until}, {args.course or 'every course'}")
    for name in files:
        print(f"wrote {args.out / name}")
    return 0


def write_files(out: Path, files: dict[str, str]) -> None:
    """Each file into the folder `out` (made 0700 if needed), 0600: they quote students."""
    if out.exists() and not out.is_dir():
        raise ReportError(f"--out {out} is a file; give a folder")
    private_dir(out, tighten_existing=False)
    for name, text in files.items():
        write_private_text(out / name, text)


def http_report_options(settings: Settings, app: App) -> dict[str, Any]:
    """HttpAdapter keyword arguments for GET /report: none unless REPORT_TOKEN is set."""
    token = settings.report_token.get_secret_value() if settings.report_token else ""
    if not token:
        return {}
    from core.report import InstructorReports

    return {"reports": InstructorReports(app.actions.store, app.embedder), "report_token": token}
