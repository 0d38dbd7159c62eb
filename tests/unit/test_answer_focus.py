"""An offline reply keeps to the passages the reranker found about the question: a sentence
sharing some of the question's words in a section about something else does not pad it, one
matching the question nearly as well as the best sentence is shown but not vouched for, and
the passage holding the best sentence opens the reply."""
from __future__ import annotations

import dataclasses

import pytest

from core.rag.extractive import compose, relevant_strips
from tests.support.chunks import course_chunks
from tests.support.fakes import FakeSource, ScriptedReranker, doc

FONTS = ("To set the font size, call setFont with the font name and the size in points. "
         "The default font size is 12 points.")
CHART = "The legend's font size follows the chart."
LEGEND = "fontSize sets the font size of the legend labels."


async def _reply(graph, make_context, chart_score: float, chart: str = CHART) -> str:
    course = FakeSource("course", [doc(FONTS, "Text › Fonts", url="guide.pdf"),
                                   doc(chart, "Charts › Legends", url="guide.pdf")])
    ctx = make_context(sources={"course": course},
                       reranker=ScriptedReranker([{"setFont": 0.95, "legend": chart_score}]))
    state = await graph.ainvoke({"question": "How do I set the font size?"}, context=ctx)
    return state["answer"]


async def test_a_passage_ranked_far_below_the_answer_does_not_pad_the_reply(graph, make_context):
    answer = await _reply(graph, make_context, chart_score=0.01)
    assert "setFont" in answer
    assert "legend" not in answer


@pytest.mark.parametrize("chart_score", [0.5, 0.9])
async def test_a_passage_ranked_near_the_answer_still_adds_to_it(graph, make_context,
                                                                 chart_score):
    answer = await _reply(graph, make_context, chart_score)
    assert "setFont" in answer and "legend" in answer


async def test_a_sentence_matching_nearly_as_well_as_the_best_is_shown(graph, make_context):
    # the reranker misreads a passage (0.01) whose sentence matches the question as well as
    # the best one does: it is shown, the answer may be there
    answer = await _reply(graph, make_context, chart_score=0.01, chart=LEGEND)
    assert "setFont" in answer and "legend" in answer


async def test_the_mark_is_judged_without_a_sentence_only_shown():
    from core.config import RagConfig
    from core.rag.nodes.generate import extractive_answer
    from core.rag.state import RagContext
    from core.sentences import split_sentences
    from tests.support.chunks import course_chunks
    from tests.support.fake_embedder import SetCosinesEmbedder

    chunks = course_chunks(FONTS, LEGEND)
    chunks[1] = chunks[1].scored(0.01)
    first, second = split_sentences(FONTS)
    ctx = RagContext(config=RagConfig(), sources={}, reranker=ScriptedReranker([]),
                     embedder=SetCosinesEmbedder({first: 0.9, second: 0.8, LEGEND: 0.9}))
    state = await extractive_answer("How do I set the font size?",
                                    {"context": chunks, "top_score": 0.9}, ctx)
    assert "setFont" in state["answer"] and "legend" in state["answer"]
    assert state["evidence"]["strips"] == 2.0  # FONTS' two sentences: LEGEND is only shown


async def test_a_context_with_nothing_to_quote_names_what_the_course_lacks():
    # the twin of the fallback's reply: "I couldn't find anything about “WireGuard”..."
    from core.config import RagConfig
    from core.rag.nodes.generate import extractive_answer
    from core.rag.state import RagContext
    from tests.support.chunks import course_chunks

    ctx = RagContext(config=RagConfig(), sources={}, reranker=ScriptedReranker([]))
    state = await extractive_answer("How do I configure WireGuard?",
                                    {"context": course_chunks(" "), "language": "en",
                                     "not_in_course": ["WireGuard"]}, ctx)
    assert state["answer"].startswith("I couldn't find anything about “WireGuard” in the course")
    assert state["citations"] == []


def test_across_languages_no_strip_is_cut():
    # An Arabic question over English pages: the reranker's scores across languages are too
    # unsure to cut by, so the strip of the low-scored passage stays.
    from core.rag.extractive import focused
    from core.rag.strips import Strip
    from tests.support.chunks import course_chunks

    chunks = course_chunks(FONTS, CHART)
    chunks[1] = chunks[1].scored(0.01)
    strips = [Strip(FONTS, 0, 0, 0.9), Strip(CHART, 1, 0, 0.5)]
    assert focused(strips, chunks, "en") == (strips[:1], strips[:1])
    assert focused(strips, chunks, "ar") == (strips, strips)


def test_only_a_course_sentence_is_shown_from_under_the_cut():
    from core.rag.extractive import focused
    from core.rag.strips import Strip
    from tests.support.chunks import course_chunks

    chunks = course_chunks(FONTS, LEGEND)
    chunks[1] = chunks[1].scored(0.01)
    strips = [Strip(FONTS, 0, 0, 0.9), Strip(LEGEND, 1, 0, 0.8)]
    assert focused(strips, chunks, "en") == (strips[:1], strips)
    chunks[1] = dataclasses.replace(chunks[1], source_type="wikipedia")
    assert focused(strips, chunks, "en") == (strips[:1], strips[:1])


def test_an_example_under_the_cut_comes_with_the_sentence_leading_into_it():
    # "…read it in by something like" was shown without the read.table() line it leads into
    from core.rag.extractive import focused
    from core.rag.strips import Strip
    from tests.support.chunks import course_chunks

    lead = "If the file has a header field for the row labels, read it in by something like"
    code = 'read.table("file.dat", header = TRUE, row.names = 1)'
    chunks = course_chunks(FONTS, f"{lead}\n\n{code}")
    chunks[1] = chunks[1].scored(0.01)
    strips = [Strip(FONTS, 0, 0, 0.9), Strip(lead, 1, 0, 0.8), Strip(code, 1, 1, 0.4, block=True)]
    assert focused(strips, chunks, "en") == (strips[:1], strips)
    apart = [*strips[:2], Strip(code, 1, 2, 0.4, block=True)]  # not the next strip: not its own
    assert focused(apart, chunks, "en") == (apart[:1], apart[:2])


async def test_the_reply_opens_with_the_passage_that_holds_its_best_sentence():
    # the better-ranked passage is about the topic; the next one answers the question
    about = "Vim reads the user settings file when it starts. Settings differ between systems."
    answer = "On Unix the user settings file of Vim is called ~/.vimrc."
    question = "What is the user settings file of Vim called on Unix?"
    strips = await relevant_strips(question, course_chunks(about, answer, step=0.1), None, 3)
    assert {s.chunk for s in strips} == {0, 1}  # both passages are quoted...
    assert compose(strips).startswith(answer)  # ...the answer first
