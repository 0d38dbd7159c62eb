"""TA desks and who may run them: `/ta here | off`, and the staff rule — staff of the server or
group that owns the course, asked of that platform where the course lives (the desk may sit in
another chat), or the operator for operator courses. Never the chat a command came from alone."""
from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import datetime

from core.course.spaces import CourseSpaces, desk_reply, not_yours, unavailable
from core.escalation.views import Staff
from core.messages import Reply
from core.ports import OPERATOR
from core.ports.escalations import Desk, EscalationStore, StaffDirectory
from core.texts.escalation import text

KINDS = ("forum", "text", "group")  # where cards can go


def notice(key: str, language: str, **values: object) -> Reply:
    """A TA desk answer (notice "ta_<key>")."""
    return desk_reply(text(key, language, **values), f"ta_{key}", language)


class Desks:
    """Desks over the escalation store; the staff rule over the course registry and each
    platform's StaffDirectory."""

    def __init__(self, store: EscalationStore, spaces: CourseSpaces,
                 clock: Callable[[], datetime]) -> None:
        self.store = store
        self.spaces = spaces
        self._clock = clock
        self._directories: dict[str, StaffDirectory] = {}

    def add_directory(self, platform: str, directory: StaffDirectory) -> None:
        """An adapter tells how its platform answers "is this user staff of that scope?"."""
        self._directories[platform] = directory

    async def is_staff(self, course: str, platform: str, user_id: str, *,
                       operator: bool = False) -> bool:
        if operator:
            return True
        owner = (await self.spaces.access.record(course)).owner
        if owner == OPERATOR or not owner.startswith(f"{platform}:"):
            return False
        directory = self._directories.get(platform)
        if directory is None:
            return False
        try:
            return await directory.is_staff(user_id, owner)
        except Exception:  # the platform could not say: no
            return False

    async def set_desk(self, course: str, *, staff: Staff, platform: str, chat: str, kind: str,
                       spaces: Sequence[str], all_answers: bool = False) -> Reply:
        """`/ta here [COURSE] [all]`: this chat receives the course's escalations on this
        platform. COURSE defaults to the chat's own course."""
        language = staff.language
        name = await self._course(course, spaces)
        if name is None:
            return notice("no_course", language)
        if kind not in KINDS:
            return notice("bad_place", language)
        if not await self.is_staff(name, platform, staff.user_id, operator=staff.operator):
            return await self._refused(course or name, name, spaces, language)
        await self.store.set_desk(Desk(name, platform, chat, kind, language, all_answers,
                                       staff.user_id, self._clock()))
        return notice("desk_set_all" if all_answers else "desk_set", language, course=name)

    async def desk_off(self, course: str, *, staff: Staff, platform: str,
                       spaces: Sequence[str]) -> Reply:
        """`/ta off [COURSE]`: escalations stop; waiting cards stay answerable."""
        language = staff.language
        name = await self._course(course, spaces)
        if name is None:
            return notice("no_course", language)
        if not await self.is_staff(name, platform, staff.user_id, operator=staff.operator):
            return await self._refused(course or name, name, spaces, language)
        removed = await self.store.remove_desk(name, platform)
        return notice("desk_off" if removed else "desk_none", language, course=name)

    async def _refused(self, named: str, course: str, spaces: Sequence[str], language: str
                       ) -> Reply:
        """A non-staff user's refusal: for a course this chat reads, that only its owners'
        staff may change it (it is not "another class's"); for any other, the same words
        whether or not it exists, so no one can probe other classes' course names."""
        if await self.spaces.may_read(course, spaces):
            return not_yours(course, language)
        return unavailable(named, language)

    async def _course(self, course: str, spaces: Sequence[str]) -> str | None:
        if course.strip():
            return await self.spaces.known(" ".join(course.split())) or " ".join(course.split())
        return (await self.spaces.resolve(spaces)).course
