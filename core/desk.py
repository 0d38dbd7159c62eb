"""The staff desk adapters drive for /course, /mode, /upload, /remove and /gaps."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from core.desk_texts import say
from core.gaps_summary import gaps_reply
from core.messages import Reply
from core.report import InstructorReports
from core.spaces import CourseSpaces, desk_reply, not_staff
from core.uploads import Uploads


@dataclass(frozen=True, slots=True)
class CourseDesk:
    """What the course commands need; built once by the composition root."""

    spaces: CourseSpaces
    uploads: Uploads
    reports: InstructorReports | None = None  # /gaps (None: no outcomes are recorded)

    async def gaps(self, spaces: Sequence[str], *, allowed: bool, platform: str,
                   language: str, days: int = 7) -> Reply:
        """`/gaps`, staff only: the top gaps of this chat's course over the last days."""
        if not allowed:
            return not_staff(platform, language)
        if self.reports is None:
            return desk_reply(say("course_list_empty", language), "gaps", language)
        course = (await self.spaces.resolve(spaces)).course
        return await gaps_reply(self.reports, course, days=days, language=language)
