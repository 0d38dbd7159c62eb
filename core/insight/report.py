"""The instructor report: what a course's students asked, where the answers fell short, what was
cited and how answers were voted, aggregated from recorded outcomes; and, with a practice store,
how their quiz answers went (report_practice.py); with an escalation store, what students asked
the TA desk and how fast staff answered (report_escalations.py).

Pure aggregation over `Outcome` records (plus an Embedder for grouping similar gap questions), so
the CLI, the HTTP page and the CSV files all show the same numbers. Rendering lives in adapters.
"""
from __future__ import annotations

import logging
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import UTC, date, datetime, timedelta

from core.course.spaces import stored_spelling
from core.errors import log_failure
from core.escalation.notes import StaffNotes
from core.insight.gaps_answered import mark_answered
from core.insight.outcomes import VOTE_REASONS
from core.insight.report_escalations import EscalationSummary, summarize_escalations
from core.insight.report_gaps import (
    GAP_SIMILARITY,
    Gap,
    GapQuestion,
    document_name,
    group_gaps,
    is_unconfirmed,
)
from core.insight.report_practice import PracticeSummary, summarize
from core.ports import Embedder, Outcome, OutcomeStore, PracticeStore
from core.ports.escalations import EscalationStore

__all__ = ["CONFIDENCES", "DocumentCount", "Feedback", "Gap", "GapQuestion", "InstructorReports",
           "PageCount", "Report", "build_report"]

log = logging.getLogger(__name__)
CONFIDENCES = ("course", "unchecked", "supplemented", "low")  # ✅ 📖 🌐 ⚠, as the page stacks them
TOP_DOCUMENTS = 15
TOP_PAGES = 20


@dataclass(frozen=True, slots=True)
class DocumentCount:
    """How often a document was cited (each answer counts it once)."""

    document: str
    source_type: str
    citations: int


@dataclass(frozen=True, slots=True)
class PageCount:
    """How often one page (or slide) of a document was cited; of a document without pages (a
    web page, a Word file), one section."""

    document: str
    page: int | None
    unit: str
    citations: int
    section: str = ""


@dataclass(frozen=True, slots=True)
class Feedback:
    """Answers and votes of one course in one language; `reasons` counts 👎 reasons."""

    course: str
    language: str
    answers: int
    up: int
    down: int
    reasons: tuple[tuple[str, int], ...]


@dataclass(frozen=True, slots=True)
class Report:
    """Everything the report page and its CSV files show, for one window of days."""

    course: str | None
    since: date
    until: date
    total: int
    per_day: tuple[tuple[date, dict[str, int]], ...]  # every day of the window, confidence counts
    gaps: tuple[Gap, ...]
    documents: tuple[DocumentCount, ...]
    pages: tuple[PageCount, ...]
    feedback: tuple[Feedback, ...]
    unconfirmed: tuple[Gap, ...] = ()  # 📖 answers for staff to check, grouped as gaps are
    practice: PracticeSummary | None = None  # quiz answers (None: no practice store)
    escalations: EscalationSummary | None = None  # TA desk cards (None: no escalation store)


async def build_report(outcomes: Sequence[Outcome], embedder: Embedder, *, course: str | None,
                       days: int, now: datetime | None = None,
                       similarity: float = GAP_SIMILARITY) -> Report:
    """The report of the last `days` days (today included) over the given outcomes."""
    until = (now or datetime.now(UTC)).astimezone(UTC).date()
    since = until - timedelta(days=days - 1)
    chosen = [o for o in outcomes if since <= _day(o, until) <= until
              and (course is None or o.course == course)]
    return Report(course=course, since=since, until=until, total=len(chosen),
                  per_day=_per_day(chosen, since, until),
                  gaps=await group_gaps(chosen, embedder, similarity),
                  unconfirmed=await group_gaps(chosen, embedder, similarity,
                                               keep=is_unconfirmed),
                  documents=_documents(chosen), pages=_pages(chosen),
                  feedback=_feedback(chosen))


class InstructorReports:
    """Builds reports from the outcome store: what the HTTP adapter's GET /report calls."""

    def __init__(self, store: OutcomeStore, embedder: Embedder,
                 practice: PracticeStore | None = None, *,
                 escalations: EscalationStore | None = None,
                 staff: StaffNotes | None = None) -> None:
        self.store = store
        self.embedder = embedder
        self.practice = practice  # quiz answers for the Practice section
        self.escalations = escalations  # TA desk cards for the Escalations section
        self.staff = staff  # staff answers: which gaps are answered (gaps_answered.py)

    async def courses(self) -> set[str]:
        """Every course a report can be asked for: one with questions recorded (its files may
        be gone), or with files (none asked yet). A typo is none of them: `report --course
        NOPE` once wrote an empty report, read as "no student asked anything"."""
        recorded = set(await self.store.courses())
        stored = set(await self.staff.store.courses()) if self.staff is not None else set()
        return recorded | stored

    async def build(self, *, course: str | None = None, days: int = 7,
                    now: datetime | None = None, scope: str | None = None) -> Report:
        """The report of one course (None: all), of questions asked in one scope (None: all)."""
        moment = now or datetime.now(UTC)
        start = datetime.combine(moment.astimezone(UTC).date() - timedelta(days=days - 1),
                                 datetime.min.time(), UTC)
        # read once; build_report keeps the course's own (as recorded, whatever the case typed)
        outcomes = await self.store.outcomes(since=start, scope=scope)
        if course is not None:
            course = stored_spelling(course, {o.course for o in outcomes if o.course}) or course
        report = await build_report(outcomes, self.embedder, course=course, days=days,
                                     now=moment)
        if self.staff is not None and (report.gaps or report.unconfirmed):
            report = await self._answered(report, self.staff)
        if self.practice is not None and scope is None:  # answers are not kept per scope
            answers = await self.practice.answers(course=course, since=start)
            items = await self.practice.items(list({a.item_id for a in answers}))
            report = replace(report, practice=summarize(answers, items))
        if self.escalations is not None:  # a card keeps the scope its question was asked in
            end = start + timedelta(days=days)  # the window's last day included, as above
            cards = [c for c in await self.escalations.cards(course, start)
                     if (scope is None or c.scope == scope)
                     and (c.created_at is None or c.created_at < end)]
            report = replace(report, escalations=summarize_escalations(cards))
        return report

    async def _answered(self, report: Report, staff: StaffNotes) -> Report:
        """The gaps and the 📖 groups marked where staff answered them, from one read of each
        course's staff answers; unmarked when the course store cannot say (a report without
        the marks beats no report)."""
        groups = report.gaps + report.unconfirmed
        courses = sorted({q.course for g in groups for q in g.questions if q.course})
        try:
            answers = {c: await staff.export(c) for c in courses}
        except Exception as exc:
            log_failure(log, "staff answers for the report", exc, "gaps shown unmarked")
            return report
        return replace(report, gaps=await mark_answered(report.gaps, answers, self.embedder),
                       unconfirmed=await mark_answered(report.unconfirmed, answers,
                                                       self.embedder))


def _day(outcome: Outcome, default: date) -> date:
    created = outcome.created_at
    if created is None:
        return default
    return (created if created.tzinfo else created.replace(tzinfo=UTC)).astimezone(UTC).date()


def _per_day(outcomes: Sequence[Outcome], since: date, until: date
             ) -> tuple[tuple[date, dict[str, int]], ...]:
    days = {since + timedelta(days=i): dict.fromkeys(CONFIDENCES, 0)
            for i in range((until - since).days + 1)}
    for outcome in outcomes:
        counts = days[_day(outcome, until)]
        counts[outcome.confidence] = counts.get(outcome.confidence, 0) + 1
    return tuple(days.items())


def _documents(outcomes: Sequence[Outcome]) -> tuple[DocumentCount, ...]:
    counts: Counter[tuple[str, str]] = Counter()
    for outcome in outcomes:
        counts.update({(document_name(c), str(c.get("source_type") or "course"))
                       for c in outcome.citations})
    ranked = sorted(counts.items(), key=lambda item: (-item[1], item[0]))[:TOP_DOCUMENTS]
    return tuple(DocumentCount(doc, kind, n) for (doc, kind), n in ranked)


def _pages(outcomes: Sequence[Outcome]) -> tuple[PageCount, ...]:
    counts: Counter[tuple[str, int | None, str, str]] = Counter()
    for outcome in outcomes:
        counts.update({where for c in outcome.citations if (where := _page_of(c)) is not None})
    ranked = sorted(counts.items(), key=lambda item: (-item[1], item[0][0], item[0][1] or 0,
                                                      item[0][3]))[:TOP_PAGES]
    return tuple(PageCount(doc, page, unit, n, section)
                 for (doc, page, unit, section), n in ranked)


def _page_of(citation: Mapping[str, object]) -> tuple[str, int | None, str, str] | None:
    """(document, page, unit, section) a citation points at: its page, or its section when
    the document has no pages (the most-cited file of a new user's report, a manual's HTML,
    had no row); None when it names neither, or a section of an outside source."""
    page = str(citation.get("page") or "")
    if page.isdigit():
        return document_name(citation), int(page), str(citation.get("unit") or "page"), ""
    section = str(citation.get("section") or "").strip()
    if not section or (citation.get("source_type") or "course") != "course":
        return None
    return document_name(citation), None, "section", section


def _feedback(outcomes: Sequence[Outcome]) -> tuple[Feedback, ...]:
    groups: dict[tuple[str, str], list[Outcome]] = {}
    for outcome in outcomes:
        groups.setdefault((outcome.course or "", outcome.language), []).append(outcome)
    rows = []
    for (course, language), members in sorted(groups.items()):
        votes = [v for o in members for v in o.votes]
        reasons = Counter(v.reason for v in votes if v.value < 0 and v.reason)
        ordered = [r for r in VOTE_REASONS if r in reasons]
        ordered += sorted(set(reasons) - set(VOTE_REASONS))
        rows.append(Feedback(course, language, len(members), sum(v.value > 0 for v in votes),
                             sum(v.value < 0 for v in votes),
                             tuple((r, reasons[r]) for r in ordered)))
    return tuple(rows)
