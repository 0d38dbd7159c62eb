"""Fusing the second encoder's other-language ranking into the course store's hits."""
from __future__ import annotations

from core.ports import Document
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
