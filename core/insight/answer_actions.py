"""What the buttons under a study answer do: record the turn, show its sources, take a vote.

Every study answer gets a short id; adapters put it in their buttons (Discord custom_id,
Telegram callback_data) and hand it back here. Recording never fails an answer: a store outage
is logged and the answer goes out without buttons.
"""
from __future__ import annotations

import logging
import secrets
from dataclasses import replace
from datetime import UTC, datetime
from typing import Any

from core.course.tenancy import scope_of
from core.insight.outcomes import VOTE_REASONS, cited_quotes
from core.messages import IncomingMessage, Intent, Reply
from core.ports import PHOTO, Outcome, OutcomeStore, Vote
from core.stores.errors import StoreError
from core.stores.user_hash import user_hash
from core.texts.answers import reason_label, text

log = logging.getLogger(__name__)


class AnswerActions:
    """Outcome recording plus the Sources / 👍 / 👎 actions over an OutcomeStore."""

    def __init__(self, store: OutcomeStore, key: bytes, retention_days: int = 30) -> None:
        self.store = store
        self._key = key
        self.retention_days = retention_days

    def hash(self, platform: str, user_id: str) -> str:
        return user_hash(self._key, platform, user_id)

    async def record(self, message: IncomingMessage, question: str, reply: Reply,
                     state: dict[str, Any], latency_ms: int) -> Reply:
        """Store the turn; the reply comes back with its answer id (unchanged on failure)."""
        if reply.intent not in (Intent.SIMPLE, Intent.COMPLEX) or reply.notice:
            return reply
        outcome = self._outcome(message, question, reply, state, latency_ms)
        return replace(reply, answer_id=outcome.answer_id) if await self._store(outcome) \
            else reply

    async def record_timeout(self, message: IncomingMessage, question: str, course: str | None,
                             reply: Reply, latency_ms: int) -> None:
        """A question that got no answer in time: a ⚠ gap in the instructor report (what the
        students asked and the bot could not answer), without buttons under the notice."""
        outcome = self._outcome(message, question, replace(reply, course=course), {}, latency_ms)
        await self._store(replace(outcome, route=("timeout",), confidence="low",
                                  missing=f"no answer within {round(latency_ms / 1000, 1):g} s"))

    def _outcome(self, message: IncomingMessage, question: str, reply: Reply,
                 state: dict[str, Any], latency_ms: int) -> Outcome:
        passages = {c.id: c.text for c in state.get("context") or ()}
        return Outcome(
            answer_id=secrets.token_urlsafe(6),  # 8 characters: fits any button id
            platform=message.platform,
            user_hash=self.hash(message.platform, message.user_id),
            space=message.spaces[0] if message.spaces else "", course=reply.course,
            language=reply.language, question=question, answer=reply.text,
            route=reply.route + ((PHOTO,) if message.from_photo else ()),
            confidence=reply.confidence.value, top_score=reply.top_score,
            verdict=str(state.get("verdict") or ""), missing=_missing(state),
            citations=cited_quotes([c.to_dict() for c in reply.citations], passages, reply.text),
            latency_ms=latency_ms, created_at=datetime.now(UTC),
            scope=scope_of(message.spaces) or "")

    async def _store(self, outcome: Outcome) -> bool:
        """Record it; False (logged) on failure: the answer matters more than its record."""
        try:
            await self.store.record(outcome)
        except Exception as err:
            _log_failure("record", err)
            return False
        return True

    async def sources(self, answer_id: str, language: str) -> Reply:
        """Each cited passage, quoted, with where it is: what "Sources" shows."""
        try:
            outcome = await self.store.get(answer_id)
        except Exception as err:
            _log_failure("read", err)
            return _notice(text("failed", language), "action_failed", language)
        if outcome is None:
            return _notice(text("unknown", language, days=self.retention_days), "unknown_answer",
                           language)
        if not outcome.citations:
            return _notice(text("no_sources", language), "sources", language)
        blocks = [text("sources", language)]
        for cited in outcome.citations:
            where = _location(cited, language)
            quoted = "\n".join(f"> {line}" for line in str(cited.get("quote", "")).splitlines()
                               if line.strip())
            blocks.append(f"[{cited.get('n')}] {where}\n{quoted}".rstrip())
        return _notice("\n\n".join(blocks), "sources", language)

    async def vote(self, answer_id: str, platform: str, user_id: str, value: int,
                   reason: str = "", *, language: str) -> Reply:
        """👍 (+1) or 👎 (-1); a 👎 without a reason asks for one (notice "ask_reason")."""
        if reason and reason not in VOTE_REASONS:
            reason = ""
        vote = Vote(answer_id, self.hash(platform, user_id), 1 if value > 0 else -1, reason)
        try:
            known = await self.store.vote(vote)
        except Exception as err:
            _log_failure("vote", err)
            return _notice(text("failed", language), "action_failed", language)
        if not known:
            return _notice(text("unknown", language, days=self.retention_days),
                           "unknown_answer", language)
        if vote.value > 0:
            return _notice(text("thanks_up", language), "voted", language)
        if not reason:
            return _notice(text("ask_reason", language), "ask_reason", language)
        return _notice(text("thanks_down", language, reason=reason_label(reason, language)),
                       "voted", language)

    async def forget(self, platform: str, user_id: str) -> int:
        return await self.store.forget(self.hash(platform, user_id))


def _location(cited: dict[str, Any], language: str) -> str:
    name = str(cited.get("display_name") or cited.get("url_or_path") or cited.get("title"))
    parts = [name]
    if cited.get("page"):
        unit = text("slide" if cited.get("unit") == "slide" else "page", language)
        parts.append(f"{unit} {cited['page']}")
    where = ", ".join(parts)
    return f"{where} › {cited['section']}" if cited.get("section") else where


def _missing(state: dict[str, Any]) -> str:
    """What the answer lacked, for staff: the evaluator's note, else what the question named
    and the course never mentions."""
    if state.get("missing"):
        return str(state["missing"])
    absent = state.get("not_in_course") or []
    return "not in the course materials: " + ", ".join(absent) if absent else ""


def _notice(body: str, key: str, language: str) -> Reply:
    return Reply.notice_of(body, key, language)


def _log_failure(what: str, err: Exception) -> None:
    if isinstance(err, StoreError):
        log.warning("outcome %s failed: %s", what, err)
    else:
        log.exception("outcome %s failed", what)

