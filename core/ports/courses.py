"""Ports of who owns what: course spaces, the course registry, platform membership."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Protocol

OPERATOR = "operator"  # the bot's operator: owns `studybuddy ingest` courses and the sample


@dataclass(frozen=True, slots=True)
class SpaceAssignment:
    """A course space (channel, server, group, DM) and the course its questions are answered
    from."""

    space: str  # "discord:channel:123", "discord:guild:9", "telegram:chat:-100…", "…:user:42"
    course: str
    set_by: str  # platform user id of whoever set it
    set_at: datetime | None = None
    scope: str = ""  # the server or group the space belongs to ("" for a DM)


class SpaceStore(Protocol):
    """Durable space -> course mapping, shared by every process of one bot."""

    async def lookup(self, spaces: Sequence[str]) -> SpaceAssignment | None:
        """The assignment of the first of `spaces` (most specific first) that has one."""
        ...

    async def assign(self, assignment: SpaceAssignment) -> None:
        """Set (or change) a space's course."""
        ...

    async def unassign(self, space: str) -> bool:
        """Remove a space's course; False when it had none."""
        ...

    async def assignments(self) -> list[SpaceAssignment]:
        """Every assignment, by space."""
        ...

    async def mode(self, spaces: Sequence[str]) -> str | None:
        """The study-integrity mode (explain | guide) of the first of `spaces` (most specific
        first) that has one: a server's mode applies to its channels unless a channel sets its
        own. None when none has one (the caller's default, explain, applies)."""
        ...

    async def set_mode(self, space: str, mode: str, set_by: str) -> None:
        """Set (or change) a space's study-integrity mode."""
        ...


@dataclass(frozen=True, slots=True)
class CourseRecord:
    """A course's owner and how far it is open."""

    name: str
    owner: str = OPERATOR
    private: bool = False  # an operator course only granted scopes may use
    public: bool = False  # any DM may read it
    created_by: str = ""
    created_at: datetime | None = None


class CourseRegistry(Protocol):
    """Durable owners, grants and share codes, shared by every process of one bot."""

    async def get(self, name: str) -> CourseRecord | None:
        """The course's record, or None (then it is the operator's)."""
        ...

    async def create(self, record: CourseRecord) -> CourseRecord:
        """Store a new course unless one of that name exists; the stored record either way."""
        ...

    async def save(self, record: CourseRecord) -> None:
        """Create or overwrite a course's owner and flags (operator CLI)."""
        ...

    async def records(self) -> list[CourseRecord]:
        ...

    async def grant(self, course: str, scope: str, by: str) -> None:
        ...

    async def revoke(self, course: str, scope: str) -> bool:
        """Remove a grant; False when there was none."""
        ...

    async def grants(self, course: str | None = None) -> list[tuple[str, str]]:
        """(course, scope) pairs, of one course or all."""
        ...

    async def add_code(self, code_hash: str, course: str, by: str, expires_at: datetime
                       ) -> None:
        ...

    async def redeem(self, code_hash: str, now: datetime) -> str | None:
        """Use up a share code: its course, or None when unknown, used or expired."""
        ...

    async def scopes_using(self, course: str) -> list[str]:
        """The scopes with a space pointed at the course."""
        ...


class Membership(Protocol):
    """Whether a platform user belongs to a scope (Discord server member, Telegram group
    member); answered by the platform's adapter."""

    async def is_member(self, user_id: str, scope: str) -> bool:
        ...
