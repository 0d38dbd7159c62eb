"""StudyBuddy: the one entry point adapters call — limits, history, the graph, the reply.

history -> follow-up rewrite -> graph -> Reply -> history. Whatever happens inside, the user gets
a reply: limits and failures become polite notices, never exceptions.
"""
from __future__ import annotations

import asyncio
import copy
import logging
import time
from collections.abc import Awaitable, Callable, Coroutine
from dataclasses import replace
from typing import Any

from core.chat import warm
from core.chat.followup import asks_more, asks_of_nothing, standalone_question
from core.chat.limits import Limits
from core.chat.observe import NoObserver
from core.chat.photo import PhotoLimits, PhotoReader, photo_notice, question_from, with_reading
from core.chat.rate_limit import MemoryRateLimiter
from core.course.spaces import DEFAULT_MODE, CourseSpaces
from core.i18n import pick_language
from core.insight.answer_actions import AnswerActions
from core.messages import Confidence, IncomingMessage, Reply
from core.ports import HistoryStore, Observer, RateLimiter, Replier, Turn
from core.rag import rules
from core.rag.graph import RagGraph
from core.rag.state import RagContext, RagState
from core.stores.errors import StoreError
from core.text import clean_input
from core.texts.notices import notice

log = logging.getLogger(__name__)
RECURSION_LIMIT = 100  # far above the longest legal route; the retry counter bounds the loop
BUSY_RETRY_AFTER_S = 60  # the "busy" notice says "try again in a minute"
RECORD_GRACE_S = 5.0  # past the reply deadline, for recording a question that timed out


class StudyBuddy:
    """ChatService port implementation shared by every adapter."""

    def __init__(self, graph: RagGraph, context: RagContext, history: HistoryStore,
                 limits: Limits | None = None, spaces: CourseSpaces | None = None,
                 actions: AnswerActions | None = None,
                 limiter: RateLimiter | None = None, observer: Observer | None = None,
                 photos: PhotoReader | None = None) -> None:
        self.graph = graph
        self.context = context
        self.history = history
        self.spaces = spaces  # None: every course is searched (benchmarks, single-course tools)
        self.actions = actions  # None: no outcomes recorded, no answer buttons
        self.limits = limits or Limits()
        self.limiter = limiter or MemoryRateLimiter()
        self.observer: Observer = observer or NoObserver()
        self.photos = photos  # None: photos get "I can't read photos on this bot"
        # Other features' per-user data erased by /forget too (quiz cards and answers):
        # each takes (platform, user_id) and returns the rows removed.
        self.also_forget: list[Callable[[str, str], Awaitable[int]]] = []
        # Whether a recorded study answer gets "Ask a TA" (core/escalation TADesk.offers).
        self.offers_ta: Callable[[IncomingMessage, Reply], Awaitable[bool]] | None = None
        self._slots = asyncio.Semaphore(self.limits.max_concurrent)
        self._waiting = 0
        self._quiet = asyncio.Event()  # set while no study question waits or is answered
        self._quiet.set()

    @property
    def waiting(self) -> int:
        """Study questions queued or being answered (the queue-depth metric)."""
        return self._waiting

    def unrecorded(self) -> StudyBuddy:
        """This service without outcome records: staff re-asking questions are not students."""
        view = copy.copy(self)
        view.actions = None
        return view

    async def respond(self, message: IncomingMessage, replier: Replier) -> Reply:
        """Fast paths reply at once; the study path keeps typing on until the reply is sent."""
        started = time.perf_counter()
        text, language, quick = self._triage_input(message)
        if quick is not None:
            await replier.send(quick)
            self.observer.replied(quick, time.perf_counter() - started)
            return quick
        async with replier.typing():
            reply = await self._study(message, text, language)
            await replier.send(reply)
        self.observer.replied(reply, time.perf_counter() - started)
        return reply

    async def handle(self, message: IncomingMessage) -> Reply:
        """Answer one message; never raises."""
        started = time.perf_counter()
        text, language, quick = self._triage_input(message)
        reply = quick if quick is not None else await self._study(message, text, language)
        self.observer.replied(reply, time.perf_counter() - started)
        return reply

    def _triage_input(self, message: IncomingMessage) -> tuple[str, str, Reply | None]:
        """(clean text, language, the instant reply when no retrieval is needed)."""
        text = rules.without_opening(clean_input(message.text))
        language = pick_language(text, message.language_hint)
        if message.image is not None:  # the photo holds the question: read it on the study path
            return text, language, None
        if not text:
            return text, language, _notice("empty", language)
        if len(text) > self.limits.max_question_chars:
            return text, language, _notice("too_long", language, length=len(text),
                                           limit=self.limits.max_question_chars)
        settled = rules.fast_path(text)  # greetings and refusals: no history, queue or graph
        if settled is not None and settled.get("intent") == "unsafe" and asks_more(text):
            settled = None  # "why?", "what about it?": about the last answer, if there is one
        return text, language, None if settled is None else Reply.from_state(settled)

    async def _study(self, message: IncomingMessage, text: str, language: str) -> Reply:
        """The study path: per-user rate limit, bounded queue, then the graph under a deadline."""
        try:
            wait = await self._rate_limited(message)
        except StoreError as err:  # a shared limiter's outage must not silence the bot
            log.warning("rate limiter unavailable, question let through: %s", err)
            wait = 0
        if wait:
            return _notice("rate_limited", language, limit=self.limits.rate_limit_per_minute,
                           wait=wait, retry_after_s=wait)
        if self._waiting >= self.limits.queue_max + self.limits.max_concurrent:
            return _notice("busy", language, retry_after_s=BUSY_RETRY_AFTER_S)
        self._waiting += 1
        self._quiet.clear()
        deadline = asyncio.get_running_loop().time() + self.limits.reply_deadline_s
        try:
            async with self._slots:
                answer = self._answer_photo if message.image is not None else self._answer
                return await self._guarded(answer(message, text, language, deadline), language)
        finally:
            self._waiting -= 1
            if not self._waiting:
                self._quiet.set()

    async def _guarded(self, answering: Coroutine[Any, Any, Reply], language: str) -> Reply:
        """The last line of defence: a notice instead of an exception or a hang (the graph's own
        deadline, in _answer, comes first and records the question)."""
        try:
            return await asyncio.wait_for(answering, self.limits.reply_deadline_s + RECORD_GRACE_S)
        except TimeoutError:
            log.warning("reply deadline of %.0fs exceeded", self.limits.reply_deadline_s)
            return _notice("timeout", language, confidence=Confidence.LOW)
        except Exception:
            log.exception("answering failed")
            return _notice("error", language, confidence=Confidence.LOW)

    async def _answer(self, message: IncomingMessage, text: str, language: str,
                      deadline: float) -> Reply:
        started = time.perf_counter()
        course, mode = message.course, DEFAULT_MODE
        if course is not None and self.spaces is not None:
            # named by the caller (`ask --course`, HTTP): a typo must not read as "your course
            # has nothing on this", nor become a course in the instructor report
            known = await self.spaces.known(course)
            if known is None:
                return _notice("unknown_course", language, course=course,
                               courses=", ".join(await self.spaces.courses()) or "—")
            course = known
        if self.spaces is not None:
            found = await self.spaces.resolve(message.spaces)
            mode = found.mode
            if course is None and found.course is None and found.origin == "" \
                    and message.spaces:
                # a chat with no course chosen among several (or none it may read): ask,
                # never mix two courses nor answer from another class's
                return self.spaces.no_course(found, language, personal=message.is_direct)
            course = course or found.course  # None outside chats: every course but the sample
        try:
            history = await self.history.recent(message.platform, message.user_id,
                                                self.limits.history_turns)
        except Exception as err:  # history is context, not the answer: degrade, keep answering
            _log_history_failure("read", err)
            history = []
        if asks_of_nothing(text, history):  # "and the other one?" with nothing before it
            return _notice("no_context", language)
        question, rewrite_calls = await standalone_question(text, history, self.context.llm)
        start: RagState = {"question": question, "course": course, "mode": mode}
        try:
            async with asyncio.timeout_at(deadline):
                state = await self.graph.ainvoke(start, context=self.context,
                                                 config={"recursion_limit": RECURSION_LIMIT})
        except TimeoutError:  # the instructor report lists it among what went unanswered
            log.warning("reply deadline of %.0fs exceeded", self.limits.reply_deadline_s)
            reply = _notice("timeout", language, confidence=Confidence.LOW)
            if self.actions is not None:
                took = round((time.perf_counter() - started) * 1000)
                await self.actions.record_timeout(message, question, course, reply, took)
            return reply
        reply = Reply.from_state(state, language=language, course=course,
                                 llm_calls=rewrite_calls)
        if not reply.is_fast_path:
            try:
                await self.history.append(Turn(
                    message.platform, message.user_id, question, reply.text, reply.intent.value,
                    tuple(c.to_dict() for c in reply.citations)))
            except Exception as err:  # the answer is ready; losing its row is the lesser harm
                _log_history_failure("write", err)
        if self.actions is not None:
            latency_ms = round((time.perf_counter() - started) * 1000)
            reply = await self.actions.record(message, question, reply, dict(state), latency_ms)
        if self.offers_ta is not None and reply.answer_id is not None:
            try:
                reply = replace(reply, escalate=await self.offers_ta(message, reply))
            except Exception:  # the answer goes out; only its "Ask a TA" button is lost
                log.exception("TA desk lookup failed")
        return reply

    async def _answer_photo(self, message: IncomingMessage, caption: str, language: str,
                            deadline: float) -> Reply:
        """A photo: the caption and the text read from it are the question, answered like a
        typed one; the reply first shows what was read. Only that text goes further."""
        if self.photos is None or message.image is None:
            return photo_notice("unavailable", language, PhotoLimits())
        reading = await self.photos.read(message.image)
        if reading.problem is not None:
            return photo_notice(reading.problem, language, self.photos.limits)
        asked = replace(message, image=None, from_photo=True, text=question_from(
            caption, reading.text, self.limits.max_question_chars))
        text, language, quick = self._triage_input(asked)
        reply = quick if quick is not None else await self._answer(asked, text, language,
                                                                   deadline)
        return with_reading(reply, reading.text)

    async def warm_up(self, *, course: bool = True) -> float:
        """Load what a first study question needs (core/chat/warm.py; `course=False`: the models
        only, the passages left to `warm_course`); seconds taken. No outside service is called."""
        started = time.perf_counter()
        await warm.load_models(self.context)
        if course:
            await self.warm_course()
        return time.perf_counter() - started

    async def warm_course(self) -> None:
        """Embed the default course's passages the way a question will (tens of seconds),
        stepping aside while questions are being answered."""
        await warm.embed_course(self.context, self._quiet.wait)

    async def sources(self, answer_id: str, language: str) -> Reply:
        """The "Sources" button: every cited passage of that answer, quoted."""
        if self.actions is None:
            return _notice("error", language)
        return await self.actions.sources(answer_id, language)

    async def vote(self, answer_id: str, platform: str, user_id: str, value: int,
                   reason: str = "", *, language: str = "en") -> Reply:
        """👍 (+1) / 👎 (-1) on an answer, optionally with a reason; a second vote replaces it."""
        if self.actions is None:
            return _notice("error", language)
        reply = await self.actions.vote(answer_id, platform, user_id, value, reason,
                                        language=language)
        if reply.notice == "voted":  # a 👎 counts once its reason is chosen
            self.observer.voted(value, reason)
        return reply

    async def _rate_limited(self, message: IncomingMessage) -> int:
        """Seconds to wait when the user is over the per-minute limit, else 0 (and count it)."""
        if message.platform in self.limits.unlimited_platforms:
            return 0
        return await self.limiter.acquire(f"{message.platform}:{message.user_id}",
                                          self.limits.rate_limit_per_minute)

    async def forget(self, platform: str, user_id: str) -> Reply:
        """Erase the user's history (no one else's) and confirm, or say it did not happen."""
        try:
            removed = await self.history.forget(platform, user_id)
            if self.actions is not None:  # their questions and votes go too
                await self.actions.forget(platform, user_id)
            for erase in self.also_forget:
                await erase(platform, user_id)
        except Exception as err:
            _log_history_failure("erase", err)
            return _notice("forget_failed", "en", confidence=Confidence.NONE)
        await self.limiter.reset(f"{platform}:{user_id}")
        return _notice("forgot", "en", count=removed)


def _log_history_failure(what: str, err: Exception) -> None:
    """One line for a store outage (StoreError text is secret-free); a traceback for a bug."""
    if isinstance(err, StoreError):
        log.warning("history %s failed, continuing without it: %s", what, err)
    else:
        log.exception("history %s failed, continuing without it", what)


def _notice(key: str, language: str, confidence: Confidence = Confidence.NONE,
            retry_after_s: int | None = None, **values: object) -> Reply:
    return Reply.notice_of(notice(key, language, **values), key, language, confidence=confidence,
                           low_confidence=confidence is Confidence.LOW,
                           retry_after_s=retry_after_s)
