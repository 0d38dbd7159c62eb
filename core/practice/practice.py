"""PracticeService: what /quiz, /review, /quiz stats and an answer do, whatever the platform.

Adapters show the items (a Telegram quiz poll, a Discord embed with buttons) and report the
choice; this keeps the state: items by id, each student's Leitner cards, the answers, and the
session (a DM quiz goes one item after another; a group quiz is answered by everyone). Students
are stored as keyed hashes, like history and outcomes, and /forget erases them here too.
"""
from __future__ import annotations

import secrets
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime

from core.course.spaces import CourseSpaces
from core.i18n import pick_language
from core.ports.practice import Answer, PracticeStore, Prompt, QuizItem, Session
from core.practice import leitner
from core.practice.generator import DEFAULT_COUNT, MAX_COUNT, REFUSED, QuizGenerator
from core.practice.questions import explanation
from core.practice.stats import progress
from core.stores.user_hash import user_hash
from core.text import whole_number
from core.texts.practice import text

REVIEW_COUNT = 5
MAX_ARGS_CHARS = 300  # a topic is a few words; longer input is cut before it is read


@dataclass(frozen=True, slots=True)
class QuizTurn:
    """What to show for /quiz or /review: a line of text and the items (all for a group, the
    first for a DM, whose next items follow each answer)."""

    text: str
    items: tuple[QuizItem, ...]
    session_id: str
    language: str


@dataclass(frozen=True, slots=True)
class Result:
    """What an answer brings: right or not, why, and in a DM the next item or the final score."""

    right: bool
    text: str  # ✅ / ❌ line and the explanation
    item: QuizItem | None
    next_item: QuizItem | None = None
    done: str = ""
    duplicate: bool = False
    chat: str = ""  # where a DM quiz goes on (its session's chat)


def parse_args(args: str) -> tuple[str, int]:
    """`/quiz [topic] [n]`: a trailing whole number is the count, the rest the topic."""
    words = args[:MAX_ARGS_CHARS].split()
    n = DEFAULT_COUNT
    if words:
        count = whole_number(words[-1], 1, MAX_COUNT)
        if count is not None:
            n, words = count, words[:-1]
    return " ".join(words), n


class PracticeService:
    """Quizzes and spaced review over the generator and the practice store."""

    def __init__(self, generator: QuizGenerator, store: PracticeStore, key: bytes,
                 spaces: CourseSpaces | None = None,
                 clock: Callable[[], datetime] = lambda: datetime.now(UTC)) -> None:
        self.generator = generator
        self.store = store
        self.spaces = spaces
        self._key = key
        self._clock = clock

    def hash(self, platform: str, user_id: str) -> str:
        return user_hash(self._key, platform, user_id)

    async def course_for(self, spaces: Sequence[str], course: str | None = None) -> str | None:
        if course or self.spaces is None:
            return course
        return (await self.spaces.resolve(spaces)).course

    async def _no_course(self, spaces: Sequence[str], language: str, group: bool) -> str:
        """What the chat says when it has no course: how to choose one (as for questions)."""
        if self.spaces is None or not spaces:
            return text("empty", language)
        found = await self.spaces.resolve(spaces)
        return self.spaces.no_course(found, language, personal=not group).text

    async def quiz(self, platform: str, user_id: str, chat: str, args: str = "", *,
                   spaces: Sequence[str] = (), group: bool = False, course: str | None = None,
                   language_hint: str | None = None) -> QuizTurn:
        """Start a quiz (`args`: "[topic] [n]")."""
        topic, n = parse_args(args)
        language = pick_language(topic, language_hint)
        course = await self.course_for(spaces, course)
        if not course:
            return QuizTurn(await self._no_course(spaces, language, group), (), "", language)
        made = await self.generator.quiz(course, topic or None, n)
        if made.status in REFUSED:
            refused = f"{text(made.status, language, topic=topic)} {text('other_topic', language)}"
            return QuizTurn(refused, (), "", language)
        if not made.items:
            return QuizTurn(text("empty", language), (), "", language)
        on = text("on_topic", language, topic=topic) if topic else ""
        intro = text("start", language, count=len(made.items), on=on)
        if made.status == "fewer":
            intro = text("fewer", language, count=len(made.items)) + "\n" + intro
        return await self._begin(platform, user_id, chat, list(made.items), intro, language,
                                 group)

    async def review(self, platform: str, user_id: str, chat: str, *,
                     language_hint: str | None = None, group: bool = False) -> QuizTurn:
        """The student's due items, the ones missed first."""
        language = pick_language("", language_hint)
        cards = leitner.due(await self.store.cards(self.hash(platform, user_id)), self._clock(),
                            REVIEW_COUNT)
        found = await self.store.items([c.item_id for c in cards])
        items = [found[c.item_id] for c in cards if c.item_id in found]
        if not items:
            return QuizTurn(text("no_review", language), (), "", language)
        intro = text("review_start", language, count=len(items))
        return await self._begin(platform, user_id, chat, items, intro, language, group)

    async def _begin(self, platform: str, user_id: str, chat: str, items: list[QuizItem],
                     intro: str, language: str, group: bool) -> QuizTurn:
        await self.store.save_items(items)
        session = Session(id=secrets.token_hex(8), platform=platform, chat=chat,
                          user_hash="" if group else self.hash(platform, user_id),
                          item_ids=tuple(i.id for i in items), created_at=self._clock())
        await self.store.save_session(session)
        shown = tuple(items) if group else (items[0],)
        return QuizTurn(intro, shown, session.id, language)

    async def bind(self, key: str, item_id: str, session_id: str) -> None:
        """Remember which item a platform message (poll, embed) stands for."""
        await self.store.save_prompt(Prompt(key, item_id, session_id))

    async def prompt(self, key: str) -> Prompt | None:
        return await self.store.prompt(key)

    async def answer(self, platform: str, user_id: str, session_id: str, item_id: str,
                     choice: int, *, language_hint: str | None = None) -> Result:
        """Score one answer, move the student's card, and in a DM bring the next item."""
        found = await self.store.items([item_id])
        item = found.get(item_id)
        if item is None:
            language = pick_language("", language_hint)
            return Result(False, text("unknown_item", language), None)
        language = item.language
        who = self.hash(platform, user_id)
        if await self.store.answered(who, session_id, item_id):
            return Result(False, text("answered", language), item, duplicate=True)
        right = choice == item.answer
        now = self._clock()
        card = leitner.answered(await self.store.card(who, item_id), user_hash=who,
                                item_id=item_id, course=item.course, right=right, now=now)
        await self.store.record(card, Answer(who, item_id, item.course, platform, right, now,
                                             session_id))
        verdict = text("right", language) if right else text("wrong", language, right=item.right)
        result = Result(right, f"{verdict}\n{explanation(item)}", item)
        session = await self.store.session(session_id)
        if session is None or session.user_hash != who:
            return result  # a group quiz: everyone answers every item
        session = replace(session, position=session.position + 1,
                          right=session.right + int(right))
        await self.store.save_session(session)
        result = replace(result, chat=session.chat)
        if session.position < len(session.item_ids):
            nxt = await self.store.items([session.item_ids[session.position]])
            return replace(result, next_item=nxt.get(session.item_ids[session.position]))
        due = len(leitner.due(await self.store.cards(who), now, 10_000))  # due now: missed
        return replace(result, done=text("done", language, right=session.right,
                                          total=len(session.item_ids), due=due))

    async def stats(self, platform: str, user_id: str, *, language_hint: str | None = None
                    ) -> str:
        """The student's progress by document: answered, right, box; and what is due."""
        language = pick_language("", language_hint)
        who = self.hash(platform, user_id)
        cards = await self.store.cards(who)
        if not cards:
            return text("stats_none", language)
        items = await self.store.items([c.item_id for c in cards])
        lines = [text("stats_title", language)]
        for row in progress(cards, items):
            lines.append("• " + text("stats_line", language, name=row.name, right=row.right,
                                     answered=row.answered, box=f"{row.box:.1f}"))
        due = len(leitner.due(cards, self._clock(), 10_000))
        lines.append(text("stats_due", language, due=due))
        return "\n".join(lines)

    async def forget(self, platform: str, user_id: str) -> int:
        return await self.store.forget(self.hash(platform, user_id))

