"""Answers course staff wrote (Ask a TA, core/escalation): a passage of doc type
"staff_answer" holds the question a student asked and the staff answer, one per line.

Whether a new question is the one staff answered cannot be told offline from closeness in
meaning: on 160 question pairs written blind (bench/data/staff_answer_pairs.jsonl) paraphrases
and near misses ("chapter 5" / "chapter 6", "midterm" / "final", "what is X" / "why is X slow")
overlap at every e5 or USE threshold. So two tiers, chosen on the pairs' fit half:

- the same question, reworded a little (e5 cosine >= SAME_QUESTION and the same numbers, the
  staff answer among the best passages): the staff answer, whole, marked ✅;
- a similar question (e5 >= SIMILAR_QUESTION, the staff answer the best passage): the staff
  answer under the question it answered, so the student sees what was answered, marked 📖.

Otherwise the staff passage is ordinary course text for the usual answer. With an LLM, a
similar question is asked of it ("does this staff answer fully answer the new question?"): yes
makes it the answer, ✅ (confirm_same; not measured here: no model is reachable offline).
"""
from __future__ import annotations

import logging
import re
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from langchain_core.language_models import BaseChatModel
from langchain_core.messages import HumanMessage, SystemMessage

from core.errors import log_failure
from core.ports import Embedder
from core.rag.llm_output import first_word, message_text, parse_lines
from core.rag.prompts import STAFF_SAME_SYSTEM, staff_same_user
from core.rag.state import Chunk

STAFF_ANSWER = "staff_answer"  # the doc type of staff answers in a course store
SAME_QUESTION = 0.96  # e5 cosine of the two questions: ✅
SIMILAR_QUESTION = 0.88  # shown under the question it answered: 📖
LOOK_AT = 3  # only a staff answer among the best passages counts
_NUMBER = re.compile(r"\d+")
log = logging.getLogger(__name__)


def passage(question: str, answer: str) -> str:
    """A staff answer's passage: the question as asked, then the answer."""
    return f"{' '.join(question.split())}\n{answer.strip()}"


def split_passage(text: str) -> tuple[str, str]:
    question, _, answer = text.partition("\n")
    return question, answer.strip()


def _numbers(text: str) -> set[str]:
    return set(_NUMBER.findall(text))


def same_question(similarity: float, question: str, asked: str) -> bool:
    """Is `question` the question `asked`, reworded a little? Close in meaning (e5 cosine
    `similarity` >= SAME_QUESTION) with the same numbers."""
    return similarity >= SAME_QUESTION and _numbers(question) == _numbers(asked)


@dataclass(frozen=True, slots=True)
class StaffMatch:
    """A staff answer for the question: `same` when it is the question staff answered."""

    chunk: Chunk
    asked: str
    answer: str
    same: bool


async def matching_staff_answer(question: str, context: Sequence[Chunk],
                                embedder: Embedder | None) -> StaffMatch | None:
    """The staff answer among the best passages that answers this question (`same`), else a
    best passage that is a staff answer to a similar question, else None. Every one is looked
    at before a similar one is taken: the same FAQ in Arabic may rank above the English one
    an English question repeats word for word."""
    if embedder is None:
        return None
    similar = None
    for rank, chunk in enumerate(context[:LOOK_AT]):
        if chunk.doc_type != STAFF_ANSWER:
            continue
        asked, answer = split_passage(chunk.context or chunk.text)
        if not answer:
            continue
        vectors = np.asarray(await embedder.embed_queries([question, asked]))
        similarity = float(vectors[0] @ vectors[1])
        if same_question(similarity, question, asked):
            return StaffMatch(chunk, asked, answer, same=True)
        if rank == 0 and similarity >= SIMILAR_QUESTION:
            similar = StaffMatch(chunk, asked, answer, same=False)
    return similar


async def confirm_same(llm: BaseChatModel, question: str, match: StaffMatch) -> StaffMatch:
    """A similar question, asked of the LLM: the match, `same` when it says the staff answer
    answers the new question; unchanged (📖) on "no" or a failure."""
    try:
        said = await llm.ainvoke([SystemMessage(STAFF_SAME_SYSTEM),
                                  HumanMessage(staff_same_user(question, match.chunk))])
    except Exception as exc:
        log_failure(log, "staff answer check", exc, "showing it as a similar question")
        return match
    verdict = first_word((parse_lines(message_text(said)).get("SAME") or [""])[0],
                         ("yes", "no"), "no")
    return StaffMatch(match.chunk, match.asked, match.answer, same=verdict == "yes")
