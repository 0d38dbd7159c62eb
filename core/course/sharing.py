"""Sharing a course with another class, and the operator's course commands.

Owning staff run `/course share` for a one-time code (only its hash is stored; it expires);
staff of another server or group redeem it with `/course join CODE`, which grants their scope
read access and points their chat at the course. `/course unshare` revokes a grant from either
side. The operator (`studybuddy courses …`) lists courses with owners, spaces, shares and
documents, transfers a course to a scope and makes one public or private.
"""
from __future__ import annotations

import hashlib
import secrets
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime, timedelta

from core.course.spaces import (
    CourseSpaces,
    desk_reply,
    is_personal,
    not_staff,
    not_yours,
    platform_of,
)
from core.course.tenancy import OPERATOR, Actor, is_scope_key, scope_of
from core.messages import Reply
from core.ports import CourseRecord, SpaceAssignment
from core.texts.desk import say

CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I: read aloud or retyped
CODE_LENGTH = 10


@dataclass(frozen=True, slots=True)
class CourseInfo:
    """One line of `studybuddy courses list`."""

    record: CourseRecord
    spaces: tuple[str, ...]
    shares: tuple[str, ...]
    documents: int


@dataclass(slots=True)
class CourseSharing:
    """Share codes, grants and the operator's changes, over the chat's course spaces."""

    spaces: CourseSpaces
    code_ttl: timedelta = timedelta(hours=24)
    now: Callable[[], datetime] = field(default=lambda: datetime.now(UTC))

    async def share(self, spaces: Sequence[str], *, actor: Actor, language: str) -> Reply:
        """`/course share`: a one-time code for this chat's course, for its owners."""
        if not actor.is_staff:
            return not_staff(platform_of(spaces), language)
        course = (await self.spaces.resolve(spaces)).course
        if course is None:
            return desk_reply(say("share_no_course", language), "share_no_course", language)
        if not await self.spaces.access.can_change(course, actor):
            return not_yours(course, language)
        code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
        await self.spaces.access.registry.add_code(code_hash(code), course, actor.user,
                                                   self.now() + self.code_ttl)
        return desk_reply(say("share_code", language, course=course, code=code,
                              hours=round(self.code_ttl.total_seconds() / 3600),
                              shares=await self._shares(course)), "share_code", language)

    async def join(self, spaces: Sequence[str], code: str, *, actor: Actor, where: str,
                   language: str) -> Reply:
        """`/course join CODE`: staff of another scope answer from a shared course."""
        scope = scope_of(spaces)
        if not actor.is_staff or scope is None or is_personal(spaces[0]):
            return not_staff(platform_of(spaces), language)
        cleaned = "".join(ch for ch in code.upper() if ch in CODE_ALPHABET)
        if len(cleaned) != CODE_LENGTH:
            return desk_reply(say("join_usage", language), "join_usage", language)
        course = await self.spaces.access.registry.redeem(code_hash(cleaned), self.now())
        if course is None:
            return desk_reply(say("join_bad", language), "join_bad", language)
        await self.spaces.access.registry.grant(course, scope, actor.user)
        await self.spaces.spaces.assign(SpaceAssignment(space=spaces[0], course=course,
                                                        set_by=actor.user, scope=scope))
        return desk_reply(say("joined", language, course=course,
                              where=say(f"where_{where}", language)), "joined", language)

    async def unshare(self, spaces: Sequence[str], target: str, *, actor: Actor,
                      language: str) -> Reply:
        """`/course unshare NAME` leaves a course shared with this scope; `/course unshare
        SCOPE` stops sharing this scope's courses with that scope."""
        scope = scope_of(spaces)
        if not actor.is_staff or scope is None:
            return not_staff(platform_of(spaces), language)
        registry, wanted = self.spaces.access.registry, " ".join(target.split())
        grants = await registry.grants()
        mine = [c for c, s in grants if s == scope]
        owned = [r.name for r in await registry.records() if r.owner == scope]
        shares = ", ".join([*mine, *(f"{c} → {s}" for c, s in grants if c in owned)]) or "—"
        if not wanted:
            return desk_reply(say("unshare_usage", language, shares=shares), "unshare_usage",
                              language)
        done: list[tuple[str, str]] = []
        for course in mine:
            if course.casefold() == wanted.casefold() and await registry.revoke(course, scope):
                done.append((course, scope))
        if is_scope_key(wanted):
            for course in owned:
                if await registry.revoke(course, wanted):
                    done.append((course, wanted))
        if not done:
            return desk_reply(say("unshare_none", language, shares=shares), "unshare_none",
                              language)
        return desk_reply("\n".join(say("unshared", language, course=c, scope=s)
                                    for c, s in done), "unshared", language)

    # --- the operator (CLI) ---

    async def overview(self) -> list[CourseInfo]:
        """Every course: owner, spaces pointed at it, shares and documents."""
        access = self.spaces.access
        records = {r.name: r for r in await access.registry.records()}
        documents: dict[str, int] = {}
        for document in await self.spaces.store.documents():
            documents[document.course] = documents.get(document.course, 0) + 1
        assignments = await self.spaces.spaces.assignments()
        grants = await access.registry.grants()
        names = sorted({*records, *documents}, key=str.casefold)
        return [CourseInfo(records.get(name) or await access.record(name),
                           tuple(a.space for a in assignments if a.course == name),
                           tuple(s for c, s in grants if c == name), documents.get(name, 0))
                for name in names]

    async def transfer(self, name: str, scope: str) -> CourseRecord:
        """Give a course to a scope (or back to the operator)."""
        if scope != OPERATOR and not is_scope_key(scope):
            raise ValueError(f"{scope!r} is not a scope: use operator, discord:guild:ID or "
                             "telegram:chat:ID")
        record = replace(await self._existing(name), owner=scope)
        await self.spaces.access.registry.save(record)
        return record

    async def set_flags(self, name: str, *, public: bool | None = None,
                        private: bool | None = None) -> CourseRecord:
        record = await self._existing(name)
        record = replace(record, public=record.public if public is None else public,
                         private=record.private if private is None else private)
        await self.spaces.access.registry.save(record)
        return record

    async def _existing(self, name: str) -> CourseRecord:
        known = await self.spaces.known(name)
        if known is None:
            raise LookupError(f"there is no course called {name!r}")
        return await self.spaces.access.record(known)

    async def _shares(self, course: str) -> str:
        return ", ".join(s for _, s in await self.spaces.access.registry.grants(course)) or "—"


def code_hash(code: str) -> str:
    return hashlib.sha256(code.encode()).hexdigest()

