"""rerank: scores the pool on the calibrated [0, 1] scale the gates expect and keeps the best.

The top course chunks are pinned into the final context so the course stays the primary source
even when a long web page outscores it. When nothing in the pool mentions a name the question
asks about (see core.rag.coverage), every score is lowered: the gates then re-query and, if the
name is still nowhere, fall back honestly instead of answering from look-alike passages. When
several of the question's content words occur nowhere in the whole course (its vocabulary, asked
of the course source), or no course passage in the pool has every word of the term a
definitional question asks about, the course chunks' scores are lowered the same way: outside
sources may still answer, the course cannot. A passage that lacks a code-like name the question
asks about (archive_style, globs2), which others have, is lowered below them: the bi-encoder
reranker reads meaning, not spelling.
"""
from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence
from typing import Any

from langgraph.runtime import Runtime

from core.errors import log_failure
from core.ports import Source, Vocabulary
from core.rag.coverage import (
    UNCOVERED_LOGIT,
    absent_words,
    course_words,
    enough_absent,
    identifier_shares,
    lookup_terms,
    uncovered_terms,
)
from core.rag.defined_terms import term_missing
from core.rag.definitions import definition_of
from core.rag.state import Chunk, RagContext, RagState
from core.rerank.calibration import logit, sigmoid
from core.sentences import split_sentences
from core.text import detect_language

log = logging.getLogger(__name__)
# Log-odds taken off a passage per share of the question's code-like names it lacks (names the
# best passages have): e5 scored a .desktop file 0.97 and the mini-dinstall.conf passage holding
# the asked-for archive_style 0.54; 4 puts the first at 0.37, under the second.
IDENTIFIER_LOGIT = 4.0
# Log-odds given to a passage holding the sentence that defines the term a "what is X" question
# asks about ("Xen هو حل محاكاة…" for "ما هو Xen؟", ranked below four passages that only use Xen).
DEFINES_LOGIT = 3.0


async def rerank(state: RagState, runtime: Runtime[RagContext]) -> RagState:
    """Score every pooled chunk, pin the best course chunks, cut to FINAL_CONTEXT_N."""
    ctx = runtime.context
    pool = state.get("pool") or []
    if not pool:
        return {"route": ["rerank"], "context": [], "top_score": 0.0, "rerank_tier": "none"}
    texts = [passage_text(c) for c in pool]
    ranked = await ctx.reranker.score(state["question"], texts, [c.retrieval_score for c in pool])
    names = uncovered_terms(state["question"], (f"{c.title}\n{c.context}" for c in pool))
    words = course_words(state["question"])
    unknown, unnamed = await vocabulary_gaps(words, names, state.get("course"), ctx, pool)
    absent = _term_missing(state["question"], pool) or enough_absent(unknown, words)
    shares = identifier_shares(state["question"], texts) or [0.0] * len(pool)
    most = max(shares)
    defines = _defines(state["question"], [c.text for c in pool])
    shifts = [UNCOVERED_LOGIT * max(len(names), int(bool(absent) and c.source_type == "course"))
              + IDENTIFIER_LOGIT * (most - share) - DEFINES_LOGIT * defined
              for c, share, defined in zip(pool, shares, defines, strict=True)]
    scores = [min(1.0, max(0.0, float(s))) for s in ranked.scores]
    scores = [sigmoid(logit(s) - shift) if shift else s
              for s, shift in zip(scores, shifts, strict=True)]
    scored = sorted((c.scored(s) for c, s in zip(pool, scores, strict=True)),
                    key=lambda c: c.score or 0.0, reverse=True)
    context = select_context(scored, ctx.config.final_context_n, ctx.config.pin_course_n)
    return {"route": ["rerank"], "context": context, "top_score": scored[0].score or 0.0,
            "rerank_tier": ranked.tier, "uncovered": list(dict.fromkeys(names + absent)),
            # what replies may say the course lacks: the pool lacking a name is not the course
            "not_in_course": folded_unique(unnamed + absent),
            "unknown_words": len(unknown)}


async def vocabulary_gaps(words: Sequence[str], names: Sequence[str], course: str | None,
                          ctx: RagContext, pool: Sequence[Chunk]) -> tuple[list[str], list[str]]:
    """(the question's course_words the course uses nowhere, its names the course uses
    nowhere), from one lookup of the course's vocabulary (see core.rag.coverage). Words only
    when the course writes in English at all (some course chunk in the pool is English): an
    English question to Arabic notes uses words the notes never spell, which says nothing. One
    absent word is the verifier's evidence, enough of them mean the course does not cover it;
    a name the pool lacks is named in a ⚠ reply only when the whole course lacks it. When the
    course source cannot tell (no vocabulary, failed, timed out): no word, every name — the
    lookup only ever takes a ✅ away, or a name off a ⚠ reply."""
    english = any(c.source_type == "course" and detect_language(c.text) == "en" for c in pool)
    terms = lookup_terms(list(words if english else []) + list(names))
    lookup = _vocabulary(ctx.sources.get("course")) if terms else None
    if lookup is None:
        return [], list(names)
    try:
        known = await asyncio.wait_for(lookup(terms, course), ctx.config.source_timeout_s)
    except Exception as exc:  # a failed lookup must not fail the question
        log_failure(log, "course vocabulary lookup", exc, "not used for this question")
        return [], list(names)
    return (absent_words(words, known) if english else []), absent_words(names, known)


def folded_unique(terms: Sequence[str]) -> list[str]:
    """`terms` without repeats by case ("Paris" from the names, "paris" from the words)."""
    first: dict[str, str] = {}
    for term in terms:
        first.setdefault(term.casefold(), term)
    return list(first.values())


def _term_missing(question: str, pool: Sequence[Chunk]) -> list[str]:
    """The term a definitional question asks about, when no course passage in the pool has all
    its words (see core.rag.coverage); [] otherwise, and when the pool has no course passage."""
    course = [passage_text(c) for c in pool if c.source_type == "course"]
    missing = term_missing(question, course) if course else None
    return [missing] if missing else []


def _defines(question: str, texts: Sequence[str]) -> list[bool]:
    """Which passages hold a sentence defining the term the question asks about (definitions.py)."""
    opens = definition_of(question)
    if opens is None:
        return [False] * len(texts)
    return [any(opens.match(s) for s in split_sentences(t)) for t in texts]


def _vocabulary(source: Source | None) -> Any:
    """`known_terms` of the course source, through the wrappers around it (a GuardedSource's
    `.source`), called under the wrapper's breaker when it has one; None when there is none."""
    breaker = None
    inner: Any = source
    while inner is not None and not isinstance(inner, Vocabulary):
        breaker = breaker or getattr(inner, "breaker", None)
        inner = getattr(inner, "source", None)
    if inner is None:
        return None
    if breaker is None:
        return inner.known_terms

    async def guarded(terms: Sequence[str], course: str | None) -> set[str]:
        return set(await breaker.call(inner.known_terms, terms, course))
    return guarded


def passage_text(chunk: Chunk) -> str:
    """What the reranker reads: the title carries the topic a short chunk may only imply
    (a section headed "Breadth-first search (BFS)" whose sentences say "the algorithm")."""
    return f"{chunk.title}\n{chunk.text}" if chunk.title else chunk.text


def select_context(scored: list[Chunk], final_n: int, pin_course_n: int) -> list[Chunk]:
    """Best `final_n` by score, with the best `pin_course_n` course chunks guaranteed a place."""
    pinned = [c for c in scored if c.source_type == "course"][:pin_course_n]
    rest = [c for c in scored if c not in pinned]
    chosen = (pinned + rest)[:final_n]
    return sorted(chosen, key=lambda c: c.score or 0.0, reverse=True)
