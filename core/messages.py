"""Platform-neutral message types exchanged between adapters and the core.

Frozen plain data only: no platform objects, no behaviour beyond small derived views.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from enum import StrEnum
from typing import Any


class Confidence(StrEnum):
    """How far the answer can be trusted, shown to the user as a mark under the reply."""

    COURSE = "course"  # answered from the course materials, and the verifier vouches for it
    UNCHECKED = "unchecked"  # what the course says about it; the verifier cannot vouch for it
    SUPPLEMENTED = "supplemented"  # course plus Wikipedia / arXiv / web, or outside sources only
    LOW = "low"  # fallback: the sources did not really answer it
    NONE = "none"  # not an answer at all (greeting, refusal, notice)


class Intent(StrEnum):
    """What triage decided the message is."""

    CHITCHAT = "chitchat"
    UNSAFE = "unsafe"
    SIMPLE = "simple"
    COMPLEX = "complex"
    NOTICE = "notice"  # service-level answer: rate limit, length cap, /forget confirmation


@dataclass(frozen=True, slots=True)
class IncomingMessage:
    """One user message, whatever platform it came from."""

    platform: str
    user_id: str
    chat_id: str
    text: str
    is_direct: bool = True
    mentions_bot: bool = False
    reply_to_text: str | None = None
    language_hint: str | None = None
    message_id: str | None = None
    sent_at: datetime = field(default_factory=lambda: datetime.now(UTC))
    # Course-space keys, most specific first ("discord:channel:1", "discord:guild:2"); the core
    # answers from the course of the first key that has one (core/course/spaces.py).
    spaces: tuple[str, ...] = ()
    course: str | None = None  # named by the caller (`ask --course`, HTTP "course"): wins
    # A photo of the question (its encoded bytes, within the adapter's size check); `text` is
    # then its caption. The core reads it (core/chat/photo.py) and keeps only the text read.
    image: bytes | None = field(default=None, repr=False)
    from_photo: bool = False  # `text` was read from a photo: an OCR misreading is not the asker's


@dataclass(frozen=True, slots=True)
class Citation:
    """One numbered source shown under an answer.

    For course material `url_or_path` is the document's display name (relative to the folder
    that was ingested) and `page` / `section` say where in it; outside sources carry a URL.
    """

    n: int
    title: str
    url_or_path: str
    source_type: str  # course | wikipedia | arxiv | web
    chunk_id: str
    page: int | None = None  # 1-based physical page, or slide number when `unit` is "slide"
    section: str = ""
    unit: str = "page"  # page | slide

    @property
    def display_name(self) -> str:
        return self.url_or_path

    def to_dict(self) -> dict[str, object]:
        return {
            "n": self.n,
            "title": self.title,
            "display_name": self.display_name,
            "page": self.page,
            "section": self.section,
            "unit": self.unit,
            "url_or_path": self.url_or_path,
            "source_type": self.source_type,
            "chunk_id": self.chunk_id,
        }


@dataclass(frozen=True, slots=True)
class Reply:
    """The core's answer to one message, rendered by each adapter in its own way."""

    text: str
    intent: Intent
    citations: tuple[Citation, ...] = ()
    confidence: Confidence = Confidence.NONE
    low_confidence: bool = False
    route: tuple[str, ...] = ()
    retries: int = 0
    llm_calls: int = 0
    rerank_tier: str | None = None
    top_score: float | None = None  # calibrated score of the best passage (study path only)
    language: str = "en"
    notice: str | None = None  # which service notice this is ("busy", "forget_failed", ...), if one
    course: str | None = None  # the course the answer was searched in (study path only)
    unavailable: tuple[str, ...] = ()  # sources that failed or were skipped while answering
    pending: str | None = None  # token of an action awaiting Confirm / Cancel (staff desk)
    answer_id: str | None = None  # study answers: what the Sources / 👍 / 👎 buttons carry
    retry_after_s: int | None = None  # "busy" / "rate_limited": seconds before asking again
    evidence: Mapping[str, float] = field(default_factory=dict)  # why the mark (core/rag/verify)
    quoted_language: str | None = None  # the answer quotes only material in this other language
    escalate: bool = False  # offer "Ask a TA" under it (the course has a TA desk here)

    @classmethod
    def notice_of(cls, text: str, key: str, language: str, **fields: Any) -> Reply:
        """A reply that is a notice, no answer (a limit, a command's result): no mark."""
        return cls(text=text, intent=Intent.NOTICE, notice=key, language=language, **fields)

    @classmethod
    def from_state(cls, state: Mapping[str, Any], *, language: str = "en",
                   course: str | None = None, llm_calls: int = 0) -> Reply:
        """The reply a finished graph run (core/rag/state.py RagState) gives; `language` is
        used when triage did not set one, `llm_calls` adds calls made outside the graph."""
        return cls(
            text=state.get("answer", ""), intent=Intent(state.get("intent", "complex")),
            citations=tuple(state.get("citations") or ()),
            confidence=state.get("confidence", Confidence.LOW),
            low_confidence=bool(state.get("low_confidence", False)),
            route=tuple(state.get("route") or ()), retries=int(state.get("retries", 0)),
            llm_calls=int(state.get("llm_calls", 0)) + llm_calls,
            rerank_tier=state.get("rerank_tier"), language=state.get("language", language),
            top_score=state.get("top_score"), course=course,
            unavailable=tuple(sorted(set(state.get("source_errors") or ()))),
            evidence=dict(state.get("evidence") or {}),
            quoted_language=state.get("quoted_language"))

    @property
    def is_fast_path(self) -> bool:
        """Replies that never needed retrieval (no typing indicator for these)."""
        return self.intent in (Intent.CHITCHAT, Intent.UNSAFE, Intent.NOTICE)

    def to_dict(self) -> dict[str, object]:
        return {
            "answer": self.text,
            "citations": [c.to_dict() for c in self.citations],
            "low_confidence": self.low_confidence,
            "confidence": self.confidence.value,
            "quoted_language": self.quoted_language,
            "intent": self.intent.value,
            "route": list(self.route),
            "retries": self.retries,
            "llm_calls": self.llm_calls,
            "rerank_tier": self.rerank_tier,
            "top_score": self.top_score,
            "unavailable": list(self.unavailable),
            "answer_id": self.answer_id,
        }
