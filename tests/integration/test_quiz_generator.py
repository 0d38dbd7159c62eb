"""/quiz over the real sample course with the real offline embedder: items spread over the
course or on a topic (by meaning, either language), each with one right option among 3-4,
an explanation quoting its cited passage, wrong options from the same course and language;
a topic the course does not treat gets no quiz; the CLI prints the same generator's items."""
from __future__ import annotations

import json
import subprocess
import sys

import pytest

from core.practice.distractors import mentions
from core.practice.generator import QuizGenerator
from core.practice.questions import BLANK, explanation
from core.text import detect_language, normalize

pytestmark = pytest.mark.integration


def _well_formed(item) -> None:
    assert 3 <= len(item.options) <= 4 and 0 <= item.answer < len(item.options)
    assert len({normalize(o) for o in item.options}) == len(item.options)
    assert normalize(item.quote) in normalize(item.passage)
    assert detect_language(item.question) == detect_language(item.quote) == item.language
    assert item.source.document.endswith(".md") and item.source.section
    why = explanation(item)
    assert item.quote in why and item.source.document in why and item.right in why
    if item.kind == "cloze":
        assert BLANK in item.question and not mentions(item.question.replace(BLANK, " "),
                                                       item.right)
        for i, option in enumerate(item.options):
            if i != item.answer:  # a wrong term is never named in the cited passage
                assert not mentions(item.passage, option)
    else:  # "What is X?": the options are what the course says of X and of other terms
        assert item.term in item.question and item.right in item.quote


async def test_a_quiz_without_a_topic_spreads_over_the_course(sample_store, embedder):
    quiz = await QuizGenerator(sample_store, embedder).quiz("CS101", None, 6, seed=3)
    assert quiz.status == "ok" and len(quiz.items) == 6
    for item in quiz.items:
        _well_formed(item)
    assert len({i.source.document for i in quiz.items}) >= 3
    assert len({i.term.casefold() for i in quiz.items}) == 6
    again = await QuizGenerator(sample_store, embedder).quiz("CS101", None, 6, seed=3)
    assert [i.id for i in again.items] == [i.id for i in quiz.items]  # seeded: repeatable


async def test_a_topic_is_found_by_meaning_in_either_language(sample_store, embedder):
    generator = QuizGenerator(sample_store, embedder)
    english = await generator.quiz("BIO110", "photosynthesis", 3, seed=1)
    assert english.items and all("photosynth" in i.source.document for i in english.items)
    arabic = await generator.quiz("CS101", "الترتيب السريع", 4, seed=1)
    assert arabic.items[0].language == "ar"
    assert {i.language for i in arabic.items} == {"ar", "en"}  # English notes found by meaning
    for item in english.items + arabic.items:
        _well_formed(item)


async def test_a_topic_the_course_does_not_treat_gets_no_quiz(sample_store, embedder):
    generator = QuizGenerator(sample_store, embedder)
    assert (await generator.quiz("CS101", "the French revolution", 5)).status == "not_covered"
    assert (await generator.quiz("CS101", "Kubernetes pods", 5)).status == "not_covered"
    # one word the course never uses: "sort" alone is no quiz on the sort it does not teach
    assert (await generator.quiz("CS101", "bogosort sorting", 5)).status == "not_covered"



SUBTREE = """# git-subtree

## OPTIONS

--squash: Instead of merging the entire history from the subtree project, produce only a single
commit that contains all the differences you want to merge, and then merge that new commit into
your project.

--rejoin: After splitting, merge the newly created synthetic history back into your main
project, so that future splits can search only the part of history added since.

## COMMANDS

add: Create the prefix subtree by importing its contents from the given commit or repository
and remote ref. A new commit is created automatically, joining the imported project's history
with your own.
"""


async def test_a_topic_the_course_treats_only_in_option_lists_is_told_apart(tmp_path, embedder):
    from core.ingest.pipeline import ingest_paths
    from core.stores.sqlite_store import SqliteCourseStore

    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "git-subtree.md").write_text(SUBTREE, encoding="utf-8")
    store = SqliteCourseStore(tmp_path / "studybuddy.db", embedder)
    try:
        await ingest_paths([tmp_path / "docs"], store, embedder, course="GIT")
        generator = QuizGenerator(store, embedder)
        assert (await generator.quiz("GIT", "git subtree", 5)).status == "no_facts"
        assert (await generator.quiz("GIT", "the French revolution", 5)).status == "not_covered"
    finally:
        await store.close()

async def test_a_small_course_gives_fewer_items_not_weaker_ones(sample_store, embedder):
    quiz = await QuizGenerator(sample_store, embedder).quiz("CS101", "heap sort", 20, seed=0)
    assert quiz.status == "fewer" and 0 < len(quiz.items) < 20
    assert quiz.facts >= len(quiz.items)  # the course's sentences items can be made from
    for item in quiz.items:
        _well_formed(item)


@pytest.mark.slow
def test_the_cli_prints_items_with_answers_and_citations(tmp_path):
    env = {"PATH": "/usr/bin:/bin", "DATA_DIR": str(tmp_path), "WIKIPEDIA_ENABLED": "false",
           "ARXIV_ENABLED": "false", "HOME": str(tmp_path)}
    out = subprocess.run([sys.executable, "-m", "bot", "quiz", "--course", "sample", "-n", "2",
                          "--seed", "1", "--json"], capture_output=True, text=True, env=env,
                         timeout=600)
    assert out.returncode == 0, out.stderr
    payload = json.loads(out.stdout)
    assert payload["course"] == "sample" and len(payload["items"]) == 2
    for item in payload["items"]:
        assert item["options"][item["answer"]] in item["explanation"]
        assert item["citation"]["document"].endswith(".md")
    missing = subprocess.run([sys.executable, "-m", "bot", "quiz"], capture_output=True,
                             text=True, env=env, timeout=120)
    assert missing.returncode == 2 and missing.stderr.startswith("error: name the course")
