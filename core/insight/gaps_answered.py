"""Which gaps course staff have answered: a staff answer (Ask a TA, `faq import`) to a question
close in meaning to one of a gap's questions, in the same course. The report keeps listing the
questions of its window, so without this a TA who answered "when is the midterm?" still saw it
at the top of the gaps, and could not tell what was left to do.

"Close" is the threshold at which a student asking it again is shown the staff answer (📖,
core/rag/staff_answers.SIMILAR_QUESTION): a gap marked answered is one the bot now answers from
the staff answer, at least under the question it answered.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

from core.escalation.notes import StaffAnswer
from core.insight.report_gaps import Gap, embed_questions
from core.ports import Embedder
from core.rag.staff_answers import SIMILAR_QUESTION


async def mark_answered(gaps: Sequence[Gap], answers: Mapping[str, Sequence[StaffAnswer]],
                        embedder: Embedder, similarity: float = SIMILAR_QUESTION
                        ) -> tuple[Gap, ...]:
    """The gaps, each with the date of the latest staff answer of its course to a question
    close to one of its own (`staff_answered`); the unanswered ones first, then the answered,
    each in their order."""
    if not gaps or not any(answers.values()):
        return tuple(gaps)
    texts = list(dict.fromkeys([q.question for g in gaps for q in g.questions]
                               + [a.question for found in answers.values() for a in found]))
    vectors = dict(zip(texts, await embed_questions(texts, embedder), strict=True))
    marked = []
    for gap in gaps:
        dates = [a.answered_on for q in gap.questions for a in answers.get(q.course, ())
                 if float(vectors[q.question] @ vectors[a.question]) >= similarity]
        marked.append(replace(gap, staff_answered=max(dates)) if dates else gap)
    return tuple(sorted(marked, key=lambda g: g.staff_answered is not None))
