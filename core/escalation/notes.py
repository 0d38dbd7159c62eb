"""Staff answers as course material: one small document per answer, one passage holding the
question and the answer, doc type "staff_answer", cited as "Staff answer · <date>".

They are ordinary documents of the course: searched by meaning and by words in both languages,
listed by `studybuddy docs list`, removed like any document; `studybuddy faq export / import`
round-trips them as JSONL (one {"question", "answer", "language", "answered_on"} per line).
"""
from __future__ import annotations

import hashlib
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, date, datetime
from typing import Any

from core.ingest.pipeline import embed_chunks
from core.ports import CourseStore, DocumentRecord, Embedder, StoredChunk
from core.rag.staff_answers import STAFF_ANSWER, passage, split_passage
from core.text import clean_input, content_id, detect_language

DOC_TYPE = STAFF_ANSWER
FORMAT = "qa"
TITLE = "Staff answer · {date}"
QUESTION_CHARS = 1000
ANSWER_CHARS = 4000


@dataclass(frozen=True, slots=True)
class StaffAnswer:
    """One staff answer as stored: what export writes and import reads."""

    question: str
    answer: str
    language: str
    answered_on: date  # what the citation shows ("Staff answer · 2026-12-02")

    def to_dict(self) -> dict[str, Any]:
        return {"question": self.question, "answer": self.answer, "language": self.language,
                "answered_on": self.answered_on.isoformat()}


def title_of(day: date) -> str:
    return TITLE.format(date=day.isoformat())


def day_of(title: str) -> date | None:
    """The date a staff answer's title carries."""
    try:
        return date.fromisoformat(title.rsplit(" ", 1)[-1])
    except ValueError:
        return None


class StaffNotes:
    """Staff answers in a course store, embedded like any passage."""

    def __init__(self, store: CourseStore, embedder: Embedder) -> None:
        self.store = store
        self.embedder = embedder

    async def add(self, course: str, key: str, question: str, answer: str, language: str,
                  day: date) -> str:
        """Store (or replace) the answer keyed `key` (a card id, or a hash on import); returns
        the document id."""
        question = clean_input(question)[:QUESTION_CHARS].strip()
        answer = clean_input(answer)[:ANSWER_CHARS].strip()
        text = passage(question, answer)
        title = title_of(day)
        document_id = "staff-" + hashlib.sha256(f"{course}\x1f{key}".encode()).hexdigest()[:16]
        display = f"staff-answer-{key}"
        lang = language if language in ("en", "ar") else detect_language(text)
        chunk = StoredChunk(id=content_id(f"{document_id}\n{text}"), text=text,
                            parent_id=content_id(f"{document_id}\nparent"), parent_text=text,
                            title=title, url_or_path=display, course=course, doc_type=DOC_TYPE,
                            lang=lang, document_id=document_id)
        embedded, _ = await embed_chunks(self.store, self.embedder, [chunk])
        record = DocumentRecord(document_id, course, display, title, FORMAT, DOC_TYPE,
                                hashlib.sha256(text.encode()).hexdigest(), None, 1)
        await self.store.replace_document(record, embedded)
        return document_id

    async def export(self, course: str) -> list[StaffAnswer]:
        """Every staff answer of the course, oldest first."""
        return sorted((answer for _, answer in await self._stored(course)),
                      key=lambda a: (a.answered_on, a.question))

    async def _stored(self, course: str) -> list[tuple[str, StaffAnswer]]:
        """(document id, answer) of every staff answer of the course. Read through search,
        restricted to the staff answers, with room for all of them (the store has no listing of
        passages)."""
        records = {r.id: r for r in await self.store.documents(course) if r.doc_type == DOC_TYPE}
        if not records:
            return []
        hits = await self.store.search("staff answer", len(records) + 10,
                                       {"course": course, "doc_type": DOC_TYPE})
        out = {}
        for hit in hits:
            record = records.get(str(hit.metadata.get("document_id")))
            if record is not None and record.id not in out:
                question, answer = split_passage(hit.text)
                day = day_of(record.title) or (record.ingested_at or datetime.now(UTC)).date()
                out[record.id] = StaffAnswer(question, answer, str(hit.metadata.get("lang", "en")),
                                             day)
        return list(out.items())

    async def import_answers(self, course: str, answers: Iterable[StaffAnswer]
                             ) -> tuple[int, int]:
        """Store answers; an answer to a question already stored (the same words, whatever the
        case and spacing) replaces it: a TA correcting a room number must not leave the old
        answer beside the new one. Returns (stored, of them replacing one)."""
        stored: dict[str, list[str]] = {}
        for document_id, answer in await self._stored(course):
            stored.setdefault(_same_question(answer.question), []).append(document_id)
        count = replaced = 0
        for item in answers:
            key = hashlib.sha256(passage(item.question, item.answer).encode()).hexdigest()[:8]
            document_id = await self.add(course, key, item.question, item.answer,
                                         item.language, item.answered_on)
            asked = _same_question(item.question)
            earlier = stored.get(asked, [])
            replaced += bool(earlier)
            for old in earlier:
                if old != document_id:
                    await self.store.remove_document(old)
            stored[asked] = [document_id]
            count += 1
        return count, replaced


def _same_question(question: str) -> str:
    """A question as compared on import: as stored (cleaned, cut), case and spacing folded."""
    return " ".join(clean_input(question)[:QUESTION_CHARS].split()).casefold()
