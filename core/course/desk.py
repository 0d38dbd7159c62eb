"""The staff desk adapters drive for /course, /mode, /upload, /remove and /gaps."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from core.course.sharing import CourseSharing
from core.course.spaces import CourseSpaces, desk_reply, not_staff
from core.course.tenancy import Actor
from core.course.uploads import Uploads
from core.insight.gaps_summary import gaps_reply
from core.insight.report import InstructorReports
from core.messages import Reply
from core.texts.desk import say


@dataclass(frozen=True, slots=True)
class CourseDesk:
    """What the course commands need; built once by the composition root."""

    spaces: CourseSpaces
    uploads: Uploads
    reports: InstructorReports | None = None  # /gaps (None: no outcomes are recorded)
    sharing: CourseSharing | None = None  # /course share | join | unshare

    async def gaps(self, spaces: Sequence[str], *, actor: Actor, platform: str,
                   language: str, days: int = 7) -> Reply:
        """`/gaps`, staff only: the top gaps of this chat's course over the last days. Owners
        see every student of their course; a class using a shared or operator course sees only
        its own students' questions; the operator sees everything."""
        if not actor.is_staff:
            return not_staff(platform, language)
        if self.reports is None:
            return desk_reply(say("course_list_empty", language), "gaps", language)
        course = (await self.spaces.resolve(spaces)).course
        owner = actor.operator or (course is not None
                                   and await self.spaces.access.can_change(course, actor))
        scope = None if owner else (actor.scope or "")
        return await gaps_reply(self.reports, course, days=days, language=language, scope=scope)

    async def removable(self, spaces: Sequence[str], *, actor: Actor, course: str | None = None,
                        containing: str = "") -> list[str]:
        """Document names /remove may offer the actor: of `course`, else the chat's course;
        none unless the actor may change that course (other classes' files are never listed)."""
        target = course or (await self.spaces.resolve(spaces)).course
        if not target or not await self.spaces.access.can_change(target, actor):
            return []
        wanted = containing.strip().casefold()
        return [d.display_name for d in await self.uploads.store.documents(target)
                if wanted in d.display_name.casefold()]
