"""Who may run a course's TA desk: staff of the server or group that owns the course, asked of
that platform where the course lives (the desk may sit in another chat), or the operator for
operator courses. Never the chat the command came from alone."""
from __future__ import annotations

from core.course.tenancy import CourseAccess
from core.ports import OPERATOR
from core.ports.escalations import StaffDirectory


class DeskAccess:
    """The staff rule over the course registry and each platform's StaffDirectory."""

    def __init__(self, access: CourseAccess) -> None:
        self.access = access
        self._directories: dict[str, StaffDirectory] = {}

    def add_directory(self, platform: str, directory: StaffDirectory) -> None:
        """An adapter tells how its platform answers "is this user staff of that scope?"."""
        self._directories[platform] = directory

    async def is_staff(self, course: str, platform: str, user_id: str, *,
                       operator: bool = False) -> bool:
        if operator:
            return True
        owner = (await self.access.record(course)).owner
        if owner == OPERATOR or not owner.startswith(f"{platform}:"):
            return False
        directory = self._directories.get(platform)
        if directory is None:
            return False
        try:
            return await directory.is_staff(user_id, owner)
        except Exception:  # the platform could not say: no
            return False
