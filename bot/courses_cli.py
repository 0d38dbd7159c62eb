"""`studybuddy courses list|transfer|public|private`: the operator's view of who owns what.

Chat staff manage their own server's or group's courses; the operator (whoever runs this
command beside the bot's database) sees every course with its owner, the spaces pointed at it,
its shares and documents, gives a course to a scope, and opens or closes one.
"""
from __future__ import annotations

import argparse
import json

from bot.cli_types import Subcommands
from bot.settings import Settings
from core.course.sharing import CourseInfo
from core.course.tenancy import OPERATOR
from core.errors import StudyBuddyError
from core.ports import CourseRecord

SCOPE_HELP = "operator, discord:guild:ID or telegram:chat:ID"


class CoursesError(StudyBuddyError):
    """A courses command the user can fix (unknown course, bad scope); one line."""


def add_courses_parser(sub: Subcommands) -> None:
    courses = sub.add_parser("courses", help="who owns each course, its spaces and shares; "
                                             "transfer, public, private")
    actions = courses.add_subparsers(dest="courses_action", metavar="ACTION", required=True)
    listing = actions.add_parser("list", help="every course: owner, access, spaces, shares, "
                                              "documents")
    listing.add_argument("--json", action="store_true", help="print JSON")
    transfer = actions.add_parser("transfer", help="give a course to a server or group")
    transfer.add_argument("name", help="the course")
    transfer.add_argument("--to", required=True, metavar="SCOPE", help=SCOPE_HELP)
    for flag, what in (("public", "any private chat may read it (--off: only members of "
                                  "servers or groups using it)"),
                       ("private", "an operator course only servers and groups it is shared "
                                   "with may use (--off: any staff may use it)")):
        action = actions.add_parser(flag, help=what)
        action.add_argument("name", help="the course")
        action.add_argument("--off", action="store_true", help="undo")


async def run_courses(settings: Settings, args: argparse.Namespace) -> int:
    from bot.composition import open_course_sharing

    async with open_course_sharing(settings) as sharing:
        try:
            if args.courses_action == "list":
                return _print(await sharing.overview(), as_json=args.json)
            if args.courses_action == "transfer":
                record = await sharing.transfer(args.name, args.to)
                print(f"{record.name} now belongs to {record.owner}")
                return 0
            on = not args.off
            if args.courses_action == "public":
                record = await sharing.set_flags(args.name, public=on)
            else:
                record = await sharing.set_flags(args.name, private=on)
        except (LookupError, ValueError) as err:
            raise CoursesError(str(err)) from None
        print(f"{record.name}: {ACCESS[_access(record)]}{_why_not(args, record)}")
        return 0


def _why_not(args: argparse.Namespace, record: CourseRecord) -> str:
    """Why the flag just set does not show in the access printed (it would look ignored)."""
    if args.courses_action == "private" and record.public:
        return "; it is public, which wins: `courses public NAME --off` to close it"
    if args.courses_action == "private" and record.owner != OPERATOR:
        return (f"; it belongs to {record.owner}, so it is private either way: only "
                "operator courses are open to every server's staff")
    return ""


ACCESS = {"public": "public (any private chat may read it)",
          "open": "open (any staff may use it; private chats of members of its servers and "
                  "groups)",
          "private": "private (its owner and the servers and groups it is shared with)"}


def _access(record: CourseRecord) -> str:
    """public, open (an operator course anyone's staff may use) or private."""
    if record.public:
        return "public"
    return "open" if record.owner == OPERATOR and not record.private else "private"


def _print(courses: list[CourseInfo], *, as_json: bool) -> int:
    if as_json:
        print(json.dumps([{"name": c.record.name, "owner": c.record.owner,
                           "public": c.record.public, "private": c.record.private,
                           "spaces": list(c.spaces), "shares": list(c.shares),
                           "documents": c.documents} for c in courses], ensure_ascii=False,
                         indent=2))
        return 0
    if not courses:
        print("No courses yet. Add one with: studybuddy ingest PATH --course NAME")
        return 0
    for c in courses:
        print(f"{c.record.name or '(none)'}  owner {c.record.owner}  {_access(c.record)}  "
              f"{c.documents} document(s)")
        print(f"  spaces: {', '.join(c.spaces) or '—'}")
        print(f"  shared with: {', '.join(c.shares) or '—'}")
    return 0
