"""`studybuddy report --out DIR [--course C] [--days 7]`: the instructor report as one HTML page
plus CSV files (the HTTP adapter serves the same page at GET /report: bot/composition.py).

Only the outcome store and the embedder are opened (no sample-course ingestion, no sources), so a
report can be made beside a running bot.
"""
from __future__ import annotations

import argparse
from pathlib import Path

from bot.cli_types import Subcommands
from bot.course_args import course_arg, spelled
from bot.settings import Settings
from core.errors import StudyBuddyError
from core.stores.private_files import private_dir, write_private_text

REPORT_FILE = "report.html"
MAX_DAYS = 366


class ReportError(StudyBuddyError):
    """A report option the user can fix; one line."""


def _days(text: str) -> int:
    if not text.isdigit() or not 1 <= int(text) <= MAX_DAYS:
        raise argparse.ArgumentTypeError(f"must be a whole number from 1 to {MAX_DAYS}")
    return int(text)


def add_report_parser(sub: Subcommands) -> None:
    report = sub.add_parser(
        "report", help="the instructor report: questions, gaps, cited pages, votes (HTML + CSV)")
    report.add_argument("--out", required=True, type=Path, help="folder to write into")
    report.add_argument("--course", type=course_arg, default=None,
                        help="only this course (default: every course)")
    report.add_argument("--days", type=_days, default=7, help="the last N days (default: 7)")


async def run_report(settings: Settings, args: argparse.Namespace) -> int:
    """Write report.html and the CSV files into --out; prints what was written."""
    from adapters.report_csv import report_csv_files
    from adapters.report_page import render_html
    from bot.composition import open_reports

    async with open_reports(settings) as reports:
        if args.course is not None:
            args.course = spelled(args.course, await reports.courses(), must_exist=True)
        report = await reports.build(course=args.course, days=args.days)
    files = {REPORT_FILE: render_html(report)} | report_csv_files(report)
    write_files(args.out, files)
    answered = sum(g.staff_answered is not None for g in report.gaps)
    print(f"{report.total} question(s), {len(report.gaps)} gap group(s)"
          + (f" ({answered} answered by staff)" if answered else "")
          + f", {sum(g.count for g in report.unconfirmed)} 📖 answer(s) to check"
          + f", {report.since} to {report.until}, {args.course or 'every course'}")
    if report.escalations is not None:
        print(f"{report.escalations.opened} question(s) sent to the TA desk")
    for name in files:
        print(f"wrote {args.out / name}")
    return 0


def write_files(out: Path, files: dict[str, str]) -> None:
    """Each file into the folder `out` (made 0700 if needed), 0600: they quote students."""
    if out.exists() and not out.is_dir():
        raise ReportError(f"--out {out} is a file; give a folder")
    try:
        private_dir(out, tighten_existing=False)
        for name, text in files.items():
            write_private_text(out / name, text)
    except OSError as err:  # a path under a file, no permission, a full disk
        raise ReportError(f"cannot write into --out {out}: {err.strerror or err}") from None
