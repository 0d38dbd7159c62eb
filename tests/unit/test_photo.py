"""Photo questions in the core: bounds before decoding, OCR off the loop under a time limit, the
text read as the question, "I read: …" first, clear replies when nothing can be read."""
from __future__ import annotations

import asyncio
import io
import logging
import threading
import time
from dataclasses import dataclass, field

import pytest
from PIL import Image

from core.chat.limits import Limits
from core.chat.photo import PhotoLimits, PhotoReader, excerpt, question_from
from core.chat.service import StudyBuddy
from core.ingest.document import LoadError
from core.ingest.limits import OcrOptions
from core.insight.answer_actions import AnswerActions
from core.insight.report_gaps import gap_question
from core.messages import IncomingMessage, Intent
from core.ports import PHOTO
from core.stores.sqlite_outcomes import SqliteOutcomeStore
from tests.support.fakes import CollectingReplier


def png(width: int = 40, height: int = 20) -> bytes:
    out = io.BytesIO()
    Image.new("L", (width, height), 255).save(out, "PNG")
    return out.getvalue()


@dataclass(frozen=True)
class Found:
    text: str
    confidence: float = 91.0
    words: int = 0

    def __post_init__(self) -> None:
        if not self.words:
            object.__setattr__(self, "words", len(self.text.split()))


@dataclass
class ScriptedOcr:
    """The engine's three functions, scripted; records which thread recognised."""

    found: Found | Exception = field(default_factory=lambda: Found(""))
    installed: bool = True
    delay_s: float = 0.0
    calls: list[tuple[str, float, str]] = field(default_factory=list)
    availability_asked: int = 0

    def available(self, languages: str = "eng+ara") -> bool:
        self.availability_asked += 1
        return self.installed

    def install_hint(self) -> str:
        return "apt-get install tesseract-ocr"

    def recognise(self, image: bytes, languages: str = "eng+ara", *,
                  timeout_s: float = 30.0) -> Found:
        self.calls.append((languages, timeout_s, threading.current_thread().name))
        time.sleep(self.delay_s)
        if isinstance(self.found, Exception):
            raise self.found
        return self.found


def photo(caption: str = "", user: str = "alice", hint: str | None = None,
          image: bytes | None = None) -> IncomingMessage:
    return IncomingMessage("telegram", user, "chat-1", caption, language_hint=hint,
                           image=png() if image is None else image)


@pytest.fixture
def service(service):
    """conftest's service, with a photo reader over `ocr` (None: no reader)."""
    def make(ocr: ScriptedOcr | None, limits: PhotoLimits | None = None,
             service_limits: Limits | None = None) -> StudyBuddy:
        reader = PhotoReader(ocr, limits) if ocr is not None else None
        return service(service_limits, photos=reader)
    return make


class TestReader:
    async def test_recognises_in_a_worker_thread_with_the_configured_limits(self):
        ocr = ScriptedOcr(Found("What is merge sort?"))
        reader = PhotoReader(ocr, PhotoLimits(ocr=OcrOptions(timeout_s=7, languages="eng")))
        reading = await reader.read(png())
        assert (reading.text, reading.problem) == ("What is merge sort?", None)
        [(languages, timeout_s, thread)] = ocr.calls
        assert (languages, timeout_s) == ("eng", 7)
        assert thread != threading.main_thread().name

    async def test_too_many_bytes_are_refused_before_anything_else(self):
        ocr = ScriptedOcr(Found("text"))
        reading = await PhotoReader(ocr, PhotoLimits(max_bytes=10)).read(png())
        assert reading.problem == "too_large" and ocr.calls == [] and ocr.availability_asked == 0

    async def test_too_many_pixels_are_refused_from_the_header_before_decoding(self):
        ocr = ScriptedOcr(Found("text"))
        reading = await PhotoReader(ocr, PhotoLimits(ocr=OcrOptions(max_pixels=799))).read(png(40, 20))
        assert reading.problem == "too_many_pixels" and ocr.calls == []
        assert (await PhotoReader(ocr, PhotoLimits(ocr=OcrOptions(max_pixels=800))).read(png(40, 20))).text

    async def test_bytes_that_are_no_image_are_not_recognised(self):
        ocr = ScriptedOcr(Found("text"))
        reading = await PhotoReader(ocr).read(b"%PDF-1.7 not a picture")
        assert reading.problem == "not_image" and ocr.calls == []

    @pytest.mark.parametrize("found", [Found(""), Found("   "), Found("ii ,", confidence=12.0),
                                       LoadError("tesseract failed")])
    async def test_no_readable_text(self, found):
        assert (await PhotoReader(ScriptedOcr(found)).read(png())).problem == "no_text"

    async def test_a_so_so_phone_photo_is_still_read_but_garbage_is_not(self):
        blurry = await PhotoReader(ScriptedOcr(Found("What is a heap?", 55.0))).read(png())
        assert blurry.text == "What is a heap?"
        noise = await PhotoReader(ScriptedOcr(Found("~ii ,. ‘@", 38.0))).read(png())
        assert noise.problem == "no_text"
        strict = PhotoLimits(min_confidence=80.0)
        assert (await PhotoReader(ScriptedOcr(Found("What is a heap?", 75.0)), strict)
                .read(png())).problem == "no_text"

    async def test_the_engines_own_time_limit_is_a_timeout_too(self):
        late = LoadError("recognising the image took too long (the limit is 1 s; the operator "
                         "can change OCR_TIMEOUT_S)")
        assert (await PhotoReader(ScriptedOcr(late)).read(png())).problem == "timeout"

    async def test_a_slow_engine_is_cut_off(self, monkeypatch):
        monkeypatch.setattr("core.chat.photo.GRACE_S", 0.0)
        ocr = ScriptedOcr(Found("late"), delay_s=0.5)
        reading = await PhotoReader(ocr, PhotoLimits(ocr=OcrOptions(timeout_s=0.05))).read(png())
        assert reading.problem == "timeout"

    async def test_a_missing_engine_is_said_once_to_the_operator(self, caplog):
        caplog.set_level(logging.WARNING, logger="core.chat.photo")
        ocr = ScriptedOcr(installed=False)
        reader = PhotoReader(ocr)
        for _ in range(3):
            assert (await reader.read(png())).problem == "unavailable"
        hints = [r for r in caplog.records if "apt-get install tesseract-ocr" in r.getMessage()]
        assert len(hints) == 1 and ocr.availability_asked == 1 and ocr.calls == []

    async def test_reading_does_not_block_the_event_loop(self):
        ocr = ScriptedOcr(Found("What is a heap?"), delay_s=0.3)
        ticks = 0

        async def tick() -> None:
            nonlocal ticks
            while True:
                await asyncio.sleep(0.01)
                ticks += 1

        ticker = asyncio.create_task(tick())
        await PhotoReader(ocr).read(png())
        ticker.cancel()
        assert ticks >= 10


    async def test_at_most_parallel_photos_are_recognised_at_once(self):
        running = peak = 0

        class Counting(ScriptedOcr):
            def recognise(self, image: bytes, languages: str = "eng+ara", *,
                          timeout_s: float = 30.0) -> Found:
                nonlocal running, peak
                running += 1
                peak = max(peak, running)
                try:
                    return super().recognise(image, languages, timeout_s=timeout_s)
                finally:
                    running -= 1

        reader = PhotoReader(Counting(Found("What is a heap?"), delay_s=0.05), parallel=2)
        readings = await asyncio.gather(*(reader.read(png()) for _ in range(6)))
        assert all(r.text == "What is a heap?" for r in readings) and peak == 2


class TestText:
    def test_excerpt_keeps_a_few_lines_and_marks_a_cut(self):
        assert excerpt("Exercise 3\n\n  Sort   the list\n") == "Exercise 3\nSort the list"
        many = "\n".join(f"line {i}" for i in range(10))
        assert excerpt(many) == "line 0\nline 1\nline 2\nline 3…"
        long = "word " * 200
        shown = excerpt(long)
        assert len(shown) <= 301 and shown.endswith("word…")

    def test_the_caption_leads_the_question_and_the_limit_holds(self):
        assert question_from("Question 2 please", "What is a heap?", 100) == \
            "Question 2 please\nWhat is a heap?"
        assert question_from("", "What is a heap?", 100) == "What is a heap?"
        assert question_from("", "alpha beta gamma", 12) == "alpha beta"


class TestService:
    async def test_a_photo_question_is_answered_with_what_was_read_first(self, service, history):
        svc = service(ScriptedOcr(Found("Exercise 4.\nWhat is the worst case time of merge "
                                        "sort?")))
        replier = CollectingReplier()
        reply = await svc.respond(photo(), replier)
        assert [e[0] for e in replier.events] == ["typing_start", "send", "typing_end"]
        assert reply.text.startswith("I read: “Exercise 4.\nWhat is the worst case time of merge "
                                     "sort?”\n\n")
        assert "O(n log n)" in reply.text and reply.citations
        assert reply.intent in (Intent.SIMPLE, Intent.COMPLEX)
        [turn] = await history.recent("telegram", "alice", 5)
        assert turn.question == "Exercise 4.\nWhat is the worst case time of merge sort?"
        assert "I read" not in turn.answer

    async def test_the_caption_is_part_of_the_question(self, service, make_context, graph,
                                                       history):
        svc = service(ScriptedOcr(Found("Exercise 4: sorting")))
        await svc.handle(photo("what is the worst case time of merge sort"))
        course = svc.context.sources["course"]
        assert "worst case time of merge sort" in course.queries[0]
        [turn] = await history.recent("telegram", "alice", 5)
        assert turn.question.startswith("what is the worst case time of merge sort")
        assert "Exercise 4: sorting" in turn.question

    async def test_staff_see_which_questions_were_read_from_a_photo(self, graph, make_context,
                                                                   history, tmp_path):
        """A new user's "…في bc؟" was read "…في THC": in the report it looked like the student's
        own words ("not in the course materials: THC")."""
        store = SqliteOutcomeStore(tmp_path / "o.db")
        await store.open()
        try:
            svc = StudyBuddy(graph, make_context(), history, Limits(),
                             photos=PhotoReader(ScriptedOcr(Found("What is merge sort?"))),
                             actions=AnswerActions(store, b"k"))
            await svc.handle(photo())
            await svc.handle(IncomingMessage("telegram", "bob", "chat-1", "What is a heap?"))
            read, typed = sorted(await store.outcomes(), key=lambda o: o.question, reverse=True)
        finally:
            await store.close()
        assert read.route[-1] == PHOTO and PHOTO not in typed.route
        assert (gap_question(read).from_photo, gap_question(typed).from_photo) == (True, False)

    async def test_arabic_text_gets_an_arabic_reading_line(self, service):
        svc = service(ScriptedOcr(Found("ما هو أسوأ زمن للترتيب بالدمج؟")))
        reply = await svc.handle(photo(hint="en"))
        assert reply.language == "ar" and reply.text.startswith("قرأتُ: «ما هو")

    async def test_no_text_gets_the_clear_reply_in_the_students_language(self, service):
        svc = service(ScriptedOcr(Found("")))
        reply = await svc.handle(photo())
        assert reply.intent is Intent.NOTICE and reply.notice == "photo_no_text"
        assert "couldn't read any text in that photo" in reply.text
        arabic = await svc.handle(photo(hint="ar"))
        assert "لم أستطع قراءة أي نص" in arabic.text
        arabic_caption = await svc.handle(photo("اقرأ هذا السؤال من فضلك", hint="en"))
        assert "لم أستطع قراءة أي نص" in arabic_caption.text

    @pytest.mark.parametrize("ocr", [ScriptedOcr(installed=False), None])
    async def test_no_engine_means_photos_cannot_be_read_here(self, service, ocr):
        reply = await service(ocr).handle(photo())
        assert reply.notice == "photo_unavailable"
        assert "can't read photos on this bot" in reply.text and "apt" not in reply.text

    async def test_too_large_names_the_limit(self, service):
        reply = await service(ScriptedOcr(Found("x")), PhotoLimits(max_bytes=2**20 // 2)) \
            .handle(photo(image=png() + b"\0" * 2**20))
        assert reply.notice == "photo_too_large" and "0.5 MB" in reply.text

    async def test_photos_count_against_the_rate_limit(self, service):
        svc = service(ScriptedOcr(Found("What is merge sort?")),
                      service_limits=Limits(rate_limit_per_minute=1))
        assert (await svc.handle(photo())).intent is not Intent.NOTICE
        limited = await svc.handle(photo())
        assert limited.notice == "rate_limited"

    async def test_a_long_page_is_cut_to_the_question_limit(self, service, history):
        page = "What is the worst case time of merge sort? " + "More text here. " * 400
        svc = service(ScriptedOcr(Found(page)), service_limits=Limits(max_question_chars=200))
        reply = await svc.handle(photo())
        assert reply.intent is not Intent.NOTICE
        [turn] = await history.recent("telegram", "alice", 5)
        assert len(turn.question) <= 200

    def test_the_image_bytes_never_show_in_a_repr(self):
        assert "image" not in repr(photo()) and "PNG" not in repr(photo())
