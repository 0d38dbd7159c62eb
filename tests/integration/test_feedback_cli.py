"""`studybuddy feedback export` and `studybuddy eval feedback` on turns recorded by the real
service: ⚠ and 👎 turns become questions for the instructor, and a replay says what changed."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from core.messages import IncomingMessage
from tests.integration.test_cli import studybuddy

pytestmark = pytest.mark.integration

UNCOVERED = "How do I configure a Kubernetes ingress controller for my cluster?"
VOTED = "Where does glycolysis happen in the cell?"
FINE = "What is a hash table?"


async def test_export_then_replay(sample_store, tmp_path):
    from bot.container import build_app
    from bot.settings import load_settings

    data_dir = Path(sample_store.path).parent
    app = await build_app(load_settings(data_dir=data_dir, wikipedia_enabled=False,
                                        arxiv_enabled=False))
    try:
        replies = {}
        for question, course in ((UNCOVERED, "CS101"), (VOTED, "BIO110"), (FINE, "CS101")):
            replies[question] = await app.service.handle(IncomingMessage(
                "telegram", "student-7", "c", question, course=course))
        assert replies[UNCOVERED].confidence.value == "low"
        assert replies[FINE].confidence.value != "low"
        await app.service.vote(replies[VOTED].answer_id or "", "telegram", "student-7", -1,
                               "not_in_materials")
    finally:
        await app.close()

    out = tmp_path / "gaps.jsonl"
    exported = studybuddy("feedback", "export", "--out", str(out), "--since", "1d",
                          data_dir=data_dir)
    assert exported.returncode == 0, exported.stderr
    items = {i["question"]: i for i in map(json.loads, out.read_text().splitlines())}
    assert UNCOVERED in items and VOTED in items and FINE not in items
    voted = items[VOTED]
    assert voted["answers"] == [] and voted["kind"] == "en" and voted["lang"] == "en"
    assert voted["doc"] is None and voted["feedback"]["cited"]["doc"]  # a guess, kept apart
    assert voted["feedback"]["reasons"] == ["not_in_materials"]
    assert voted["feedback"]["thumbs_down"] == 1 and voted["feedback"]["course"] == "BIO110"
    assert items[UNCOVERED]["feedback"]["confidence"] == "low"
    assert "student-7" not in out.read_text()  # no user ids in the export
    one = tmp_path / "bio.jsonl"  # a course whatever the case typed; a typo is one line
    assert studybuddy("feedback", "export", "--out", str(one), "--course", "bio110",
                      data_dir=data_dir).returncode == 0
    assert [json.loads(x)["question"] for x in one.read_text().splitlines()] == [VOTED]
    typo = studybuddy("feedback", "export", "--out", str(one), "--course", "BIO11",
                      data_dir=data_dir)
    assert typo.returncode == 2 and "there is no course named 'BIO11'" in typo.stderr

    voted["answers"] = ["cytoplasm"]  # the instructor fills in the gold answer
    mine = tmp_path / "mine.jsonl"
    mine.write_text("\n".join(json.dumps(items[q], ensure_ascii=False) for q in (VOTED, UNCOVERED)))
    replayed = studybuddy("eval", "feedback", str(mine), "--json", data_dir=data_dir)
    assert replayed.returncode == 0, replayed.stderr
    rows = {r["question"]: r for r in json.loads(replayed.stdout)}
    assert rows[VOTED]["gold_found"] is True and rows[VOTED]["before"] == "course"
    assert rows[UNCOVERED]["gold_found"] is None and rows[UNCOVERED]["after"] == "low"
    text = studybuddy("eval", "feedback", str(mine), data_dir=data_dir)
    assert "gold found in 1 of 1" in text.stdout, text.stdout + text.stderr
    # the replays are not students' questions: the report and the next export do not count them
    again = studybuddy("feedback", "export", "--out", str(out), "--since", "1d",
                       data_dir=data_dir)
    recorded = re.search(r"\(of \d+\)", exported.stdout)
    assert recorded and recorded.group() in again.stdout, again.stdout


def test_missing_file_is_one_clear_line(tmp_path):
    out = studybuddy("eval", "feedback", str(tmp_path / "nope.jsonl"), data_dir=tmp_path)
    assert out.returncode == 2 and "no such file" in out.stderr
