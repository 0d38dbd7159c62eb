"""`studybuddy ingest` and `studybuddy docs list|remove`: course files as documents users manage."""
from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

from bot.cli_types import ProgressBars, Subcommands
from bot.course_args import course_arg, spelled
from bot.settings import Settings, load_settings
from core.errors import StudyBuddyError
from core.ingest.loaders import FORMATS
from core.ports import CourseStore, DocumentRecord

KINDS = ", ".join(sorted(FORMATS))


class DocsError(StudyBuddyError):
    """A docs command the user can fix (unknown or ambiguous document); one line."""


NAMES_SHOWN = 10  # names listed (added, replaced, not found this time), then "and N more"


def add_docs_parsers(sub: Subcommands) -> None:
    ingest = sub.add_parser("ingest", help=f"add or update course files ({KINDS}) or folders")
    ingest.add_argument("paths", nargs="+", type=Path, help="files or folders")
    ingest.add_argument("--store", choices=["sqlite", "supabase"], help="override COURSE_STORE")
    ingest.add_argument("--course", type=course_arg, default=None,
                        help="put every file in this course (default: a notes file's "
                             "'> Course:' line, else no course)")
    docs = sub.add_parser("docs", help="list or remove ingested documents")
    actions = docs.add_subparsers(dest="docs_action", metavar="ACTION", required=True)
    listing = actions.add_parser("list", help="every document: course, name, pages, chunks, when")
    listing.add_argument("--course", type=course_arg, default=None, help="only this course")
    listing.add_argument("--json", action="store_true", help="print JSON")
    remove = actions.add_parser("remove", help="remove documents and all their chunks")
    remove.add_argument("names", nargs="*", metavar="NAME|ID",
                        help="display name (as `docs list` shows it) or id (at least 4 characters)")
    remove.add_argument("--course", type=course_arg, default=None,
                        help="the course the names belong to")
    remove.add_argument("--all", action="store_true", help="every document of --course")
    for parser in (listing, remove):
        parser.add_argument("--store", choices=["sqlite", "supabase"],
                            help="override COURSE_STORE")


def _settings(settings: Settings, store_kind: str | None) -> Settings:
    """--store overrides COURSE_STORE (re-validated: supabase needs keys)."""
    return load_settings(course_store=store_kind) if store_kind else settings


async def run_ingest(settings: Settings, args: argparse.Namespace,
                     progress: ProgressBars) -> int:
    from bot.composition import open_course_store
    from bot.container import ingest_limits
    from core.ingest.pipeline import ingest_paths

    async with open_course_store(_settings(settings, args.store)) as opened:
        opened.stack.callback(progress.close)
        course, created = args.course, False
        if course is not None:
            existing = await opened.store.courses()
            course = spelled(course, existing, must_exist=False)
            created = course not in existing
            if course != args.course:
                print(f"adding to the existing course {course!r}")
            elif created:
                print(f"creating the course {course!r}")
        report = await ingest_paths(args.paths, opened.store, opened.embedder, course=course,
                                    progress_factory=progress, limits=ingest_limits(settings),
                                    on_step=_reading)
    for skipped in report.skipped:
        print(f"skipped: {skipped}")
    for warning in report.warnings:
        print(f"warning: {warning}", file=sys.stderr)
    for error in report.errors:
        print(f"error: {error}", file=sys.stderr)
    if report.not_found:
        print(f"note: {len(report.not_found)} document(s) of course {course!r} were not found "
              f"this time: {_some(report.not_found)}. If you deleted or moved them, they stay "
              f"searchable until removed: studybuddy docs remove --course {course!r} NAME")
    for name in report.replaced_unlike:
        print(f"warning: {name} replaced the course's document of that name, which shared none "
              "of its text: if that was another file (week2/notes.md beside week3/notes.md), it "
              "is gone; rename one and ingest it again to keep both", file=sys.stderr)
    for label, names in (("added", report.added), ("replaced", report.replaced)):
        if names:  # which files, not only how many: `docs list` need not be the next command
            print(f"{label}: {_some(names)}")
    if created and report.added:  # what a new course is for, and how to reach it
        print(f"ask it: studybuddy ask --course {course!r} \"…\", or studybuddy chat --course "
              f"{course!r} (/course {course} in a bot's chat)")
    print(f"{len(report.added)} added, {len(report.replaced)} replaced, "
          f"{report.files_unchanged} unchanged, "
          f"{len(report.errors)} failed: {report.chunks_new} chunk(s) embedded, "
          f"{report.chunks_reused} kept, {report.seconds:.1f}s")
    return 1 if report.errors else 0


def _some(names: list[str]) -> str:
    """The first NAMES_SHOWN names, and how many more."""
    more = len(names) - NAMES_SHOWN
    return ", ".join(names[:NAMES_SHOWN]) + (f" and {more} more" if more > 0 else "")


def _reading(name: str, step: str) -> None:
    """A slow step while a file is read (OCR of a scanned page): one line, as it starts."""
    print(f"reading {name}: {step}", file=sys.stderr, flush=True)


async def run_docs(settings: Settings, args: argparse.Namespace) -> int:
    from bot.composition import open_course_store

    async with open_course_store(_settings(settings, args.store)) as opened:
        if args.course is not None:
            args.course = spelled(args.course, await opened.store.courses(), must_exist=True)
        if args.docs_action == "list":
            return await _list(opened.store, args)
        return await _remove(opened.store, args)


async def _list(store: CourseStore, args: argparse.Namespace) -> int:
    docs = await store.documents(args.course)
    if args.json:
        print(json.dumps([_as_json(d) for d in docs], ensure_ascii=False, indent=2))
        return 0
    if not docs:
        where = f" in course {args.course!r}" if args.course is not None else ""
        print(f"No documents{where}. Add some with: studybuddy ingest PATH [--course NAME]")
        return 0
    rows = [(d.course or "(none)", d.display_name, "—" if d.pages is None else str(d.pages),
             str(d.chunks), d.ingested_at.strftime("%Y-%m-%d %H:%M") if d.ingested_at else "—",
             short_id(d.id)) for d in docs]
    header = ("COURSE", "DOCUMENT", "PAGES", "CHUNKS", "INGESTED (UTC)", "ID")
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header))]
    for row in [header, *rows]:
        print("  ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=True)).rstrip())
    courses = len({d.course for d in docs})
    print(f"{len(docs)} document(s) in {courses} course(s), {sum(d.chunks for d in docs)} chunks")
    return 0


def _as_json(doc: DocumentRecord) -> dict[str, object]:
    return {"id": doc.id, "course": doc.course, "display_name": doc.display_name,
            "title": doc.title, "format": doc.format, "doc_type": doc.doc_type,
            "pages": doc.pages, "chunks": doc.chunks,
            "ingested_at": doc.ingested_at.isoformat() if doc.ingested_at else None}


def short_id(document_id: str) -> str:
    """What `docs list` shows of an id, enough to name it: 8 hex digits, after the "staff-" of
    a staff answer's id (its first 8 characters would be "staff-9e", shared by many)."""
    prefix = re.match(r"[a-z]+-", document_id)
    return document_id[: (prefix.end() if prefix else 0) + 8]


def match_documents(docs: list[DocumentRecord], key: str, course: str | None
                    ) -> list[DocumentRecord]:
    """Documents a NAME|ID names: an id prefix (4+ characters) or a display name."""
    pool = [d for d in docs if course is None or d.course == course]
    by_id = [d for d in pool if len(key) >= 4 and d.id.startswith(key.lower())]
    return by_id or [d for d in pool if key in (d.display_name, Path(d.display_name).name)]


async def _remove(store: CourseStore, args: argparse.Namespace) -> int:
    docs = await store.documents()
    if args.all:
        if args.course is None:
            raise DocsError("--all needs --course NAME (which course to empty)")
        targets = [d for d in docs if d.course == args.course]
        if not targets:
            raise DocsError(f"no documents in course {args.course!r} (see: studybuddy docs list)")
    else:
        if not args.names:
            raise DocsError("name the documents to remove (NAME or ID from `studybuddy docs "
                            "list`), or use --course NAME --all")
        targets = []
        for key in args.names:
            found = match_documents(docs, key, args.course)
            if not found:
                raise DocsError(f"no document {key!r}" + (f" in course {args.course!r}"
                                                          if args.course is not None else "")
                                + " (see: studybuddy docs list)")
            if len(found) > 1:
                options = ", ".join(f"{short_id(d.id)} ({d.course or '(none)'}/{d.display_name})"
                                    for d in found)
                raise DocsError(f"{key!r} names {len(found)} documents: {options}; "
                                "give the ID or --course")
            targets.extend(d for d in found if d not in targets)
    for doc in targets:
        removed = await store.remove_document(doc.id)
        print(f"removed {doc.course or '(none)'}/{doc.display_name} ({removed} chunk(s))")
    return 0
