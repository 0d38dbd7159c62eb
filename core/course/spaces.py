"""Course spaces: which course a chat is answered from, and how staff and students set it.

Adapters turn platform facts into space keys, most specific first (Discord thread, channel,
server; a Telegram group; a DM) and decide who is staff. Here a question's course is the first
key's assignment, else `DEFAULT_COURSE`, else the only course there is; with several courses
and none chosen the bot asks for one rather than mixing two courses' materials.

A space also carries a study-integrity mode (explain, the default, or guide: requests to produce
graded work get concepts, steps and a question back, core/rag/guide.py). It resolves like the
course, separately: the most specific space with a mode wins, so a server's guide mode covers
its channels unless a channel sets its own.
"""
from __future__ import annotations

import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

from core.course.tenancy import OPERATOR, Actor, CourseAccess, scope_of
from core.messages import Reply
from core.ports import CourseRecord, CourseStore, SpaceAssignment, SpaceStore
from core.rag.state import Mode
from core.texts.desk import say
from core.texts.notices import notice

COURSES_TTL_S = 30.0  # how long the list of stored courses is trusted (uploads invalidate it)
MAX_COURSE_NAME = 64
MODES: tuple[Mode, ...] = ("explain", "guide")
DEFAULT_MODE: Mode = "explain"


def clean_course_name(value: str) -> str | None:
    """A course name as typed, spaces collapsed; None when it cannot be one (blank, longer than
    MAX_COURSE_NAME, control characters)."""
    name = " ".join(value.split())
    return name if name and len(name) <= MAX_COURSE_NAME and name.isprintable() else None


def stored_spelling(name: str, names: Iterable[str]) -> str | None:
    """How a course is stored, whatever the case typed ("sys101" is SYS101); None if unknown."""
    return next((c for c in names if c.casefold() == name.casefold()), None)


@dataclass(frozen=True, slots=True)
class Resolution:
    """The course a chat's questions are answered from, and why."""

    course: str | None
    origin: str  # "space" | "personal" | "default" | "only" | "" (none chosen)
    courses: tuple[str, ...]  # the courses one could choose from (when none is chosen)
    mode: Mode = "explain"  # study-integrity mode of the space


class CourseSpaces:
    """Resolves and changes course spaces over a SpaceStore, the course store's courses and
    the tenancy rules (core/course/tenancy.py): a chat only ever sees courses it may read."""

    def __init__(self, spaces: SpaceStore, store: CourseStore, access: CourseAccess, *,
                 default_course: str | None = None, sample_course: str | None = None) -> None:
        self.spaces = spaces
        self.store = store
        self.access = access
        self.default_course = default_course or None
        self.sample_course = sample_course
        self._courses: tuple[float, list[str]] | None = None

    async def courses(self) -> list[str]:
        """Courses holding documents; the bundled sample only while it is the only one."""
        now = time.monotonic()
        if self._courses is None or now - self._courses[0] > COURSES_TTL_S:
            stored = sorted(await self.store.courses(), key=str.casefold)
            real = [c for c in stored if c != self.sample_course]
            self._courses = (now, real or stored)
        return list(self._courses[1])

    def courses_changed(self) -> None:
        """A document was added or removed: re-read the course list on next use."""
        self._courses = None

    async def known(self, name: str) -> str | None:
        """The stored spelling of a course that exists (documents or an owner), else None."""
        return stored_spelling(name, [*await self.store.courses(),
                                      *(r.name for r in await self.access.registry.records())])

    async def may_read(self, course: str, spaces: Sequence[str]) -> bool:
        """May a chat with these space keys answer from the course?"""
        if spaces and is_personal(spaces[0]):
            platform, _, user = spaces[0].split(":", 2)
            return await self.access.can_read_personal(course, platform, user)
        return await self.access.can_read(course, scope_of(spaces))

    async def visible(self, spaces: Sequence[str]) -> list[str]:
        """The courses with materials this chat may read."""
        names = await self.courses()
        if spaces and is_personal(spaces[0]):
            return [c for c in names if await self.may_read(c, spaces)]
        return await self.access.readable(names, scope_of(spaces))

    async def resolve(self, spaces: Sequence[str]) -> Resolution:
        found = await self._resolve_course(spaces)
        mode = await self.mode(spaces)
        return found if mode == DEFAULT_MODE else replace(found, mode=mode)

    async def _resolve_course(self, spaces: Sequence[str]) -> Resolution:
        """The chat's course; the list to choose from is worked out only when none is set
        (in a DM it asks the platform about memberships)."""
        assigned = await self.spaces.lookup(spaces)
        if assigned is not None and await self.may_read(assigned.course, spaces):
            origin = "personal" if is_personal(assigned.space) else "space"
            return Resolution(assigned.course, origin, ())
        if self.default_course and (not spaces or await self.may_read(self.default_course,
                                                                       spaces)):
            return Resolution(self.default_course, "default", ())
        everything = await self.courses()
        courses = tuple(await self.visible(spaces) if spaces else everything)
        if len(courses) == 1:
            return Resolution(courses[0], "only", courses)
        if not everything:  # nothing ingested anywhere: outside sources may still help
            return Resolution(None, "only", courses)
        return Resolution(None, "", courses)

    async def mode(self, spaces: Sequence[str]) -> Mode:
        """The chat's study-integrity mode: the most specific space's, else explain."""
        found = await self.spaces.mode(spaces) if spaces else None
        return next((mode for mode in MODES if mode == found), DEFAULT_MODE)

    async def show(self, spaces: Sequence[str], language: str, *, personal: bool) -> Reply:
        """`/course`: the chat's course and where it comes from, or how to choose one."""
        found = await self.resolve(spaces)
        if found.course is None:
            return self.no_course(found, language, personal=personal)
        text = say("space_course", language, course=found.course,
                   origin=say(f"origin_{found.origin}", language))
        if found.course not in await self.store.courses():
            text += "\n" + say("space_empty", language)
        text += "\n" + say(f"mode_is_{found.mode}", language)
        return desk_reply(text, "course_show", language)

    async def show_mode(self, spaces: Sequence[str], language: str) -> Reply:
        """`/mode` alone: the chat's study-integrity mode and how staff change it."""
        mode = await self.mode(spaces)
        return desk_reply(say(f"mode_is_{mode}", language) + "\n" + say("mode_how", language),
                          "mode_show", language)

    async def set_mode(self, space: str, mode: str, *, actor: Actor, where: str,
                       language: str) -> Reply:
        """`/mode guide|explain` (staff of the space's own server or group): how this space
        answers requests for graded work. `where` names the space in the confirmation."""
        if not actor.is_staff:
            return not_staff(platform_of((space,)), language)
        wanted = mode.strip().casefold()
        if wanted not in MODES:
            return desk_reply(say("mode_bad", language), "mode_bad", language)
        await self.spaces.set_mode(space, wanted, actor.user)
        return desk_reply(say(f"mode_set_{wanted}", language,
                              where=say(f"where_{where}", language)), "mode_set", language)

    def no_course(self, found: Resolution, language: str, *, personal: bool) -> Reply:
        how = say("how_dm" if personal and found.courses else "how_staff", language)
        if not found.courses:
            key = "space_none_dm" if personal else \
                "space_none_here" if found.origin == "" else "space_none_empty"
            return desk_reply(say(key, language, how=how), "no_course", language)
        return desk_reply(say("space_none", language, how=how, courses=", ".join(found.courses)),
                          "no_course", language)

    async def listing(self, spaces: Sequence[str], language: str) -> Reply:
        """`/course list`: only the courses this chat may read."""
        courses = await self.visible(spaces)
        if not courses:
            return desk_reply(say("course_list_empty", language), "course_list", language)
        return desk_reply(say("course_list", language, courses=", ".join(courses)),
                          "course_list", language)

    async def assign(self, space: str, course: str, *, actor: Actor, where: str,
                     language: str, spaces: Sequence[str] = ()) -> Reply:
        """Set a space's course. Staff may point their server's or group's space at a course it
        may read, or create a new name (their scope then owns it); a student choosing for their
        own DMs picks among the courses they may read. `where` names the space (channel |
        server | group) in the confirmation."""
        personal = is_personal(space)
        if not personal and not actor.is_staff:
            return not_staff(platform_of((space,)), language)
        name = clean_course_name(course)
        if name is None:
            return desk_reply(say("course_bad_name", language), "course_bad_name", language)
        existing = await self.known(name)
        typed, name = name, existing or name
        if personal:
            visible = await self.visible((space,))
            if name not in visible:  # the name as typed: to others nothing tells if it exists
                listed = ", ".join(visible) or "—"
                text = (notice("unknown_course", language, course=typed, courses=listed)
                        if actor.operator  # the console: every course is theirs to see
                        else say("course_unknown", language, course=typed, courses=listed))
                return desk_reply(text, "course_unknown", language)
            await self.spaces.assign(SpaceAssignment(space=space, course=name, set_by=actor.user))
            return desk_reply(say("course_set_own", language, course=name), "course_set",
                              language)
        scope = actor.scope or scope_of(spaces or (space,)) or ""
        created = existing is None and await self.claim(name, actor)
        if not created and scope and not await self.access.can_read(name, scope):
            if not actor.operator:
                return unavailable(typed, language)
            await self.access.registry.grant(name, scope, actor.user)  # the operator shares it
        await self.spaces.assign(SpaceAssignment(space=space, course=name, set_by=actor.user,
                                                 scope=scope))
        key = "course_set" if name in await self.courses() else "course_set_new"
        return desk_reply(say(key, language, course=name, where=say(f"where_{where}", language)),
                          "course_set", language)

    async def claim(self, name: str, actor: Actor) -> bool:
        """Create a course the caller found missing (`known`), owned by the actor's scope (the
        operator's outside a server or group); False when another owner got the name first."""
        owner = actor.scope or OPERATOR
        stored = await self.access.registry.create(CourseRecord(name, owner,
                                                                created_by=actor.user))
        return stored.owner == owner


def platform_of(spaces: Sequence[str]) -> str:
    """The platform a chat's space keys belong to ("telegram:chat:-100…" -> "telegram")."""
    return spaces[0].split(":", 1)[0] if spaces else ""


def is_personal(space: str) -> bool:
    """DM spaces are keyed by user ("telegram:user:42"): the user's own choice."""
    return space.split(":")[1:2] == ["user"]


def unavailable(course: str, language: str) -> Reply:
    """Refusing a course this chat may not use or change: the same words whether or not the
    name exists, so staff elsewhere cannot probe other classes' course names."""
    return desk_reply(say("course_unavailable", language, course=course), "course_unavailable",
                      language)


def not_yours(course: str, language: str) -> Reply:
    """Refusing a change to a course this chat may use but whose owners' staff alone change it."""
    return desk_reply(say("course_not_yours", language, course=course), "course_not_yours",
                      language)


def not_staff(platform: str, language: str) -> Reply:
    """The refusal every staff command gives a student, naming who counts as staff there."""
    return desk_reply(say("not_staff", language, who=say(f"who_{platform}", language)),
                      "not_staff", language)


def desk_reply(text: str, key: str, language: str, pending: str | None = None) -> Reply:
    """A course-desk answer: a notice (no confidence mark), maybe awaiting Confirm / Cancel."""
    return Reply.notice_of(text, key, language, pending=pending)
