"""Staff uploads and removals from the chat: check, preview, then Confirm or Cancel.

The same loaders, chunking and store transaction as `studybuddy ingest` (core/ingest/pipeline):
a file is parsed off the event loop into a preview (name, type, pages, passages, target course,
whether it replaces or duplicates a document) and kept in memory under a short token until its
uploader confirms; only then is it embedded and stored, in one transaction, so a failure leaves
the course as it was. Pending actions live in this process (one bot process per database file).
"""
from __future__ import annotations

import asyncio
import logging
import secrets
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from pathlib import PurePath

from core.course.spaces import CourseSpaces, not_staff, not_yours, platform_of, unavailable
from core.course.spaces import desk_reply as _reply
from core.course.tenancy import Actor
from core.errors import log_failure
from core.ingest.document import LoadError
from core.ingest.limits import DEFAULT_LIMITS, IngestLimits
from core.ingest.loaders import FORMATS, LoadedDocument, content_hash
from core.ingest.pipeline import IngestReport, store_document
from core.messages import Reply
from core.ports import CourseStore, DocumentRecord, Embedder, StoredChunk
from core.text import DISPLAY_NAME_CHARS, clean_label
from core.texts.desk import say

log = logging.getLogger(__name__)
PENDING_TTL_S = 900.0  # a preview left unanswered for 15 minutes is dropped
PROGRESS_EVERY_S = 2.0  # progress edits are throttled well under the platforms' edit limits
Progress = Callable[[str], Awaitable[None]]


@dataclass(slots=True)
class Pending:
    """An upload or removal waiting for its initiator's Confirm or Cancel."""

    kind: str  # upload | remove
    actor: Actor
    course: str
    display_name: str
    created: float
    document: LoadedDocument | None = None
    prepared: tuple[DocumentRecord, list[StoredChunk]] | None = None
    replaces: bool = False
    document_id: str = ""


@dataclass(slots=True)
class Uploads:
    """The staff desk's document side; replies are notices, previews carry a pending token."""

    store: CourseStore
    embedder: Embedder
    spaces: CourseSpaces
    max_bytes: int = 20 * 1024 * 1024
    max_documents: int = 200
    limits: IngestLimits = DEFAULT_LIMITS  # what reading one file may cost (core/ingest/limits)
    clock: Callable[[], float] = time.monotonic
    _pending: dict[str, Pending] = field(default_factory=dict)

    def refusal(self, filename: str, size: int | None, *, allowed: bool, platform: str,
                language: str) -> Reply | None:
        """Why this upload is refused before anything is downloaded, or None."""
        if not allowed:
            return not_staff(platform, language)
        name = display_name(filename)
        if PurePath(name).suffix.lower() not in FORMATS:
            return _reply(say("upload_type", language, name=name, formats=supported_formats()),
                          "upload_type", language)
        if size is not None and size > self.max_bytes:
            return _reply(say("upload_size", language, name=name, size_mb=size / 2**20,
                              limit_mb=self.max_bytes // 2**20), "upload_size", language)
        return None

    async def target(self, course: str | None, spaces: Sequence[str], actor: Actor,
                     language: str) -> tuple[str | None, Reply | None]:
        """The course an upload or removal changes, or why the actor may not change it: a new
        name is fine (Confirm makes the actor's scope its owner); another class's course gets
        the same refusal as a name that does not exist."""
        named = course and " ".join(course.split())
        if named:
            known = await self.spaces.known(named)
            if known is None:
                return named, None
            if not actor.operator and not await self.spaces.may_read(known, spaces):
                return None, unavailable(named, language)
            target: str | None = known
        else:
            target = (await self.spaces.resolve(spaces)).course
        if not target:
            return None, _reply(say("upload_no_course", language), "upload_no_course", language)
        if not await self.spaces.access.can_change(target, actor):
            return None, not_yours(target, language)
        return target, None

    async def preview(self, data: bytes, filename: str, *, course: str | None,
                      spaces: Sequence[str], actor: Actor, language: str) -> Reply:
        """Parse and chunk the file (off the event loop) and describe what Confirm would do."""
        name = display_name(filename)
        too_big = self.refusal(name, len(data), allowed=actor.is_staff,
                               platform=platform_of(spaces), language=language)
        if too_big is not None:
            return too_big
        target, refused = await self.target(course, spaces, actor, language)
        if refused is not None:
            return refused
        assert target is not None  # target() gives a course or the reason there is none
        documents = await self.store.documents(target)
        same_name = next((d for d in documents if d.display_name == name), None)
        digest = content_hash(data)
        if same_name is not None and same_name.content_hash == digest:
            return _reply(say("upload_unchanged", language, name=name, course=target),
                          "upload_unchanged", language)
        if same_name is None and len(documents) >= self.max_documents:
            return _reply(say("upload_cap", language, course=target, count=len(documents),
                              limit=self.max_documents), "upload_cap", language)
        try:
            document, prepared = await asyncio.to_thread(_prepare, data, name, target,
                                                         self.limits)
        except LoadError as exc:
            return _reply(say("upload_failed", language, name=name, reason=str(exc)),
                          "upload_failed", language)
        except Exception as exc:  # a parser bug on one odd file is a reply, not a crash
            log_failure(log, f"parsing upload {name!r}", exc, "told the uploader")
            return _reply(say("upload_failed", language, name=name, reason=type(exc).__name__),
                          "upload_failed", language)
        if not prepared[1]:
            return _reply(say("upload_empty", language, name=name), "upload_empty", language)
        duplicate = next((d.display_name for d in documents
                          if d.content_hash == digest and d.display_name != name), None)
        token = self._hold(Pending("upload", actor, target, name, self.clock(), document,
                                   prepared, replaces=same_name is not None))
        text = say("preview", language, course=target, name=name,
                   kind=document.doc_type, extent=_extent(document, language),
                   chunks=len(prepared[1]),
                   status=_status(same_name, duplicate, document.warnings, language))
        return _reply(text, "upload_preview", language, pending=token)

    async def preview_removal(self, name: str, *, course: str | None, spaces: Sequence[str],
                              actor: Actor, platform: str, language: str) -> Reply:
        if not actor.is_staff:
            return not_staff(platform, language)
        target, refused = await self.target(course, spaces, actor, language)
        if refused is not None:
            return refused
        assert target is not None  # target() gives a course or the reason there is none
        documents = await self.store.documents(target)
        wanted = name.strip().casefold()
        match = next((d for d in documents if wanted in (d.display_name.casefold(), d.id)), None)
        if match is None:
            names = ", ".join(d.display_name for d in documents) or "—"
            return _reply(say("remove_unknown", language, name=name.strip(), course=target,
                              names=names), "remove_unknown", language)
        token = self._hold(Pending("remove", actor, target, match.display_name, self.clock(),
                                   document_id=match.id))
        return _reply(say("remove_preview", language, name=match.display_name,
                          chunks=match.chunks, course=target), "remove_preview", language,
                      pending=token)

    async def confirm(self, token: str, *, by: str, language: str,
                      progress: Progress | None = None) -> Reply:
        """Carry out a pending action; only its initiator may, once."""
        pending, refused = self._claim(token, by, language)
        if pending is None:
            assert refused is not None
            return refused
        if not await self._still_allowed(pending):  # the course changed hands meanwhile
            return _reply(say("course_unavailable", language, course=pending.course),
                          "course_unavailable", language)
        if pending.kind == "remove":
            await self.store.remove_document(pending.document_id)
            self.spaces.courses_changed()
            return _reply(say("removed", language, name=pending.display_name,
                              course=pending.course), "removed", language)
        return await self._store(pending, language, progress)

    def cancel(self, token: str, *, by: str, language: str) -> Reply:
        _, refused = self._claim(token, by, language)
        return refused or _reply(say("cancelled", language), "cancelled", language)

    async def _store(self, pending: Pending, language: str, progress: Progress | None) -> Reply:
        assert pending.document is not None and pending.prepared is not None
        total, done = len(pending.prepared[1]), 0
        started = time.perf_counter()

        def count(n: int) -> None:
            nonlocal done
            done += n

        async def report_progress() -> None:
            shown = -1
            while progress is not None:
                await asyncio.sleep(PROGRESS_EVERY_S)
                if done != shown:
                    shown = done
                    await progress(say("progress", language, name=pending.display_name,
                                       done=done, total=total, percent=round(100 * done / total)))

        ticker = asyncio.create_task(report_progress())
        report = IngestReport()
        try:
            await store_document(self.store, self.embedder, pending.document, pending.prepared,
                                 replaces=pending.replaces, report=report, progress=count)
        except Exception as exc:
            log_failure(log, f"storing upload {pending.display_name!r}", exc, "nothing stored")
            return _reply(say("store_failed", language, name=pending.display_name),
                          "store_failed", language)
        finally:
            ticker.cancel()
        self.spaces.courses_changed()
        key = "done_replaced" if pending.replaces else "done"
        return _reply(say(key, language, name=pending.display_name, course=pending.course,
                          chunks=report.chunks_total, new=report.chunks_new,
                          seconds=time.perf_counter() - started), "uploaded", language)

    async def _still_allowed(self, pending: Pending) -> bool:
        """Confirm re-checks ownership; a new course becomes the actor's scope's here."""
        if await self.spaces.known(pending.course) is None:
            return await self.spaces.claim(pending.course, pending.actor)
        return await self.spaces.access.can_change(pending.course, pending.actor)

    def _hold(self, pending: Pending) -> str:
        now = self.clock()
        for token in [t for t, p in self._pending.items() if now - p.created > PENDING_TTL_S]:
            del self._pending[token]
        token = secrets.token_urlsafe(9)  # 12 characters: fits any button id
        self._pending[token] = pending
        return token

    def _claim(self, token: str, by: str, language: str) -> tuple[Pending | None, Reply | None]:
        pending = self._pending.get(token)
        if pending is None or self.clock() - pending.created > PENDING_TTL_S:
            self._pending.pop(token, None)
            return None, _reply(say("expired", language), "expired", language)
        if pending.actor.user != by:
            return None, _reply(say("not_yours", language), "not_yours", language)
        del self._pending[token]
        return pending, None


def display_name(filename: str) -> str:
    """The uploaded file's own name, never a path the sender chose, on one line without
    direction overrides (with U+202E "lecture\\u202egnp.md" shows as "lecturedm.png")."""
    name = clean_label(PurePath(filename.replace("\\", "/")).name, DISPLAY_NAME_CHARS)
    return name or "upload"


def supported_formats() -> str:
    return ", ".join(sorted({suffix for suffix in FORMATS if suffix != ".markdown"}))


def _prepare(data: bytes, name: str, course: str, limits: IngestLimits = DEFAULT_LIMITS
             ) -> tuple[LoadedDocument, tuple[DocumentRecord, list[StoredChunk]]]:
    """Read and chunk the upload in a child process under `limits` (memory, time, sizes): a zip
    bomb or a parser bug costs that child and becomes a LoadError line, never the bot."""
    from core.ingest.sandbox import prepare_isolated

    return prepare_isolated(data, name, course, limits)


def _extent(document: LoadedDocument, language: str) -> str:
    if not document.pages:
        return ""
    key = "extent_slides" if document.format == "pptx" else "extent_pages"
    return say(key, language, pages=document.pages)


def _status(same_name: DocumentRecord | None, duplicate: str | None, warnings: list[str],
            language: str) -> str:
    status = ""
    if same_name is not None:
        when = same_name.ingested_at.strftime("%Y-%m-%d") if same_name.ingested_at else "?"
        status += say("status_replaces", language, name=same_name.display_name, when=when)
    if duplicate:
        status += say("status_duplicates", language, other=duplicate)
    if warnings:
        status += say("status_warnings", language, warnings="; ".join(warnings[:3]))
    return status
