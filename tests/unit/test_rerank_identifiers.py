"""A code-like name in the question (archive_style, globs2, read.csv) is evidence the bi-encoder
reranker cannot see: a passage that lacks it is ranked below one that has it."""
from __future__ import annotations

import pytest
from langgraph.runtime import Runtime

from core.config import RagConfig
from core.rag.coverage import identifiers
from core.rag.nodes.rerank import rerank
from core.rag.state import Chunk, RagContext
from tests.support.fakes import ScriptedReranker

DESKTOP = "The falcot-data.desktop file: Name=Internal Falcot Corp Documentation, Terminal=false."
DINSTALL = ("Configuring mini-dinstall requires a ~/.mini-dinstall.conf file; in the Falcot Corp "
            "case: archive_style = flat, archivedir = /srv/vhosts/packages.")


@pytest.mark.parametrize(("question", "names"), [
    ("which archive_style does Falcot use", ["archive_style"]),  # a capitalised word is no code
    ("How does glob-deleteall show up in the globs2 file?", ["glob-deleteall", "globs2"]),
    ("How do I read a UTF-8 file with read.csv in R?", ["UTF-8", "read.csv"]),
    ("how do I use setRefClass", ["setRefClass"]),
    ("What is a binary search tree?", []),
    ("ما قيمة archive_style في ملف الإعداد؟", ["archive_style"]),
    # not command-line options: a manual's option list, which the reranker scores low, must not
    # become the top passage by taking the others down (bc's "--standard" went ✅ -> ⚠ so)
    ("What does bc --standard do?", []),
])
def test_code_like_names_of_a_question(question, names):
    assert identifiers(question) == names


def passage(name: str, text: str) -> Chunk:
    return Chunk(id=name, text=text, context=text, title=name, url_or_path=f"{name}.html",
                 source_type="course")


async def ranked(question: str, table: dict[str, float]) -> list[Chunk]:
    runtime = Runtime(context=RagContext(config=RagConfig(), sources={},
                                         reranker=ScriptedReranker([table])))
    update = await rerank({"question": question, "pool": [passage("desktop", DESKTOP),
                                                          passage("dinstall", DINSTALL)]},
                          runtime)
    return update["context"]


async def test_the_passage_with_the_named_setting_comes_first():
    table = {"falcot-data.desktop": 0.97, "mini-dinstall": 0.54}
    first, second = await ranked("which archive_style does Falcot use", table)
    assert first.id == "dinstall" and first.score == pytest.approx(0.54)  # its score is kept
    assert second.id == "desktop" and second.score < 0.54


async def test_without_a_code_like_name_the_reranker_decides():
    table = {"falcot-data.desktop": 0.97, "mini-dinstall": 0.54}
    first, _ = await ranked("Which file configures Falcot's package archive?", table)
    assert first.id == "desktop" and first.score == pytest.approx(0.97)
