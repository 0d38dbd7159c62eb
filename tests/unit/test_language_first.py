"""A reply leads with the question's language when the course has it close enough: an Arabic
question over an Arabic page quoting its English source was answered English first."""
from __future__ import annotations

from core.rag.state import Chunk
from core.rag.strips import Strip, language_first

ENGLISH = "The container uses the very same kernel as the host system: no second kernel."
ARABIC = "ليس LXC نظام محاكاة، بل هو نظام لعزل مجموعات من العمليات على نفس النواة."


def chunk(text: str) -> Chunk:
    return Chunk(id=text[:8], text=text, context=text, title="LXC", url_or_path="v.html",
                 source_type="course")


CHUNKS = [chunk(ENGLISH), chunk(ARABIC)]


def strip(n: int, score: float) -> Strip:
    return Strip(CHUNKS[n].text, n, 0, score)


def test_the_question_s_language_leads_when_it_scored_close_to_the_best():
    english, arabic = strip(0, 0.9), strip(1, 0.7)
    assert language_first([english, arabic], CHUNKS, "ar") == [arabic, english]
    assert language_first([english, arabic], CHUNKS, "en") == [english, arabic]


def test_the_other_language_stands_in_when_the_question_s_is_far_below():
    english, weak = strip(0, 0.9), strip(1, 0.5)
    assert language_first([english, weak], CHUNKS, "ar") == [english, weak]
    assert language_first([strip(0, 0.9)], CHUNKS, "ar") == [strip(0, 0.9)]  # none to lead
