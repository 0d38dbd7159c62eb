"""`/quiz [topic] [n]`: items from the chat's course, offline, from the materials themselves.

With a topic, the passages nearest it by meaning (either language) give the items, and a topic
the course does not treat gets no quiz at all; without one, items are spread over the course's
documents in turn. Each fact gives at most one item per quiz, each term is asked once, and a small
course gives fewer items rather than weaker ones.
"""
from __future__ import annotations

import asyncio
import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from core.ports import CourseStore, Embedder
from core.practice import distractors
from core.practice.catalog import CourseCatalog, Passage, sentences_of
from core.practice.facts import Fact
from core.practice.items import QuizItem
from core.practice.questions import CLOZE, DEFINE, build
from core.rag.coverage import uncovered_terms
from core.text import detect_language, keyword_forms

DEFAULT_COUNT, MAX_COUNT = 5, 20
TOPIC_PASSAGES = 24
# e5 query-to-sentence cosine for a sentence to count as on the topic when it shares no word
# with it (same language / across languages; sentences on the topic sit above, others below).
TOPIC_COSINE, TOPIC_CROSS_COSINE = 0.83, 0.80
VECTOR_CACHE = 5000  # term vectors kept between quizzes
DEFINE_SHARE = 0.3  # share of items asked as "What is X?" when the definitions fit as options

# a topic refused: not in the course, or in it in no sentence an item can be made from
REFUSED = ("not_covered", "no_facts")


@dataclass(frozen=True, slots=True)
class Quiz:
    """What /quiz answers: the items, and why there are fewer than asked (or none)."""

    items: tuple[QuizItem, ...]
    status: str  # ok | fewer | one of REFUSED | empty
    topic: str = ""
    course: str = ""
    asked: int = DEFAULT_COUNT
    facts: int = 0  # the materials' sentences items are made from: an instructor sees why none


class QuizGenerator:
    """Makes quiz items from a course's passages; the CLI, the adapters and the bench share it."""

    def __init__(self, store: CourseStore, embedder: Embedder) -> None:
        self.catalog = CourseCatalog(store)
        self.embedder = embedder
        self._sentences: tuple[list[Passage], list[distractors.Indexed]] | None = None
        self._vectors: dict[str, np.ndarray] = {}  # term -> vector, oldest first

    async def quiz(self, course: str, topic: str | None = None, n: int = DEFAULT_COUNT, *,
                   seed: int | None = None, exclude: Sequence[str] = ()) -> Quiz:
        n = max(1, min(n, MAX_COUNT))
        topic = (topic or "").strip()
        rng = random.Random(seed)
        passages = await self.catalog.passages(course)
        facts = sum(len(p.facts) for p in passages)
        if not passages:
            return Quiz((), "empty", topic, course, n)
        if topic:
            ordered = await self._on_topic(course, topic)
            if not ordered:
                status = "not_covered" if ordered is None else "no_facts"
                return Quiz((), status, topic, course, n, facts)
        else:
            ordered = _spread(passages, rng)
        items = await self._items(ordered, passages, course, n, rng, set(exclude))
        status = "ok" if len(items) >= n else ("fewer" if items else "empty")
        return Quiz(tuple(items), status, topic, course, n, facts)

    async def _on_topic(self, course: str, topic: str) -> list[tuple[Passage, Fact]] | None:
        """Facts of the passages nearest the topic that are about it, most related first; None
        when the course does not treat the topic ([] when it does in no sentence an item can
        be made from: a man page's option list)."""
        hits = await self.catalog.search(course, topic, TOPIC_PASSAGES)
        if not hits or uncovered_terms(topic, [p.text for p in hits]) \
                or await self.catalog.unused_words(course, topic):
            return None
        pairs = [(p, f) for p in hits for f in p.facts]
        if not pairs:
            return []
        query = (await self.embedder.embed_queries([topic]))[0]
        vectors = await self.embedder.embed_passages([f.sentence for _, f in pairs])
        cosines = vectors @ query
        language = detect_language(topic)
        forms = keyword_forms(topic)
        scored = []
        for (passage, fact), cosine in zip(pairs, cosines, strict=True):
            words = keyword_forms(f"{fact.term} {fact.sentence}")
            shared = any(forms[w] & {x for v in words.values() for x in v} for w in forms)
            floor = TOPIC_COSINE if fact.language == language else TOPIC_CROSS_COSINE
            if shared or float(cosine) >= floor:
                scored.append((float(cosine) + (0.1 if shared else 0.0), passage, fact))
        scored.sort(key=lambda row: -row[0])
        return [(p, f) for _, p, f in scored]

    async def _items(self, ordered: list[tuple[Passage, Fact]], passages: list[Passage],
                     course: str, n: int, rng: random.Random, exclude: set[str]
                     ) -> list[QuizItem]:
        pool = _term_pool(passages)
        vectors = await self._term_vectors(pool)
        # CPU work (the course's sentences indexed, wrong options checked against them) runs
        # off the event loop: a quiz must not hold up the answers other chats wait for.
        sentences = await asyncio.to_thread(self._indexed, passages)
        items: list[QuizItem] = []
        asked: set[str] = set()
        used: Counter[str] = Counter()  # wrong options so far, by term
        for passage, fact in ordered:
            if len(items) >= n:
                break
            if any(distractors.same_thing(fact.term, t) for t in asked):
                continue
            wrong = await asyncio.to_thread(distractors.pick, fact, pool, vectors, sentences,
                                            passage.text, 3, used)
            forms = [DEFINE, CLOZE] if rng.random() < DEFINE_SHARE else [CLOZE, DEFINE]
            for form in forms:
                item = build(fact, wrong, passage, course, rng, form)
                if item is not None and item.id not in exclude:
                    items.append(item)
                    asked.add(fact.term)
                    used.update(d.term for d in wrong)
                    break
        return items

    def _indexed(self, passages: list[Passage]) -> list[distractors.Indexed]:
        """The course's sentences, indexed once per catalog read (the same list object)."""
        if self._sentences is None or self._sentences[0] is not passages:
            self._sentences = (passages, distractors.index(sentences_of(passages)))
        return self._sentences[1]

    async def _term_vectors(self, pool: list[Fact]) -> dict[str, np.ndarray]:
        terms = [t for t in dict.fromkeys(f.term for f in pool) if t not in self._vectors]
        if terms:
            vectors = await self.embedder.embed_queries(terms)
            self._vectors.update(zip(terms, vectors, strict=True))
            while len(self._vectors) > VECTOR_CACHE:
                self._vectors.pop(next(iter(self._vectors)))
        return {f.term: self._vectors[f.term] for f in pool if f.term in self._vectors}


def _term_pool(passages: Sequence[Passage]) -> list[Fact]:
    """One fact per term of the course (its first), the candidates for wrong options."""
    pool: dict[str, Fact] = {}
    for passage in passages:
        for fact in passage.facts:
            pool.setdefault(fact.term.casefold(), fact)
    return list(pool.values())


def _spread(passages: Sequence[Passage], rng: random.Random) -> list[tuple[Passage, Fact]]:
    """Facts taken from each document in turn (in a shuffled order within each), so a quiz
    without a topic visits the whole course."""
    by_document: dict[str, list[tuple[Passage, Fact]]] = {}
    for passage in passages:
        for fact in passage.facts:
            by_document.setdefault(passage.source.document, []).append((passage, fact))
    queues = list(by_document.values())
    rng.shuffle(queues)
    for queue in queues:
        rng.shuffle(queue)
    ordered: list[tuple[Passage, Fact]] = []
    while any(queues):
        for queue in queues:
            if queue:
                ordered.append(queue.pop())
    return ordered
