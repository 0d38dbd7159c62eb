"""Course names as the command line takes them: checked like a chat's `/course NAME`, and one
spelling per course whatever the case typed (`--course sys101` is the stored SYS101; before, an
ingest made a second course `sys101` that `ask --course sys101` never searched)."""
from __future__ import annotations

import argparse
from collections.abc import Iterable

from core.course.spaces import MAX_COURSE_NAME, clean_course_name, stored_spelling
from core.errors import StudyBuddyError


class CourseNameError(StudyBuddyError):
    """A course the command needs does not exist; printed as one line."""


def course_arg(value: str) -> str:
    """argparse type of every --course: spaces collapsed, 1-MAX_COURSE_NAME printable
    characters."""
    name = clean_course_name(value)
    if name is None:
        raise argparse.ArgumentTypeError(
            f"a course name is 1-{MAX_COURSE_NAME} printable characters, got {value!r}")
    return name


def spelled(name: str, stored: Iterable[str], *, must_exist: bool) -> str:
    """The stored spelling of `name`; `name` itself for a new course, or CourseNameError when
    `must_exist` (a typo must not read as an empty course)."""
    names = sorted(stored)
    found = stored_spelling(name, names)
    if found is None and must_exist:
        raise CourseNameError(f"there is no course named {name!r} (courses: "
                              f"{', '.join(names) or 'none yet'})")
    return found or name
