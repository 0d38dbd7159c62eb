"""Outcomes and votes on both stores, and the answer actions through the real service: every
study answer is recorded under an id, Sources quotes the cited passages, votes change and are
erased by /forget, and the user appears only as a keyed hash."""
from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from core.insight.outcomes import quote
from core.messages import IncomingMessage
from core.ports import Outcome, Vote
from core.stores.pg_migrate import apply_migrations
from core.stores.postgres_outcomes import PostgresOutcomeStore
from core.stores.sqlite_outcomes import SqliteOutcomeStore
from core.stores.user_hash import user_hash
from tests.support.postgres import LocalPostgres

pytestmark = pytest.mark.integration


@pytest.fixture(scope="module")
def outcomes_dsn(local_postgres: LocalPostgres) -> str:
    dsn = local_postgres.create_database("outcomes")
    apply_migrations(dsn)
    return dsn


@pytest.fixture(params=["sqlite", "postgres"])
async def store(request, outcomes_dsn, tmp_path) -> AsyncIterator[SqliteOutcomeStore]:
    if request.param == "postgres":
        pg = PostgresOutcomeStore(outcomes_dsn)
        await pg._execute("delete from public.outcomes", ())
        yield pg  # type: ignore[misc]
        await pg.aclose()
    else:
        lite = SqliteOutcomeStore(tmp_path / "o.db")
        await lite.open()
        yield lite
        await lite.close()


def outcome(answer_id: str, user: str = "u1", course: str = "ALG", days_ago: int = 0) -> Outcome:
    return Outcome(answer_id=answer_id, platform="discord", user_hash=user, space="discord:channel:1",
                   course=course, language="en", question="What is a heap?", answer="A heap…",
                   route=("triage", "generate"), confidence="course", top_score=0.9,
                   citations=({"n": 1, "display_name": "heaps.md", "page": 2, "quote": "A heap"},),
                   latency_ms=120, created_at=datetime.now(UTC) - timedelta(days=days_ago))


async def test_outcomes_round_trip_with_votes_that_change(store) -> None:
    await store.record(outcome("a1"))
    assert await store.vote(Vote("a1", "v1", 1)) is True
    assert await store.vote(Vote("a1", "v1", -1, "wrong")) is True  # a second press replaces it
    assert await store.vote(Vote("a1", "v2", 1)) is True
    assert await store.vote(Vote("nope", "v1", 1)) is False  # unknown answer: nothing stored
    got = await store.get("a1")
    assert got is not None and (got.course, got.route, got.latency_ms) == ("ALG", ("triage",
                                                                                   "generate"), 120)
    assert got.citations[0]["quote"] == "A heap"
    assert sorted((v.voter_hash, v.value, v.reason) for v in got.votes) == [
        ("v1", -1, "wrong"), ("v2", 1, "")]
    assert await store.get("missing") is None


async def test_filters_forget_and_retention(store) -> None:
    await store.record(outcome("old", days_ago=40))
    await store.record(outcome("new", course="DS"))
    await store.record(outcome("mine", user="u2"))
    await store.vote(Vote("new", "u2", -1, "not_in_materials"))
    assert [o.answer_id for o in await store.outcomes(course="DS")] == ["new"]
    await store.record(outcome("none", course="", days_ago=40))  # asked outside any course
    assert await store.courses() == ["ALG", "DS"]
    since = datetime.now(UTC) - timedelta(days=7)
    assert {o.answer_id for o in await store.outcomes(since=since)} == {"new", "mine"}
    assert await store.forget("u2") >= 2  # u2's outcome and u2's vote on someone else's
    assert (await store.get("new")).votes == () and await store.get("mine") is None
    assert await store.purge_older_than(30) >= 1
    assert [o.answer_id for o in await store.outcomes()] == ["new"]


def test_quote_keeps_the_sentences_the_answer_used():
    passage = " ".join(f"Filler sentence number {i} talks about nothing much at all." for i in
                       range(12)) + " A binary heap keeps the smallest key at the root. " + \
        " ".join(f"More filler {i} without any content words that matter." for i in range(12))
    quoted = quote(passage, "The smallest key sits at the root of a binary heap.", limit=200)
    assert "smallest key at the root" in quoted and len(quoted) <= 210
    assert quoted.startswith("…") and quoted.endswith("…")
    assert user_hash(b"k", "discord", "42") != user_hash(b"other", "discord", "42")


async def test_the_service_records_quotes_votes_and_forgets(sample_store):
    from bot.chat_state import user_hash_key
    from bot.container import build_app
    from bot.settings import load_settings

    settings = load_settings(data_dir=Path(sample_store.path).parent, wikipedia_enabled=False,
                             arxiv_enabled=False, default_course="BIO110")
    app = await build_app(settings)
    try:
        message = IncomingMessage("telegram", "42", "42", "Where does glycolysis happen?",
                                  spaces=("telegram:user:42",))
        reply = await app.service.handle(message)
        assert reply.answer_id and reply.citations and "cytoplasm" in reply.text
        hello = await app.service.handle(IncomingMessage("telegram", "42", "42", "hello"))
        assert hello.answer_id is None  # greetings get no buttons
        [saved] = [o for o in await app.actions.store.outcomes()
                   if o.answer_id == reply.answer_id]
        # the keyed hash, never the id itself (a hex digest may contain "42" by chance)
        key = user_hash_key(settings)
        assert saved.user_hash == user_hash(key, "telegram", "42") != "42"
        assert (saved.course, saved.space) == ("BIO110", "telegram:user:42")

        sources = await app.service.sources(reply.answer_id, "en")
        assert sources.notice == "sources" and "06-cellular-respiration.md" in sources.text
        assert "> " in sources.text and "cytoplasm" in sources.text.lower()

        asked = await app.service.vote(reply.answer_id, "telegram", "42", -1, language="en")
        assert asked.notice == "ask_reason"
        done = await app.service.vote(reply.answer_id, "telegram", "42", -1, "wrong",
                                      language="ar")
        assert done.notice == "voted" and "خاطئة" in done.text
        [vote] = (await app.actions.store.get(reply.answer_id)).votes
        assert (vote.value, vote.reason) == (-1, "wrong")
        unknown = await app.service.sources("nope1234", "en")
        assert unknown.notice == "unknown_answer"

        await app.service.forget("telegram", "42")
        assert await app.actions.store.get(reply.answer_id) is None
    finally:
        await app.close()
