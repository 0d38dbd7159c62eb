"""Ports: every Protocol the core depends on, by role; stores, clients and adapters implement them.

knowledge  sources, the course store, embedders, rerankers      (what answers are made of)
chat       history, the message journal, replier, rate limiter, observer, the ChatService
           adapters call
courses    course spaces, the course registry, platform membership   (who owns what)
insight    outcomes and votes                                      (what staff learn from)
practice   quiz items, review cards, answers, quiz sessions         (what students practise)
escalations  TA desks, desk cards, the students waiting on them, staff directories (Ask a TA)

Tests implement them with fakes (cosmicpython style); nothing here knows any vendor.
"""
from core.ports.chat import (
    WINDOW_S,
    ChatService,
    HistoryStore,
    MessageJournal,
    Observer,
    RateLimiter,
    Replier,
    Turn,
)
from core.ports.courses import (
    OPERATOR,
    CourseRecord,
    CourseRegistry,
    Membership,
    SpaceAssignment,
    SpaceStore,
)
from core.ports.escalations import Asker, Desk, Escalation, EscalationStore, StaffDirectory
from core.ports.insight import PHOTO, Outcome, OutcomeStore, Vote
from core.ports.knowledge import (
    CourseStore,
    Document,
    DocumentRecord,
    Embedder,
    PassageLister,
    Ranked,
    Reranker,
    RerankTier,
    Source,
    StoredChunk,
    Vocabulary,
)
from core.ports.practice import (
    Answer,
    Card,
    ItemSource,
    PracticeStore,
    Prompt,
    QuizItem,
    Session,
)

__all__ = [
    "OPERATOR",
    "PHOTO",
    "WINDOW_S",
    "Answer",
    "Asker",
    "Card",
    "ChatService",
    "CourseRecord",
    "CourseRegistry",
    "CourseStore",
    "Desk",
    "Document",
    "DocumentRecord",
    "Embedder",
    "Escalation",
    "EscalationStore",
    "HistoryStore",
    "ItemSource",
    "Membership",
    "MessageJournal",
    "Observer",
    "Outcome",
    "OutcomeStore",
    "PassageLister",
    "PracticeStore",
    "Prompt",
    "QuizItem",
    "Ranked",
    "RateLimiter",
    "Replier",
    "RerankTier",
    "Reranker",
    "Session",
    "Source",
    "SpaceAssignment",
    "SpaceStore",
    "StaffDirectory",
    "StoredChunk",
    "Turn",
    "Vocabulary",
    "Vote",
]
