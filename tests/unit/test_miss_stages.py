"""`fit_halves locate` tells where a missed answer was lost: retrieval, the reranker's cut to
the context, or the sentence picker passing a passage that holds it."""
from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from bench.fit_halves import main
from bench.miss_stages import CUT, NOT_RETRIEVED, PASSED_BY, holding, misses, stage_of
from core.rag.state import Chunk
from tests.support.chunks import course_chunks

GOLD = ["~/.vim/plugin/"]


def _pool() -> list[Chunk]:
    chunks = course_chunks("Vim loads global plugins when it starts.",
                           "Plugins are Vim scripts.", "Copy it to your plugin directory.",
                           step=0.1)
    # the third passage's parent context holds the answer (a table under its sentence)
    return [chunks[0], chunks[1],
            dataclasses.replace(chunks[2], context="Copy it:\n\n  Unix  ~/.VIM/plugin/")]


def test_a_gold_in_the_context_was_passed_by() -> None:
    pool = _pool()
    assert stage_of(pool, pool, GOLD) == (PASSED_BY, 2, 2)


def test_a_gold_only_in_the_pool_was_cut_by_the_reranker() -> None:
    pool = _pool()
    pool = [dataclasses.replace(c, retrieval_score=1.0 - i / 10) for i, c in enumerate(pool)]
    assert stage_of(list(reversed(pool)), pool[:2], GOLD) == (CUT, 2, None)  # by retrieval


def test_a_gold_nowhere_in_the_pool_was_not_retrieved() -> None:
    assert stage_of(_pool()[:2], [], GOLD) == (NOT_RETRIEVED, None, None)


def test_gold_is_compared_as_replies_are() -> None:
    chunks = course_chunks("The default is 4 095 bytes.")
    assert holding(chunks, ["4,095 bytes"]) == 0
    assert holding(chunks, ["", "  "]) is None  # an empty gold matches nothing


def test_only_answerable_misses_are_located() -> None:
    records = {"questions": [
        {"id": "a", "answerable": True, "gold_in_reply": False},
        {"id": "b", "answerable": True, "gold_in_reply": True},
        {"id": "c", "answerable": False, "gold_in_reply": False}]}
    assert [q["id"] for q in misses(records)] == ["a"]


def test_locate_without_a_kept_store_says_so_in_one_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "fresh8.json").write_text(json.dumps({"questions": [
        {"id": "a", "question": "q", "answerable": True, "gold_in_reply": False, "gold": ["x"]}]}))
    assert main(["locate", str(tmp_path), "--stores", str(tmp_path / "none"),
                 "--only", "fresh8"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "run `fit_halves run --stores` first" in err
