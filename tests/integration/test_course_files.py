"""A real course file end to end, as an instructor and a student meet it: ingest a PDF with an
outline, ask through the same service the adapters call, follow the citation to the page."""
from __future__ import annotations

import pytest

from adapters.console import render_reply
from bot.container import build_app
from bot.settings import load_settings
from core.ingest.pipeline import ingest_paths
from core.messages import Confidence, IncomingMessage
from tests.support.pdf_fixtures import outlined_pdf

pytestmark = pytest.mark.integration


@pytest.fixture
async def app(tmp_path):
    settings = load_settings(data_dir=tmp_path / "data", auto_ingest_sample=False,
                             wikipedia_enabled=False, arxiv_enabled=False, web_search="none")
    application = await build_app(settings)
    yield application
    await application.close()


async def ask(app, question: str):
    return await app.service.handle(IncomingMessage("test", "u1", "u1", question))


async def test_a_pdf_answer_cites_file_page_and_section(tmp_path, app):
    course = tmp_path / "course"
    course.mkdir()
    (course / "guide.pdf").write_bytes(outlined_pdf())
    report = await ingest_paths([course], app.store, app.embedder, course="ALG")
    assert report.errors == [] and report.files_ok == 1
    [doc] = await app.store.documents()
    assert (doc.display_name, doc.format, doc.pages) == ("guide.pdf", "pdf", 3)

    reply = await ask(app, "What does a hash table map keys to?")
    assert "buckets" in reply.text and reply.confidence == Confidence.COURSE
    first = reply.citations[0]
    assert (first.display_name, first.page, first.section) == ("guide.pdf", 2, "Hash tables")
    assert first.to_dict()["page"] == 2 and "guide.pdf, p. 2 › Hash tables" in render_reply(reply)
    assert str(tmp_path) not in render_reply(reply)  # never a server path


async def test_a_question_the_file_does_not_cover_is_marked_low(tmp_path, app):
    course = tmp_path / "course"
    course.mkdir()
    (course / "guide.pdf").write_bytes(outlined_pdf())
    await ingest_paths([course], app.store, app.embedder, course="ALG")
    reply = await ask(app, "How do I configure a Kubernetes ingress controller?")
    assert reply.confidence == Confidence.LOW and reply.low_confidence
    assert "✅" not in render_reply(reply)
