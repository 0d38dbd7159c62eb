"""The course desk on the embedded stores: spaces resolve most specific first, only staff set
them, uploads preview before anything is stored and confirm into the same store transaction as
`studybuddy ingest`, and a chat's questions are answered from its own course only."""
from __future__ import annotations

import pytest

from core.course.spaces import CourseSpaces
from core.course.tenancy import Actor, CourseAccess
from core.course.uploads import Uploads
from core.messages import IncomingMessage
from core.ports import CourseRecord, SpaceAssignment
from core.stores.sqlite_courses import SqliteCourseRegistry
from core.stores.sqlite_spaces import SqliteSpaceStore
from core.stores.sqlite_store import SqliteCourseStore
from tests.support.fake_embedder import HashingEmbedder
from tests.support.office_fixtures import handbook_pptx

pytestmark = pytest.mark.integration

CHANNEL, SERVER = "discord:channel:1", "discord:guild:9"
HEAP = b"# Heaps\n\nA binary heap keeps the smallest key at the root of the tree."
TRIE = b"# Tries\n\nA trie stores strings by their prefixes, one character per edge."


TA = Actor("ta", operator=True)  # as `studybuddy ingest` would: the operator
ADMIN = Actor("admin", SERVER, staff=True)
STUDENT = Actor("student", SERVER)


@pytest.fixture
async def stores(tmp_path):
    course_store = SqliteCourseStore(tmp_path / "s.db", HashingEmbedder())
    space_store = SqliteSpaceStore(tmp_path / "s.db")
    registry = SqliteCourseRegistry(tmp_path / "s.db")
    await space_store.open()
    await registry.open()
    yield course_store, space_store, CourseAccess(registry, sample_course="sample")
    await registry.close()
    await space_store.close()
    await course_store.close()


@pytest.fixture
def spaces(stores):
    return CourseSpaces(stores[1], stores[0], stores[2], sample_course="sample")


@pytest.fixture
def uploads(stores, spaces):
    return Uploads(stores[0], stores[0].embedder, spaces, max_bytes=2**20, max_documents=2)


async def add(uploads: Uploads, data: bytes, name: str, course: str, by: str = "staff") -> None:
    preview = await uploads.preview(data, name, course=course, spaces=(),
                                    actor=Actor(by, operator=True), language="en")
    assert preview.pending, preview.text
    done = await uploads.confirm(preview.pending, by=by, language="en")
    assert done.notice == "uploaded", done.text


async def test_the_most_specific_space_wins_then_default_then_the_only_course(
        stores, spaces, uploads):
    await add(uploads, HEAP, "heaps.md", "ALG")
    assert (await spaces.resolve((CHANNEL, SERVER))).course == "ALG"  # the only course
    await add(uploads, TRIE, "tries.md", "DS")
    spaces.courses_changed()
    found = await spaces.resolve((CHANNEL, SERVER))
    assert (found.course, found.courses) == (None, ("ALG", "DS"))  # two courses: ask, never mix
    await stores[1].assign(SpaceAssignment(SERVER, "ALG", "admin"))
    assert (await spaces.resolve((CHANNEL, SERVER))).course == "ALG"
    await stores[1].assign(SpaceAssignment(CHANNEL, "DS", "admin"))
    found = await spaces.resolve((CHANNEL, SERVER))
    assert (found.course, found.origin) == ("DS", "space")
    fallback = CourseSpaces(stores[1], stores[0], stores[2], default_course="ALG")
    assert (await fallback.resolve(("discord:channel:2",))).origin == "default"


async def test_only_staff_set_a_space_and_students_choose_among_existing_courses(
        stores, spaces, uploads):
    await add(uploads, HEAP, "heaps.md", "ALG")
    refused = await spaces.assign(CHANNEL, "ALG", actor=STUDENT, where="channel",
                                  language="ar")
    assert refused.notice == "not_staff" and "المشرفين" in refused.text
    assert await stores[1].assignments() == []
    done = await spaces.assign(CHANNEL, "alg", actor=ADMIN, where="channel",
                               language="en")
    assert done.notice == "course_set" and "ALG" in done.text  # matched case-insensitively
    new = await spaces.assign(SERVER, "CS 999", actor=ADMIN, where="server",
                              language="en")
    assert "no documents yet" in new.text
    own = await spaces.assign("telegram:user:5", "Chemistry", actor=Actor("5"),
                              where="group", language="en")
    assert own.notice == "course_unknown" and "ALG" not in own.text  # no class of theirs uses it
    console = await spaces.assign("console:user:op", "sys999", actor=Actor("op", operator=True),
                                  where="chat", language="en")  # may see every course: told so
    assert console.text == "There is no course named “sys999” here. Courses: ALG."
    await stores[2].registry.save(CourseRecord("ALG", public=True))
    own = await spaces.assign("telegram:user:5", "alg", actor=Actor("5"), where="chat",
                              language="en")
    assert own.notice == "course_set" and "ALG" in own.text  # public: any DM may choose it
    shown = await spaces.show((CHANNEL, SERVER), "en", personal=False)
    assert "ALG" in shown.text and "set by staff" in shown.text


async def test_a_preview_stores_nothing_until_confirmed_and_cancel_discards_it(stores, uploads):
    store = stores[0]
    preview = await uploads.preview(handbook_pptx(), "week1.pptx", course="ALG", spaces=(),
                                    actor=TA, language="en")
    assert preview.pending and "week1.pptx" in preview.text and "Slides:" in preview.text
    assert await store.count() == 0
    other = await uploads.confirm(preview.pending, by="someone-else", language="en")
    assert other.notice == "not_yours" and await store.count() == 0
    assert uploads.cancel(preview.pending, by="ta", language="en").notice == "cancelled"
    late = await uploads.confirm(preview.pending, by="ta", language="en")
    assert late.notice == "expired" and await store.count() == 0


async def test_confirm_reports_progress_and_the_document_is_searchable(stores, uploads):
    progress: list[str] = []

    async def show(line: str) -> None:
        progress.append(line)

    preview = await uploads.preview(HEAP, "heaps.md", course="ALG", spaces=(), actor=TA,
                                    language="en")
    done = await uploads.confirm(preview.pending or "", by="ta", language="en", progress=show)
    assert "Added “heaps.md” to ALG" in done.text
    [doc] = await stores[0].documents("ALG")
    assert doc.display_name == "heaps.md"
    hits = await stores[0].search("binary heap root", 3, {"course": "ALG"})
    assert hits and hits[0].url_or_path == "heaps.md"


async def test_replacing_duplicating_unchanged_and_capped_uploads_are_said(uploads):
    await add(uploads, HEAP, "heaps.md", "ALG")
    same = await uploads.preview(HEAP, "heaps.md", course="ALG", spaces=(), actor=TA,
                                 language="en")
    assert same.notice == "upload_unchanged" and same.pending is None
    edited = await uploads.preview(HEAP + b" It is a complete tree.", "heaps.md", course="ALG",
                                   spaces=(), actor=TA, language="en")
    assert "Replaces the earlier “heaps.md”" in edited.text
    copy = await uploads.preview(HEAP, "copy-of-heaps.md", course="ALG", spaces=(), actor=TA,
                                 language="en")
    assert "Same content as “heaps.md”" in copy.text
    await add(uploads, TRIE, "tries.md", "ALG")
    capped = await uploads.preview(b"# More\n\nMore text.", "more.md", course="ALG", spaces=(),
                                   actor=TA, language="en")
    assert capped.notice == "upload_cap" and "limit is 2" in capped.text


async def test_bad_uploads_are_refused_with_one_clear_line(stores, uploads):
    assert uploads.refusal("notes.md", 10, allowed=False, platform="telegram",
                           language="en").notice == "not_staff"
    assert "supported files are" in uploads.refusal("tool.exe", 10, allowed=True,
                                                    platform="discord", language="en").text
    big = uploads.refusal("big.pdf", 5 * 2**20, allowed=True, platform="discord", language="en")
    assert big.notice == "upload_size" and "limit is 1 MB" in big.text
    assert uploads.refusal("../../etc/notes.md", 10, allowed=True, platform="discord",
                           language="en") is None
    broken = await uploads.preview(b"%PDF-1.7 truncated", "broken.pdf", course="ALG",
                                   spaces=(), actor=TA, language="en")
    assert broken.notice == "upload_failed" and broken.pending is None
    assert await stores[0].count() == 0
    nowhere = await uploads.preview(HEAP, "heaps.md", course=None, spaces=(CHANNEL,), actor=TA,
                                    language="en")
    assert nowhere.notice == "upload_no_course"  # no course for this chat yet, none named


async def test_removal_needs_staff_and_a_confirm(stores, uploads):
    await add(uploads, HEAP, "heaps.md", "ALG")
    refused = await uploads.preview_removal("heaps.md", course="ALG", spaces=(), actor=STUDENT, platform="discord", language="en")
    assert refused.notice == "not_staff"
    unknown = await uploads.preview_removal("nope.md", course="ALG", spaces=(), actor=TA, platform="discord", language="en")
    assert "heaps.md" in unknown.text
    asked = await uploads.preview_removal("HEAPS.md", course="ALG", spaces=(), actor=TA, platform="discord", language="en")
    assert asked.pending and await stores[0].count() > 0
    done = await uploads.confirm(asked.pending, by="ta", language="en")
    assert done.notice == "removed" and await stores[0].count() == 0


async def test_two_spaces_with_two_courses_never_cross_cite(tmp_path):
    """Through the whole service, as the adapters call it."""
    from bot.container import build_app
    from bot.settings import load_settings

    app = await build_app(load_settings(data_dir=tmp_path / "d", auto_ingest_sample=False,
                                        wikipedia_enabled=False, arxiv_enabled=False))
    try:
        desk = app.desk
        for course, data, name in (("ALG", HEAP, "heaps.md"), ("DS", TRIE, "tries.md")):
            await add(desk.uploads, data, name, course)
        for space, course in (("discord:channel:1", "ALG"), ("discord:channel:2", "DS")):
            await desk.spaces.assign(space, course, actor=ADMIN, where="channel",
                                     language="en")
        question = "What does a binary heap keep at the root, and how does a trie store strings?"
        for space, name in (("discord:channel:1", "heaps.md"), ("discord:channel:2", "tries.md")):
            reply = await app.service.handle(IncomingMessage(
                "discord", "u1", space, question, spaces=(space, "discord:guild:9")))
            assert reply.course is not None and reply.citations, reply.text
            assert {c.display_name for c in reply.citations} == {name}
        unset = await app.service.handle(IncomingMessage(
            "discord", "u1", "c3", question, spaces=("discord:channel:3", "discord:guild:9")))
        assert unset.notice == "no_course" and "ALG, DS" in unset.text
    finally:
        await app.close()


async def test_the_console_user_picks_a_course_and_is_answered_from_it(stores, spaces, uploads):
    import asyncio
    import io

    from adapters.console import ConsoleAdapter
    from tests.support.fake_handler import FakeHandler

    await add(uploads, HEAP, "heaps.md", "ALG")
    await add(uploads, TRIE, "tries.md", "DS")
    spaces.courses_changed()
    handler, output = FakeHandler(), io.StringIO()
    console = ConsoleAdapter(handler, input_stream=io.StringIO(
        "/course\n/course list\n/course nope\n/course ds\nheap?\n"), output=output,
        user_id="alice", spaces=spaces)
    await asyncio.wait_for(console.run_until_done(), timeout=5)
    out = output.getvalue()
    assert "no course yet" in out and out.count("ALG, DS") == 3  # /course, list, nope
    assert "There is no course named “nope” here." in out  # the operator's own terminal
    assert "your private questions now answer from DS" in out
    assert handler.seen[0].spaces == ("console:user:alice",)
    assert (await spaces.resolve(handler.seen[0].spaces)).course == "DS"


async def test_chat_course_starts_the_console_on_that_course(stores, spaces, uploads):
    """`studybuddy chat --course ds`: a new user read "ask it: … or /course ds in a chat" and
    looked for `chat --course` first."""
    import asyncio
    import io

    from adapters.console import ConsoleAdapter
    from tests.support.fake_handler import FakeHandler

    await add(uploads, TRIE, "tries.md", "DS")
    spaces.courses_changed()
    handler, output = FakeHandler(), io.StringIO()
    console = ConsoleAdapter(handler, input_stream=io.StringIO("trie?\n"), output=output,
                             user_id="alice", spaces=spaces, course="ds")
    await asyncio.wait_for(console.run_until_done(), timeout=5)
    assert "your private questions now answer from DS" in output.getvalue()
    assert (await spaces.resolve(handler.seen[0].spaces)).course == "DS"


async def test_the_console_operator_tries_guide_mode(stores, spaces):
    import asyncio
    import io

    from adapters.console import ConsoleAdapter
    from tests.support.fake_handler import FakeHandler

    output = io.StringIO()
    console = ConsoleAdapter(FakeHandler(), input_stream=io.StringIO(
        "/mode\n/mode hint\n/mode guide\n"), output=output, user_id="alice", spaces=spaces)
    await asyncio.wait_for(console.run_until_done(), timeout=5)
    out = output.getvalue()
    assert "Staff can change it with /mode guide" in out and "The mode is guide or explain" in out
    assert "this chat is now in guide mode" in out
    assert (await spaces.resolve(("console:user:alice",))).mode == "guide"


async def test_a_preview_of_a_file_without_pages_lists_no_empty_line(uploads):
    preview = await uploads.preview(HEAP, "heaps.md", course="ALG", spaces=(), actor=TA,
                                    language="en")
    assert "• File: heaps.md (notes)\n• Passages: 1\n" in preview.text
    assert "• •" not in preview.text and "Pages" not in preview.text
