"""Graph state, the Chunk it carries, and the runtime context handed to every node.

Nodes return partial updates; only `route`, `llm_calls` and `source_errors` accumulate
(operator.add), everything else is replaced, so a retry can reset the pool simply by writing a
new one.
"""
from __future__ import annotations

import operator
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Annotated, Any, Literal, TypedDict

from langchain_core.language_models import BaseChatModel

from core.config import RagConfig
from core.messages import Citation, Confidence
from core.ports import Embedder, Reranker, Source

if TYPE_CHECKING:
    from core.rag.semantic_triage import SemanticTriage


IntentName = Literal["chitchat", "unsafe", "simple", "complex"]
Verdict = Literal["correct", "ambiguous", "incorrect"]
Mode = Literal["explain", "guide"]  # guide: requests for graded work get hints, not solutions
TriageTier = Literal["rules", "semantic", "llm", "default"]


@dataclass(frozen=True, slots=True)
class Chunk:
    """A normalised passage in the candidate pool."""

    id: str  # SHA-256 of the normalised text
    text: str  # what was matched and is scored by the reranker
    context: str  # what generation reads (parent chunk for course hits)
    title: str
    url_or_path: str
    source_type: str
    source_rank: int = 0  # position in its source's result list (0 = best)
    retrieval_score: float = 0.0
    score: float | None = None  # calibrated rerank score in [0, 1]
    page: int | None = None  # course material: page or slide the passage starts on
    section: str = ""
    doc_type: str = ""  # course material: "slides" makes `page` a slide number

    def scored(self, score: float) -> Chunk:
        return replace(self, score=score)


@dataclass(frozen=True, slots=True)
class RagContext:
    """Static dependencies of one graph run (LangGraph runtime context)."""

    config: RagConfig
    sources: Mapping[str, Source]  # enabled sources by name; "course" first
    reranker: Reranker
    llm: BaseChatModel | None = None  # None -> offline mode
    embedder: Embedder | None = None  # used by the offline extractive generator
    sentence_embedder: Embedder | None = None  # a second encoder it averages in
    classifier: SemanticTriage | None = None  # triage tier 0.5; None -> rules, then the LLM


class RagState(TypedDict, total=False):
    """Everything the 13 nodes read and write for one question."""

    question: str  # standalone question (follow-ups already rewritten by the service)
    course: str | None  # the asking chat's course: the course store searches only it
    mode: Mode  # study-integrity mode of the chat: explain (default) | guide (no graded work)
    language: str  # "en" | "ar"
    intent: IntentName
    sub_questions: list[str]  # up to MAX_SUBQUERIES for complex questions
    triage_tier: TriageTier  # who decided the intent
    triage_plan: list[list[str]]  # [source, query] pairs the LLM triage chose for pass 0
    graded_work: bool  # the semantic tier reads a request to solve graded work (guide mode)
    reply: str  # canned reply chosen by triage for fast paths
    queries: list[str]  # queries of the current pass
    selected_sources: list[str]  # sources of the current pass
    plan: list[list[str]]  # explicit [source, query] pairs (the LLM triage's); empty -> all x all
    documents: list[Any]  # raw Documents from retrieve, tagged with their source
    source_errors: Annotated[list[str], operator.add]  # sources that failed, any pass
    chunks: list[Chunk]  # normalised documents of the current pass
    pool: list[Chunk]  # merged candidates (carry-over + current pass)
    context: list[Chunk]  # reranked, pinned, cut to FINAL_CONTEXT_N
    top_score: float
    uncovered: list[str]  # what the question names and no passage (or the course) mentions:
    # never ✅
    not_in_course: list[str]  # of those, what the whole course never mentions: ⚠ replies name it
    unknown_words: int  # the question's content words the course uses nowhere (verify.py)
    evidence: dict[str, float]  # what the offline verifier weighed (core/rag/verify.py)
    quoted_language: str  # offline answers quoting only material in another language
    rerank_tier: str
    verdict: Verdict | None  # None until the evaluator has judged this pass
    missing: str
    retries: int
    answer: str
    citations: list[Citation]
    confidence: Confidence
    low_confidence: bool
    route: Annotated[list[str], operator.add]  # node names in visiting order
    llm_calls: Annotated[int, operator.add]
