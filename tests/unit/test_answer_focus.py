"""An offline reply keeps to the passages the reranker found about the question: a sentence
sharing the question's words in a section about something else does not pad it."""
from __future__ import annotations

import pytest

from tests.support.fakes import FakeSource, ScriptedReranker, doc

FONTS = ("To set the font size, call setFont with the font name and the size in points. "
         "The default font size is 12 points.")
CHART = "fontSize sets the font size of the legend labels."


async def _reply(graph, make_context, chart_score: float) -> str:
    course = FakeSource("course", [doc(FONTS, "Text › Fonts", url="guide.pdf"),
                                   doc(CHART, "Charts › Legends", url="guide.pdf")])
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


def test_across_languages_no_strip_is_cut():
    # An Arabic question over English pages: the reranker's scores across languages are too
    # unsure to cut by, so the strip of the low-scored passage stays.
    from core.rag.companions import Strip
    from core.rag.extractive import focused
    from tests.support.chunks import course_chunks

    chunks = course_chunks(FONTS, CHART)
    chunks[1] = chunks[1].scored(0.01)
    strips = [Strip(FONTS, 0, 0, 0.9), Strip(CHART, 1, 0, 0.5)]
    assert focused(strips, chunks, "en") == strips[:1]
    assert focused(strips, chunks, "ar") == strips
