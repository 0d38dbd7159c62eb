"""The course store seen as a Source, searching the asking chat's course.

The bundled sample course answers out of the box, but once the store holds any other course it
is never searched again (its notes on sorting must not answer a question about R), unless the
deployment asks for it by name.

Its hits are fused with the course's other-language passages as USE multilingual ranks them
(core/sources/other_language.py), when it is given that index: e5 alone misses the English page
that answers an Arabic question too often.

It is also the course's Vocabulary: which words the searched course uses at all (see
core.rag.coverage), asked of the store once per question and course for VOCABULARY_TTL_S.
"""
from __future__ import annotations

import logging
import time
from collections import OrderedDict
from collections.abc import Sequence

from core.errors import log_failure
from core.ports import CourseStore, Document
from core.sources.other_language import OtherLanguageIndex, fuse

COURSES_TTL_S = 30.0  # how long the list of stored courses is trusted (ingestion is rare)
VOCABULARY_TTL_S = 30.0  # a question's retries ask again within seconds: answered from memory
VOCABULARY_CACHE = 256  # questions remembered
OTHER_LANGUAGE_N = 3  # other-language passages fused into each search's hits
log = logging.getLogger(__name__)


class CourseSource:
    """Source port over a CourseStore (embedded SQLite or Supabase)."""

    name = "course"

    def __init__(self, store: CourseStore, course: str | None = None,
                 sample_course: str | None = None,
                 other_language: OtherLanguageIndex | None = None, *, local: bool = False
                 ) -> None:
        self.store = store
        # searched on this machine (the embedded store): CPU work the reply deadline bounds,
        # not SOURCE_TIMEOUT_S, which is for a service that may hang. With six processes on two
        # cores the local search once ran past 8 s and the answer came without the course.
        self.local = local
        self.other_language = other_language
        self.course = course
        self.sample_course = sample_course
        self._courses: tuple[float, list[str]] | None = None
        self._known: OrderedDict[tuple[str, tuple[str, ...]], tuple[float, set[str]]] = (
            OrderedDict())

    async def search(self, query: str, k: int, course: str | None = None) -> list[Document]:
        filters = await self.filters(course)
        found = await self.store.search(query, k, filters)
        if self.other_language is None:
            return found
        try:
            others = await self.other_language.nearest(query, filters, OTHER_LANGUAGE_N)
        except Exception as exc:  # the store's own hits still answer
            log_failure(log, "ranking the other-language passages", exc, "using the store's hits")
            return found
        return fuse(found, others, k) if others else found

    async def warm_other_language(self, course: str | None = None) -> int:
        """The second encoder's vectors of every passage `search(..., course)` searches, before
        its first question (seconds for thousands of passages); how many."""
        if self.other_language is None:
            return 0
        return await self.other_language.warm(await self.filters(course))

    async def passages(self, k: int, course: str | None = None) -> list[Document]:
        """Up to k stored passages (every child chunk) of what `search(..., course)` searches."""
        return await self.store.passages(k, await self.filters(course))

    async def known_terms(self, terms: Sequence[str], course: str | None = None) -> set[str]:
        """The terms the course that `search(..., course)` searches uses somewhere."""
        filters = await self.filters(course)
        key = (repr(sorted((filters or {}).items())), tuple(terms))
        now = time.monotonic()
        cached = self._known.get(key)
        if cached is not None and now - cached[0] <= VOCABULARY_TTL_S:
            return set(cached[1])
        known = await self.store.known_terms(terms, filters)
        self._known[key] = (now, set(known))
        self._known.move_to_end(key)
        while len(self._known) > VOCABULARY_CACHE:
            self._known.popitem(last=False)
        return set(known)

    async def filters(self, course: str | None = None) -> dict[str, str] | None:
        """The asking chat's course, else the deployment's, else every course but the sample
        (when another exists)."""
        if course or self.course:
            return {"course": course or self.course or ""}
        if self.sample_course is None:
            return None
        courses = await self._stored_courses()
        if self.sample_course in courses and any(c != self.sample_course for c in courses):
            return {"exclude_course": self.sample_course}
        return None

    async def _stored_courses(self) -> list[str]:
        now = time.monotonic()
        if self._courses is None or now - self._courses[0] > COURSES_TTL_S:
            self._courses = (now, await self.store.courses())
        return self._courses[1]
