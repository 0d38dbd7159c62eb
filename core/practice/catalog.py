"""A course's passages and their fact sentences, gathered through the course store's search.

The CourseStore port has no "list every chunk": searching by each document's title and by a few
words every definition uses reaches nearly every passage of a course (search returns each parent
passage once), which is what quiz items and their distractors are drawn from. Kept a minute per
course: a quiz of five items reads it once.
"""
from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from core.errors import log_failure
from core.ports import CourseStore, Document
from core.practice.facts import Fact, facts_in
from core.practice.items import ItemSource
from core.rag.coverage import absent_words, course_words, lookup_terms
from core.sentences import split_sentences

PER_QUERY = 100
GENERIC_QUERIES = ("is a", "is defined as", "refers to", "function", "هو", "هي", "تعريف")
TTL_S = 60.0
MAX_QUERIES = 80
log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class Passage:
    """One stored passage (parent text) with the citation of the chunk that reached it."""

    text: str
    source: ItemSource
    document_id: str
    facts: tuple[Fact, ...] = field(default=())


def passages_of(docs: Sequence[Document]) -> list[Passage]:
    """Passages with their facts (regex work: callers run it off the event loop)."""
    return [passage_of(d) for d in docs]


def passage_of(doc: Document) -> Passage:
    meta = doc.metadata
    text = doc.context or doc.text
    unit = "slide" if str(meta.get("unit", "")) == "slide" or \
        doc.url_or_path.lower().endswith(".pptx") else "page"
    page = meta.get("page")
    source = ItemSource(document=doc.url_or_path, title=doc.title.split(" › ")[0],
                        page=int(page) if page is not None else None,
                        section=str(meta.get("section") or ""), unit=unit,
                        chunk_id=str(meta.get("chunk_id", "")))
    return Passage(text, source, str(meta.get("document_id", "")), tuple(facts_in(text)))


class CourseCatalog:
    """Every reachable passage of a course, its facts and its sentences."""

    def __init__(self, store: CourseStore) -> None:
        self.store = store
        self._cache: dict[str, tuple[float, list[Passage]]] = {}

    async def passages(self, course: str) -> list[Passage]:
        now = time.monotonic()
        cached = self._cache.get(course)
        if cached and now - cached[0] <= TTL_S:
            return cached[1]
        filters = {"course": course}
        records = await self.store.documents(course)
        queries = [q for r in records for q in (r.title, r.display_name)] + list(GENERIC_QUERIES)
        found: dict[str, Passage] = {}
        asked: set[str] = set()
        while queries and len(asked) < MAX_QUERIES:
            query = queries.pop(0)
            if not query.strip() or query in asked:
                continue
            asked.add(query)
            docs = [d for d in await self.store.search(query, PER_QUERY, filters)
                    if (d.context or d.text) not in found]
            for passage in await asyncio.to_thread(passages_of, docs):
                if passage.text not in found:
                    found[passage.text] = passage
                    queries.append(passage.source.section)  # reach its neighbours next
        passages = sorted(found.values(), key=lambda p: (p.source.document, p.source.page or 0,
                                                         p.source.chunk_id))
        self._cache[course] = (now, passages)
        return passages

    async def unused_words(self, course: str, topic: str) -> list[str]:
        """The content words of an English topic the course uses nowhere (its vocabulary):
        "express middleware" over Node's docs, where only "expressed" is near. [] when the
        store cannot tell: a failed lookup must not refuse a quiz."""
        words = course_words(topic)
        if not words:
            return []
        try:
            known = await self.store.known_terms(lookup_terms(words), {"course": course})
        except Exception as exc:
            log_failure(log, "course vocabulary lookup", exc, "the topic is searched as is")
            return []
        return absent_words(words, known)

    async def search(self, course: str, query: str, k: int) -> list[Passage]:
        """Passages of the course nearest a topic (both languages), best first."""
        docs = await self.store.search(query, k, {"course": course})
        return await asyncio.to_thread(passages_of, docs)


def sentences_of(passages: Sequence[Passage]) -> list[str]:
    """Every sentence of the passages (what distractors are checked against)."""
    return list(dict.fromkeys(s for p in passages for s in split_sentences(p.text)))
