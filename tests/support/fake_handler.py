"""FakeHandler: the core's ChatService port, scripted, for adapter tests.

Keeps the real service's contract: fast paths reply at once without typing; study questions
reply inside `replier.typing()`. Records every message it saw.
"""
from __future__ import annotations

import asyncio

from core.messages import Citation, Confidence, IncomingMessage, Intent, Reply
from core.ports import Replier

GREETINGS = {"hi", "hello", "hey", "مرحبا", "السلام عليكم"}


def study_reply(question: str) -> Reply:
    return Reply(
        text=f"Answer about: {question}\n\nSecond paragraph with <b>markup</b> & @everyone.",
        intent=Intent.SIMPLE,
        citations=(
            Citation(1, "Lecture 3: Sorting", "course/sorting.md", "course", "c" * 64),
            Citation(2, "Merge sort", "https://en.wikipedia.org/wiki/Merge_sort", "wikipedia", "d" * 64),
        ),
        confidence=Confidence.SUPPLEMENTED,
        route=("triage", "init_state", "router", "retrieve", "normalize", "merge_pool", "rerank",
               "generate"),
    )


class FakeHandler:
    """Answers greetings instantly and everything else as a cited study answer."""

    def __init__(self, study_delay_s: float = 0.0, answer_text: str | None = None) -> None:
        self.study_delay_s = study_delay_s
        self.answer_text = answer_text
        self.seen: list[IncomingMessage] = []
        self.forgotten: list[tuple[str, str]] = []
        self.sources_asked: list[str] = []
        self.votes: list[tuple[str, str, str, int, str]] = []

    def _fast(self, message: IncomingMessage) -> Reply | None:
        if message.text.strip().lower() in GREETINGS:
            return Reply(text="Hi! Ask me anything about your course.", intent=Intent.CHITCHAT)
        return None

    async def handle(self, message: IncomingMessage) -> Reply:
        self.seen.append(message)
        fast = self._fast(message)
        if fast:
            return fast
        await asyncio.sleep(self.study_delay_s)
        reply = study_reply(message.text)
        if self.answer_text is not None:
            reply = Reply(text=self.answer_text, intent=reply.intent, citations=reply.citations,
                          confidence=reply.confidence)
        return reply

    async def respond(self, message: IncomingMessage, replier: Replier) -> Reply:
        fast = self._fast(message)
        if fast:
            self.seen.append(message)
            await replier.send(fast)
            return fast
        async with replier.typing():
            reply = await self.handle(message)
            await replier.send(reply)
        return reply

    async def forget(self, platform: str, user_id: str) -> Reply:
        self.forgotten.append((platform, user_id))
        return Reply(text="Done: I erased your history.", intent=Intent.NOTICE)

    async def sources(self, answer_id: str, language: str) -> Reply:
        self.sources_asked.append(answer_id)
        return Reply(text=f"Sources of {answer_id}:\n\n[1] sorting.md, p. 2\n> Merge sort splits.",
                     intent=Intent.NOTICE, notice="sources", language=language)

    async def vote(self, answer_id: str, platform: str, user_id: str, value: int,
                   reason: str = "", *, language: str = "en") -> Reply:
        self.votes.append((answer_id, platform, user_id, value, reason))
        key = "ask_reason" if value < 0 and not reason else "voted"
        return Reply(text=f"vote {value} {reason}".strip(), intent=Intent.NOTICE, notice=key,
                     language=language)
