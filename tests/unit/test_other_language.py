"""Fusing the second encoder's other-language ranking into the course store's hits."""
from __future__ import annotations

import asyncio

import pytest

from core.ports import Document, DocumentRecord
from core.sources.other_language import fuse


def _doc(name: str, lang: str = "ar") -> Document:
    return Document(text=name, title=name, url_or_path=f"{name}.md", source_type="course",
                    metadata={"parent_id": name, "lang": lang})


def test_an_other_language_passage_comes_in_at_its_rank_after_the_store_s_hit_there():
    found = [_doc("a"), _doc("b"), _doc("c")]
    fused = fuse(found, [(0, _doc("x", "en")), (2, _doc("y", "en"))], 4)
    assert [d.text for d in fused] == ["a", "x", "b", "c"]
    assert [d.score for d in fused] == [1 / 61, 1 / 61, 1 / 62, 1 / 63]


def test_a_passage_both_rank_keeps_its_better_rank_not_the_sum():
    found = [_doc("a"), _doc("b", "en"), _doc("c")]
    fused = fuse(found, [(0, _doc("b", "en"))], 3)
    assert [d.text for d in fused] == ["a", "b", "c"]  # b is not put above a for two votes
    assert fused[1] is not found[1] and fused[1].metadata == found[1].metadata  # the store's hit


def test_nothing_from_the_second_encoder_leaves_the_hits_in_the_store_s_order():
    found = [_doc("a"), _doc("b")]
    assert [d.text for d in fuse(found, [], 5)] == ["a", "b"]
    assert [d.text for d in fuse(found, [(9, _doc("z", "en"))], 2)] == ["a", "b"]


class _Store:
    """The two CourseStore methods the index reads: a course's documents, its child chunks."""

    def __init__(self, courses: dict[str, list[Document]]) -> None:
        self.courses = courses
        self.listed = 0

    async def documents(self, course: str | None = None) -> list[DocumentRecord]:
        return [DocumentRecord(id=d.text, course=course or "", display_name=d.url_or_path,
                               title=d.title, format="md", doc_type="note",
                               content_hash=d.text, chunks=1)
                for d in self.courses[course or ""]]

    async def passages(self, k: int, filters: dict[str, str] | None = None) -> list[Document]:
        self.listed += 1
        return self.courses[(filters or {})["course"]][:k]


async def test_vectors_of_a_course_no_longer_kept_are_let_go(monkeypatch):
    import core.sources.other_language as other_language
    from tests.support.fake_embedder import HashingEmbedder

    monkeypatch.setattr(other_language, "COURSES_KEPT", 1)
    store = _Store({"a": [_doc("a1", "en"), _doc("a2")], "b": [_doc("b1", "en")]})
    index = other_language.OtherLanguageIndex(store, HashingEmbedder())  # type: ignore[arg-type]
    assert await index.warm({"course": "a"}) == 2 and len(index._vectors) == 2
    hits = await index.nearest("what is a1", {"course": "a"}, 3)
    assert [(rank, d.text) for rank, d in hits] == [(1, "a2")]  # ranked among both, Arabic only
    await index.warm({"course": "b"})
    assert set(index._vectors) == {"b1"}  # course a's list was dropped, and its vectors


async def test_passages_are_listed_again_only_when_the_course_s_documents_change(monkeypatch):
    import core.sources.other_language as other_language
    from tests.support.fake_embedder import HashingEmbedder

    monkeypatch.setattr(other_language, "LIST_TTL_S", 0.0)  # check the documents every time
    store = _Store({"a": [_doc("a1", "en"), _doc("a2")]})
    index = other_language.OtherLanguageIndex(store, HashingEmbedder())  # type: ignore[arg-type]
    await index.nearest("what is a1", {"course": "a"}, 1)
    await index.nearest("what is a1", {"course": "a"}, 1)
    assert store.listed == 1  # same documents: the list in memory is still right
    store.courses["a"].append(_doc("a3"))  # a document added by an instructor
    hits = await index.nearest("what is a3", {"course": "a"}, 1)
    assert store.listed == 2 and [d.text for _, d in hits] == ["a3"]


class _SlowEncoder:
    """An encoder that finishes only when the test says so; counts its passage batches."""

    name, dim = "slow", 384

    def __init__(self) -> None:
        from tests.support.fake_embedder import HashingEmbedder

        self.inner, self.release, self.batches = HashingEmbedder(), asyncio.Event(), 0

    async def embed_queries(self, texts):
        return await self.inner.embed_queries(texts)

    async def embed_passages(self, texts):
        self.batches += 1
        await self.release.wait()
        return await self.inner.embed_passages(texts)


async def test_a_course_s_first_vectors_are_computed_once_in_the_background(monkeypatch):
    import core.sources.other_language as other_language

    monkeypatch.setattr(other_language, "WAIT_MAX", 1)  # the course is "large"
    store = _Store({"a": [_doc("a1", "en"), _doc("a2"), _doc("a3")]})
    encoder = _SlowEncoder()
    index = other_language.OtherLanguageIndex(store, encoder)  # type: ignore[arg-type]
    # questions do not wait for a whole course: the store's hits answer them meanwhile
    assert await index.nearest("what is a2", {"course": "a"}, 1) == []
    # a warm-up cut short by a timeout does not cancel the work, nor does it start again
    with pytest.raises(TimeoutError):
        await asyncio.wait_for(index.warm({"course": "a"}), 0.05)
    assert await index.nearest("what is a2", {"course": "a"}, 1) == []
    encoder.release.set()
    assert await index.warm({"course": "a"}) == 3
    assert [d.text for _, d in await index.nearest("what is a2", {"course": "a"}, 1)] == ["a2"]
    assert encoder.batches == 1
