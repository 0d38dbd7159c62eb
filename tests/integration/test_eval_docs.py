"""`studybuddy eval docs` as an instructor runs it on their own files: several question files,
one half of a split set, and the figures per half (issue 26)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.integration.test_cli import studybuddy

pytestmark = pytest.mark.integration
NOTES = ("# Heaps\n\nA binary heap is a complete binary tree stored in an array. In a min-heap "
         "every parent is smaller than its children, so the smallest key sits at the root.\n")


def test_eval_docs_asks_one_half_of_several_files_and_scores_it(tmp_path: Path):
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "heaps.md").write_text(NOTES, encoding="utf-8")
    rows = [{"id": "f1", "question": "Where is the smallest key in a min-heap?", "doc": "heaps.md",
             "page": None, "answers": ["at the root"], "answerable": True, "kind": "en",
             "half": "fit"},
            {"id": "r1", "question": "How is a binary heap stored?", "doc": "heaps.md",
             "page": None, "answers": ["in an array"], "answerable": True, "kind": "en",
             "half": "report"}]
    files = []
    for n, row in enumerate(rows):
        path = tmp_path / f"qa{n}.jsonl"
        path.write_text(json.dumps(row) + "\n", encoding="utf-8")
        files.append(str(path))
    out = studybuddy("eval", "docs", "--docs", str(docs), "--qa", *files, "--half", "fit",
                     "--json", data_dir=tmp_path)
    assert out.returncode == 0, out.stderr
    result = json.loads(out.stdout)
    assert [q["id"] for q in result["questions"]] == ["f1"] and result["qa"] == files
    assert set(result["halves"]) == {"fit"} and result["kinds"]["en"]["questions"] == 1
    assert result["kinds"]["all"]["gold_in_reply"] == 1.0
    assert result["kinds"]["all"]["check_coverage"] in (0.0, 1.0)
    size = result["kinds"]["all"]
    assert size["sources_per_answer"] >= 1 and size["words_per_answer"] >= 5
    assert size["sentences_per_answer"] >= 1
