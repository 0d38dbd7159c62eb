"""The words of a desk card and of what students receive, built from stored records."""
from __future__ import annotations

from core.escalation.views import CardView
from core.insight.answer_actions import reason_label
from core.messages import Reply
from core.ports import Outcome
from core.ports.escalations import ANSWERED, NOT_MATERIAL, Escalation
from core.texts.escalation import text

ANSWER_PREVIEW = 900  # the bot's answer on a card, cut at a line end below this
MARKS = {"course": "✅", "unchecked": "📖", "supplemented": "🌐", "low": "⚠️"}


def view(card: Escalation, students: int, language: str) -> CardView:
    """The card's button state; labels in `language` (the desk's, or the staff member's)."""
    return CardView(card.id, card.status, students, card.add_to_notes, bool(card.signer),
                    bool(card.draft), language)


def card_text(card: Escalation, outcome: Outcome, asker: str, note: str, reason: str,
              language: str, similar: int = 0) -> str:
    """The card: question, course, who asked (by the setting), how many other waiting cards
    ask something close, the bot's answer with its sources and mark, the student's line and
    👎 reason, and how to answer."""
    lines = [text("card_title", language, course=card.course),
             text("card_question", language, question=card.question),
             text("card_asker", language, asker=asker)]
    if similar:
        lines.append(text("card_similar", language, count=similar))
    if note:
        lines.append(text("card_note", language, note=note))
    if reason:
        lines.append(text("card_reason", language, reason=reason_label(reason, language)))
    mark = MARKS.get(outcome.confidence, "")
    lines += ["", text("card_bot", language, mark=mark), _preview(outcome.answer)]
    sources = [_source(c) for c in outcome.citations]
    if sources:
        lines += ["", text("card_sources", language), *sources]
    lines += ["", text("card_how", language)]
    return "\n".join(lines)


def _preview(answer: str) -> str:
    if len(answer) <= ANSWER_PREVIEW:
        return answer
    cut = answer.rfind("\n", 0, ANSWER_PREVIEW)
    return answer[: cut if cut > ANSWER_PREVIEW // 2 else ANSWER_PREVIEW].rstrip() + " …"


def _source(cited: dict[str, object]) -> str:
    name = str(cited.get("display_name") or cited.get("title") or cited.get("url_or_path"))
    page = f", p. {cited['page']}" if cited.get("page") else ""
    return f"[{cited.get('n')}] {name}{page}"


def delivery_reply(card: Escalation, language: str) -> Reply:
    """What a student waiting on a card receives when staff answer or close it."""
    if card.status == ANSWERED:
        header = (text("answered_by", language, name=card.signer) if card.signer
                  else text("answered", language))
        body = f"{header}\n\n{card.draft}\n\n" + text("your_question", language,
                                                    question=card.question)
        key = "ta_answer"
    elif card.status == NOT_MATERIAL:
        body, key = text("not_material_student", language, question=card.question), "ta_closed"
    else:
        body, key = text("closed_student", language, question=card.question), "ta_closed"
    return Reply.notice_of(body, key, language, course=card.course)
