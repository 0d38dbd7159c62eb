"""The semantic triage tier in the wired app: it reads what the rules miss, and a study question
is embedded once for triage, store search and reranking together."""
from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import numpy as np
import pytest

from bot.container import build_app
from bot.settings import load_settings
from core.ingest.pipeline import ingest_paths
from core.messages import Confidence, IncomingMessage, Intent
from core.ports import Embedder

pytestmark = pytest.mark.integration

NOTES = """# Backups

The rsync option --delete removes files from the destination that no longer exist in the
source, so the copy mirrors the source exactly. Without it, deleted files stay in the backup.
"""


class CountingEmbedder:
    """Embedder port around the real one: counts each query text it is asked to embed."""

    def __init__(self, inner: Embedder) -> None:
        self.inner, self.name, self.dim = inner, inner.name, inner.dim
        self.queries: Counter[str] = Counter()

    async def embed_queries(self, texts: Sequence[str]) -> np.ndarray:
        self.queries.update(texts)
        return await self.inner.embed_queries(texts)

    async def embed_passages(self, texts: Sequence[str]) -> np.ndarray:
        return await self.inner.embed_passages(texts)


@pytest.fixture
async def app(tmp_path):
    settings = load_settings(data_dir=tmp_path / "data", auto_ingest_sample=False,
                             wikipedia_enabled=False, arxiv_enabled=False, web_search="none")
    application = await build_app(settings)
    course = tmp_path / "course"
    course.mkdir()
    (course / "backups.md").write_text(NOTES, encoding="utf-8")
    await ingest_paths([course], application.store, application.embedder, course="OPS")
    yield application
    await application.close()


async def ask(app, text: str):
    return await app.service.handle(IncomingMessage("test", "u1", "u1", text))


async def test_a_study_question_is_embedded_once_on_its_way_through(app):
    memo = app.service.context.embedder
    assert app.store.embedder is memo and app.service.context.classifier.embedder is memo
    counting = CountingEmbedder(memo.inner)
    memo.inner = counting  # the memo is shared by triage, the store and the reranker
    question = "What does the rsync --delete option do?"
    reply = await ask(app, question)
    assert reply.confidence == Confidence.COURSE and "destination" in reply.text
    assert counting.queries[question] == 1


async def test_remarks_the_rules_miss_get_the_fast_reply(app):
    thanks = await ask(app, "ok that finally clicked, thank you so much for explaining")
    assert thanks.intent is Intent.CHITCHAT and "welcome" in thanks.text
    assert thanks.route == ("triage", "reply_chitchat")
    opinion = await ask(app, "honestly which party is better for the economy, left or right?")
    assert opinion.intent is Intent.UNSAFE and opinion.route == ("triage", "reply_refusal")


async def test_the_tier_can_be_switched_off(tmp_path):
    settings = load_settings(data_dir=tmp_path / "data", auto_ingest_sample=False,
                             semantic_triage=False)
    application = await build_app(settings)
    try:
        assert application.service.context.classifier is None
    finally:
        await application.close()
