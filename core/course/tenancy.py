"""Course tenancy: who owns a course, who may read it and who may change it.

One bot serves many classes and a course name is global, so a name alone grants nothing. A
course belongs to the scope whose staff created it (a Discord server "discord:guild:9" or a
Telegram group "telegram:chat:-100…") or to the operator (`studybuddy ingest`, the sample
course, and any course with documents but no owner on record). Adapters report facts: the scope
a command came from, whether its sender is staff there or bot-wide staff, whether a DM user is a
member of a scope. The rules are decided here, once, for every platform and store:

- read from a server or group: the owner, scopes holding a grant (a redeemed share code),
  anyone for an operator course that is not private, anyone for a public course;
- read in a DM: a public course, or one used by a scope the user is a member of;
- change (upload, remove, share) a course: staff of its owner scope, or the operator.
"""
from __future__ import annotations

import re
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from core.ports import OPERATOR, CourseRecord, CourseRegistry, Membership

LOCAL_PLATFORMS = frozenset({"console", "http"})  # the operator's own terminal and loopback API
SCOPE_KINDS = ("guild", "chat")  # "discord:guild:9", "telegram:chat:-100…"
MEMBERSHIP_TTL_S = 300.0
MAX_MEMBERSHIPS = 4096


@dataclass(frozen=True, slots=True)
class Actor:
    """Who runs a chat command, as the adapter saw it."""

    user: str  # platform user id (or "chat:<id>" for a Telegram anonymous admin)
    scope: str | None = None  # the server or group the command came from; None in a DM
    staff: bool = False  # staff of `scope` (platform permissions are the adapter's job)
    operator: bool = False  # bot-wide staff: acts as the operator

    @property
    def is_staff(self) -> bool:
        return self.operator or (self.staff and self.scope is not None)


def scope_of(spaces: Sequence[str]) -> str | None:
    """The server or group of a chat's space keys (the least specific comes last); None in a
    DM or outside chats."""
    if not spaces:
        return None
    last = spaces[-1]
    return last if last.split(":")[1:2] in ([kind] for kind in SCOPE_KINDS) else None


# What a platform's own ids look like: a Discord server is a positive snowflake, a Telegram
# group a non-zero integer (supergroups are negative); ASCII digits, no leading zero.
_SCOPE_ID = {"discord:guild": re.compile(r"[1-9][0-9]{0,19}"),
             "telegram:chat": re.compile(r"-?[1-9][0-9]{0,19}")}


def is_scope_key(value: str) -> bool:
    """A server's or group's key as the adapters make it ("discord:guild:81384788765712384",
    "telegram:chat:-1001234567890"); what an operator types is checked against it."""
    platform, _, identifier = value.rpartition(":")
    pattern = _SCOPE_ID.get(platform)
    return pattern is not None and pattern.fullmatch(identifier) is not None


def may_read(record: CourseRecord, scope: str | None, grants: Sequence[str]) -> bool:
    """May a space of `scope` answer from the course?"""
    if record.public or (record.owner == OPERATOR and not record.private):
        return True
    return scope is not None and (record.owner == scope or scope in grants)


def may_change(record: CourseRecord, actor: Actor) -> bool:
    """May the actor upload to, remove from or share the course?"""
    if actor.operator:
        return True
    return actor.staff and actor.scope is not None and record.owner == actor.scope


class CourseAccess:
    """The rules above over a CourseRegistry, with platform memberships checked and cached."""

    def __init__(self, registry: CourseRegistry, *, sample_course: str | None = None,
                 default_course: str | None = None, private_by_default: bool = False,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.registry = registry
        # always public: the bundled sample, and DEFAULT_COURSE, which the operator chose for
        # every chat that has none of its own
        self.public_courses = frozenset(c for c in (sample_course, default_course) if c)
        self.private_by_default = private_by_default
        self.clock = clock
        self._members: dict[str, Membership] = {}
        self._member_cache: dict[tuple[str, str, str], tuple[float, bool]] = {}

    def add_membership(self, platform: str, membership: Membership) -> None:
        """An adapter tells how its platform answers "is this user in that scope?"."""
        self._members[platform] = membership

    async def record(self, name: str) -> CourseRecord:
        return self._complete(name, await self.registry.get(name))

    def _complete(self, name: str, found: CourseRecord | None) -> CourseRecord:
        """No row: the operator's course; the sample and default courses are public."""
        if found is None:
            found = CourseRecord(name, OPERATOR, private=self.private_by_default)
        if name in self.public_courses and not found.public:
            found = replace(found, public=True)
        return found

    async def readable(self, names: Sequence[str], scope: str | None) -> list[str]:
        """The names a space of `scope` may read, in two queries whatever their number."""
        records = {r.name: r for r in await self.registry.records()}
        grants = await self.registry.grants()
        return [name for name in names
                if may_read(self._complete(name, records.get(name)), scope,
                            [s for course, s in grants if course == name])]

    async def can_read(self, name: str, scope: str | None) -> bool:
        record = await self.record(name)
        return may_read(record, scope, [s for _, s in await self.registry.grants(name)])

    async def can_change(self, name: str, actor: Actor) -> bool:
        return may_change(await self.record(name), actor)

    async def can_read_personal(self, name: str, platform: str, user_id: str) -> bool:
        """A DM: public courses, or one used by a scope the user belongs to."""
        if platform in LOCAL_PLATFORMS:
            return True
        record = await self.record(name)
        if record.public:
            return True
        grants = [s for _, s in await self.registry.grants(name)]
        candidates = {record.owner, *grants, *await self.registry.scopes_using(name)}
        for scope in sorted(candidates):
            if scope.startswith(f"{platform}:") and may_read(record, scope, grants) \
                    and await self.is_member(platform, user_id, scope):
                return True
        return False

    async def is_member(self, platform: str, user_id: str, scope: str) -> bool:
        """Asked of the platform, remembered for a few minutes; no answer counts as "no"."""
        membership = self._members.get(platform)
        if membership is None:
            return False
        key, now = (platform, user_id, scope), self.clock()
        cached = self._member_cache.get(key)
        if cached is not None and now - cached[0] < MEMBERSHIP_TTL_S:
            return cached[1]
        member = await membership.is_member(user_id, scope)
        if len(self._member_cache) >= MAX_MEMBERSHIPS:
            self._member_cache.clear()
        self._member_cache[key] = (now, member)
        return member
